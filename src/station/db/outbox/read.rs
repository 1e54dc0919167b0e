//! Reading the outbox: an entry, the open ones, the summary. (What the worker takes next is
//! `lease`.)

use time::OffsetDateTime;

use super::super::encoding::{from_json, from_ms};
use super::super::engine::{Row, ToValue, Tx, params};
use super::super::station_db::StationDb;
use super::types::{OutboxAction, OutboxEntry, OutboxId, OutboxState, OutboxSummary};
use crate::station::error::StationError;
use crate::station::model::OrderNumber;
use crate::station::model::ParcelId;

pub(super) const COLUMNS: &str = "id, idempotency_key, action, order_ref, shipment_id, parcel_id,
    body_json, state, attempts, created_at, next_attempt_at, last_error, field_errors_json,
    delivered_at, lease_until, leased_by, tried_by, tried_at";

pub(super) fn entry(row: &Row) -> Result<OutboxEntry, StationError> {
    let action: String = row.get("action")?;
    let order: i64 = row.get("order_ref")?;
    let body: String = row.get("body_json")?;
    let state: String = row.get("state")?;
    let errors: String = row.get("field_errors_json")?;
    let time = |column: &str| -> Result<Option<OffsetDateTime>, StationError> {
        row.get::<_, Option<i64>>(column)?.map(from_ms).transpose()
    };
    Ok(OutboxEntry {
        id: OutboxId(row.get("id")?),
        key: row.get("idempotency_key")?,
        action: OutboxAction::parse(&action)
            .ok_or_else(|| StationError::Corrupt(format!("outbox action {action}")))?,
        order: OrderNumber::try_from(order)
            .map_err(|_| StationError::Corrupt(format!("order number {order}")))?,
        shipment_id: row.get("shipment_id")?,
        parcel: row.get::<_, Option<i64>>("parcel_id")?.map(ParcelId),
        body: from_json(&body)?,
        state: OutboxState::parse(&state)
            .ok_or_else(|| StationError::Corrupt(format!("outbox state {state}")))?,
        attempts: row.get("attempts")?,
        created_at: from_ms(row.get("created_at")?)?,
        next_attempt_at: from_ms(row.get("next_attempt_at")?)?,
        last_error: row.get("last_error")?,
        field_errors: from_json(&errors)?,
        delivered_at: time("delivered_at")?,
        lease_until: time("lease_until")?,
        leased_by: row.get("leased_by")?,
        tried_by: row.get("tried_by")?,
        tried_at: time("tried_at")?,
    })
}

fn query(
    tx: &mut Tx<'_>,
    condition: &str,
    params: &[&dyn ToValue],
) -> Result<Vec<OutboxEntry>, StationError> {
    let sql = format!("SELECT {COLUMNS} FROM outbox e WHERE {condition}");
    tx.query_map(&sql, params, entry)
}

pub(super) fn entry_in(conn: &mut Tx<'_>, id: OutboxId) -> Result<OutboxEntry, StationError> {
    query(conn, "e.id = ?1", params![id.0])?
        .into_iter()
        .next()
        .ok_or_else(|| StationError::Corrupt(format!("no outbox entry {id}")))
}

impl StationDb {
    /// One entry, whatever its state.
    pub fn outbox_entry(&mut self, id: OutboxId) -> Result<Option<OutboxEntry>, StationError> {
        Ok(query(&mut self.conn.read()?, "e.id = ?1", params![id.0])?
            .into_iter()
            .next())
    }

    /// Entries still to deliver (queued, retrying, needing attention), oldest first.
    pub fn outbox_open(&mut self) -> Result<Vec<OutboxEntry>, StationError> {
        query(
            &mut self.conn.read()?,
            "e.state IN ('queued', 'retrying', 'needs_attention') ORDER BY e.id",
            params![],
        )
    }

    /// Every entry of an order, oldest first.
    pub fn outbox_for_order(
        &mut self,
        order: OrderNumber,
    ) -> Result<Vec<OutboxEntry>, StationError> {
        let reference = i64::try_from(order).map_err(|_| StationError::UnknownOrder(order))?;
        query(
            &mut self.conn.read()?,
            "e.order_ref = ?1 ORDER BY e.id",
            params![reference],
        )
    }

    pub fn outbox_summary(&mut self) -> Result<OutboxSummary, StationError> {
        let (queued, retrying, attention, next): (i64, i64, i64, Option<i64>) =
            self.conn.read()?.query_row(
                "SELECT COUNT(*) FILTER (WHERE state = 'queued') AS queued,
                    COUNT(*) FILTER (WHERE state = 'retrying') AS retrying,
                    COUNT(*) FILTER (WHERE state = 'needs_attention') AS needs_attention,
                    MIN(CASE WHEN state = 'retrying' THEN next_attempt_at END) AS next_retry_at
                 FROM outbox WHERE state IN ('queued', 'retrying', 'needs_attention')",
                params![],
                |row| {
                    Ok((
                        row.get("queued")?,
                        row.get("retrying")?,
                        row.get("needs_attention")?,
                        row.get("next_retry_at")?,
                    ))
                },
            )?;
        let count = |n: i64| usize::try_from(n).unwrap_or(0);
        Ok(OutboxSummary {
            queued: count(queued),
            retrying: count(retrying),
            needs_attention: count(attention),
            next_retry_at: next.map(from_ms).transpose()?,
        })
    }
}
