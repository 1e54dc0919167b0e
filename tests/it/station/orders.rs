//! Recording, importing, the orders table and the scanner lookup.

use packdesk::api::*;
use packdesk::station::db::*;
use packdesk::station::import::{DEFAULT_MAX_IMPORT_BYTES, import_file, import_json};
use packdesk::ui::orders::filter::{OrderFilter, SortColumn, SortDirection, select, sort_rows};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use time::macros::datetime;

use super::engines::Engine;
use super::*;
use crate::synthetic;

fn recorded_order_survives_reopening_with_its_rate_and_locked_landed_cost(engine: &Engine) {
    let (cart, quote, create) = bodies(1001, "Zoë Tremblay");
    {
        let mut db = engine.open();
        assert_eq!(
            db.record_submitted_order(&cart, &quote, &create).unwrap(),
            1001
        );
        assert!(matches!(
            db.record_submitted_order(&cart, &quote, &create),
            Err(StationError::DuplicateOrder(1001))
        ));
    }
    let mut db = engine.open();
    let rows = db.list_orders().unwrap();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row.source_reference, 1001);
    assert_eq!(row.recipient, "Zoë Tremblay");
    assert_eq!(
        row.destination(),
        "CA-QC",
        "province name normalised to its code"
    );
    assert_eq!(row.shipment_count, 2);
    assert_eq!(row.status, OrderStatus::Open);
    assert_eq!((row.total, row.currency.as_str()), (dec("187.45"), "CAD"));
    assert_eq!(row.created_at, datetime!(2025-06-01 09:30 UTC));
    assert_eq!(row.skus, ["TSHIRT-M", "MUG", "CAP", "HOODIE", "GIFT"]);

    let order = db.order(1001).unwrap().unwrap();
    assert_eq!(order.origin, OrderOrigin::Submitted);
    assert_eq!(
        (&order.cart, order.quote.as_ref(), &order.create),
        (&cart, Some(&quote), &create)
    );
    let s1 = order.shipment("S1").unwrap();
    assert_eq!(s1.rate.shipping_rate_id, "express");
    assert_eq!(s1.rate.shipping_rate, dec("25.5"));
    assert_eq!(s1.landed_cost.as_ref().unwrap().duties, dec("3.40"));
    assert_eq!(s1.shipment_type, Some(ShipmentType::CrossBorder));
    assert_eq!(
        progress(&order, "S2"),
        [(1, 0, 0, 1), (1, 0, 0, 0)],
        "gift card is never packed"
    );
    assert!(db.order(999).unwrap().is_none());
    let kinds: Vec<String> = db
        .events(1001)
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(kinds, ["quote", "order_create"]);
}

