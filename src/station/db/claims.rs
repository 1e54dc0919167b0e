//! Claims on shipments (`model::claim`), race-free on both engines without the writers' lock:
//! one `INSERT … ON CONFLICT DO UPDATE … WHERE` decides, under the row lock PostgreSQL takes on
//! the conflicting row (SQLite has one writer), whether this desk gets or keeps the claim; when
//! the `WHERE` refuses, the claim is another desk's and is read back in the same transaction.
//! A new claim, a release and a take-over write an event (so other desks hear of it and the
//! order's history shows it); a renewal writes nothing but the lease.

use std::time::Duration;

use super::encoding::{from_ms, now_ms};
use super::engine::{Row, Tx, params};
use super::event_log::{NewEvent, insert_event};
use super::station_db::{StationDb, order_row_id};
use crate::station::error::StationError;
use crate::station::model::{Claim, ClaimOutcome, Claimant, Direction, OrderNumber};

fn lease_ms(lease: Duration) -> i64 {
    i64::try_from(lease.as_millis()).unwrap_or(i64::MAX / 2)
}

/// The shipment's row and its order's row.
fn shipment_rows(
    tx: &mut Tx<'_>,
    order: OrderNumber,
    shipment_id: &str,
) -> Result<(i64, i64), StationError> {
    let order_row = order_row_id(tx, order)?;
    let row = tx
        .query_opt(
            "SELECT id FROM shipments WHERE order_id = ?1 AND shipment_id = ?2",
            params![order_row, shipment_id],
        )?
        .ok_or_else(|| StationError::UnknownShipment {
            order,
            shipment_id: shipment_id.to_owned(),
        })?;
    Ok((row.get("id")?, order_row))
}

/// Who a claims row names (`desk_id`, `desk_name`, `person`).
fn claimant(row: &Row) -> Result<Claimant, StationError> {
    Ok(Claimant {
        desk_id: row.get("desk_id")?,
        desk_name: row.get("desk_name")?,
        person: row.get("person")?,
    })
}

/// A claims row with its `claimed_at` and `lease_until`, on `order`'s `shipment_id`.
fn claim(row: &Row, order: OrderNumber, shipment_id: String) -> Result<Claim, StationError> {
    Ok(Claim {
        order,
        shipment_id,
        by: claimant(row)?,
        since: from_ms(row.get("claimed_at")?)?,
        until: from_ms(row.get("lease_until")?)?,
    })
}

/// The shipment's claim, live or not (the caller compares `until` with its clock).
fn claim_in(
    tx: &mut Tx<'_>,
    order: OrderNumber,
    shipment_id: &str,
    shipment_row: i64,
) -> Result<Claim, StationError> {
    let row = tx
        .query_opt(
            "SELECT desk_id, desk_name, person, claimed_at, lease_until FROM claims
             WHERE shipment_row = ?1",
            params![shipment_row],
        )?
        // Read in the transaction that just wrote or found it.
        .ok_or_else(|| StationError::Corrupt(format!("claim of {order}/{shipment_id} vanished")))?;
    claim(&row, order, shipment_id.to_owned())
}

fn log(
    tx: &mut Tx<'_>,
    order_row: i64,
    shipment_id: &str,
    kind: &'static str,
    body: &serde_json::Value,
) -> Result<(), StationError> {
    insert_event(
        tx,
        NewEvent {
            order_id: order_row,
            shipment_id: Some(shipment_id),
            parcel_id: None,
            direction: Direction::Local,
            kind,
            body,
        },
    )
}

fn who(by: &Claimant) -> serde_json::Value {
    serde_json::json!({ "desk": by.desk_name, "desk_id": by.desk_id, "person": by.person })
}

