//! Why a document could not be drawn.

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum RenderError {
    /// An embedded font did not parse or subset: a broken build, not bad data.
    #[error("embedded font: {0}")]
    Font(String),
}
