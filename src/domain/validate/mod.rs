//! Validation of every request of SPEC.md: each function returns every problem found.

pub use crate::api::FieldError;
