//! The orders table's rows: one summary row per order from indexed summary columns (no JSON
//! is parsed). Searching, filtering and sorting them is the table's (`ui::orders::filter`).

use rust_decimal::Decimal;
use time::OffsetDateTime;

use super::encoding::from_unix;
use super::engine::{Row, ToValue, params};
use super::read::decimal;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::{OrderNumber, OrderStatus};

/// One row of the orders table.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderRow {
    pub source_reference: OrderNumber,
    /// Ship-to name; empty when the cart had none.
    pub recipient: String,
    /// ISO 3166-1 alpha-2, upper case.
    pub country_code: String,
    /// The state or province code (US/CA normalised to e.g. `QC`), when the cart had one.
    pub province: Option<String>,
    pub shipment_count: u32,
    pub status: OrderStatus,
    /// `source_created_at`: the order's age is now minus this.
    pub created_at: OffsetDateTime,
    pub total: Decimal,
    pub currency: String,
    /// Distinct SKUs in cart order.
    pub skus: Vec<String>,
    /// Lower-case haystack of order number, recipient, SKUs and product names.
    pub search_text: String,
}

impl OrderRow {
    /// `DE`, or `US-NY` when there is a province.
    pub fn destination(&self) -> String {
        match &self.province {
            Some(p) => format!("{}-{p}", self.country_code),
            None => self.country_code.clone(),
        }
    }
}

const ROW_COLUMNS: &str = "source_reference, recipient, country_code, province, shipment_count,
    status, created_at, total, currency, skus, search_text";

impl StationDb {
    /// Whether the record holds any order (start-up seeds the demo orders only into an empty
    /// one), without reading them.
    pub fn has_orders(&mut self) -> Result<bool, StationError> {
        let mut tx = self.conn.read()?;
        let any: Option<i64> = tx.query_value("SELECT MAX(id) FROM orders", params![])?;
        Ok(any.is_some())
    }

    /// Every order as a table row, by order number. One query over summary columns.
    pub fn list_orders(&mut self) -> Result<Vec<OrderRow>, StationError> {
        let sql = format!("SELECT {ROW_COLUMNS} FROM orders ORDER BY source_reference");
        let rows = self.conn.read()?.query(&sql, params![])?;
        rows.iter().map(order_row).collect()
    }

    /// The table rows of these orders (those in the record), by order number: what another
    /// desk changed, without reading every row again.
    pub fn order_rows(&mut self, numbers: &[OrderNumber]) -> Result<Vec<OrderRow>, StationError> {
        let references: Vec<i64> = numbers
            .iter()
            .filter_map(|n| i64::try_from(*n).ok())
            .collect();
        let mut out = Vec::with_capacity(references.len());
        let mut tx = self.conn.read()?;
        // Chunks of a few sizes, so PostgreSQL prepares a handful of statements, not one per count.
        for chunk in references.chunks(64) {
            let mut padded = chunk.to_vec();
            let size = [1, 8, 64]
                .into_iter()
                .find(|&s| s >= chunk.len())
                .unwrap_or(64);
            padded.resize(size, chunk[0]);
            let marks: Vec<String> = (1..=size).map(|i| format!("?{i}")).collect();
            let sql = format!(
                "SELECT {ROW_COLUMNS} FROM orders WHERE source_reference IN ({})",
                marks.join(", ")
            );
            let values: Vec<&dyn ToValue> = padded.iter().map(|r| r as &dyn ToValue).collect();
            for row in tx.query(&sql, &values)? {
                out.push(order_row(&row)?);
            }
        }
        out.sort_by_key(|r| r.source_reference);
        Ok(out)
    }
}

fn order_row(row: &Row) -> Result<OrderRow, StationError> {
    let status: String = row.get("status")?;
    let skus: String = row.get("skus")?;
    Ok(OrderRow {
        source_reference: row
            .get::<_, i64>("source_reference")?
            .try_into()
            .map_err(|_| StationError::Corrupt("a negative order number".to_string()))?,
        recipient: row.get("recipient")?,
        country_code: row.get("country_code")?,
        province: row.get("province")?,
        shipment_count: row.get("shipment_count")?,
        status: OrderStatus::parse(&status)
            .ok_or_else(|| StationError::Corrupt(format!("order status {status}")))?,
        created_at: from_unix(row.get("created_at")?)?,
        total: decimal(&row.get::<_, String>("total")?)?,
        currency: row.get("currency")?,
        skus: skus.split('\n').map(str::to_string).collect(),
        search_text: row.get("search_text")?,
    })
}
