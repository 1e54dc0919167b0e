//! The supervisor unlock: the PIN, the lockout after wrong tries (kept in a file so a restart
//! gives no fresh tries), and the PIN itself.
//!
//! One unlock serves canceling (its dialog), the outbox's discard and Settings; Settings also
//! sets the first PIN and changes or removes it behind the current one, in this feature's own
//! sections (`view`, drawn in the settings panel's slots). A new PIN takes effect in the
//! settings through the shell ([`Command::UsePin`](crate::ui::command::Command::UsePin)), which
//! owns them.

pub mod command;
mod handle;
mod jobs;
pub mod state;
pub mod view;

pub use command::{Done, PinChecked, PinPurpose, PinRequest, SupervisorCommand};
pub use handle::{apply, handle, locked_out_message};
pub use state::{PinSection, SupervisorState};
pub use view::{pin_section_ui, unlock_section_ui};
