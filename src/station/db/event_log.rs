//! The order's event log: every body sent and received, and the station's local steps.

use super::encoding::{from_json, from_unix, now_unix, to_json};
use super::engine::{Tx, params};
use super::station_db::{StationDb, order_row_id};
use crate::station::error::StationError;
use crate::station::model::{Direction, Event, OrderNumber, ParcelId};

impl StationDb {
    /// The order's event log, oldest first: every body sent and received, and local steps.
    pub fn events(&mut self, order: OrderNumber) -> Result<Vec<Event>, StationError> {
        let mut tx = self.conn.read()?;
        let order_id = order_row_id(&mut tx, order)?;
        let rows = tx.query(
            "SELECT at, shipment_id, parcel_id, direction, kind, body_json, desk, person
             FROM events WHERE order_id = ?1 ORDER BY id",
            params![order_id],
        )?;
        let mut events = Vec::new();
        for row in rows {
            let at: i64 = row.get("at")?;
            let shipment_id: Option<String> = row.get("shipment_id")?;
            let parcel_id: Option<i64> = row.get("parcel_id")?;
            let direction: String = row.get("direction")?;
            let kind: String = row.get("kind")?;
            let body: String = row.get("body_json")?;
            events.push(Event {
                at: from_unix(at)?,
                shipment_id,
                parcel_id: parcel_id.map(ParcelId),
                direction: Direction::parse(&direction)
                    .ok_or_else(|| StationError::Corrupt(format!("event direction {direction}")))?,
                kind,
                body: from_json(&body)?,
                desk: row.get("desk")?,
                person: row.get("person")?,
            });
        }
        Ok(events)
    }
}

/// One event row; `body` is serialized here so callers pass their typed values.
pub(super) struct NewEvent<'a, T: serde::Serialize + ?Sized> {
    pub(super) order_id: i64,
    pub(super) shipment_id: Option<&'a str>,
    pub(super) parcel_id: Option<ParcelId>,
    pub(super) direction: Direction,
    pub(super) kind: &'static str,
    pub(super) body: &'a T,
}

pub(super) fn insert_event<T: serde::Serialize + ?Sized>(
    tx: &mut Tx<'_>,
    event: NewEvent<'_, T>,
) -> Result<(), StationError> {
    let actor = tx.actor().clone();
    tx.execute(
        "INSERT INTO events (at, order_id, shipment_id, parcel_id, direction, kind, body_json,
             desk, person)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            now_unix(),
            event.order_id,
            event.shipment_id,
            event.parcel_id.map(|p| p.0),
            event.direction.as_str(),
            event.kind,
            to_json(event.body)?,
            actor.desk,
            actor.person,
        ],
    )?;
    Ok(())
}
