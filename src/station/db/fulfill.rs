//! Fulfillments (one per parcel) and shipment cancellations, as sent with `PUT /v1/orders`.

use std::collections::HashSet;

use crate::api::{FieldError, Fulfillment, OrderUpdateRequest};
use crate::domain::{ShipmentStatus, validate};

use super::encoding::{now_unix, to_json};
use super::engine::{Tx, params};
use super::event_log::{NewEvent, insert_event};
use super::parcel::{parcel_ctx, shipment_ctx};
use super::record::refresh_status;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::check::whole_units;
use crate::station::model::status::OrderStatus;
use crate::station::model::{Direction, FulfillmentId, OrderNumber, ParcelId};

impl StationDb {
    /// Records the fulfillment sent for a parcel (after `PUT /v1/orders` answered 204). Its
    /// items must be exactly the parcel's lines and quantities, so units are never fulfilled
    /// twice or beyond what was ordered; a parcel is fulfilled once. Tracking number, carrier
    /// and location must not be blank and `shipped_at` must be an ISO 8601 timestamp.
    pub fn record_fulfillment(
        &mut self,
        parcel: ParcelId,
        sent: &Fulfillment,
    ) -> Result<FulfillmentId, StationError> {
        let mut tx = self.conn.write()?;
        let id = insert_fulfillment(&mut tx, parcel, sent)?;
        tx.commit()?;
        Ok(id)
    }

    /// Records the cancellation of a shipment (after `PUT /v1/orders` with `status: canceled`
    /// answered 204). `sent` must be that body: this order, with this shipment canceled. A
    /// canceled shipment cannot be packed, labelled or fulfilled afterwards; a fully fulfilled
    /// one cannot be canceled. A partly fulfilled one can: what was sent stays recorded.
    pub fn record_cancellation(
        &mut self,
        order: OrderNumber,
        shipment_id: &str,
        sent: &OrderUpdateRequest,
    ) -> Result<(), StationError> {
        let mut tx = self.conn.write()?;
        insert_cancellation(&mut tx, order, shipment_id, sent)?;
        tx.commit()?;
        Ok(())
    }
}

/// [`StationDb::record_fulfillment`] inside the caller's transaction.
pub(super) fn insert_fulfillment(
    tx: &mut Tx<'_>,
    parcel: ParcelId,
    sent: &Fulfillment,
) -> Result<FulfillmentId, StationError> {
    let ctx = parcel_ctx(tx, parcel)?;
    ctx.ensure_live("fulfilled")?;
    if ctx.fulfilled {
        return Err(StationError::ParcelFulfilled(parcel));
    }
    let lines = parcel_lines(tx, parcel)?;
    let problems = check_fulfillment(sent, &lines);
    if !problems.is_empty() {
        return Err(StationError::Invalid(problems));
    }
    let id = FulfillmentId(tx.query_value(
        "INSERT INTO fulfillments (parcel_id, shipment_id, recorded_at, tracking_number,
            carrier, location, shipped_at, sent_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         RETURNING id",
        params![
            parcel.0,
            ctx.shipment.row,
            now_unix(),
            sent.tracking_number,
            sent.carrier,
            sent.location,
            sent.shipped_at,
            to_json(sent)?,
        ],
    )?);
    for line in &lines {
        tx.execute(
            "INSERT INTO fulfillment_lines (fulfillment_id, item_id, quantity)
             VALUES (?1, ?2, ?3)",
            params![id.0, line.item_row, line.quantity],
        )?;
    }
    insert_event(
        tx,
        NewEvent {
            order_id: ctx.shipment.order_id,
            shipment_id: Some(&ctx.shipment.shipment_id),
            parcel_id: Some(parcel),
            direction: Direction::Sent,
            kind: "fulfillment",
            body: sent,
        },
    )?;
    refresh_status(tx, ctx.shipment.order_id)?;
    Ok(id)
}

