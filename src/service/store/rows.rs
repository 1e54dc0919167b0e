//! Stored orders, shipments and lines as the write paths and the view read them.

use rusqlite::{OptionalExtension, Row, Transaction};
use rust_decimal::Decimal;

use super::StoreError;
use super::codec::{dec_sum, parse_dec};
use super::types::ShipmentState;

pub(super) struct OrderRow {
    pub id: i64,
    pub source_reference: String,
    pub source: String,
    pub landedcost_request_id: String,
    pub currency_code: String,
    pub source_created_at: String,
    pub source_updated_at: String,
    pub total: Decimal,
    pub order_discount: Decimal,
    pub custom_properties_json: Option<String>,
    pub billing_address_json: Option<String>,
    pub destination_address_json: String,
}

pub(super) fn load_order(
    tx: &Transaction<'_>,
    source_reference: &str,
) -> Result<Option<OrderRow>, StoreError> {
    let raw = tx
        .prepare_cached(
            "SELECT id, source_reference, source, landedcost_request_id, currency_code,
                    source_created_at, source_updated_at, total, order_discount,
                    custom_properties_json, billing_address_json, destination_address_json
             FROM orders WHERE source_reference = ?1",
        )?
        .query_row([source_reference], |row| {
            Ok((
                (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?),
                (row.get(4)?, row.get(5)?, row.get(6)?),
                (row.get::<_, String>(7)?, row.get::<_, String>(8)?),
                (row.get(9)?, row.get(10)?, row.get(11)?),
            ))
        })
        .optional()?;
    let Some((
        (id, source_reference, source, landedcost_request_id),
        (currency_code, source_created_at, source_updated_at),
        (total, order_discount),
        (custom_properties_json, billing_address_json, destination_address_json),
    )) = raw
    else {
        return Ok(None);
    };
    Ok(Some(OrderRow {
        id,
        source_reference,
        source,
        landedcost_request_id,
        currency_code,
        source_created_at,
        source_updated_at,
        total: parse_dec(&total, "orders.total")?,
        order_discount: parse_dec(&order_discount, "orders.order_discount")?,
        custom_properties_json,
        billing_address_json,
        destination_address_json,
    }))
}

pub(super) struct ShipmentRow {
    pub id: i64,
    pub shipment_id: String,
    pub tax_transaction_id: Option<String>,
    pub status: ShipmentState,
    pub shipping_rate_id: String,
    pub shipping_rate: Decimal,
    pub duties: Decimal,
    pub total_taxes: Decimal,
    pub landed_cost_json: Option<String>,
    pub ship_from_json: Option<String>,
    pub refunded_amount: Decimal,
}

