//! Why a label could not be rendered.

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LabelError {
    #[error("service indicator {0:?} must be two letters A-Z")]
    ServiceIndicator(String),
    #[error("S10 serial {0} must be below 100000000 (8 digits)")]
    SerialOutOfRange(u32),
    #[error("character {0:?} cannot be encoded in Code 128 subset B")]
    Unencodable(char),
    #[error("barcode: {0}")]
    Barcode(&'static str),
    #[error("embedded label font: {0}")]
    Font(String),
}
