//! Order create: the calculation check, locking, copying the cart.

use super::*;

fn an_order_locks_the_chosen_rates_and_copies_the_cart(db: &Db) {
    let store = db.open();
    save(&store, "c1");
    let mut req = order_request(5, "c1");
    req.shipments[0].tax_transaction_id = "c1-S1-exp".into();
    store.create_order(&req, now()).unwrap();
    let order = store.order(5).unwrap().unwrap();
    assert_eq!(order.landedcost_request_id, "c1");
    assert_eq!(order.currency_code, "GBP");
    assert_eq!(order.total, d("205.60"));
    assert_eq!(
        order.destination_address.name.as_deref(),
        Some("Ada Lovelace")
    );
    assert_eq!(order.billing_address, req.billing_address);
    let s1 = shipment(&order, "S1");
    assert_eq!(s1.tax_transaction_id.as_deref(), Some("c1-S1-exp"));
    assert_eq!(s1.status, ShipmentState::Open);
    assert_eq!(
        (s1.shipping_rate_id.as_str(), s1.shipping_rate),
        ("exp", d("25.00"))
    );
    let (_, resp) = calculation("c1", "0");
    let expected = &resp.shipments[0].shipping_rate_taxes[1].landed_cost;
    assert_eq!(s1.landed_cost.as_ref(), Some(expected));
    assert_eq!(s1.ship_from.as_ref().unwrap().country_code, "DE");
    let skus: Vec<(&str, Decimal)> = s1
        .items
        .iter()
        .map(|i| (i.sku.as_str(), i.quantity))
        .collect();
    assert_eq!(skus, [("SKU-A", d("2")), ("SKU-B", d("1"))]);
    let a = line(&order, "S1", "L1");
    assert_eq!((a.unit_price, a.unit_discount), (d("50.00"), d("5.00")));
    assert_eq!(a.weight_per_unit.map(|w| w.grams()), Some(d("250")));
    assert_eq!(
        (a.fulfilled, a.labelled, a.refunded),
        (d("0"), d("0"), d("0"))
    );
    assert_eq!(shipment(&order, "S2").shipping_rate, d("8.00"));
}

fn the_locked_amounts_do_not_follow_later_calculations(db: &Db) {
    let store = db.open();
    seeded(&store, 5);
    // A newer calculation for the same cart must not touch the order's locked rows.
    let (req, mut resp) = calculation("c-new", "0");
    resp.shipments[0].shipping_rate_taxes[0].landed_cost.duties = d("99");
    save_calculation(&store, &req, &resp).unwrap();
    let order = store.order(5).unwrap().unwrap();
    assert_eq!(
        shipment(&order, "S1").landed_cost.as_ref().unwrap().duties,
        d("4.00")
    );
}

fn an_unknown_calculation_is_invalid(db: &Db) {
    let store = db.open();
    let result = store.create_order(&order_request(5, "nope"), now());
    assert_eq!(invalid_fields(result), ["landedcost_request_id"]);
    assert!(store.order(5).unwrap().is_none());
}

fn tax_transactions_must_belong_to_the_calculation_and_the_shipment(db: &Db) {
    let store = db.open();
    save(&store, "c1");
    save(&store, "c2");
    let mut req = order_request(5, "c1");
    req.shipments[0].tax_transaction_id = "c2-S1-std".into(); // other calculation
    req.shipments[1].tax_transaction_id = "c1-S1-exp".into(); // other shipment
    let errors = invalid_errors(store.create_order(&req, now()));
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "shipments[0].tax_transaction_id",
            "shipments[1].tax_transaction_id"
        ]
    );
    assert!(errors[0].error.contains("c2"), "{}", errors[0].error);
    assert!(
        errors[1].error.contains("shipment S1"),
        "{}",
        errors[1].error
    );
    req.shipments[0].tax_transaction_id = "made-up".into();
    req.shipments[1].tax_transaction_id = "c1-S2-std".into();
    let errors = invalid_errors(store.create_order(&req, now()));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0]
            .error
            .starts_with("no tax transaction made-up exists")
    );
    // A tax transaction of an earlier schema, whose id does not name its calculation: its rate
    // row says whose it is.
    store
        .write(|tx| {
            let row = "INSERT INTO calculation_rates (tax_transaction_id, landedcost_request_id,
                           shipment_id, shipping_rate_id, shipping_rate)
                       VALUES ('tt_legacy', 'c2', 'S1', 'std', '10.00')";
            tx.execute(row, crate::sql::params![])?;
            Ok(())
        })
        .unwrap();
    req.shipments[0].tax_transaction_id = "tt_legacy".into();
    let errors = invalid_errors(store.create_order(&req, now()));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0]
            .error
            .contains("belongs to calculation c2, not c1"),
        "{}",
        errors[0].error
    );
    assert!(store.order(5).unwrap().is_none());
}

