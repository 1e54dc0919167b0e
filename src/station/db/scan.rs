//! The scan box: a barcode scanner types a code and a terminator; this says what it names.

use rusqlite::OptionalExtension;

use super::{OrderNumber, StationDb, StationError};

/// At most this many orders are listed for a scanned SKU.
const SKU_ORDERS_LIMIT: usize = 50;

/// From this many items on, a SKU counts as common (see `find_by_scan`).
const COMMON_SKU_ITEMS: i64 = 1000;

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
        // Counting stops early: only whether the SKU is common matters.
        let items: i64 = self
            .conn
            .prepare_cached(
                "SELECT count(*) FROM (SELECT 1 FROM items WHERE sku = ?1 COLLATE NOCASE LIMIT ?2)",
            )?
            .query_row(rusqlite::params![code, COMMON_SKU_ITEMS], |row| row.get(0))?;
        if items == 0 {
            return Ok(ScanMatch::Nothing);
        }
        // A common SKU is in many of the newest orders: walking them newest first stops after
        // a few dozen. A rare one would make that walk read every order, so its few items are
        // joined to their orders instead.
        let query = if items >= COMMON_SKU_ITEMS {
            "SELECT o.source_reference FROM orders o INDEXED BY orders_newest
             WHERE EXISTS (SELECT 1 FROM shipments s JOIN items i ON i.shipment_id = s.id
                           WHERE s.order_id = o.id AND +i.sku = ?1 COLLATE NOCASE)
             ORDER BY o.created_at DESC, o.source_reference DESC LIMIT ?2"
        } else {
            "SELECT o.source_reference FROM items i
             JOIN shipments s ON s.id = i.shipment_id JOIN orders o ON o.id = s.order_id
             WHERE i.sku = ?1 COLLATE NOCASE
             GROUP BY o.id ORDER BY o.created_at DESC, o.source_reference DESC LIMIT ?2"
        };
        let orders = self
            .conn
            .prepare_cached(query)?
            .query_map(rusqlite::params![code, SKU_ORDERS_LIMIT as i64], |row| {
                row.get::<_, i64>(0)
            })?
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter_map(|reference| u64::try_from(reference).ok())
            .collect();
        let sku: String = self
            .conn
            .prepare_cached("SELECT sku FROM items WHERE sku = ?1 COLLATE NOCASE LIMIT 1")?
            .query_row([code], |row| row.get(0))?;
        Ok(ScanMatch::Sku { sku, orders })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The newest orders holding `sku`, worked out from the table rows instead of SQL.
    fn expected(db: &StationDb, sku: &str) -> Vec<OrderNumber> {
        let mut rows: Vec<_> = db
            .list_orders()
            .unwrap()
            .into_iter()
            .filter(|r| r.skus.iter().any(|s| s.eq_ignore_ascii_case(sku)))
            .collect();
        rows.sort_by(|a, b| {
            (b.created_at, b.source_reference).cmp(&(a.created_at, a.source_reference))
        });
        rows.iter()
            .take(SKU_ORDERS_LIMIT)
            .map(|r| r.source_reference)
            .collect()
    }

    /// Both ways of answering a SKU scan (walking the newest orders for a common SKU, joining
    /// the items of a rare one) list the same orders as the table rows say.
    #[test]
    fn common_and_rare_skus_list_the_newest_orders_holding_them() {
        for orders in [300, 3000] {
            let dir = tempfile::tempdir().unwrap();
            let mut db = StationDb::open(dir.path().join("station.sqlite3")).unwrap();
            db.seed_synthetic(orders).unwrap();
            let items: i64 = db
                .conn
                .query_row(
                    "SELECT count(*) FROM items WHERE sku = 'MUG-S' COLLATE NOCASE",
                    [],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(items >= COMMON_SKU_ITEMS, orders == 3000, "{items} items");
            match db.find_by_scan("mug-s").unwrap() {
                ScanMatch::Sku { sku, orders } => {
                    assert_eq!(sku, "MUG-S");
                    assert_eq!(orders.len(), SKU_ORDERS_LIMIT);
                    assert_eq!(orders, expected(&db, "MUG-S"));
                }
                other => panic!("{other:?}"),
            }
            assert_eq!(db.find_by_scan("NO-SUCH-SKU").unwrap(), ScanMatch::Nothing);
        }
    }
}
