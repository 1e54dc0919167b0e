//! The desk's side of the warehouse API: trusting the server by its fingerprint (`trust`), one
//! typed method per operation (`calls`), its refusals (`error`) and the live stream of changes
//! (`sse`).

mod calls;
mod error;
mod sse;
pub mod trust;

pub use calls::{DeskToken, SessionToken, WarehouseClient};
pub use error::WarehouseClientError;
pub use sse::{Change, ChangeStream};
pub use trust::{Trust, TrustError, http_client};
