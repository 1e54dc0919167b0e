//! Hearing other desks' changes on PostgreSQL: a connection of its own that `LISTEN`s on the
//! channel the events trigger notifies (schema step 7). It only says *that* something changed;
//! what changed is read from the events (`db::changes`), so a lost notification costs a delay,
//! never a change. SQLite has no notifications: one desk polls its own file.

use std::time::Duration;

use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;

use crate::sql::{PgTarget, classify_pg_error, connect_pg};
use crate::station::error::StationError;

/// The channel every desk listens on.
pub const CHANGES_CHANNEL: &str = "packdesk_changes";

pub struct ChangeListener {
    client: Client,
}

impl std::fmt::Debug for ChangeListener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeListener").finish_non_exhaustive()
    }
}

impl ChangeListener {
    pub(crate) fn open(target: &PgTarget) -> Result<Self, StationError> {
        let mut client = connect_pg(target).map_err(StationError::Connection)?;
        client
            .batch_execute(&format!("LISTEN {CHANGES_CHANNEL}"))
            .map_err(classify_pg_error)?;
        Ok(Self { client })
    }

    /// Waits up to `timeout` for a notification; `true` when one (or more) came. An error means
    /// the connection is gone: drop the listener and poll until a new one opens.
    pub fn wait(&mut self, timeout: Duration) -> Result<bool, StationError> {
        let first = self
            .client
            .notifications()
            .timeout_iter(timeout)
            .next()
            .map_err(classify_pg_error)?;
        if first.is_none() {
            if self.client.is_closed() {
                return Err(StationError::Unreachable(
                    "the notification connection closed".into(),
                ));
            }
            return Ok(false);
        }
        // Drain what else arrived with it: one read covers them all.
        let mut notifications = self.client.notifications();
        while notifications
            .iter()
            .next()
            .map_err(classify_pg_error)?
            .is_some()
        {}
        Ok(true)
    }
}
