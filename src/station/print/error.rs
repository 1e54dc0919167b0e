//! Why a print did not happen, and what a printer reported that stops it printing.

/// Why a print did not happen, in words a packer can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    #[error("No printer is set for this: choose one under Settings (Printers), or save the file.")]
    NoPrinter,
    #[error(
        "The label printer {address} cannot be reached ({detail}). Is it on and on the network?"
    )]
    Unreachable { address: String, detail: String },
    #[error("The label printer {address} is not ready: {}. Fix it, then print again.", list(.problems))]
    NotReady {
        address: String,
        problems: Vec<PrinterProblem>,
    },
    #[error(
        "The label printer {address} stopped taking the label ({detail}). Look at the printer: \
         if nothing came out, reprint."
    )]
    Interrupted { address: String, detail: String },
    #[error("{0}")]
    Spooler(String),
    #[error(
        "The print spooler did not answer ({0}); the document may or may not be queued — look \
         at the printer's queue before printing again."
    )]
    SpoolerUncertain(String),
    #[error("The document to print is not in the station: {0}")]
    Document(String),
}

fn list(problems: &[PrinterProblem]) -> String {
    let words: Vec<&str> = problems.iter().map(PrinterProblem::describe).collect();
    words.join(", ")
}

impl PrintError {
    /// True when no byte reached the printer or spooler, so sending again cannot print twice.
    pub fn nothing_sent(&self) -> bool {
        !matches!(self, Self::Interrupted { .. } | Self::SpoolerUncertain(_))
    }
}

/// Something the printer reported in its `~HS` answer that stops a label from printing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrinterProblem {
    PaperOut,
    Paused,
    HeadOpen,
    RibbonOut,
    BufferFull,
    TooHot,
    TooCold,
    CorruptRam,
}

impl PrinterProblem {
    pub fn describe(&self) -> &'static str {
        match self {
            Self::PaperOut => "out of labels (load labels and close the printer)",
            Self::Paused => "paused (press its pause/feed button)",
            Self::HeadOpen => "its head is open (close it)",
            Self::RibbonOut => "out of ribbon (load a ribbon)",
            Self::BufferFull => "its memory is full (wait or restart it)",
            Self::TooHot => "its print head is too hot (let it cool)",
            Self::TooCold => "its print head is too cold",
            Self::CorruptRam => "its memory is damaged (restart it)",
        }
    }
}
