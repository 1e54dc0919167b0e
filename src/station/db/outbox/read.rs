//! Reading the outbox: an entry, the open ones, the summary, and what the worker does next.

use rusqlite::{Connection, OptionalExtension, Row};
use time::OffsetDateTime;

use super::super::{ParcelId, StationDb, StationError, from_json};
use super::{OutboxAction, OutboxEntry, OutboxId, OutboxState, OutboxSummary, now_ms};
use crate::station::db::OrderNumber;

const COLUMNS: &str = "id, idempotency_key, action, order_ref, shipment_id, parcel_id, body_json,
    state, attempts, created_at, next_attempt_at, last_error, field_errors_json, delivered_at";

pub(super) fn from_ms(ms: i64) -> Result<OffsetDateTime, StationError> {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .map_err(|e| StationError::Corrupt(format!("outbox time {ms}: {e}")))
}

pub(super) fn to_ms(at: OffsetDateTime) -> i64 {
    (at.unix_timestamp_nanos() / 1_000_000) as i64
}

type RawEntry = (
    (
        i64,
        String,
        String,
        i64,
        Option<String>,
        Option<i64>,
        String,
    ),
    (String, u32, i64, i64, Option<String>, String, Option<i64>),
);

fn raw(row: &Row<'_>) -> rusqlite::Result<RawEntry> {
    Ok((
        (
            row.get(0)?,
            row.get(1)?,
            row.get(2)?,
            row.get(3)?,
            row.get(4)?,
            row.get(5)?,
            row.get(6)?,
        ),
        (
            row.get(7)?,
            row.get(8)?,
            row.get(9)?,
            row.get(10)?,
            row.get(11)?,
            row.get(12)?,
            row.get(13)?,
        ),
    ))
}

fn entry(raw: RawEntry) -> Result<OutboxEntry, StationError> {
    let ((id, key, action, order, shipment_id, parcel, body), rest) = raw;
    let (state, attempts, created, next, last_error, errors, delivered) = rest;
    Ok(OutboxEntry {
        id: OutboxId(id),
        key,
        action: OutboxAction::parse(&action)
            .ok_or_else(|| StationError::Corrupt(format!("outbox action {action}")))?,
        order: OrderNumber::try_from(order)
            .map_err(|_| StationError::Corrupt(format!("order number {order}")))?,
        shipment_id,
        parcel: parcel.map(ParcelId),
        body: from_json(&body)?,
        state: OutboxState::parse(&state)
            .ok_or_else(|| StationError::Corrupt(format!("outbox state {state}")))?,
        attempts,
        created_at: from_ms(created)?,
        next_attempt_at: from_ms(next)?,
        last_error,
        field_errors: from_json(&errors)?,
        delivered_at: delivered.map(from_ms).transpose()?,
    })
}

fn query(
    conn: &Connection,
    condition: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<OutboxEntry>, StationError> {
    let sql = format!("SELECT {COLUMNS} FROM outbox e WHERE {condition}");
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt
        .query_map(params, raw)?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter().map(entry).collect()
}

pub(super) fn entry_in(conn: &Connection, id: OutboxId) -> Result<OutboxEntry, StationError> {
    query(conn, "e.id = ?1", [id.0])?
        .into_iter()
        .next()
        .ok_or_else(|| StationError::Corrupt(format!("no outbox entry {id}")))
}

impl StationDb {
    /// One entry, whatever its state.
    pub fn outbox_entry(&self, id: OutboxId) -> Result<Option<OutboxEntry>, StationError> {
        Ok(query(&self.conn, "e.id = ?1", [id.0])?.into_iter().next())
    }

    /// Entries still to deliver (queued, retrying, needing attention), oldest first.
    pub fn outbox_open(&self) -> Result<Vec<OutboxEntry>, StationError> {
        query(
            &self.conn,
            "e.state IN ('queued', 'retrying', 'needs_attention') ORDER BY e.id",
            [],
        )
    }

    /// Every entry of an order, oldest first.
    pub fn outbox_for_order(&self, order: OrderNumber) -> Result<Vec<OutboxEntry>, StationError> {
        let reference = i64::try_from(order).map_err(|_| StationError::UnknownOrder(order))?;
        query(&self.conn, "e.order_ref = ?1 ORDER BY e.id", [reference])
    }

    pub fn outbox_summary(&self) -> Result<OutboxSummary, StationError> {
        let (queued, retrying, attention, next): (i64, i64, i64, Option<i64>) =
            self.conn.query_row(
                "SELECT COALESCE(SUM(state = 'queued'), 0), COALESCE(SUM(state = 'retrying'), 0),
                    COALESCE(SUM(state = 'needs_attention'), 0),
                    MIN(CASE WHEN state = 'retrying' THEN next_attempt_at END)
                 FROM outbox WHERE state IN ('queued', 'retrying', 'needs_attention')",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
            )?;
        let count = |n: i64| usize::try_from(n).unwrap_or(0);
        Ok(OutboxSummary {
            queued: count(queued),
            retrying: count(retrying),
            needs_attention: count(attention),
            next_retry_at: next.map(from_ms).transpose()?,
        })
    }

    /// The entry the worker delivers next: due now, and not waiting for an earlier entry of
    /// its order (a create first; updates one after the other).
    pub fn outbox_next_due(&self) -> Result<Option<OutboxEntry>, StationError> {
        Ok(query(
            &self.conn,
            "e.state IN ('queued', 'retrying') AND e.next_attempt_at <= ?1
             AND NOT EXISTS (SELECT 1 FROM outbox b WHERE b.order_ref = e.order_ref
                AND b.id < e.id AND b.state IN ('queued', 'retrying', 'needs_attention')
                AND (b.action = 'create'
                     OR (b.action IN ('fulfil', 'cancel') AND e.action IN ('fulfil', 'cancel'))))
             ORDER BY e.next_attempt_at, e.id LIMIT 1",
            [now_ms()],
        )?
        .into_iter()
        .next())
    }

    /// When an entry next becomes due (the worker sleeps until then or until woken).
    pub fn outbox_next_wake(&self) -> Result<Option<OffsetDateTime>, StationError> {
        let next: Option<i64> = self
            .conn
            .query_row(
                "SELECT MIN(next_attempt_at) FROM outbox WHERE state IN ('queued', 'retrying')",
                [],
                |row| row.get(0),
            )
            .optional()?
            .flatten();
        next.map(from_ms).transpose()
    }
}
