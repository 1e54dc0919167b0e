//! The packing station's non-UI core: its domain model (`model`), its own record of orders and
//! what was sent and received for them (`db`, on SQLite or a warehouse's PostgreSQL; `warehouse`
//! says which), imports (`import`, `inbox`), settings (`settings`), credentials in the OS
//! credential store (`secrets`), the supervisor unlock (`pin`), printing with its queue
//! (`print`), the parcel scale (`scale`), and the outbox's delivery worker (`outbox`, the one
//! part that calls the service, through `api::Client`).
//!
//! Nothing here draws UI. Calls may block (the database, files, the credential store, printers):
//! run them off the UI thread.

pub mod db;
pub mod error;
pub mod import;
pub mod inbox;
pub mod model;
pub mod outbox;
pub mod pin;
pub mod print;
pub mod scale;
pub mod secrets;
pub mod settings;
pub mod warehouse;

/// The directory names Packdesk uses under the platform's config and data directories.
pub(crate) fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "Packdesk", "packdesk")
}
