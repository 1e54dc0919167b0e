//! Why a customs document could not be rendered.

use crate::service::labels::LabelError;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The embedded fonts did not parse: a broken build, not bad data.
    #[error("embedded font: {0}")]
    Font(String),
    /// A barcode's data is not printable ASCII (tracking and order numbers always are).
    #[error("the {what} {data:?} cannot be printed as a Code 128 barcode: {source}")]
    Barcode {
        what: &'static str,
        data: String,
        source: LabelError,
    },
    /// A CN22-only rendering was asked of a CN23 (or the other way round).
    #[error("this renders a {wanted}, the declaration is a {got}")]
    Form {
        wanted: &'static str,
        got: &'static str,
    },
    #[error("the PDF writer produced nothing")]
    EmptyPdf,
}
