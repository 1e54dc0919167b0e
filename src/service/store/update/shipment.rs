//! One shipment object of an update: a new shipment or changes to an existing one, then its
//! fulfillments, its status and its refund, in that order.

use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::json;

use super::super::codec::dec_sum;
use super::super::create::{NewShipment, insert_line, insert_shipment};
use super::super::error::StoreError;
use super::super::rows::{LineRow, ShipmentRow, load_lines, load_shipments};
use super::super::types::ShipmentState;
use super::ctx::Ctx;
use super::{fulfill, items};
use crate::api::ShipmentUpdate;
use crate::domain::Currency;
use crate::sql::params;

pub(super) fn apply(
    ctx: &mut Ctx<'_, '_>,
    i: usize,
    update: &ShipmentUpdate,
) -> Result<(), StoreError> {
    let path = format!("shipments[{i}]");
    let status = match update.status.as_deref() {
        None => None,
        Some("fulfilled") => Some(ShipmentState::Fulfilled),
        Some("canceled") => Some(ShipmentState::Canceled),
        Some(other) => {
            ctx.invalid(
                format!("{path}.status"),
                format!("the status {other:?} is not one of fulfilled, canceled"),
            );
            return Ok(());
        }
    };
    let existing = find(ctx, &update.shipment_id)?;
    let mut shipment = match existing {
        Some(shipment) => {
            check_rate(ctx, &path, &shipment, update);
            if let Some(changes) = &update.items {
                let lines = load_lines(ctx.tx, shipment.id)?;
                items::apply(ctx, &path, &shipment, &lines, changes)?;
            }
            shipment
        }
        None => match add(ctx, &path, update)? {
            Some(shipment) => shipment,
            None => return Ok(()),
        },
    };
    let mut lines = load_lines(ctx.tx, shipment.id)?;
    for (j, fulfillment) in update.fulfillments.iter().enumerate() {
        let fpath = format!("{path}.fulfillments[{j}]");
        fulfill::record(ctx, &fpath, &shipment, &mut lines, fulfillment)?;
    }
    if let Some(status) = status {
        fulfill::change_status(ctx, &mut shipment, &lines, status)?;
    }
    if let Some(amount) = update.refunded_amount {
        refund(ctx, &path, &shipment, &lines, amount)?;
    }
    Ok(())
}

fn find(ctx: &mut Ctx<'_, '_>, shipment_id: &str) -> Result<Option<ShipmentRow>, StoreError> {
    let row: Option<i64> = ctx.tx.query_row_opt(
        "SELECT id FROM order_shipments WHERE order_id = ?1 AND shipment_id = ?2",
        params![ctx.order.id, shipment_id],
        |row| Ok::<_, StoreError>(row.get(0)?),
    )?;
    let Some(row) = row else { return Ok(None) };
    Ok(load_shipments(ctx.tx, ctx.order.id)?
        .into_iter()
        .find(|s| s.id == row))
}

/// The rate sent with an existing shipment must be the one chosen at checkout.
fn check_rate(ctx: &mut Ctx<'_, '_>, path: &str, shipment: &ShipmentRow, update: &ShipmentUpdate) {
    if let Some(id) = update
        .shipping_rate_id
        .as_deref()
        .filter(|id| *id != shipment.shipping_rate_id)
    {
        ctx.invalid(
            format!("{path}.shipping_rate_id"),
            format!(
                "the shipment {} was ordered with rate {}, not {id}",
                shipment.shipment_id, shipment.shipping_rate_id
            ),
        );
    }
    if let Some(rate) = update
        .shipping_rate
        .filter(|rate| *rate != shipment.shipping_rate)
    {
        ctx.invalid(
            format!("{path}.shipping_rate"),
            format!(
                "the shipment {}'s rate costs {}, not {rate}",
                shipment.shipment_id, shipment.shipping_rate
            ),
        );
    }
}

