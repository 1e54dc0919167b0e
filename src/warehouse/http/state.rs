//! What every request of the warehouse API may use: the record's connections and the rules the
//! server was started with. No request state lives here: sessions, claims and lockouts are in
//! the record, so any instance on the same database answers any desk.

use std::sync::Arc;
use std::time::Duration;

use crate::station::outbox::Outbox;
use crate::warehouse::feed::ChangeFeed;
use crate::warehouse::pins::{LockoutPolicy, Pepper};
use crate::warehouse::pool::Pool;

pub struct WarehouseState {
    pub pool: Pool,
    /// The record's newest event, for the desks' live streams.
    pub feed: ChangeFeed,
    pub pepper: Pepper,
    pub lockout: LockoutPolicy,
    /// A session ends after this long without a request.
    pub session_idle: Duration,
    /// How long an enrollment code a supervisor issued stays usable.
    pub enrollment_valid: Duration,
    /// The outbox worker, when the provider is set (`None`: entries wait in the outbox).
    pub outbox: Option<Outbox>,
    /// The app's own one-desk server: with nobody set up, the desk signs in as itself.
    pub one_desk: bool,
}

impl WarehouseState {
    /// Has the outbox worker look for due entries now (one was just queued or resent).
    pub fn wake_outbox(&self) {
        if let Some(outbox) = &self.outbox {
            outbox.wake();
        }
    }
}

pub type Shared = Arc<WarehouseState>;
