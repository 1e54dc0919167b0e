//! The warehouse this desk works in: its own record (the app's one-desk server) or a
//! warehouse server it is enrolled at (Settings → Warehouse: the server's address, its
//! certificate's fingerprint, and the one-time enrollment code a supervisor made), and saying
//! in the status bar when the server cannot be reached.
//!
//! State ([`WarehouseStatus`], the settings draft in `WarehouseDraft`), intents
//! ([`WarehouseIntent`], carried out by [`handle`]), jobs (`jobs`) and views (`view`) live here.

pub mod changes;
pub mod command;
mod handle;
pub mod jobs;
pub mod state;
pub mod view;

pub use command::{Done, WarehouseIntent};
pub use handle::{enrolled, handle, health_changed};
pub use state::{WarehouseDraft, WarehouseStatus};
pub use view::{warehouse_settings_ui, warehouse_status_ui};
