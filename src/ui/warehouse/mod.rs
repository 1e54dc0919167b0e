//! The warehouse this desk works in, as the desk lives it: the change stream that tells it
//! what other desks did (`changes`), and the status bar's word when the server cannot be
//! reached. Choosing the warehouse (Settings → Warehouse, enrolling at a server) is the
//! settings feature's.

pub mod changes;
mod handle;
pub mod state;
pub mod view;

pub use handle::health_changed;
pub use state::WarehouseStatus;
pub use view::warehouse_status_ui;
