//! The warehouse server (`packdesk warehouse serve`): the one process that holds the warehouse's
//! record, between it and the desks. Desks are enrolled once and hold only their desk token;
//! people sign in at them with their PIN, checked here; every operation is checked here against
//! the session's role (`Role::may`) and the shipment's claim, and every event it writes names
//! the desk and person it authenticated. See ARCHITECTURE.md, "Three tiers".
//!
//! - `server`: configuration, start and stop; `tls`: the certificate (self-signed on the first
//!   start) and the TLS listener; `http`: the warehouse API and its OpenAPI document.
//! - `tokens`: desk and session tokens and enrollment codes (the record keeps their SHA-256);
//!   `pins`: the pepper, PIN hashes and the lockout policy; `pool`: the record's connections.
//! - `feed`: the record's newest event, watched (PostgreSQL `NOTIFY`, or polling SQLite), which
//!   the desks' live streams wait on.
//! - `provider`: the provider's address and credentials (`provider.json`, the server's alone);
//!   `delivery`: the outbox worker that uses them, and the customs paperwork of each label.
//! - `admin`: what the administrator does on the server's machine (`add-person`, `add-desk`,
//!   `revoke-desk`), straight on the record.
//! - `client`: the desk's side: trusting the server by its fingerprint.

pub mod admin;
pub mod client;
pub mod clock;
pub mod delivery;
pub mod feed;
pub mod http;
pub mod pins;
pub mod pool;
pub mod provider;
pub mod server;
pub mod tls;
pub mod tokens;

pub use server::{RunningWarehouse, Transport, WarehouseConfig, WarehouseServeError, start};
