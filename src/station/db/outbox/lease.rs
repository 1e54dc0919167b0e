//! Which entry a desk sends next, and its lease on it while it does: every desk of a warehouse
//! shares the outbox, and each entry is sent by one desk at a time.
//!
//! A claim is one transaction on row locks only (`Connection::write_row_locked`, so it never
//! waits behind another desk's import): it picks the next due entry whose lease is free or ran
//! out — on PostgreSQL `FOR UPDATE SKIP LOCKED`, so two desks claiming at once take two entries;
//! SQLite has one writer at a time and needs no such clause — and leases it to the desk. The
//! lease ends when the answer is recorded (`deliver`); a desk that died leaves it to run out,
//! and another desk then sends the entry again, which the service's idempotency makes harmless.
//! Lease times are the desks' own clocks, like `next_attempt_at`: desks must agree within a few
//! seconds (NTP), far less than a lease.

use std::time::Duration;

use time::OffsetDateTime;

use super::super::encoding::{from_ms, now_ms, to_ms};
use super::super::engine::{Dialect, params};
use super::super::station_db::StationDb;
use super::read::{COLUMNS, entry};
use super::types::OutboxEntry;
use crate::station::error::StationError;

/// An open entry waits for an earlier open entry of its order — a create before anything else
/// of the order, updates one after the other — even while another desk holds that one's lease.
const NOT_WAITING: &str = "NOT EXISTS (SELECT 1 FROM outbox b WHERE b.order_ref = e.order_ref
    AND b.id < e.id AND b.state IN ('queued', 'retrying', 'needs_attention')
    AND (b.action = 'create'
         OR (b.action IN ('fulfill', 'cancel') AND e.action IN ('fulfill', 'cancel'))))";

impl StationDb {
    /// Takes the next entry due at this moment that no desk holds and that waits for no
    /// earlier entry of its order, and leases it to `desk` for `lease`; `None` when there is
    /// none. The desk then counts the attempt (`outbox_begin_attempt`) and sends it.
    pub fn outbox_claim_next(
        &mut self,
        desk: &str,
        lease: Duration,
    ) -> Result<Option<OutboxEntry>, StationError> {
        let now = now_ms();
        let until = now.saturating_add(i64::try_from(lease.as_millis()).unwrap_or(i64::MAX));
        let mut tx = self.conn.write_row_locked()?;
        let lock = match tx.dialect() {
            Dialect::Postgres => " FOR UPDATE SKIP LOCKED",
            Dialect::Sqlite => "",
        };
        let pick = format!(
            "SELECT e.id AS id FROM outbox e
             WHERE e.state IN ('queued', 'retrying') AND e.next_attempt_at <= ?1
               AND (e.lease_until IS NULL OR e.lease_until <= ?1) AND {NOT_WAITING}
             ORDER BY e.next_attempt_at, e.id LIMIT 1{lock}"
        );
        let Some(id) = tx.query_row_opt(&pick, params![now], |row| Ok(row.get::<_, i64>("id")?))?
        else {
            return Ok(None);
        };
        let claim = format!(
            "UPDATE outbox SET lease_until = ?1, leased_by = ?2, tried_by = ?2, tried_at = ?3
             WHERE id = ?4 RETURNING {COLUMNS}"
        );
        let claimed = tx.query_map(&claim, params![until, desk, now, id], entry)?;
        tx.commit()?;
        Ok(claimed.into_iter().next())
    }

    /// Gives a claimed entry back before its lease runs out (a desk closing mid-delivery), so
    /// the next desk to look need not wait for it. Nothing happens if the lease has moved on.
    pub fn outbox_release(&mut self, claimed: &OutboxEntry) -> Result<(), StationError> {
        let until = claimed.lease_until.map(to_ms);
        let mut tx = self.conn.write_row_locked()?;
        tx.execute(
            "UPDATE outbox SET lease_until = NULL, leased_by = NULL
             WHERE id = ?1 AND leased_by = ?2 AND lease_until = ?3",
            params![claimed.id.0, claimed.leased_by, until],
        )?;
        tx.commit()
    }

    /// When an entry this desk may claim next becomes due: its next attempt, or the end of
    /// another desk's lease on it (a desk that died leaves it to run out). Entries waiting for
    /// an earlier one of their order are left out: they follow that one.
    pub fn outbox_next_wake(&mut self) -> Result<Option<OffsetDateTime>, StationError> {
        let sql = format!(
            "SELECT MIN(CASE WHEN e.lease_until > e.next_attempt_at THEN e.lease_until
                        ELSE e.next_attempt_at END) AS next_wake
             FROM outbox e WHERE e.state IN ('queued', 'retrying') AND {NOT_WAITING}"
        );
        let next: Option<i64> = self.conn.read()?.query_value(&sql, params![])?;
        next.map(from_ms).transpose()
    }
}
