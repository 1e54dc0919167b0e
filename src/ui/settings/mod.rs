//! The settings panel: environments (base and label URLs, kind), write-only credentials, station
//! details, preferred units, the warehouse, the printers (with a test print), the scale and the
//! scanner terminator.
//!
//! The feature whole: [`settings_ui`] edits a draft of
//! [`Settings`](crate::station::settings::Settings) and returns [`SettingsCommand`]s (no I/O in
//! the view); [`handle`] saves the file, writes secrets to the credential store and sends test
//! prints as jobs (`jobs`), and [`apply`] reports back through the `SettingsView` methods. The
//! view never holds a stored secret, only its masked form. The panel's other sections (the
//! supervisor's unlock and PIN, customs documents) are other features' views, drawn in the
//! slots of [`Extras`].
//!
//! Once a supervisor PIN is set, the sections that change the service, the keys, the station
//! record and the printers are read-only until a supervisor unlocks them (the same unlock as
//! canceling; the shell says how it stands in a [`SupervisorGate`]).

mod check;
pub mod command;
mod handle;
pub mod jobs;
pub mod state;
pub mod view;
pub mod warehouse;

pub use check::{environment_problems, url_problem};
pub use command::{Done, SettingsCommand, SupervisorGate};
pub use handle::{apply, handle, open};
pub use jobs::save_secret;
pub use state::{SettingsView, StoredSecrets};
pub use view::extras::Extras;
pub use view::panel::settings_ui;
