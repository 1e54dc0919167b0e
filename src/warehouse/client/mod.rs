//! The desk's side of the warehouse API: trusting the server by its fingerprint (`trust`), the
//! client and how it calls (`calls`), one typed method per operation (`access`, `orders`), its refusals (`error`) and the live stream of changes
//! (`sse`).

mod access;
mod calls;
mod error;
mod orders;
pub mod rows;
mod sse;
pub mod trust;

pub use calls::{DeskToken, SessionToken, WarehouseClient};
pub use error::WarehouseClientError;
pub use sse::{Change, ChangeStream};
pub use trust::{Trust, TrustError, http_client};