fn import_reports_every_problem_with_its_path_and_keeps_the_good_entries(engine: &Engine) {
    let dir = tempfile::tempdir().unwrap();
    let mut db = engine.open();
    let good = entry(5001, "Aiko Tanaka");
    let mut no_quote = entry(5002, "Liam O'Brien");
    no_quote.as_object_mut().unwrap().remove("quote");
    no_quote["cart"]["shipments"][0]["shipping_rates"]
        .as_array_mut()
        .unwrap()
        .remove(0);
    let mut several = entry(5003, "Sofia Rossi");
    several["cart"]["shipments"][0]["items"][1]["quantity"] = json!(1.5);
    several["cart"]["ship_to"]["country_code"] = json!("XX");
    several["order"]["shipments"][1]["tax_transaction_id"] = json!("tx-unknown");
    several["cart"]["shipments"][0]["items"][0]["unit_discount"] = json!(-1);
    several["colour"] = json!("red");
    let mut missing = entry(5004, "Noah Smith");
    missing["cart"]["shipments"][0]["items"][0]
        .as_object_mut()
        .unwrap()
        .remove("sku");
    let mut ambiguous = entry(5005, "Emma Johansson");
    ambiguous["quote"] = Value::Null;
    let file = dir.path().join("orders.json");
    let text = json!([good, no_quote, several, missing, ambiguous, 42, good]).to_string();
    std::fs::write(&file, &text).unwrap();

    let report = import_file(&mut db, &file, DEFAULT_MAX_IMPORT_BYTES).unwrap();
    assert_eq!(report.imported, [5001, 5002]);
    let rejected: Vec<(usize, Vec<String>)> = report
        .rejected
        .iter()
        .map(|r| (r.index, r.errors.iter().map(|e| e.field.clone()).collect()))
        .collect();
    assert_eq!(
        rejected,
        [
            (2, vec!["[2].colour".to_string()]),
            (3, vec!["[3].cart.shipments[0].items[0].sku".to_string()]),
            (4, vec!["[4].cart.shipments[0].shipping_rates".to_string()]),
            (5, vec!["[5]".to_string()]),
            (6, vec!["[6].order.source_reference".to_string()]),
        ]
    );
    assert_eq!(
        report.summary(),
        "Imported 2 orders, 0 already present, 5 rejected."
    );

    // Without the unknown key, every other problem of entry 2 is named at once.
    several.as_object_mut().unwrap().remove("colour");
    let report = import_json(&mut db, &json!([several]).to_string()).unwrap();
    let fields: Vec<&str> = report.rejected[0]
        .errors
        .iter()
        .map(|e| e.field.as_str())
        .collect();
    assert_eq!(
        fields,
        [
            "[0].cart.ship_to.country_code",
            "[0].cart.shipments[0].items[0].unit_discount",
            "[0].cart.shipments[0].items[1].quantity",
            "[0].order.shipments[1].tax_transaction_id"
        ]
    );
    assert_eq!(report.rejected[0].source_reference, Some(5003));

    // Importing again changes nothing; a different body under a known number is refused.
    let again = import_file(&mut db, &file, DEFAULT_MAX_IMPORT_BYTES).unwrap();
    assert_eq!(
        (again.imported.len(), again.already_present.as_slice()),
        (0, &[5001, 5002][..])
    );
    let mut changed = entry(5001, "Someone Else");
    changed["order"]["total"] = json!(1);
    let report = import_json(&mut db, &changed.to_string()).unwrap();
    assert_eq!(report.rejected[0].errors[0].field, "order.source_reference");

    let order = db.order(5002).unwrap().unwrap();
    assert_eq!(order.origin, OrderOrigin::Imported);
    assert!(order.quote.is_none());
    let s1 = order.shipment("S1").unwrap();
    assert_eq!(
        (s1.rate.shipping_rate_id.as_str(), s1.landed_cost.is_none()),
        ("express", true)
    );
    assert_eq!(db.list_orders().unwrap().len(), 2);
    assert!(matches!(
        import_json(&mut db, "not json"),
        Err(StationError::ImportFormat(_))
    ));
    assert!(matches!(
        import_json(&mut db, "\"text\""),
        Err(StationError::ImportFormat(_))
    ));
}

