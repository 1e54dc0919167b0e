//! Orders come in: "Import orders…" on the Orders tab (several files at once), `.json` files
//! dropped onto the window, and the inbox folder of Settings watched in the background — all
//! through the station's one import (`station::import`), into whichever record this desk
//! uses. The view shows each file's report: imported, already present, and every rejected entry
//! with its index, order number and problems.
//!
//! Its state ([`ImportView`]), commands ([`ImportCommand`], carried out by [`handle`]), jobs
//! (`jobs`: the file dialog, importing, the inbox watcher) and view (`view`) live here.

pub mod command;
mod handle;
pub mod jobs;
pub mod state;
pub mod view;

pub use crate::station::import::FileReport;
pub use command::{Done, ImportCommand};
pub use handle::{apply, handle, show};
pub use state::ImportView;
pub use view::{import_button_ui, report_ui};
