//! Fulfillments and status moves of a shipment.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde_json::json;

use super::super::codec::{parse_dec, ts};
use super::super::error::StoreError;
use super::super::rows::{LineRow, ShipmentRow};
use super::super::types::ShipmentState;
use super::ctx::Ctx;
use crate::api::Fulfillment;
use crate::sql::{Tx, params};

/// Records one fulfillment. The same tracking number with the same items is a retry and counts
/// once (a station's outbox may deliver twice); with other items it is a `Conflict`.
pub(super) fn record(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    shipment: &ShipmentRow,
    lines: &mut [LineRow],
    fulfillment: &Fulfillment,
) -> Result<(), StoreError> {
    if shipment.status == ShipmentState::Canceled {
        return Err(StoreError::Conflict(format!(
            "the shipment {} is canceled; it cannot be fulfilled",
            shipment.shipment_id
        )));
    }
    let Some(wanted) = resolve_items(ctx, path, shipment, lines, fulfillment) else {
        return Ok(());
    };
    let tracking = &fulfillment.tracking_number;
    if let Some((id, stored)) = stored_fulfillment(ctx.tx, shipment.id, tracking)? {
        let same = stored.len() == wanted.len()
            && wanted
                .iter()
                .all(|(index, qty)| lines.get(*index).and_then(|l| stored.get(&l.id)) == Some(qty));
        if !same {
            return Err(StoreError::Conflict(format!(
                "the tracking number {tracking} is already recorded for shipment {} with other \
                 items; use a new tracking number for another batch",
                shipment.shipment_id
            )));
        }
        return refresh_details(ctx, id, shipment, fulfillment);
    }
    for (k, (index, quantity)) in wanted.iter().enumerate() {
        let Some(line) = lines.get(*index) else {
            continue;
        };
        let left = line.quantity.saturating_sub(line.fulfilled);
        if *quantity > left {
            ctx.invalid(
                format!("{path}.items[{k}].quantity"),
                format!(
                    "only {left} of line {} are left to fulfill ({} in the shipment, {} already \
                     fulfilled)",
                    line.source_line_id, line.quantity, line.fulfilled
                ),
            );
        }
    }
    if !ctx.errors.is_empty() {
        return Ok(());
    }
    let fulfillment_id: i64 = ctx.tx.query_value(
        "INSERT INTO fulfillments (shipment_row, tracking_number, location, carrier,
            shipped_at, status, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         RETURNING id",
        params![
            shipment.id,
            tracking,
            fulfillment.location,
            fulfillment.carrier,
            fulfillment.shipped_at,
            fulfillment.status,
            ts(ctx.now)?,
        ],
    )?;
    let mut recorded = Vec::new();
    for (k, (index, quantity)) in wanted.iter().enumerate() {
        let Some(line) = lines.get_mut(*index) else {
            continue;
        };
        let hs_code = fulfillment.items.get(k).and_then(|i| i.hs_code.as_deref());
        ctx.tx.execute(
            "INSERT INTO fulfillment_items (fulfillment_id, item_id, quantity, hs_code)
             VALUES (?1, ?2, ?3, ?4)",
            params![fulfillment_id, line.id, quantity.to_string(), hs_code],
        )?;
        line.fulfilled = line.fulfilled.saturating_add(*quantity);
        recorded.push(
            json!({ "source_line_id": line.source_line_id, "quantity": quantity.to_string() }),
        );
    }
    ctx.event(
        "fulfillment_recorded",
        json!({
            "shipment_id": shipment.shipment_id,
            "tracking_number": tracking,
            "carrier": fulfillment.carrier,
            "location": fulfillment.location,
            "shipped_at": fulfillment.shipped_at,
            "status": fulfillment.status,
            "items": recorded,
        }),
    )
}

/// The fulfillment's items as `(index in lines, quantity)`, in request order; `None` after
/// recording what is wrong with them.
fn resolve_items(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    shipment: &ShipmentRow,
    lines: &[LineRow],
    fulfillment: &Fulfillment,
) -> Option<Vec<(usize, Decimal)>> {
    let before = ctx.errors.len();
    if fulfillment.tracking_number.trim().is_empty() {
        ctx.invalid(
            format!("{path}.tracking_number"),
            "give the tracking number of this batch",
        );
    }
    if fulfillment.items.is_empty() {
        ctx.invalid(
            format!("{path}.items"),
            "list the items of this batch with their quantities",
        );
    }
    let mut wanted: Vec<(usize, Decimal)> = Vec::new();
    for (k, item) in fulfillment.items.iter().enumerate() {
        let item_path = format!("{path}.items[{k}]");
        let Some(index) = lines
            .iter()
            .position(|l| l.source_line_id == item.source_line_id)
        else {
            ctx.invalid(
                format!("{item_path}.source_line_id"),
                format!(
                    "the shipment {} has no line {}",
                    shipment.shipment_id, item.source_line_id
                ),
            );
            continue;
        };
        if wanted.iter().any(|(i, _)| *i == index) {
            ctx.invalid(
                format!("{item_path}.source_line_id"),
                format!(
                    "the line {} is listed twice in this batch",
                    item.source_line_id
                ),
            );
            continue;
        }
        let line = lines.get(index)?;
        if item.source_product_id != line.source_product_id {
            ctx.invalid(
                format!("{item_path}.source_product_id"),
                format!(
                    "the line {} is product {}, not {}",
                    line.source_line_id, line.source_product_id, item.source_product_id
                ),
            );
        }
        if item.source_variant_id != line.source_variant_id {
            ctx.invalid(
                format!("{item_path}.source_variant_id"),
                format!(
                    "the line {} is variant {}, not {}",
                    line.source_line_id, line.source_variant_id, item.source_variant_id
                ),
            );
        }
        if item.quantity <= Decimal::ZERO {
            ctx.invalid(
                format!("{item_path}.quantity"),
                "a fulfilled quantity must be more than 0",
            );
        }
        wanted.push((index, item.quantity));
    }
    (ctx.errors.len() == before).then_some(wanted)
}

