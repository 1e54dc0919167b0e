//! The error body of SPEC 2.15: `{"error": [{"field": "...", "error": "..."}]}`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One problem with a request: the full JSON path of the field and a sentence a person can act on.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub struct FieldError {
    /// Full JSON path, e.g. `shipments[0].items[2].weight.unit`; empty for the body as a whole.
    pub field: String,
    pub error: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, error: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            error: error.into(),
        }
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.error)
        } else {
            write!(f, "{}: {}", self.field, self.error)
        }
    }
}

/// SPEC 2.15 error body.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    pub error: Vec<FieldError>,
}
