//! Refunds: running totals capped by what was paid.

use super::*;

const LATER: &str = "2026-03-02T08:00:00Z";

fn refunds_never_exceed_what_was_paid(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let refund = |amount: &str| {
        let mut up = update(1, LATER);
        up.shipments = vec![ShipmentUpdate {
            refunded_amount: Some(d(amount)),
            ..shipment_update("S1")
        }];
        store.update_order(&up, now())
    };
    // S1: items 90 + 20, shipping 10, duties 4, taxes 24.
    let errors = invalid_errors(refund("148.01"));
    assert_eq!(errors[0].field, "shipments[0].refunded_amount");
    assert!(errors[0].error.contains("148"), "{}", errors[0].error);
    assert_eq!(
        invalid_fields(refund("-1")),
        ["shipments[0].refunded_amount"]
    );
    refund("100").unwrap();
    refund("148.00").unwrap();
    refund("148").unwrap(); // the same running total again: no new event
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(shipment(&order, "S1").refunded_amount, d("148.00"));
    let refunds = events(&store, "1")
        .into_iter()
        .filter(|(k, _)| k == "refund_recorded")
        .count();
    assert_eq!(refunds, 2);
}

fn the_order_discount_share_lowers_the_refund_cap(db: &Db) {
    let store = db.open();
    let (req, resp) = calculation("cd", "14");
    save_calculation(&store, &req, &resp).unwrap();
    store.create_order(&order_request(1, "cd"), now()).unwrap();
    let refund = |shipment_id: &str, amount: &str| {
        let mut up = update(1, LATER);
        up.shipments = vec![ShipmentUpdate {
            refunded_amount: Some(d(amount)),
            ..shipment_update(shipment_id)
        }];
        store.update_order(&up, now())
    };
    // The discount of 14 splits 110 : 30 → 11 on S1, 3 on S2.
    assert_eq!(
        invalid_fields(refund("S1", "137.01")),
        ["shipments[0].refunded_amount"]
    );
    refund("S1", "137.00").unwrap();
    // S2: 30 − 3 + 8 + 0 + 7.60 = 42.60.
    assert_eq!(
        invalid_fields(refund("S2", "42.61")),
        ["shipments[0].refunded_amount"]
    );
    refund("S2", "42.60").unwrap();
}

fn refunded_quantities_never_exceed_the_quantity(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, LATER);
    up.shipments = vec![ShipmentUpdate {
        items: Some(vec![UpdateItem {
            source_line_id: "L1".into(),
            refunded_quantity: Some(d("3")),
            ..Default::default()
        }]),
        ..shipment_update("S1")
    }];
    assert_eq!(
        invalid_fields(store.update_order(&up, now())),
        ["shipments[0].items[0].refunded_quantity"]
    );
    up.shipments[0].items = Some(vec![UpdateItem {
        source_line_id: "L1".into(),
        refunded_quantity: Some(d("2")),
        ..Default::default()
    }]);
    store.update_order(&up, now()).unwrap();
    assert_eq!(
        line(&store.order(1).unwrap().unwrap(), "S1", "L1").refunded,
        d("2")
    );
}

on_both_engines!(
    refunds_never_exceed_what_was_paid,
    the_order_discount_share_lowers_the_refund_cap,
    refunded_quantities_never_exceed_the_quantity,
);
