//! Validation of every request of SPEC.md: each function returns every problem found, never
//! just the first. `FieldError::field` is the full JSON path with the wire's own names
//! (snake_case on the direct API, camelCase on the label endpoint) and `error` is a sentence a
//! person can act on. The app's forms and the service's 422 answers both use these functions.

mod address;
mod common;
mod label;
mod landed_cost;
mod order;
pub mod path;

pub use crate::api::FieldError;
pub use address::{address, label_address};
pub use common::{CUSTOM_PROPERTIES_MAX_BYTES, is_hs_code_format, parse_timestamp};
pub use label::label_request;
pub use landed_cost::landed_cost_request;
pub use order::{order_create, order_update};
pub use path::JsonPath;
