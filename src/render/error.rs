//! Why a document could not be drawn.

use super::code128::Code128Error;

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum RenderError {
    /// An embedded font did not parse or subset: a broken build, not bad data.
    #[error("embedded font: {0}")]
    Font(String),
    /// A barcode's data is not printable ASCII (tracking and order numbers always are).
    #[error("{data:?} cannot be printed as a Code 128 barcode: {source}")]
    Barcode { data: String, source: Code128Error },
}
