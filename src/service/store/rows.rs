//! Stored orders, shipments and lines as the write paths and the view read them.

use rust_decimal::Decimal;

use super::codec::{StoredDecimal, dec_sum, parse_dec};
use super::error::StoreError;
use super::types::ShipmentState;
use crate::sql::{Tx, params};

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
    tx: &mut Tx<'_>,
    source_reference: &str,
) -> Result<Option<OrderRow>, StoreError> {
    tx.query_row_opt(
        "SELECT id, source_reference, source, landedcost_request_id, currency_code,
                source_created_at, source_updated_at, total, order_discount,
                custom_properties_json, billing_address_json, destination_address_json
         FROM orders WHERE source_reference = ?1",
        params![source_reference],
        |row| -> Result<_, StoreError> {
            Ok(OrderRow {
                id: row.get("id")?,
                source_reference: row.get("source_reference")?,
                source: row.get("source")?,
                landedcost_request_id: row.get("landedcost_request_id")?,
                currency_code: row.get("currency_code")?,
                source_created_at: row.get("source_created_at")?,
                source_updated_at: row.get("source_updated_at")?,
                total: row.get::<_, StoredDecimal>("total")?.0,
                order_discount: row.get::<_, StoredDecimal>("order_discount")?.0,
                custom_properties_json: row.get("custom_properties_json")?,
                billing_address_json: row.get("billing_address_json")?,
                destination_address_json: row.get("destination_address_json")?,
            })
        },
    )
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
    tx: &mut Tx<'_>,
    order_id: i64,
) -> Result<Vec<ShipmentRow>, StoreError> {
    tx.query_map(
        "SELECT id, shipment_id, tax_transaction_id, status, shipping_rate_id, shipping_rate,
                duties, total_taxes, landed_cost_json, ship_from_json, refunded_amount
         FROM order_shipments WHERE order_id = ?1 ORDER BY id",
        params![order_id],
        |row| {
            Ok(ShipmentRow {
                id: row.get("id")?,
                shipment_id: row.get("shipment_id")?,
                tax_transaction_id: row.get("tax_transaction_id")?,
                status: row.get("status")?,
                shipping_rate_id: row.get("shipping_rate_id")?,
                shipping_rate: row.get::<_, StoredDecimal>("shipping_rate")?.0,
                duties: row.get::<_, StoredDecimal>("duties")?.0,
                total_taxes: row.get::<_, StoredDecimal>("total_taxes")?.0,
                landed_cost_json: row.get("landed_cost_json")?,
                ship_from_json: row.get("ship_from_json")?,
                refunded_amount: row.get::<_, StoredDecimal>("refunded_amount")?.0,
            })
        },
    )
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
    /// Units in fulfillments so far.
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
pub(super) fn load_lines(tx: &mut Tx<'_>, shipment_row: i64) -> Result<Vec<LineRow>, StoreError> {
    let sql = format!("SELECT {LINE_COLUMNS} FROM order_items WHERE shipment_row = ?1 ORDER BY id");
    let lines = tx.query_map(
        &sql,
        params![shipment_row],
        |row| -> Result<_, StoreError> {
            Ok(LineRow {
                id: row.get("id")?,
                source_line_id: row.get("source_line_id")?,
                source_product_id: row.get("source_product_id")?,
                source_variant_id: row.get("source_variant_id")?,
                hs_code: row.get("hs_code")?,
                quantity: row.get::<_, StoredDecimal>("quantity")?.0,
                unit_price: row.get::<_, StoredDecimal>("unit_price")?.0,
                unit_discount: row.get::<_, StoredDecimal>("unit_discount")?.0,
                sku: row.get("sku")?,
                product_name: row.get("product_name")?,
                variant_name: row.get("variant_name")?,
                description: row.get("description")?,
                origin_country_code: row.get("origin_country_code")?,
                category: row.get("category")?,
                requires_shipping: row.get("requires_shipping")?,
                weight_per_unit: row
                    .get::<_, Option<StoredDecimal>>("weight_per_unit")?
                    .map(|w| w.0),
                weight_unit: row.get("weight_unit")?,
                refunded_quantity: row.get::<_, StoredDecimal>("refunded_quantity")?.0,
                // The running totals are read below, per line.
                fulfilled: Decimal::ZERO,
                labelled: Decimal::ZERO,
            })
        },
    )?;
    lines
        .into_iter()
        .map(|line| {
            Ok(LineRow {
                fulfilled: quantity_sum(&mut *tx, "fulfillment_items", line.id)?,
                labelled: quantity_sum(&mut *tx, "label_items", line.id)?,
                ..line
            })
        })
        .collect()
}

fn quantity_sum(tx: &mut Tx<'_>, table: &str, item_id: i64) -> Result<Decimal, StoreError> {
    let sql = format!("SELECT quantity FROM {table} WHERE item_id = ?1");
    let texts = tx.query_map(&sql, params![item_id], |row| {
        Ok::<_, StoreError>(row.get::<_, String>(0)?)
    })?;
    let values = texts
        .iter()
        .map(|t| parse_dec(t, table))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(dec_sum(&values))
}