impl StationDb {
    /// Claims the shipment for `by`, or renews the claim `by` holds; when another desk's claim
    /// is live, leaves it and says whose it is.
    pub fn claim(
        &mut self,
        order: OrderNumber,
        shipment_id: &str,
        by: &Claimant,
        lease: Duration,
    ) -> Result<ClaimOutcome, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        let (shipment_row, order_row) = shipment_rows(&mut tx, order, shipment_id)?;
        let now = now_ms();
        let won = tx.query_opt(
            "INSERT INTO claims (shipment_row, desk_id, desk_name, person, claimed_at, lease_until)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (shipment_row) DO UPDATE SET
                claimed_at = CASE WHEN claims.desk_id = excluded.desk_id
                                  AND claims.lease_until >= ?5
                             THEN claims.claimed_at ELSE excluded.claimed_at END,
                desk_id = excluded.desk_id, desk_name = excluded.desk_name,
                person = excluded.person, lease_until = excluded.lease_until
             WHERE claims.desk_id = excluded.desk_id OR claims.lease_until < ?5
             RETURNING claimed_at",
            params![
                shipment_row,
                by.desk_id,
                by.desk_name,
                by.person,
                now,
                now + lease_ms(lease)
            ],
        )?;
        if let Some(row) = &won
            && row.get::<_, i64>("claimed_at")? == now
        {
            log(&mut tx, order_row, shipment_id, "claimed", &who(by))?;
        }
        let held = claim_in(&mut tx, order, shipment_id, shipment_row)?;
        let outcome = if won.is_some() {
            ClaimOutcome::Ours(held)
        } else {
            ClaimOutcome::Theirs(held)
        };
        tx.commit()?;
        Ok(outcome)
    }

    /// Gives up `desk_id`'s claim on the shipment (left, finished); nothing when it holds none.
    pub fn release_claim(
        &mut self,
        order: OrderNumber,
        shipment_id: &str,
        desk_id: &str,
    ) -> Result<bool, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        let (shipment_row, order_row) = shipment_rows(&mut tx, order, shipment_id)?;
        let released = tx.query_opt(
            "DELETE FROM claims WHERE shipment_row = ?1 AND desk_id = ?2
             RETURNING desk_id, desk_name, person",
            params![shipment_row, desk_id],
        )?;
        if let Some(row) = &released {
            log(
                &mut tx,
                order_row,
                shipment_id,
                "released",
                &who(&claimant(row)?),
            )?;
        }
        tx.commit()?;
        Ok(released.is_some())
    }

    /// Gives up every claim `desk_id` holds (the app closing, a person signing out).
    pub fn release_desk_claims(&mut self, desk_id: &str) -> Result<usize, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        let rows = tx.query(
            "DELETE FROM claims WHERE desk_id = ?1
             RETURNING shipment_row, desk_id, desk_name, person",
            params![desk_id],
        )?;
        for row in &rows {
            let shipment_row: i64 = row.get("shipment_row")?;
            let place = tx.query_one(
                "SELECT order_id, shipment_id FROM shipments WHERE id = ?1",
                params![shipment_row],
            )?;
            let body = who(&claimant(row)?);
            let shipment_id: String = place.get("shipment_id")?;
            log(
                &mut tx,
                place.get("order_id")?,
                &shipment_id,
                "released",
                &body,
            )?;
        }
        tx.commit()?;
        Ok(rows.len())
    }

    /// A supervisor takes the shipment over for `by` whoever holds it; the history records
    /// from whom, for whom and who authorized it.
    pub fn take_over_claim(
        &mut self,
        order: OrderNumber,
        shipment_id: &str,
        by: &Claimant,
        supervisor: &str,
        lease: Duration,
    ) -> Result<Claim, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        let (shipment_row, order_row) = shipment_rows(&mut tx, order, shipment_id)?;
        let before = tx
            .query_opt(
                "SELECT desk_id, desk_name, person FROM claims WHERE shipment_row = ?1",
                params![shipment_row],
            )?
            .map(|row| claimant(&row))
            .transpose()?;
        let now = now_ms();
        tx.execute(
            "INSERT INTO claims (shipment_row, desk_id, desk_name, person, claimed_at, lease_until)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (shipment_row) DO UPDATE SET desk_id = excluded.desk_id,
                desk_name = excluded.desk_name, person = excluded.person,
                claimed_at = excluded.claimed_at, lease_until = excluded.lease_until",
            params![
                shipment_row,
                by.desk_id,
                by.desk_name,
                by.person,
                now,
                now + lease_ms(lease)
            ],
        )?;
        let body = serde_json::json!({
            "from": before.as_ref().map(who),
            "to": who(by),
            "authorized_by": supervisor,
        });
        log(&mut tx, order_row, shipment_id, "claim_taken_over", &body)?;
        let taken = claim_in(&mut tx, order, shipment_id, shipment_row)?;
        tx.commit()?;
        Ok(taken)
    }

    /// The order's live claims (their leases not run out), by shipment.
    pub fn claims(&mut self, order: OrderNumber) -> Result<Vec<Claim>, StationError> {
        let mut tx = self.conn.read()?;
        let order_row = order_row_id(&mut tx, order)?;
        let rows = tx.query(
            "SELECT s.shipment_id, c.desk_id, c.desk_name, c.person, c.claimed_at, c.lease_until
             FROM claims c JOIN shipments s ON s.id = c.shipment_row
             WHERE s.order_id = ?1 AND c.lease_until >= ?2 ORDER BY s.position",
            params![order_row, now_ms()],
        )?;
        rows.iter()
            .map(|row| claim(row, order, row.get("shipment_id")?))
            .collect()
    }
}
