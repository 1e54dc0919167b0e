//! The packing station's non-UI core: its own record of orders and what was sent and received
//! for them (`db`, on SQLite or a warehouse's PostgreSQL; `warehouse` says which), settings (`settings`), credentials in the OS credential store (`secrets`) and
//! the supervisor unlock (`pin`), and printing with its queue (`print`).
//!
//! Nothing here draws UI or calls the service: the app's job runner calls `api::Client` and then
//! records what was sent and received through [`db::StationDb`]. Calls here may block (SQLite,
//! files, the credential store): run them off the UI thread.

pub mod db;
pub mod error;
pub mod import;
pub mod inbox;
pub mod model;
pub mod outbox;
pub mod pin;
pub mod print;
pub mod secrets;
pub mod settings;
pub mod warehouse;

/// The directory names Packdesk uses under the platform's config and data directories.
pub(crate) fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "Packdesk", "packdesk")
}
