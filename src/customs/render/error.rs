//! Why a customs document could not be rendered.

use crate::render::code128::Code128Error;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The page writer failed: its embedded fonts did not parse, a broken build, not bad data.
    #[error(transparent)]
    Draw(#[from] crate::render::RenderError),
    /// A barcode's data is not printable ASCII (tracking and order numbers always are).
    #[error("the {what} {data:?} cannot be printed as a Code 128 barcode: {source}")]
    Barcode {
        what: &'static str,
        data: String,
        source: Code128Error,
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
