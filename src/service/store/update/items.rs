//! Line changes of a shipment update: corrections of existing lines and new lines.

use std::collections::HashSet;

use rust_decimal::Decimal;
use serde_json::json;

use super::super::create::{NewLine, insert_line};
use super::super::error::StoreError;
use super::super::rows::{LineRow, ShipmentRow};
use super::super::types::ShipmentState;
use super::changes::Changes;
use super::ctx::Ctx;
use crate::api::UpdateItem;

/// Columns a canceled shipment may still change: refunds go on after a cancellation.
const AFTER_CANCEL: &[&str] = &["refunded_quantity", "hs_code"];

/// Applies `items` of an update to an existing shipment.
pub(super) fn apply(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    shipment: &ShipmentRow,
    lines: &[LineRow],
    items: &[UpdateItem],
) -> Result<(), StoreError> {
    let mut seen = HashSet::new();
    for (k, item) in items.iter().enumerate() {
        let item_path = format!("{path}.items[{k}]");
        if !seen.insert(item.source_line_id.as_str()) {
            ctx.invalid(
                format!("{item_path}.source_line_id"),
                format!(
                    "the line {} is listed twice; send one object per line",
                    item.source_line_id
                ),
            );
            continue;
        }
        match lines
            .iter()
            .find(|l| l.source_line_id == item.source_line_id)
        {
            Some(line) => change_line(ctx, &item_path, shipment, line, item)?,
            None => add_line(ctx, &item_path, shipment, item)?,
        }
    }
    Ok(())
}

fn change_line(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    shipment: &ShipmentRow,
    line: &LineRow,
    item: &UpdateItem,
) -> Result<(), StoreError> {
    let before = ctx.errors.len();
    check_values(ctx, path, item, Some(line));
    if ctx.errors.len() > before {
        return Ok(());
    }
    let mut changes = Changes::default();
    changes.dec("quantity", line.quantity, item.quantity);
    changes.dec("unit_price", line.unit_price, item.unit_price);
    changes.dec("unit_discount", line.unit_discount, item.unit_discount);
    changes.dec(
        "refunded_quantity",
        line.refunded_quantity,
        item.refunded_quantity,
    );
    changes.opt_text("hs_code", line.hs_code.as_deref(), item.hs_code.as_deref());
    changes.text("sku", &line.sku, item.sku.as_deref());
    changes.text(
        "product_name",
        &line.product_name,
        item.product_name.as_deref(),
    );
    changes.text(
        "variant_name",
        &line.variant_name,
        item.variant_name.as_deref(),
    );
    changes.text(
        "description",
        &line.description,
        item.description.as_deref(),
    );
    changes.text(
        "origin_country_code",
        &line.origin_country_code,
        item.origin_country_code.as_deref(),
    );
    changes.text("category", &line.category, item.category.as_deref());
    changes.flag(
        "requires_shipping",
        line.requires_shipping,
        item.requires_shipping,
    );
    changes.int(
        "source_product_id",
        line.source_product_id,
        item.source_product_id,
    );
    changes.int(
        "source_variant_id",
        line.source_variant_id,
        item.source_variant_id,
    );
    if changes.is_empty() {
        return Ok(());
    }
    if shipment.status == ShipmentState::Canceled && changes.touches_other_than(AFTER_CANCEL) {
        return Err(StoreError::Conflict(format!(
            "the shipment {} is canceled; only refunds can change its lines",
            shipment.shipment_id
        )));
    }
    changes.write(ctx.tx, "order_items", line.id)?;
    let mut detail = changes.detail();
    detail["shipment_id"] = json!(shipment.shipment_id);
    detail["source_line_id"] = json!(line.source_line_id);
    ctx.event("item_changed", detail)
}

fn add_line(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    shipment: &ShipmentRow,
    item: &UpdateItem,
) -> Result<(), StoreError> {
    if shipment.status == ShipmentState::Canceled {
        return Err(StoreError::Conflict(format!(
            "the shipment {} is canceled; it cannot get new lines",
            shipment.shipment_id
        )));
    }
    let Some(line) = complete_line(ctx, path, item) else {
        return Ok(());
    };
    insert_line(ctx.tx, shipment.id, &line)?;
    ctx.event(
        "item_added",
        json!({
            "shipment_id": shipment.shipment_id,
            "source_line_id": item.source_line_id,
            "sku": line.sku,
            "quantity": line.quantity.to_string(),
        }),
    )
}

