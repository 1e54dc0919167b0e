//! The outbox in the app: the worker's reports, and a person's correction, resend or discard
//! (discard only with the supervisor unlocked).

pub mod command;
mod handle;
mod jobs;
mod queue;
pub mod state;
mod view;

pub use command::{Done, OutboxCommand, OutboxProgress};
pub use handle::{apply, handle, progress};
pub use state::OutboxView;
pub use view::{outbox_status_ui, outbox_ui};
