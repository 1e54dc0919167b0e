//! A table that could not be loaded, and saying so.

/// A table that could not be loaded: the file and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TablesError {
    #[error("table {0} is not valid JSON of the expected shape: {1}")]
    Parse(String, String),
    #[error("table {0}: {1}")]
    Invalid(String, String),
}

pub(super) fn invalid(file: &str, message: impl Into<String>) -> TablesError {
    TablesError::Invalid(file.to_string(), message.into())
}
