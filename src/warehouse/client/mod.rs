//! The desk's side of the warehouse API.

pub mod trust;

pub use trust::{Trust, TrustError, http_client};
