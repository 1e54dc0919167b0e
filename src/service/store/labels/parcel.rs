//! Split parcels: which order lines a parcel takes its SKUs from, and what is left to label.

use std::collections::{BTreeMap, HashMap};

use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::super::codec::{dec_sum, parse_dec};
use super::super::error::StoreError;
use super::super::rows::{LineRow, OrderRow, ShipmentRow};
use super::super::types::{LabelContext, LabelItem, LabelKind, ParcelRequest, ShipmentState};
use super::new_label::{label_item, new_label_id, next_serial};
use crate::api::{Address, FieldError, LabelAddress};
use crate::domain::{Weight, WeightUnit};
use crate::sql::{Tx, params};

/// The order lines a parcel takes, and where they come from.
pub(super) struct Allocation {
    /// `(order_items.id, quantity)`.
    pub lines: Vec<(i64, Decimal)>,
    pub items: Vec<LabelItem>,
    pub shipment_ids: Vec<String>,
    pub shipping_rate_id: String,
}

/// Rules that need no stored data; field names are the label request's.
pub(super) fn check_request(parcel: &ParcelRequest) -> Result<(), StoreError> {
    let mut errors = Vec::new();
    if parcel.skus.is_empty() {
        errors.push(FieldError::new("skus", "list the SKUs in this parcel"));
    }
    for (i, (_, quantity)) in parcel.skus.iter().enumerate() {
        if *quantity <= Decimal::ZERO {
            errors.push(FieldError::new(
                format!("skus[{i}].quantity"),
                "the quantity must be more than 0",
            ));
        }
    }
    if parcel.track_reference.trim().is_empty() {
        errors.push(FieldError::new(
            "trackReference",
            "give the reference to print on this parcel's label",
        ));
    }
    if parcel.parcel_weight_grams <= Decimal::ZERO {
        errors.push(FieldError::new(
            "parcelWeight",
            "the parcel weight must be more than 0 grams",
        ));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(StoreError::Invalid(errors))
    }
}

/// Total quantity per SKU, in order of first appearance (a SKU may come in twice, from two
/// ASNs).
fn requested(parcel: &ParcelRequest) -> Vec<(&str, Decimal)> {
    let mut totals: Vec<(&str, Decimal)> = Vec::new();
    for (sku, quantity) in &parcel.skus {
        match totals.iter_mut().find(|(s, _)| s == sku) {
            Some((_, total)) => *total = total.saturating_add(*quantity),
            None => totals.push((sku, *quantity)),
        }
    }
    totals
}

/// The stored label of this `trackReference`, when the request is a retry of it; a different
/// parcel under the same reference is a `Conflict`.
pub(super) fn existing(
    tx: &mut Tx<'_>,
    order: &OrderRow,
    parcel: &ParcelRequest,
) -> Result<Option<String>, StoreError> {
    let id: Option<String> = tx.query_row_opt(
        "SELECT id FROM labels WHERE order_id = ?1 AND kind = 'parcel' AND track_reference = ?2",
        params![order.id, parcel.track_reference],
        |row| Ok::<_, StoreError>(row.get(0)?),
    )?;
    let Some(id) = id else { return Ok(None) };
    let rows = tx.query_map(
        "SELECT i.sku, l.quantity FROM label_items l JOIN order_items i ON i.id = l.item_id
         WHERE l.label_id = ?1",
        params![id],
        |row| -> Result<_, StoreError> {
            Ok((
                row.get::<_, String>("sku")?,
                row.get::<_, String>("quantity")?,
            ))
        },
    )?;
    let mut stored: BTreeMap<String, Decimal> = BTreeMap::new();
    for (sku, quantity) in rows {
        let quantity = parse_dec(&quantity, "label_items.quantity")?;
        let total = stored.entry(sku).or_default();
        *total = total.saturating_add(quantity);
    }
    let asked: BTreeMap<String, Decimal> = requested(parcel)
        .into_iter()
        .map(|(sku, q)| (sku.to_owned(), q))
        .collect();
    if asked != stored {
        return Err(StoreError::Conflict(format!(
            "the trackReference {} already has a label for order {} with other SKUs; use a new \
             reference for another parcel",
            parcel.track_reference, order.source_reference
        )));
    }
    Ok(Some(id))
}

