//! Packing parcels: quantities never more than is left, one transaction each.

use std::collections::HashSet;

use rust_decimal::Decimal;

use crate::api::FieldError;
use crate::domain::validate;

use super::encoding::{now_unix, to_json};
use super::engine::{Tx, params};
use super::event_log::{NewEvent, insert_event};
use super::record::refresh_status;
use super::station_db::{StationDb, order_row_id};
use crate::station::error::StationError;
use crate::station::model::{Direction, NewParcel, OrderNumber, ParcelId};

/// A shipment row with what the write checks need.
pub(super) struct ShipmentCtx {
    pub order_id: i64,
    pub order: OrderNumber,
    pub row: i64,
    pub shipment_id: String,
    pub canceled: bool,
}

impl ShipmentCtx {
    pub fn ensure_not_canceled(&self, action: &'static str) -> Result<(), StationError> {
        if self.canceled {
            return Err(StationError::ShipmentCanceled {
                order: self.order,
                shipment_id: self.shipment_id.clone(),
                action,
            });
        }
        Ok(())
    }
}

pub(super) fn shipment_ctx(
    conn: &mut Tx<'_>,
    order: OrderNumber,
    shipment_id: &str,
) -> Result<ShipmentCtx, StationError> {
    let order_id = order_row_id(conn, order)?;
    let (row, canceled) = conn
        .query_row_opt(
            "SELECT id, canceled_at IS NOT NULL AS canceled FROM shipments
             WHERE order_id = ?1 AND shipment_id = ?2",
            params![order_id, shipment_id],
            |row| Ok((row.get("id")?, row.get("canceled")?)),
        )?
        .ok_or_else(|| StationError::UnknownShipment {
            order,
            shipment_id: shipment_id.to_string(),
        })?;
    Ok(ShipmentCtx {
        order_id,
        order,
        row,
        shipment_id: shipment_id.to_string(),
        canceled,
    })
}

/// A parcel row with its shipment and whether it is voided or fulfilled.
pub(super) struct ParcelCtx {
    pub id: ParcelId,
    pub shipment: ShipmentCtx,
    pub voided: bool,
    pub fulfilled: bool,
}

impl ParcelCtx {
    /// A parcel that can still get labels or a fulfillment.
    pub fn ensure_live(&self, action: &'static str) -> Result<(), StationError> {
        self.shipment.ensure_not_canceled(action)?;
        if self.voided {
            return Err(StationError::ParcelVoided(self.id));
        }
        Ok(())
    }
}

pub(super) fn parcel_ctx(conn: &mut Tx<'_>, parcel: ParcelId) -> Result<ParcelCtx, StationError> {
    let row = conn
        .query_row_opt(
            "SELECT o.source_reference, s.shipment_id, p.voided_at IS NOT NULL AS voided,
                EXISTS (SELECT 1 FROM fulfillments f WHERE f.parcel_id = p.id) AS fulfilled
             FROM parcels p JOIN shipments s ON s.id = p.shipment_id
             JOIN orders o ON o.id = s.order_id WHERE p.id = ?1",
            params![parcel.0],
            |row| {
                Ok((
                    row.get::<_, i64>("source_reference")?,
                    row.get::<_, String>("shipment_id")?,
                    row.get("voided")?,
                    row.get("fulfilled")?,
                ))
            },
        )?
        .ok_or(StationError::UnknownParcel(parcel))?;
    let (reference, shipment_id, voided, fulfilled) = row;
    let order = u64::try_from(reference)
        .map_err(|_| StationError::Corrupt(format!("order number {reference}")))?;
    Ok(ParcelCtx {
        id: parcel,
        shipment: shipment_ctx(conn, order, &shipment_id)?,
        voided,
        fulfilled,
    })
}

/// An item line with what is left to pack.
struct LineLeft {
    item_row: i64,
    source_line_id: String,
    sku: String,
    ordered: u32,
    in_parcels: u32,
    requires_shipping: bool,
}