/// A line that is new to its shipment: every cart field is required (the update item has no
/// weight, so the line has none).
pub(super) fn complete_line<'a>(
    ctx: &mut Ctx<'_, '_>,
    path: &str,
    item: &'a UpdateItem,
) -> Option<NewLine<'a>> {
    let before = ctx.errors.len();
    let mut need = |present: bool, field: &str| {
        if !present {
            ctx.invalid(
                format!("{path}.{field}"),
                format!(
                    "the line {} is new, so it needs {field} (a new line needs every cart field)",
                    item.source_line_id
                ),
            );
        }
    };
    need(item.quantity.is_some(), "quantity");
    need(item.unit_price.is_some(), "unit_price");
    need(item.unit_discount.is_some(), "unit_discount");
    need(item.sku.is_some(), "sku");
    need(item.product_name.is_some(), "product_name");
    need(item.variant_name.is_some(), "variant_name");
    need(item.description.is_some(), "description");
    need(item.origin_country_code.is_some(), "origin_country_code");
    need(item.category.is_some(), "category");
    need(item.requires_shipping.is_some(), "requires_shipping");
    need(item.source_product_id.is_some(), "source_product_id");
    need(item.source_variant_id.is_some(), "source_variant_id");
    check_values(ctx, path, item, None);
    if ctx.errors.len() > before {
        return None;
    }
    Some(NewLine {
        source_line_id: &item.source_line_id,
        source_product_id: item.source_product_id?,
        source_variant_id: item.source_variant_id?,
        hs_code: item.hs_code.as_deref(),
        quantity: item.quantity?,
        unit_price: item.unit_price?,
        unit_discount: item.unit_discount?,
        sku: item.sku.as_deref()?,
        product_name: item.product_name.as_deref()?,
        variant_name: item.variant_name.as_deref()?,
        description: item.description.as_deref()?,
        origin_country_code: item.origin_country_code.as_deref()?,
        category: item.category.as_deref()?,
        requires_shipping: item.requires_shipping?,
        weight: None,
        refunded_quantity: item.refunded_quantity.unwrap_or(Decimal::ZERO),
    })
}

/// Amount rules of a line after the update: nothing negative, the discount within the price,
/// the quantity not below what was fulfilled, refunds not above the quantity.
fn check_values(ctx: &mut Ctx<'_, '_>, path: &str, item: &UpdateItem, line: Option<&LineRow>) {
    for (field, value) in [
        ("quantity", item.quantity),
        ("unit_price", item.unit_price),
        ("unit_discount", item.unit_discount),
        ("refunded_quantity", item.refunded_quantity),
    ] {
        if value.is_some_and(|v| v < Decimal::ZERO) {
            ctx.invalid(
                format!("{path}.{field}"),
                format!("{field} cannot be negative"),
            );
        }
    }
    let quantity = item.quantity.or(line.map(|l| l.quantity));
    let price = item.unit_price.or(line.map(|l| l.unit_price));
    let discount = item.unit_discount.or(line.map(|l| l.unit_discount));
    let refunded = item.refunded_quantity.or(line.map(|l| l.refunded_quantity));
    if let (Some(price), Some(discount)) = (price, discount)
        && discount > price
    {
        ctx.invalid(
            format!("{path}.unit_discount"),
            format!("the unit discount {discount} is more than the unit price {price}"),
        );
    }
    if let (Some(new), Some(line)) = (item.quantity, line)
        && new < line.fulfilled
    {
        ctx.invalid(
            format!("{path}.quantity"),
            format!(
                "{} units of line {} are already fulfilled; the quantity cannot go below that",
                line.fulfilled, line.source_line_id
            ),
        );
    }
    if let (Some(quantity), Some(refunded)) = (quantity, refunded)
        && refunded > quantity
    {
        let field = if item.refunded_quantity.is_some() {
            "refunded_quantity"
        } else {
            "quantity"
        };
        ctx.invalid(
            format!("{path}.{field}"),
            format!("the refunded quantity {refunded} is more than the line's quantity {quantity}"),
        );
    }
}
