//! What a person asks of an outbox entry and what the outbox's jobs end with. The worker's
//! reports (`OutboxProgress`) live below the features (`ui::outbox_report`): the warehouse's
//! change stream makes them and the outbox shows them.

use crate::station::db::{OutboxEntry, OutboxId};
use crate::ui::failure::Failure;
pub use crate::ui::outbox_report::OutboxProgress;

/// What a person asks of an outbox entry.
#[derive(Debug, Clone, PartialEq)]
pub enum OutboxCommand {
    /// Edit the body of an entry before resending it (JSON text).
    EditBody(OutboxId, String),
    /// Send an entry again now, with its corrected body if one was typed.
    Resend(OutboxId),
    /// Give up on an entry (supervisor only).
    Discard(OutboxId),
}

/// What the outbox's jobs end with: the entry after a person resent or discarded it.
pub enum Done {
    Changed(Result<OutboxEntry, Failure>),
}
