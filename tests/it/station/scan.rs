//! The scan box's look-up of a SKU over many orders.

use packdesk::station::db::*;

use super::engines::Engine;
use crate::synthetic;

/// The newest orders holding `sku`, worked out from the table rows instead of SQL.
fn expected(db: &mut StationDb, sku: &str) -> Vec<OrderNumber> {
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
fn common_and_rare_skus_list_the_newest_orders_holding_them(engine: &Engine) {
    let mut db = engine.open();
    let mut items = 0;
    // 300 orders hold MUG-S in fewer than COMMON_SKU_ITEMS items; 2 700 more make it common.
    for (added, common) in [(300, false), (2700, true)] {
        synthetic::seed(&mut db, added);
        items += (0..added)
            .flat_map(|i| synthetic::entry(0, i).cart.shipments)
            .flat_map(|s| s.items)
            .filter(|item| item.sku == "MUG-S")
            .count() as i64;
        assert_eq!(items >= COMMON_SKU_ITEMS, common, "{items} items");
        match db.find_by_scan("mug-s").unwrap() {
            ScanMatch::Sku { sku, orders } => {
                assert_eq!(sku, "MUG-S");
                assert_eq!(orders.len(), SKU_ORDERS_LIMIT);
                assert_eq!(orders, expected(&mut db, "MUG-S"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(db.find_by_scan("NO-SUCH-SKU").unwrap(), ScanMatch::Nothing);
    }
}

crate::on_both_engines!(common_and_rare_skus_list_the_newest_orders_holding_them);