fn lines_left(conn: &mut Tx<'_>, shipment_row: i64) -> Result<Vec<LineLeft>, StationError> {
    let lines = conn.query_map(
        "SELECT i.id, i.source_line_id, i.sku, i.quantity, i.requires_shipping,
            CAST(COALESCE((SELECT SUM(pl.quantity) FROM parcel_lines pl JOIN parcels p
                      ON p.id = pl.parcel_id WHERE pl.item_id = i.id AND p.voided_at IS NULL), 0) AS BIGINT)
                AS in_parcels
         FROM items i WHERE i.shipment_id = ?1 ORDER BY i.position",
        params![shipment_row], |row| {
            Ok(LineLeft {
                item_row: row.get("id")?,
                source_line_id: row.get("source_line_id")?,
                sku: row.get("sku")?,
                ordered: row.get("quantity")?,
                requires_shipping: row.get("requires_shipping")?,
                in_parcels: row.get("in_parcels")?,
            })
        })? ;
    Ok(lines)
}

impl StationDb {
    /// Records a parcel packed for a shipment and returns its id. Every line must name an item
    /// line of the shipment that requires shipping, at most once, with 1 up to what is left
    /// (ordered minus units in earlier parcels that were not voided) and an ASN; the weight and
    /// any dimensions must be positive, the track reference not blank, and both addresses must
    /// pass the label address rules (`domain::validate::label_address`, paths `from.…`, `to.…`). Problems come back as
    /// `Invalid` with paths like `lines[1].quantity`; nothing is recorded then.
    pub fn start_parcel(
        &mut self,
        order: OrderNumber,
        shipment_id: &str,
        parcel: &NewParcel,
    ) -> Result<ParcelId, StationError> {
        let mut tx = self.conn.write()?;
        let parcel_id = insert_parcel(&mut tx, order, shipment_id, parcel)?;
        tx.commit()?;
        Ok(parcel_id)
    }

    /// Discards a parcel that was not fulfilled (a label failed, the box was repacked): its
    /// units count as left again and its labels no longer make the shipment "labelled".
    pub fn void_parcel(&mut self, parcel: ParcelId) -> Result<(), StationError> {
        let mut tx = self.conn.write()?;
        let ctx = parcel_ctx(&mut tx, parcel)?;
        if ctx.fulfilled {
            return Err(StationError::ParcelFulfilled(parcel));
        }
        if ctx.voided {
            return Err(StationError::ParcelVoided(parcel));
        }
        tx.execute(
            "UPDATE parcels SET voided_at = ?1 WHERE id = ?2",
            params![now_unix(), parcel.0],
        )?;
        insert_event(
            &mut tx,
            NewEvent {
                order_id: ctx.shipment.order_id,
                shipment_id: Some(&ctx.shipment.shipment_id),
                parcel_id: Some(parcel),
                direction: Direction::Local,
                kind: "parcel_voided",
                body: &serde_json::Value::Null,
            },
        )?;
        refresh_status(&mut tx, ctx.shipment.order_id)?;
        super::outbox::write::discard_parcel_label(&mut tx, parcel)?;
        tx.commit()?;
        Ok(())
    }
}