/// The order's shipments in the order they were added.
pub(super) fn load_shipments(
    tx: &Transaction<'_>,
    order_id: i64,
) -> Result<Vec<ShipmentRow>, StoreError> {
    let mut stmt = tx.prepare_cached(
        "SELECT id, shipment_id, tax_transaction_id, status, shipping_rate_id, shipping_rate,
                duties, total_taxes, landed_cost_json, ship_from_json, refunded_amount
         FROM order_shipments WHERE order_id = ?1 ORDER BY id",
    )?;
    let raw = stmt
        .query_map([order_id], |row| {
            Ok((
                (
                    row.get(0)?,
                    row.get(1)?,
                    row.get(2)?,
                    row.get::<_, String>(3)?,
                ),
                (row.get(4)?, row.get::<_, String>(5)?),
                (row.get::<_, String>(6)?, row.get::<_, String>(7)?),
                (row.get(8)?, row.get(9)?, row.get::<_, String>(10)?),
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    raw.into_iter()
        .map(
            |(
                (id, shipment_id, tax_transaction_id, status),
                (shipping_rate_id, rate),
                (duties, taxes),
                (landed_cost_json, ship_from_json, refunded),
            )| {
                Ok(ShipmentRow {
                    id,
                    shipment_id,
                    tax_transaction_id,
                    status: ShipmentState::parse(&status).ok_or_else(|| {
                        StoreError::Corrupt(format!("unknown shipment status {status:?}"))
                    })?,
                    shipping_rate_id,
                    shipping_rate: parse_dec(&rate, "order_shipments.shipping_rate")?,
                    duties: parse_dec(&duties, "order_shipments.duties")?,
                    total_taxes: parse_dec(&taxes, "order_shipments.total_taxes")?,
                    landed_cost_json,
                    ship_from_json,
                    refunded_amount: parse_dec(&refunded, "order_shipments.refunded_amount")?,
                })
            },
        )
        .collect()
}

pub(super) struct LineRow {
    pub id: i64,
    pub source_line_id: String,
    pub source_product_id: i64,
    pub source_variant_id: i64,
    pub hs_code: Option<String>,
    pub quantity: Decimal,
    pub unit_price: Decimal,
    pub unit_discount: Decimal,
    pub sku: String,
    pub product_name: String,
    pub variant_name: String,
    pub description: String,
    pub origin_country_code: String,
    pub category: String,
    pub requires_shipping: bool,
    pub weight_per_unit: Option<Decimal>,
    pub weight_unit: Option<String>,
    pub refunded_quantity: Decimal,
    /// Units in fulfilments so far.
    pub fulfilled: Decimal,
    /// Units on parcel labels so far.
    pub labelled: Decimal,
}

impl LineRow {
    /// What the shopper paid for the line before any order discount.
    pub fn net_value(&self) -> Decimal {
        self.quantity
            .saturating_mul(self.unit_price.saturating_sub(self.unit_discount))
    }
}

const LINE_COLUMNS: &str = "id, source_line_id, source_product_id, source_variant_id, hs_code,
    quantity, unit_price, unit_discount, sku, product_name, variant_name, description,
    origin_country_code, category, requires_shipping, weight_per_unit, weight_unit,
    refunded_quantity";

/// The lines of one shipment in the order they were added, with their running totals.
pub(super) fn load_lines(
    tx: &Transaction<'_>,
    shipment_row: i64,
) -> Result<Vec<LineRow>, StoreError> {
    let sql = format!("SELECT {LINE_COLUMNS} FROM order_items WHERE shipment_row = ?1 ORDER BY id");
    let mut stmt = tx.prepare_cached(&sql)?;
    let raw = stmt
        .query_map([shipment_row], raw_line)?
        .collect::<Result<Vec<_>, _>>()?;
    raw.into_iter().map(|raw| finish_line(tx, raw)).collect()
}

type RawLine = (
    (i64, String, i64, i64, Option<String>),
    (String, String, String),
    (String, String, String, String, String, String, bool),
    (Option<String>, Option<String>, String),
);

fn raw_line(row: &Row<'_>) -> rusqlite::Result<RawLine> {
    Ok((
        (
            row.get(0)?,
            row.get(1)?,
            row.get(2)?,
            row.get(3)?,
            row.get(4)?,
        ),
        (row.get(5)?, row.get(6)?, row.get(7)?),
        (
            row.get(8)?,
            row.get(9)?,
            row.get(10)?,
            row.get(11)?,
            row.get(12)?,
            row.get(13)?,
            row.get(14)?,
        ),
        (row.get(15)?, row.get(16)?, row.get(17)?),
    ))
}

fn finish_line(tx: &Transaction<'_>, raw: RawLine) -> Result<LineRow, StoreError> {
    let (
        (id, source_line_id, source_product_id, source_variant_id, hs_code),
        (quantity, unit_price, unit_discount),
        (sku, product_name, variant_name, description, origin, category, requires_shipping),
        (weight_per_unit, weight_unit, refunded_quantity),
    ) = raw;
    Ok(LineRow {
        id,
        source_line_id,
        source_product_id,
        source_variant_id,
        hs_code,
        quantity: parse_dec(&quantity, "order_items.quantity")?,
        unit_price: parse_dec(&unit_price, "order_items.unit_price")?,
        unit_discount: parse_dec(&unit_discount, "order_items.unit_discount")?,
        sku,
        product_name,
        variant_name,
        description,
        origin_country_code: origin,
        category,
        requires_shipping,
        weight_per_unit: weight_per_unit
            .map(|w| parse_dec(&w, "order_items.weight_per_unit"))
            .transpose()?,
        weight_unit,
        refunded_quantity: parse_dec(&refunded_quantity, "order_items.refunded_quantity")?,
        fulfilled: quantity_sum(tx, "fulfillment_items", id)?,
        labelled: quantity_sum(tx, "label_items", id)?,
    })
}

fn quantity_sum(tx: &Transaction<'_>, table: &str, item_id: i64) -> Result<Decimal, StoreError> {
    let sql = format!("SELECT quantity FROM {table} WHERE item_id = ?1");
    let texts = tx
        .prepare_cached(&sql)?
        .query_map([item_id], |row| row.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    let values = texts
        .iter()
        .map(|t| parse_dec(t, table))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(dec_sum(&values))
}