fn table_search_filter_sort_and_scanner_lookup(engine: &Engine) {
    let mut db = engine.open();
    for (number, name) in [
        (7001, "Zoë Tremblay"),
        (7002, "Max Müller"),
        (7003, "aiko tanaka"),
    ] {
        let (cart, quote, mut create) = bodies(number, name);
        create.total = Decimal::from(number - 7000) * dec("10.5");
        db.record_submitted_order(&cart, &quote, &create).unwrap();
    }
    let mut extra = entry(7004, "Berlin Buyer");
    extra["cart"]["ship_to"] = json!({"country_code": "de", "name": "Berlin Buyer"});
    extra["cart"]["shipments"][1]["items"][0]["sku"] = json!("LAMP-9");
    extra["cart"]["shipments"][1]["items"][0]["product_name"] = json!("Lamp");
    assert_eq!(
        import_json(&mut db, &extra.to_string()).unwrap().imported,
        [7004]
    );
    let p = db.start_parcel(7002, "S2", &parcel(&[("L4", 1)])).unwrap();
    db.record_label(
        p,
        &LabelRequest {
            order_number: "7002".into(),
            ..Default::default()
        },
        &label_answer(7002, LabelStatus::Success, "T"),
    )
    .unwrap();

    let rows = db.list_orders().unwrap();
    let pick = |filter: OrderFilter, column, direction| -> Vec<u64> {
        select(&rows, &filter, column, direction)
            .into_iter()
            .map(|i| rows[i].source_reference)
            .collect()
    };
    let text = |t: &str| OrderFilter {
        text: t.into(),
        ..OrderFilter::default()
    };
    use SortColumn::*;
    use SortDirection::*;
    assert_eq!(pick(text("MÜLLER"), OrderNumber, Ascending), [7002]);
    assert_eq!(pick(text("lamp"), OrderNumber, Ascending), [7004]);
    assert_eq!(
        pick(text("700"), Total, Descending),
        [7004, 7003, 7002, 7001]
    );
    assert_eq!(
        pick(text("hoodie"), Recipient, Ascending),
        [7003, 7002, 7001]
    );
    let dest = OrderFilter {
        destination: Some("ca-qc".into()),
        ..OrderFilter::default()
    };
    assert_eq!(pick(dest, Recipient, Descending), [7001, 7002, 7003]);
    let labelled = OrderFilter {
        status: Some(OrderStatus::Labelled),
        ..OrderFilter::default()
    };
    assert_eq!(pick(labelled, OrderNumber, Ascending), [7002]);
    let mut sorted = rows.clone();
    sort_rows(&mut sorted, Destination, Ascending);
    assert_eq!(sorted[0].source_reference, 7001);
    assert_eq!(sorted[3].destination(), "DE");

    assert_eq!(db.find_by_scan("7003\r").unwrap(), ScanMatch::Order(7003));
    assert_eq!(
        db.find_by_scan(" #7001\u{4}").unwrap(),
        ScanMatch::Order(7001)
    );
    assert_eq!(
        db.find_by_scan("lamp-9\n").unwrap(),
        ScanMatch::Sku {
            sku: "LAMP-9".into(),
            orders: vec![7004]
        }
    );
    match db.find_by_scan("mug").unwrap() {
        ScanMatch::Sku { sku, mut orders } => {
            orders.sort();
            assert_eq!(
                (sku.as_str(), orders),
                ("MUG", vec![7001, 7002, 7003, 7004])
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(db.find_by_scan("9999").unwrap(), ScanMatch::Nothing);
    assert_eq!(db.find_by_scan("\t").unwrap(), ScanMatch::Nothing);
    let order = db.order(7001).unwrap().unwrap();
    let s1 = order.shipment("S1").unwrap();
    assert_eq!(
        s1.item_by_sku("tshirt-m")
            .map(|i| i.item.source_line_id.as_str()),
        Some("L1")
    );
}

/// 100 000 orders on SQLite; 10 000 on PostgreSQL, whose 100 000 are the benchmark's
/// (`benches/station.rs`): every insert there is a round trip on loopback.
fn many_orders_list_from_summary_columns(engine: &Engine) {
    let count = if engine.is_postgres() {
        10_000
    } else {
        100_000
    };
    let mut db = engine.open();
    let first = synthetic::seed(&mut db, count);
    drop(db);
    let mut db = engine.open();
    let rows = db.list_orders().unwrap();
    assert_eq!(rows.len(), count);
    assert!(
        rows.windows(2)
            .all(|w| w[0].source_reference < w[1].source_reference)
    );
    assert_eq!(rows[0].source_reference, first);
    assert!(rows.iter().all(|r| r.status == OrderStatus::Open));
    for row in [&rows[0], &rows[count / 2 + 321], &rows[count - 1]] {
        let order = db.order(row.source_reference).unwrap().unwrap();
        assert_eq!(row.shipment_count as usize, order.shipments.len());
        assert_eq!(row.total, order.create.total);
        assert_eq!(Some(&row.recipient), order.cart.ship_to.name.as_ref());
        assert_eq!(row.country_code, order.cart.ship_to.country_code);
    }
    let by_country = |code: &str| {
        let filter = OrderFilter {
            destination: Some(code.into()),
            ..OrderFilter::default()
        };
        rows.iter().filter(|r| filter.matches(r)).count()
    };
    let countries = ["US", "CA", "DE", "FR", "GB", "JP", "AU", "NL", "SE", "CH"];
    assert_eq!(
        countries.iter().map(|c| by_country(c)).sum::<usize>(),
        count
    );
    assert!(by_country("US-NY") > 0 && by_country("US-NY") < by_country("US"));
    let picked = select(
        &rows,
        &OrderFilter::default(),
        SortColumn::Age,
        SortDirection::Ascending,
    );
    assert_eq!(picked.len(), count);
    assert!(
        picked
            .windows(2)
            .all(|w| rows[w[0]].created_at >= rows[w[1]].created_at)
    );
}

crate::on_both_engines!(
    recorded_order_survives_reopening_with_its_rate_and_locked_landed_cost,
    import_reports_every_problem_with_its_path_and_keeps_the_good_entries,
    table_search_filter_sort_and_scanner_lookup,
    many_orders_list_from_summary_columns,
);