/// [`StationDb::start_parcel`] inside the caller's transaction.
pub(super) fn insert_parcel(
    tx: &mut Tx<'_>,
    order: OrderNumber,
    shipment_id: &str,
    parcel: &NewParcel,
) -> Result<ParcelId, StationError> {
    let ctx = shipment_ctx(tx, order, shipment_id)?;
    ctx.ensure_not_canceled("packed")?;
    let left = lines_left(tx, ctx.row)?;
    let mut chosen = Vec::new();
    let problems = check_parcel(parcel, &left, &mut chosen);
    if !problems.is_empty() {
        return Err(StationError::Invalid(problems));
    }
    let dims = parcel.dimensions.as_ref();
    let parcel_id = ParcelId(tx.query_value(
        "INSERT INTO parcels (shipment_id, created_at, track_reference, weight, weight_unit,
            length, width, height, dimensions_unit, from_json, to_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         RETURNING id",
        params![
            ctx.row,
            now_unix(),
            parcel.track_reference.trim(),
            parcel.weight.value.to_string(),
            parcel.weight.unit.cart_code(),
            dims.map(|d| d.length.to_string()),
            dims.map(|d| d.width.to_string()),
            dims.map(|d| d.height.to_string()),
            dims.map(|d| d.unit.code()),
            to_json(&parcel.from)?,
            to_json(&parcel.to)?,
        ],
    )?);
    for (position, (item_row, line)) in chosen.iter().zip(&parcel.lines).enumerate() {
        tx.execute(
            "INSERT INTO parcel_lines (parcel_id, item_id, position, quantity, asn)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                parcel_id.0,
                item_row,
                position as i64,
                line.quantity,
                line.asn.trim()
            ],
        )?;
    }
    let body = serde_json::json!({
        "lines": parcel.lines.iter().map(|l| serde_json::json!({
            "source_line_id": l.source_line_id, "quantity": l.quantity, "asn": l.asn,
        })).collect::<Vec<_>>(),
        "weight": parcel.weight.to_string(),
        "track_reference": parcel.track_reference,
    });
    insert_event(
        tx,
        NewEvent {
            order_id: ctx.order_id,
            shipment_id: Some(shipment_id),
            parcel_id: Some(parcel_id),
            direction: Direction::Local,
            kind: "parcel_packed",
            body: &body,
        },
    )?;
    Ok(parcel_id)
}

/// Checks a new parcel against what is left; fills `chosen` with the item rows, line by line.
fn check_parcel(parcel: &NewParcel, left: &[LineLeft], chosen: &mut Vec<i64>) -> Vec<FieldError> {
    let mut problems = Vec::new();
    let mut add = |field: String, error: String| problems.push(FieldError::new(field, error));
    if parcel.lines.is_empty() {
        add("lines".into(), "a parcel needs at least one item".into());
    }
    let mut seen = HashSet::new();
    for (i, line) in parcel.lines.iter().enumerate() {
        let Some(item) = left
            .iter()
            .find(|l| l.source_line_id == line.source_line_id)
        else {
            add(
                format!("lines[{i}].source_line_id"),
                format!("no item line {} in this shipment", line.source_line_id),
            );
            continue;
        };
        chosen.push(item.item_row);
        if !seen.insert(item.item_row) {
            add(
                format!("lines[{i}].source_line_id"),
                format!(
                    "SKU {} is listed twice; put all its units on one line",
                    item.sku
                ),
            );
        }
        let available = item.ordered.saturating_sub(item.in_parcels);
        if !item.requires_shipping {
            add(
                format!("lines[{i}].source_line_id"),
                format!(
                    "SKU {} is not shipped (it does not require shipping)",
                    item.sku
                ),
            );
        } else if line.quantity == 0 {
            add(format!("lines[{i}].quantity"), "must be at least 1".into());
        } else if line.quantity > available {
            add(
                format!("lines[{i}].quantity"),
                format!(
                    "only {available} of SKU {} left (ordered {}, {} already in parcels)",
                    item.sku, item.ordered, item.in_parcels
                ),
            );
        }
        if line.asn.trim().is_empty() {
            add(format!("lines[{i}].asn"), "an ASN is required".into());
        }
    }
    if parcel.weight.value <= Decimal::ZERO {
        add("weight".into(), "must be more than 0".into());
    }
    if let Some(dims) = &parcel.dimensions {
        for (name, value) in [
            ("length", dims.length),
            ("width", dims.width),
            ("height", dims.height),
        ] {
            if value <= Decimal::ZERO {
                add(format!("dimensions.{name}"), "must be more than 0".into());
            }
        }
    }
    if parcel.track_reference.trim().is_empty() {
        add("track_reference".into(), "is required".into());
    }
    problems.extend(validate::label_address(&parcel.from, "from"));
    problems.extend(validate::label_address(&parcel.to, "to"));
    problems
}
