//! Why a label could not be rendered.

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LabelError {
    #[error("service indicator {0:?} must be two letters A-Z")]
    ServiceIndicator(String),
    #[error("S10 serial {0} must be below 100000000 (8 digits)")]
    SerialOutOfRange(u32),
    /// The fonts, or a barcode's data (`render` says which).
    #[error("label: {0}")]
    Render(#[from] crate::render::RenderError),
}
