//! What reading a scale can run into, said so a packer or whoever sets up the desk can act.

/// Why there is no reading.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScaleError {
    #[error("no scale is set up for this desk")]
    NotConfigured,
    #[error("cannot open {path}: {reason}")]
    Open { path: String, reason: String },
    /// The port is open but nothing (or not a whole answer) came back in time.
    #[error("the scale does not answer")]
    NoAnswer,
    /// The device went away while open (unplugged, switched off, a USB adapter reset).
    #[error("lost the scale at {path}: {reason}")]
    Gone { path: String, reason: String },
    #[error("the scale's answer makes no sense: {0:?}")]
    Garbled(String),
    /// The scale answered, but with an error of its own instead of a weight.
    #[error("the scale answered {answer:?}: {meaning}")]
    Refused {
        answer: String,
        meaning: &'static str,
    },
    #[error("the scale weighs in {0}, which Packdesk does not take: set it to g, kg, oz or lb")]
    UnsupportedUnit(String),
}

impl ScaleError {
    /// The scale cannot be reached at all (as opposed to a bad answer, after which the next
    /// reading may well work).
    pub fn is_unreachable(&self) -> bool {
        matches!(
            self,
            Self::NotConfigured | Self::Open { .. } | Self::NoAnswer | Self::Gone { .. }
        )
    }
}
