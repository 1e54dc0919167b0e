//! The shared outbox as the desk hears of it: the warehouse's change stream reports it after
//! each delivery attempt, the outbox feature and the status bar show it.

use crate::api::ClientError;
use crate::station::db::{OutboxEntry, OutboxSummary};

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