fn every_calculated_shipment_is_listed_exactly_once(db: &Db) {
    let store = db.open();
    save(&store, "c1");
    let mut req = order_request(5, "c1");
    req.shipments.pop();
    assert_eq!(
        invalid_fields(store.create_order(&req, now())),
        ["shipments"]
    );
    let mut req = order_request(5, "c1");
    req.shipments[1] = req.shipments[0].clone();
    assert_eq!(
        invalid_fields(store.create_order(&req, now())),
        ["shipments[1].shipment_id", "shipments"]
    );
    let mut req = order_request(5, "c1");
    req.shipments[1].shipment_id = "S9".into();
    assert_eq!(
        invalid_fields(store.create_order(&req, now())),
        ["shipments[1].shipment_id", "shipments"]
    );
    let mut req = order_request(5, "c1");
    req.shipments.clear();
    assert_eq!(
        invalid_fields(store.create_order(&req, now())),
        ["shipments"]
    );
}

fn timestamps_must_be_iso_8601(db: &Db) {
    let store = db.open();
    save(&store, "c1");
    let mut req = order_request(5, "c1");
    req.source_updated_at = "yesterday".into();
    assert_eq!(
        invalid_fields(store.create_order(&req, now())),
        ["source_updated_at"]
    );
    req.source_updated_at = "2026-03-01T09:05:00+01:00".into();
    store.create_order(&req, now()).unwrap();
}

fn a_duplicate_source_reference_is_a_conflict_and_changes_nothing(db: &Db) {
    let store = db.open();
    seeded(&store, 5);
    save(&store, "c2");
    let mut again = order_request(5, "c2");
    again.total = d("1.00");
    assert!(is_conflict(&store.create_order(&again, now())));
    let order = store.order(5).unwrap().unwrap();
    assert_eq!(
        (order.landedcost_request_id.as_str(), order.total),
        ("c5", d("205.60"))
    );
    assert_eq!(order.events, 1);
    // The same body again (a retry) is a conflict too: the order exists.
    assert!(is_conflict(
        &store.create_order(&order_request(5, "c5"), now())
    ));
}

fn a_tax_transaction_locks_one_order_only(db: &Db) {
    let store = db.open();
    seeded(&store, 5);
    let result = store.create_order(&order_request(6, "c5"), now());
    match result {
        Err(StoreError::Conflict(message)) => assert!(message.contains("order 5"), "{message}"),
        other => panic!("expected Conflict, got {other:?}"),
    }
    assert!(store.order(6).unwrap().is_none());
}

on_both_engines!(
    an_order_locks_the_chosen_rates_and_copies_the_cart,
    the_locked_amounts_do_not_follow_later_calculations,
    an_unknown_calculation_is_invalid,
    tax_transactions_must_belong_to_the_calculation_and_the_shipment,
    every_calculated_shipment_is_listed_exactly_once,
    timestamps_must_be_iso_8601,
    a_duplicate_source_reference_is_a_conflict_and_changes_nothing,
    a_tax_transaction_locks_one_order_only,
);
