//! The scan box: a barcode scanner types a code and a terminator; this says what it names.

use super::engine::{Dialect, params};
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::OrderNumber;

/// At most this many orders are listed for a scanned SKU.
pub const SKU_ORDERS_LIMIT: usize = 50;

/// From this many items on, a SKU counts as common (see `find_by_scan`).
pub const COMMON_SKU_ITEMS: i64 = 1000;

/// What a scanned code names.
///
/// On the wire: `{"match": "order", "found": 4401}`, `{"match": "sku", "found": {"sku": …,
/// "orders": […]}}` or `{"match": "nothing"}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(tag = "match", content = "found", rename_all = "snake_case")]
pub enum ScanMatch {
    /// An order number the station has: open it.
    Order(OrderNumber),
    /// A SKU (matched in any case): inside an open shipment, add one unit of it to the parcel
    /// (see `StationShipment::item_by_sku`); elsewhere, the newest orders holding it.
    Sku {
        /// As spelled in the order.
        sku: String,
        orders: Vec<OrderNumber>,
    },
    Nothing,
}

impl StationDb {
    /// Looks a scanned code up: surrounding whitespace and scanner terminators (Enter, Tab,
    /// LF, EOT) are ignored, and an order number may carry a leading `#`. An order number wins
    /// over a SKU spelled the same.
    pub fn find_by_scan(&mut self, code: &str) -> Result<ScanMatch, StationError> {
        let code = code.trim_matches(|c: char| c.is_whitespace() || c == '\u{4}');
        if code.is_empty() {
            return Ok(ScanMatch::Nothing);
        }
        let number = code.strip_prefix('#').unwrap_or(code);
        let mut tx = self.conn.read()?;
        if let Ok(reference) = number.parse::<i64>() {
            let found: Option<u64> = tx.query_row_opt(
                "SELECT source_reference FROM orders WHERE source_reference = ?1",
                params![reference],
                |row| Ok(row.get("source_reference")?),
            )?;
            if let Some(found) = found {
                return Ok(ScanMatch::Order(found));
            }
        }
        // Counting stops early: only whether the SKU is common matters.
        let items: i64 = tx.query_value(
            "SELECT count(*) FROM (SELECT 1 FROM items WHERE lower(sku) = lower(?1) LIMIT ?2) c",
            params![code, COMMON_SKU_ITEMS],
        )?;
        if items == 0 {
            return Ok(ScanMatch::Nothing);
        }
        // A common SKU is in many of the newest orders: walking them newest first stops after
        // a few dozen. A rare one would make that walk read every order, so its few items are
        // joined to their orders instead. SQLite is told which index to walk (and, by the `+`,
        // not to look the SKU up in its own index); PostgreSQL's planner costs the LIMIT itself.
        let query = match (items >= COMMON_SKU_ITEMS, tx.dialect()) {
            (true, Dialect::Sqlite) => {
                "SELECT o.source_reference FROM orders o INDEXED BY orders_newest
                 WHERE EXISTS (SELECT 1 FROM shipments s JOIN items i ON i.shipment_id = s.id
                               WHERE s.order_id = o.id AND +lower(i.sku) = lower(?1))
                 ORDER BY o.created_at DESC, o.source_reference DESC LIMIT ?2"
            }
            (true, Dialect::Postgres) => {
                "SELECT o.source_reference FROM orders o
                 WHERE EXISTS (SELECT 1 FROM shipments s JOIN items i ON i.shipment_id = s.id
                               WHERE s.order_id = o.id AND lower(i.sku) = lower(?1))
                 ORDER BY o.created_at DESC, o.source_reference DESC LIMIT ?2"
            }
            (false, _) => {
                "SELECT o.source_reference FROM items i
                 JOIN shipments s ON s.id = i.shipment_id JOIN orders o ON o.id = s.order_id
                 WHERE lower(i.sku) = lower(?1)
                 GROUP BY o.id, o.created_at, o.source_reference
                 ORDER BY o.created_at DESC, o.source_reference DESC LIMIT ?2"
            }
        };
        let orders = tx.query_map(query, params![code, SKU_ORDERS_LIMIT], |row| {
            Ok(row.get("source_reference")?)
        })?;
        let sku: String = tx.query_value(
            "SELECT sku FROM items WHERE lower(sku) = lower(?1) LIMIT 1",
            params![code],
        )?;
        Ok(ScanMatch::Sku { sku, orders })
    }
}