/// [`StationDb::record_cancellation`] inside the caller's transaction.
pub(super) fn insert_cancellation(
    tx: &mut Tx<'_>,
    order: OrderNumber,
    shipment_id: &str,
    sent: &OrderUpdateRequest,
) -> Result<(), StationError> {
    let ctx = shipment_ctx(tx, order, shipment_id)?;
    ctx.ensure_not_canceled("canceled again")?;
    let mut problems = Vec::new();
    if sent.source_reference != order {
        problems.push(FieldError::new(
            "source_reference",
            format!("is {}, not order {order}", sent.source_reference),
        ));
    }
    let canceled_here = sent.shipments.iter().any(|s| {
        s.shipment_id == shipment_id
            && s.status.as_deref().and_then(ShipmentStatus::parse) == Some(ShipmentStatus::Canceled)
    });
    if !canceled_here {
        problems.push(FieldError::new(
            "shipments",
            format!("does not cancel shipment {shipment_id}"),
        ));
    }
    if !problems.is_empty() {
        return Err(StationError::Invalid(problems));
    }
    if shipment_fully_fulfilled(tx, ctx.row)? {
        return Err(StationError::ShipmentFulfilled {
            order,
            shipment_id: shipment_id.to_string(),
        });
    }
    tx.execute(
        "UPDATE shipments SET canceled_at = ?1, cancel_json = ?2 WHERE id = ?3",
        params![now_unix(), to_json(sent)?, ctx.row],
    )?;
    insert_event(
        tx,
        NewEvent {
            order_id: ctx.order_id,
            shipment_id: Some(shipment_id),
            parcel_id: None,
            direction: Direction::Sent,
            kind: "cancellation",
            body: sent,
        },
    )?;
    refresh_status(tx, ctx.order_id)?;
    Ok(())
}

struct FulfillLine {
    item_row: i64,
    source_line_id: String,
    sku: String,
    quantity: u32,
}

fn parcel_lines(conn: &mut Tx<'_>, parcel: ParcelId) -> Result<Vec<FulfillLine>, StationError> {
    let lines = conn.query_map(
        "SELECT i.id, i.source_line_id, i.sku, pl.quantity FROM parcel_lines pl
         JOIN items i ON i.id = pl.item_id WHERE pl.parcel_id = ?1 ORDER BY pl.position",
        params![parcel.0],
        |row| {
            Ok(FulfillLine {
                item_row: row.get("id")?,
                source_line_id: row.get("source_line_id")?,
                sku: row.get("sku")?,
                quantity: row.get("quantity")?,
            })
        },
    )?;
    Ok(lines)
}

fn check_fulfillment(sent: &Fulfillment, lines: &[FulfillLine]) -> Vec<FieldError> {
    let mut problems = Vec::new();
    let mut add = |field: String, error: String| problems.push(FieldError::new(field, error));
    for (field, value) in [
        ("tracking_number", &sent.tracking_number),
        ("carrier", &sent.carrier),
        ("location", &sent.location),
    ] {
        if value.trim().is_empty() {
            add(field.into(), "is required".into());
        }
    }
    if validate::parse_timestamp(&sent.shipped_at).is_none() {
        add(
            "shipped_at".into(),
            "must be an ISO 8601 timestamp with a time zone".into(),
        );
    }
    let mut seen = HashSet::new();
    for (i, item) in sent.items.iter().enumerate() {
        let Some(line) = lines
            .iter()
            .find(|l| l.source_line_id == item.source_line_id)
        else {
            add(
                format!("items[{i}].source_line_id"),
                format!("line {} is not in this parcel", item.source_line_id),
            );
            continue;
        };
        if !seen.insert(line.item_row) {
            add(
                format!("items[{i}].source_line_id"),
                format!("line {} is listed twice", item.source_line_id),
            );
        } else if whole_units(item.quantity) != Some(line.quantity) {
            add(
                format!("items[{i}].quantity"),
                format!(
                    "the parcel holds {} of SKU {}; the fulfillment says {}",
                    line.quantity, line.sku, item.quantity
                ),
            );
        }
    }
    for line in lines.iter().filter(|l| !seen.contains(&l.item_row)) {
        add(
            "items".into(),
            format!(
                "the parcel's {} of SKU {} (line {}) are missing",
                line.quantity, line.sku, line.source_line_id
            ),
        );
    }
    problems
}

fn shipment_fully_fulfilled(conn: &mut Tx<'_>, shipment_row: i64) -> Result<bool, StationError> {
    let lines = conn.query_map(
        "SELECT i.quantity, i.requires_shipping,
            CAST(COALESCE((SELECT SUM(fl.quantity) FROM fulfillment_lines fl
                      WHERE fl.item_id = i.id), 0) AS BIGINT) AS fulfilled
         FROM items i WHERE i.shipment_id = ?1",
        params![shipment_row],
        |row| {
            Ok((
                row.get("quantity")?,
                row.get("fulfilled")?,
                row.get("requires_shipping")?,
            ))
        },
    )?;
    let facts = crate::station::model::status::ShipmentFacts {
        lines,
        ..Default::default()
    };
    Ok(crate::station::model::status::shipment_status(&facts) == OrderStatus::Fulfilled)
}
