//! Customs paperwork at the desk: the warehouse's exporter details (Settings → Customs
//! documents), what the open shipment's paperwork still misses (shown at the item or the
//! setting), and, once a parcel's label is ready, its documents made, shown beside the label and
//! printed through the print queue; "Reprint documents" sends them again, offline too.

pub mod command;
mod handle;
mod jobs;
pub mod state;
pub mod view;

pub use command::{CustomsCommand, Done, SettingsEdit};
pub use handle::{apply, handle, why_not_save};
pub use state::{Check, Customs, Documents, Printing};
