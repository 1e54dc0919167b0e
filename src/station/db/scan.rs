//! The scan box: a barcode scanner types a code and a terminator; this says what it names.

use rusqlite::OptionalExtension;

use super::{OrderNumber, StationDb, StationError};

/// At most this many orders are listed for a scanned SKU.
const SKU_ORDERS_LIMIT: usize = 50;

/// What a scanned code names.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub fn find_by_scan(&self, code: &str) -> Result<ScanMatch, StationError> {
        let code = code.trim_matches(|c: char| c.is_whitespace() || c == '\u{4}');
        if code.is_empty() {
            return Ok(ScanMatch::Nothing);
        }
        let number = code.strip_prefix('#').unwrap_or(code);
        if let Ok(reference) = number.parse::<i64>() {
            let found: Option<i64> = self
                .conn
                .prepare_cached("SELECT source_reference FROM orders WHERE source_reference = ?1")?
                .query_row([reference], |row| row.get(0))
                .optional()?;
            if let Some(found) = found.and_then(|f| u64::try_from(f).ok()) {
                return Ok(ScanMatch::Order(found));
            }
        }
        let mut stmt = self.conn.prepare_cached(
            "SELECT o.source_reference, i.sku FROM items i
             JOIN shipments s ON s.id = i.shipment_id JOIN orders o ON o.id = s.order_id
             WHERE i.sku = ?1 COLLATE NOCASE
             GROUP BY o.id ORDER BY o.created_at DESC, o.source_reference DESC LIMIT ?2",
        )?;
        let hits = stmt
            .query_map(rusqlite::params![code, SKU_ORDERS_LIMIT as i64], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let Some(sku) = hits.first().map(|(_, sku)| sku.clone()) else {
            return Ok(ScanMatch::Nothing);
        };
        let orders = hits
            .into_iter()
            .filter_map(|(reference, _)| u64::try_from(reference).ok())
            .collect();
        Ok(ScanMatch::Sku { sku, orders })
    }
}
