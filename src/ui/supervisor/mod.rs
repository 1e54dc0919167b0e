//! The supervisor unlock: the PIN, the lockout after wrong tries (kept in a file so a restart
//! gives no fresh tries), and the PIN itself.
//!
//! One unlock serves canceling (its dialog), the outbox's discard and Settings; Settings also
//! sets the first PIN and changes or removes it behind the current one. A new PIN takes effect
//! in the settings through the shell ([`Command::UsePin`]), which owns them.

pub mod command;
mod handle;
mod jobs;
pub mod state;

pub use command::{Done, PinChecked, PinPurpose, PinRequest, SupervisorCommand};
pub use handle::{apply, handle, locked_out_message, settings_intent};
pub use state::SupervisorState;