/// A new `shipment_id` adds a shipment: it needs its rate and its items, each complete.
fn add(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    update: &ShipmentUpdate,
) -> Result<Option<ShipmentRow>, StoreError> {
    let before = ctx.errors.len();
    let id = &update.shipment_id;
    if update.shipping_rate_id.is_none() {
        ctx.invalid(
            format!("{path}.shipping_rate_id"),
            format!("the shipment {id} is new, so it needs its shipping_rate_id"),
        );
    }
    match update.shipping_rate {
        None => ctx.invalid(
            format!("{path}.shipping_rate"),
            format!("the shipment {id} is new, so it needs its shipping_rate"),
        ),
        Some(rate) if rate < Decimal::ZERO => ctx.invalid(
            format!("{path}.shipping_rate"),
            "the shipping rate cannot be negative",
        ),
        Some(_) => {}
    }
    let new_items = update.items.as_deref().unwrap_or_default();
    if new_items.is_empty() {
        ctx.invalid(
            format!("{path}.items"),
            format!("the shipment {id} is new, so it needs its items, each with every cart field"),
        );
    }
    let mut lines = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (k, item) in new_items.iter().enumerate() {
        let item_path = format!("{path}.items[{k}]");
        if !seen.insert(item.source_line_id.as_str()) {
            ctx.invalid(
                format!("{item_path}.source_line_id"),
                format!("the line {} is listed twice", item.source_line_id),
            );
            continue;
        }
        if let Some(line) = items::complete_line(ctx, &item_path, item) {
            lines.push(line);
        }
    }
    let (Some(rate_id), Some(rate)) = (update.shipping_rate_id.as_deref(), update.shipping_rate)
    else {
        return Ok(None);
    };
    if ctx.errors.len() > before {
        return Ok(None);
    }
    let row = insert_shipment(
        ctx.tx,
        ctx.order.id,
        &NewShipment {
            shipment_id: id,
            shipping_rate_id: rate_id,
            shipping_rate: rate,
            rate: None,
            ship_from: None,
        },
    )?;
    for line in &lines {
        insert_line(ctx.tx, row, line)?;
    }
    ctx.event(
        "shipment_added",
        json!({
            "shipment_id": id,
            "shipping_rate_id": rate_id,
            "shipping_rate": rate.to_string(),
            "items": lines.len(),
        }),
    )?;
    find(ctx, id)
}

/// `refunded_amount` is the shipment's running total of refunds; it never exceeds what was
/// paid for the shipment.
fn refund(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    shipment: &ShipmentRow,
    lines: &[LineRow],
    amount: Decimal,
) -> Result<(), StoreError> {
    let field = format!("{path}.refunded_amount");
    if amount < Decimal::ZERO {
        ctx.invalid(field, "the refunded amount cannot be negative");
        return Ok(());
    }
    let paid = paid_for(ctx, shipment, lines)?;
    if amount > paid {
        ctx.invalid(
            field,
            format!(
                "at most {paid} was paid for shipment {} (its items net of discounts, shipping \
                 {}, duties {} and taxes {}); the refund cannot be more",
                shipment.shipment_id, shipment.shipping_rate, shipment.duties, shipment.total_taxes
            ),
        );
        return Ok(());
    }
    if amount == shipment.refunded_amount {
        return Ok(());
    }
    ctx.tx.execute(
        "UPDATE order_shipments SET refunded_amount = ?1 WHERE id = ?2",
        params![amount.to_string(), shipment.id],
    )?;
    ctx.event(
        "refund_recorded",
        json!({
            "shipment_id": shipment.shipment_id,
            "before": shipment.refunded_amount.to_string(),
            "after": amount.to_string(),
        }),
    )
}

/// Items net of unit discounts, less the shipment's share of the order discount (split in
/// proportion to net value, rounded toward zero so the cap never undercuts a full refund),
/// plus the rate and the locked duties and taxes.
fn paid_for(
    ctx: &mut Ctx<'_, '_>,
    shipment: &ShipmentRow,
    lines: &[LineRow],
) -> Result<Decimal, StoreError> {
    let own = dec_sum(&lines.iter().map(LineRow::net_value).collect::<Vec<_>>());
    let mut all = Decimal::ZERO;
    for other in load_shipments(ctx.tx, ctx.order.id)? {
        let nets: Vec<Decimal> = load_lines(ctx.tx, other.id)?
            .iter()
            .map(LineRow::net_value)
            .collect();
        all = all.saturating_add(dec_sum(&nets));
    }
    let discount = ctx.order.order_discount;
    let share = if all > Decimal::ZERO && discount > Decimal::ZERO {
        let minor = Currency::parse(&ctx.order.currency_code).map_or(2, |c| c.minor_units());
        discount
            .checked_mul(own)
            .and_then(|d| d.checked_div(all))
            .map(|d| d.round_dp_with_strategy(minor, RoundingStrategy::ToZero))
            .unwrap_or(Decimal::ZERO)
    } else {
        Decimal::ZERO
    };
    let goods = own.saturating_sub(share).max(Decimal::ZERO);
    Ok(dec_sum(&[
        goods,
        shipment.shipping_rate,
        shipment.duties,
        shipment.total_taxes,
    ]))
}