/// Quantity per `order_items.id`.
type ItemQuantities = BTreeMap<i64, Decimal>;

/// A stored fulfillment of the shipment with this tracking number: its id and item quantities.
fn stored_fulfillment(
    tx: &mut Tx<'_>,
    shipment_row: i64,
    tracking: &str,
) -> Result<Option<(i64, ItemQuantities)>, StoreError> {
    let id: Option<i64> = tx.query_row_opt(
        "SELECT id FROM fulfillments WHERE shipment_row = ?1 AND tracking_number = ?2",
        params![shipment_row, tracking],
        |row| Ok::<_, StoreError>(row.get(0)?),
    )?;
    let Some(id) = id else { return Ok(None) };
    let rows = tx.query_map(
        "SELECT item_id, quantity FROM fulfillment_items WHERE fulfillment_id = ?1",
        params![id],
        |row| -> Result<_, StoreError> {
            Ok((
                row.get::<_, i64>("item_id")?,
                row.get::<_, String>("quantity")?,
            ))
        },
    )?;
    let mut items = BTreeMap::new();
    for (item, quantity) in rows {
        items.insert(item, parse_dec(&quantity, "fulfillment_items.quantity")?);
    }
    Ok(Some((id, items)))
}

/// A retried fulfillment may carry newer details (its status, a corrected carrier): keep them.
fn refresh_details(
    ctx: &mut Ctx<'_, '_>,
    id: i64,
    shipment: &ShipmentRow,
    fulfillment: &Fulfillment,
) -> Result<(), StoreError> {
    let before: (String, String, String, String) = ctx.tx.query_row(
        "SELECT location, carrier, shipped_at, status FROM fulfillments WHERE id = ?1",
        params![id],
        |row| -> Result<_, StoreError> {
            Ok((
                row.get("location")?,
                row.get("carrier")?,
                row.get("shipped_at")?,
                row.get("status")?,
            ))
        },
    )?;
    let after = (
        fulfillment.location.clone(),
        fulfillment.carrier.clone(),
        fulfillment.shipped_at.clone(),
        fulfillment.status.clone(),
    );
    if before == after {
        return Ok(());
    }
    ctx.tx.execute(
        "UPDATE fulfillments SET location = ?1, carrier = ?2, shipped_at = ?3, status = ?4
         WHERE id = ?5",
        params![&after.0, &after.1, &after.2, &after.3, id],
    )?;
    let detail = |(location, carrier, shipped_at, status): &(String, String, String, String)| json!({ "location": location, "carrier": carrier, "shipped_at": shipped_at, "status": status });
    ctx.event(
        "fulfillment_updated",
        json!({
            "shipment_id": shipment.shipment_id,
            "tracking_number": fulfillment.tracking_number,
            "before": detail(&before),
            "after": detail(&after),
        }),
    )
}

/// `fulfilled` and `canceled` moves; repeating the current status changes nothing.
pub(super) fn change_status(
    ctx: &mut Ctx<'_, '_>,
    shipment: &mut ShipmentRow,
    lines: &[LineRow],
    to: ShipmentState,
) -> Result<(), StoreError> {
    let id = &shipment.shipment_id;
    match (shipment.status, to) {
        (from, to) if from == to => return Ok(()),
        (ShipmentState::Canceled, ShipmentState::Fulfilled) => {
            return Err(StoreError::Conflict(format!(
                "the shipment {id} is canceled; it cannot be fulfilled"
            )));
        }
        (ShipmentState::Fulfilled, ShipmentState::Canceled) => {
            return Err(StoreError::Conflict(format!(
                "the shipment {id} is fulfilled; it cannot be canceled (refund it instead)"
            )));
        }
        (_, ShipmentState::Canceled) if lines.iter().any(|l| l.fulfilled > Decimal::ZERO) => {
            return Err(StoreError::Conflict(format!(
                "the shipment {id} is partly fulfilled; it cannot be canceled (refund it instead)"
            )));
        }
        _ => {}
    }
    ctx.tx.execute(
        "UPDATE order_shipments SET status = ?1 WHERE id = ?2",
        params![to.as_str(), shipment.id],
    )?;
    ctx.event(
        match to {
            ShipmentState::Canceled => "shipment_canceled",
            _ => "shipment_fulfilled",
        },
        json!({ "shipment_id": id, "before": shipment.status.as_str(), "after": to.as_str() }),
    )?;
    shipment.status = to;
    Ok(())
}
