//! What every request of the warehouse API may use: the record's connections and the rules the
//! server was started with. No request state lives here: sessions, claims and lockouts are in
//! the record, so any instance on the same database answers any desk.

use std::sync::Arc;
use std::time::Duration;

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
}

pub type Shared = Arc<WarehouseState>;

/// Now, in the record's Unix milliseconds.
pub fn now_ms() -> i64 {
    i64::try_from(time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000)
        .unwrap_or(i64::MAX)
}

/// Unix milliseconds as RFC 3339, for answers.
pub fn rfc3339(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}
