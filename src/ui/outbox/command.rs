//! What a person asks of an outbox entry, what the outbox's jobs end with, and the worker's
//! reports as the app receives them.

use crate::api::ClientError;
use crate::station::db::{OutboxEntry, OutboxId, OutboxSummary};
use crate::ui::failure::Failure;

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

/// The outbox at a glance, after an attempt (`entry`, when there was one).
#[derive(Debug, Clone)]
pub struct OutboxProgress {
    pub summary: OutboxSummary,
    /// Entries still to deliver, oldest first.
    pub open: Vec<OutboxEntry>,
    pub entry: Option<OutboxEntry>,
    /// What the service or the network said to that attempt, if it failed.
    pub error: Option<ClientError>,
}
