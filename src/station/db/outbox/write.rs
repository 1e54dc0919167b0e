//! Writing into the outbox, within a transaction of the change the call reports.

use super::super::encoding::{now_ms, to_json};
use super::super::engine::{Tx, params};
use super::types::{NewOutboxEntry, OutboxAction, OutboxId};
use crate::station::error::StationError;
use crate::station::model::ParcelId;

/// The idempotency key of a call: an order is created once, a parcel fulfilled once and
/// labelled once (per outbox entry), a shipment canceled once.
pub fn idempotency_key(entry: &NewOutboxEntry) -> String {
    let shipment = entry.shipment_id.as_deref().unwrap_or("");
    let parcel = entry.parcel.map(|p| p.0).unwrap_or(0);
    match entry.action {
        OutboxAction::CreateOrder => format!("create:{}", entry.order),
        OutboxAction::Fulfill => format!("fulfill:{}:{shipment}:{parcel}", entry.order),
        OutboxAction::Cancel => format!("cancel:{}:{shipment}", entry.order),
        OutboxAction::ParcelLabel => format!("label:{}:{shipment}:{parcel}", entry.order),
    }
}

/// Writes an entry unless one with its key exists; the entry's id either way.
pub(super) fn enqueue_in(
    conn: &mut Tx<'_>,
    entry: &NewOutboxEntry,
) -> Result<OutboxId, StationError> {
    let key = idempotency_key(entry);
    let now = now_ms();
    let reference = i64::try_from(entry.order)
        .map_err(|_| StationError::Corrupt(format!("order number {}", entry.order)))?;
    conn.execute(
        "INSERT INTO outbox (idempotency_key, action, order_ref, shipment_id, parcel_id,
            body_json, state, created_at, updated_at, next_attempt_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, ?7, ?7)
         ON CONFLICT (idempotency_key) DO NOTHING",
        params![
            key,
            entry.action.as_str(),
            reference,
            entry.shipment_id,
            entry.parcel.map(|p| p.0),
            to_json(&entry.body)?,
            now,
        ],
    )?;
    let id = conn
        .query_row_opt(
            "SELECT id FROM outbox WHERE idempotency_key = ?1",
            params![&key],
            |row| Ok(row.get("id")?),
        )?
        .ok_or_else(|| StationError::Corrupt(format!("outbox entry {key} vanished")))?;
    Ok(OutboxId(id))
}

/// A voided parcel's label request that was not delivered is not wanted any more.
pub(in crate::station::db) fn discard_parcel_label(
    conn: &mut Tx<'_>,
    parcel: ParcelId,
) -> Result<(), StationError> {
    conn.execute(
        "UPDATE outbox SET state = 'discarded', updated_at = ?1,
            last_error = COALESCE(last_error || ' — ', '') || 'the parcel was voided'
         WHERE parcel_id = ?2 AND action = 'label'
           AND state IN ('queued', 'retrying', 'needs_attention')",
        params![now_ms(), parcel.0],
    )?;
    Ok(())
}
