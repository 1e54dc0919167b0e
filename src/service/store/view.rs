//! Reading an order back with everything derived from its history.

use super::codec::{StoredDecimal, from_json, opt_from_json, parse_ts, weight};
use super::error::StoreError;
use super::handle::Store;
use super::rows::{LineRow, load_lines, load_order, load_shipments};
use super::types::{FulfillmentView, ItemView, LabelKind, LabelSummary, OrderView, ShipmentView};
use crate::sql::{Tx, params};

impl Store {
    /// The order as stored, or `None` when there is no such order.
    pub fn order(&self, source_reference: u64) -> Result<Option<OrderView>, StoreError> {
        self.read(|tx| {
            let Some(order) = load_order(tx, &source_reference.to_string())? else {
                return Ok(None);
            };
            let mut shipments = Vec::new();
            for row in load_shipments(tx, order.id)? {
                let items = load_lines(tx, row.id)?.into_iter().map(item_view).collect();
                shipments.push(ShipmentView {
                    fulfillments: fulfillments(tx, row.id)?,
                    shipment_id: row.shipment_id,
                    tax_transaction_id: row.tax_transaction_id,
                    status: row.status,
                    shipping_rate_id: row.shipping_rate_id,
                    shipping_rate: row.shipping_rate,
                    landed_cost: opt_from_json(
                        row.landed_cost_json,
                        "order_shipments.landed_cost_json",
                    )?,
                    ship_from: opt_from_json(row.ship_from_json, "order_shipments.ship_from_json")?,
                    refunded_amount: row.refunded_amount,
                    items,
                });
            }
            let events: i64 = tx.query_value(
                "SELECT COUNT(*) AS events FROM events WHERE source_reference = ?1",
                params![order.source_reference],
            )?;
            Ok(Some(OrderView {
                source_reference,
                labels: labels(tx, order.id)?,
                source: order.source,
                landedcost_request_id: order.landedcost_request_id,
                currency_code: order.currency_code,
                source_created_at: order.source_created_at,
                source_updated_at: order.source_updated_at,
                total: order.total,
                order_discount: order.order_discount,
                custom_properties: opt_from_json(
                    order.custom_properties_json,
                    "orders.custom_properties_json",
                )?,
                billing_address: opt_from_json(
                    order.billing_address_json,
                    "orders.billing_address_json",
                )?,
                destination_address: from_json(
                    &order.destination_address_json,
                    "orders.destination_address_json",
                )?,
                shipments,
                events: u64::try_from(events).unwrap_or_default(),
            }))
        })
    }
}

fn item_view(line: LineRow) -> ItemView {
    ItemView {
        weight_per_unit: weight(line.weight_per_unit, line.weight_unit.as_deref()),
        source_line_id: line.source_line_id,
        source_product_id: line.source_product_id,
        source_variant_id: line.source_variant_id,
        sku: line.sku,
        product_name: line.product_name,
        variant_name: line.variant_name,
        description: line.description,
        hs_code: line.hs_code,
        origin_country_code: line.origin_country_code,
        category: line.category,
        requires_shipping: line.requires_shipping,
        quantity: line.quantity,
        unit_price: line.unit_price,
        unit_discount: line.unit_discount,
        fulfilled: line.fulfilled,
        labelled: line.labelled,
        refunded: line.refunded_quantity,
    }
}

fn fulfillments(tx: &mut Tx<'_>, shipment_row: i64) -> Result<Vec<FulfillmentView>, StoreError> {
    let rows = tx.query_map(
        "SELECT id, tracking_number, carrier, location, shipped_at, status
         FROM fulfillments WHERE shipment_row = ?1 ORDER BY id",
        params![shipment_row],
        |row| -> Result<_, StoreError> {
            Ok((
                row.get::<_, i64>("id")?,
                FulfillmentView {
                    tracking_number: row.get("tracking_number")?,
                    carrier: row.get("carrier")?,
                    location: row.get("location")?,
                    shipped_at: row.get("shipped_at")?,
                    status: row.get("status")?,
                    items: Vec::new(),
                },
            ))
        },
    )?;
    let mut views = Vec::new();
    for (id, mut view) in rows {
        let items = tx.query_map(
            "SELECT i.source_line_id, f.quantity FROM fulfillment_items f
             JOIN order_items i ON i.id = f.item_id
             WHERE f.fulfillment_id = ?1 ORDER BY i.id",
            params![id],
            |row| -> Result<_, StoreError> {
                Ok((
                    row.get::<_, String>("source_line_id")?,
                    row.get::<_, StoredDecimal>("quantity")?.0,
                ))
            },
        )?;
        view.items.extend(items);
        views.push(view);
    }
    Ok(views)
}

fn labels(tx: &mut Tx<'_>, order_id: i64) -> Result<Vec<LabelSummary>, StoreError> {
    let rows = tx.query_map(
        "SELECT id, kind, track_reference, tracking_code, ready_at
         FROM labels WHERE order_id = ?1 ORDER BY created_at, rowid",
        params![order_id],
        |row| -> Result<_, StoreError> {
            Ok((
                row.get::<_, String>("id")?,
                row.get::<_, String>("kind")?,
                row.get::<_, Option<String>>("track_reference")?,
                row.get::<_, String>("tracking_code")?,
                row.get::<_, String>("ready_at")?,
            ))
        },
    )?;
    rows.into_iter()
        .map(|(id, kind, track_reference, tracking_code, ready_at)| {
            Ok(LabelSummary {
                id,
                kind: if kind == "full" {
                    LabelKind::Full
                } else {
                    LabelKind::Parcel
                },
                track_reference,
                tracking_code,
                ready_at: parse_ts(&ready_at)?,
            })
        })
        .collect()
}