/// Checks every SKU against the order and takes its quantity from the lines with units left,
/// first shipment and first line first.
pub(super) fn allocate(
    all: &[(ShipmentRow, Vec<LineRow>)],
    parcel: &ParcelRequest,
    order_number: &str,
) -> Result<Allocation, StoreError> {
    let shippable = |sku: &str| -> Vec<(&ShipmentRow, &LineRow)> {
        all.iter()
            .filter(|(s, _)| s.status != ShipmentState::Canceled)
            .flat_map(|(s, lines)| lines.iter().map(move |l| (s, l)))
            .filter(|(_, l)| l.sku == sku && l.requires_shipping)
            .collect()
    };
    let left_of = |line: &LineRow| {
        line.quantity
            .saturating_sub(line.labelled)
            .max(Decimal::ZERO)
    };
    let mut errors = Vec::new();
    let mut taken: HashMap<&str, Decimal> = HashMap::new();
    for (i, (sku, quantity)) in parcel.skus.iter().enumerate() {
        let in_order: Vec<&ShipmentRow> = all
            .iter()
            .filter(|(_, lines)| lines.iter().any(|l| l.sku == *sku))
            .map(|(s, _)| s)
            .collect();
        if in_order.is_empty() {
            errors.push(FieldError::new(
                format!("skus[{i}].skuName"),
                format!("the order {order_number} has no SKU {sku}"),
            ));
            continue;
        }
        if in_order.iter().all(|s| s.status == ShipmentState::Canceled) {
            let ids: Vec<&str> = in_order.iter().map(|s| s.shipment_id.as_str()).collect();
            return Err(StoreError::Conflict(format!(
                "the SKU {sku} is only in canceled shipment(s) {}; it gets no label",
                ids.join(", ")
            )));
        }
        let lines = shippable(sku);
        if lines.is_empty() {
            errors.push(FieldError::new(
                format!("skus[{i}].skuName"),
                format!("the SKU {sku} does not ship (requires_shipping is false); leave it out"),
            ));
            continue;
        }
        let ordered = dec_sum(&lines.iter().map(|(_, l)| l.quantity).collect::<Vec<_>>());
        let labelled = dec_sum(&lines.iter().map(|(_, l)| l.labelled).collect::<Vec<_>>());
        let already = taken.get(sku.as_str()).copied().unwrap_or_default();
        let free = dec_sum(&lines.iter().map(|(_, l)| left_of(l)).collect::<Vec<_>>());
        let left = free.saturating_sub(already).max(Decimal::ZERO);
        if *quantity > left {
            let earlier = if already > Decimal::ZERO {
                format!(", {already} earlier in this parcel")
            } else {
                String::new()
            };
            errors.push(FieldError::new(
                format!("skus[{i}].quantity"),
                format!(
                    "only {left} of SKU {sku} are left to label ({ordered} ordered, {labelled} on \
                     earlier parcel labels{earlier})"
                ),
            ));
        }
        taken.insert(sku, already.saturating_add(*quantity));
    }
    if !errors.is_empty() {
        return Err(StoreError::Invalid(errors));
    }
    let mut allocation = Allocation {
        lines: Vec::new(),
        items: Vec::new(),
        shipment_ids: Vec::new(),
        shipping_rate_id: String::new(),
    };
    for (sku, total) in requested(parcel) {
        let lines = shippable(sku);
        let mut remaining = total;
        for (shipment, line) in &lines {
            if remaining <= Decimal::ZERO {
                break;
            }
            let take = remaining.min(left_of(line));
            if take <= Decimal::ZERO {
                continue;
            }
            remaining = remaining.saturating_sub(take);
            allocation.lines.push((line.id, take));
            if !allocation.shipment_ids.contains(&shipment.shipment_id) {
                if allocation.shipment_ids.is_empty() {
                    allocation.shipping_rate_id = shipment.shipping_rate_id.clone();
                }
                allocation.shipment_ids.push(shipment.shipment_id.clone());
            }
        }
        if let Some((_, line)) = lines.first() {
            allocation.items.push(label_item(line, total));
        }
    }
    Ok(allocation)
}

pub(super) fn context(
    tx: &mut Tx<'_>,
    order: &OrderRow,
    parcel: &ParcelRequest,
    allocation: &Allocation,
) -> Result<LabelContext, StoreError> {
    Ok(LabelContext {
        label_id: new_label_id(),
        kind: LabelKind::Parcel,
        order_number: order.source_reference.clone(),
        tracking_serial: next_serial(tx)?,
        currency_code: order.currency_code.clone(),
        ship_to: address(&parcel.to),
        ship_from: address(&parcel.from),
        recipient_name: full_name(&parcel.to),
        shipment_ids: allocation.shipment_ids.clone(),
        shipping_rate_id: allocation.shipping_rate_id.clone(),
        items: allocation.items.clone(),
        weight: Some(
            parcel
                .weight
                .unwrap_or(Weight::new(parcel.parcel_weight_grams, WeightUnit::Gram)),
        ),
        dimensions: parcel.dimensions,
        parcel: Some(parcel.clone()),
    })
}

fn full_name(a: &LabelAddress) -> String {
    format!("{} {}", a.first_name.trim(), a.last_name.trim())
        .trim()
        .to_owned()
}

fn address(a: &LabelAddress) -> Address {
    Address {
        country_code: a.country.clone(),
        province: Some(a.province.clone()),
        postal_code: Some(a.zipcode.clone()),
        address1: Some(a.line1.clone()),
        address2: a.line2.clone(),
        city: Some(a.city.clone()),
        name: Some(full_name(a)),
    }
}

/// The parcel as kept with its label and in the event history.
pub(super) fn describe(parcel: &ParcelRequest) -> Value {
    json!({
        "skus": parcel.skus.iter().map(|(sku, q)| json!({ "sku": sku, "quantity": q.to_string() })).collect::<Vec<_>>(),
        "track_reference": parcel.track_reference,
        "parcel_weight_grams": parcel.parcel_weight_grams.to_string(),
        "brand_code": parcel.brand_code,
        "location_code": parcel.location_code,
        "from": parcel.from,
        "to": parcel.to,
        "weight": parcel.weight.map(|w| w.to_string()),
        "dimensions": parcel.dimensions.map(|(l, w, h)| [l.to_string(), w.to_string(), h.to_string()]),
    })
}
