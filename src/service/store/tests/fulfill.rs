//! Fulfillments and status moves.

use super::*;

const LATER: &str = "2026-03-02T08:00:00Z";

fn send(store: &Store, updates: Vec<ShipmentUpdate>) -> Result<(), StoreError> {
    let mut up = update(1, LATER);
    up.shipments = updates;
    store.update_order(&up, now())
}

fn fulfill(shipment_id: &str, tracking: &str, lines: &[(&str, &str)]) -> ShipmentUpdate {
    ShipmentUpdate {
        fulfillments: vec![fulfillment(tracking, lines)],
        ..shipment_update(shipment_id)
    }
}

fn status(shipment_id: &str, status: &str) -> ShipmentUpdate {
    ShipmentUpdate {
        status: Some(status.into()),
        shipping_rate_id: Some("std".into()),
        ..shipment_update(shipment_id)
    }
}

fn fulfillments_accumulate_up_to_the_quantity(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    send(&store, vec![fulfill("S1", "T1", &[("L1", "1")])]).unwrap();
    send(
        &store,
        vec![fulfill("S1", "T2", &[("L1", "1"), ("L2", "1")])],
    )
    .unwrap();
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(line(&order, "S1", "L1").fulfilled, d("2"));
    assert_eq!(line(&order, "S1", "L2").fulfilled, d("1"));
    let s1 = shipment(&order, "S1");
    assert_eq!(
        s1.status,
        ShipmentState::Open,
        "only the status makes it fulfilled"
    );
    assert_eq!(s1.fulfillments.len(), 2);
    let t2 = &s1.fulfillments[1];
    assert_eq!(
        (
            t2.tracking_number.as_str(),
            t2.carrier.as_str(),
            t2.location.as_str(),
            t2.status.as_str()
        ),
        ("T2", "DHL", "Berlin", "in_transit")
    );
    assert_eq!(t2.shipped_at, "2026-03-02T08:00:00Z");
    assert_eq!(
        t2.items,
        [("L1".to_owned(), d("1")), ("L2".to_owned(), d("1"))]
    );

    let errors = invalid_errors(send(&store, vec![fulfill("S1", "T3", &[("L1", "1")])]));
    assert_eq!(
        errors[0].field,
        "shipments[0].fulfillments[0].items[0].quantity"
    );
    assert!(errors[0].error.contains("only 0"), "{}", errors[0].error);
    // Two batches in one request count together.
    let both = ShipmentUpdate {
        fulfillments: vec![
            fulfillment("T4", &[("L3", "2")]),
            fulfillment("T5", &[("L3", "2")]),
        ],
        ..shipment_update("S2")
    };
    assert_eq!(
        invalid_fields(send(&store, vec![both])),
        ["shipments[0].fulfillments[1].items[0].quantity"]
    );
}

fn fulfillment_items_must_be_lines_of_the_shipment(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut wrong = fulfill(
        "S1",
        "T1",
        &[("L3", "1"), ("L1", "1"), ("L1", "1"), ("L2", "0")],
    );
    wrong.fulfillments[0].items[1].source_product_id = 999;
    assert_eq!(
        invalid_fields(send(&store, vec![wrong])),
        [
            "shipments[0].fulfillments[0].items[0].source_line_id",
            "shipments[0].fulfillments[0].items[1].source_product_id",
            "shipments[0].fulfillments[0].items[2].source_line_id",
            "shipments[0].fulfillments[0].items[3].quantity",
        ]
    );
    assert_eq!(
        invalid_fields(send(&store, vec![fulfill("S1", " ", &[])])),
        [
            "shipments[0].fulfillments[0].tracking_number",
            "shipments[0].fulfillments[0].items"
        ]
    );
}

fn a_resent_fulfillment_counts_once(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    for _ in 0..3 {
        send(
            &store,
            vec![fulfill("S1", "T1", &[("L1", "2"), ("L2", "1")])],
        )
        .unwrap();
    }
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(line(&order, "S1", "L1").fulfilled, d("2"));
    assert_eq!(shipment(&order, "S1").fulfillments.len(), 1);
    // Same batch with quantities written differently and lines in another order: a retry.
    send(
        &store,
        vec![fulfill("S1", "T1", &[("L2", "1.0"), ("L1", "2")])],
    )
    .unwrap();
    // A retry with news (delivered) keeps the news without counting again.
    let mut delivered = fulfill("S1", "T1", &[("L1", "2"), ("L2", "1")]);
    delivered.fulfillments[0].status = "delivered".into();
    send(&store, vec![delivered]).unwrap();
    let order = store.order(1).unwrap().unwrap();
    let s1 = shipment(&order, "S1");
    assert_eq!(
        (s1.fulfillments.len(), s1.fulfillments[0].status.as_str()),
        (1, "delivered")
    );
    let kinds: Vec<String> = events(&store, "1")
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| k.starts_with("fulfillment"))
        .collect();
    assert_eq!(kinds, ["fulfillment_recorded", "fulfillment_updated"]);
    // The same tracking number with other items is not a retry.
    let other = send(&store, vec![fulfill("S1", "T1", &[("L1", "1")])]);
    assert!(is_conflict(&other), "{other:?}");
}

fn a_canceled_shipment_cannot_be_fulfilled(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    send(&store, vec![status("S1", "canceled")]).unwrap();
    assert!(is_conflict(&send(&store, vec![status("S1", "fulfilled")])));
    assert!(is_conflict(&send(
        &store,
        vec![fulfill("S1", "T1", &[("L1", "1")])]
    )));
    // Canceling again is idempotent: no error, no second event.
    send(&store, vec![status("S1", "canceled")]).unwrap();
    let cancels = events(&store, "1")
        .into_iter()
        .filter(|(k, _)| k == "shipment_canceled")
        .count();
    assert_eq!(cancels, 1);
    // Refunds go on after a cancellation; other line changes do not.
    let refund = ShipmentUpdate {
        refunded_amount: Some(d("148")),
        items: Some(vec![UpdateItem {
            source_line_id: "L1".into(),
            refunded_quantity: Some(d("2")),
            ..Default::default()
        }]),
        ..shipment_update("S1")
    };
    send(&store, vec![refund]).unwrap();
    let more = ShipmentUpdate {
        items: Some(vec![UpdateItem {
            source_line_id: "L1".into(),
            quantity: Some(d("5")),
            ..Default::default()
        }]),
        ..shipment_update("S1")
    };
    assert!(is_conflict(&send(&store, vec![more])));
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(shipment(&order, "S1").status, ShipmentState::Canceled);
    assert_eq!(shipment(&order, "S1").refunded_amount, d("148"));
}

fn a_fulfilled_or_partly_fulfilled_shipment_cannot_be_canceled(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut done = status("S1", "fulfilled");
    done.fulfillments = vec![fulfillment("T1", &[("L1", "2"), ("L2", "1")])];
    send(&store, vec![done]).unwrap();
    assert!(is_conflict(&send(&store, vec![status("S1", "canceled")])));
    // Fulfilled again (with one more batch) is fine.
    send(&store, vec![status("S1", "fulfilled")]).unwrap();

    send(&store, vec![fulfill("S2", "T2", &[("L3", "1")])]).unwrap();
    let partly = send(&store, vec![status("S2", "canceled")]);
    assert!(is_conflict(&partly), "{partly:?}");
    // Canceling with a batch in the same request is refused as a whole.
    let mut both = status("S2", "canceled");
    both.shipment_id = "S2".into();
    both.fulfillments = vec![fulfillment("T3", &[("L3", "1")])];
    assert!(is_conflict(&send(&store, vec![both])));
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(shipment(&order, "S1").status, ShipmentState::Fulfilled);
    assert_eq!(shipment(&order, "S2").status, ShipmentState::Open);
    assert_eq!(line(&order, "S2", "L3").fulfilled, d("1"));
}

fn quantities_cannot_drop_below_what_was_fulfilled(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    send(&store, vec![fulfill("S2", "T1", &[("L3", "2")])]).unwrap();
    let fewer = ShipmentUpdate {
        items: Some(vec![UpdateItem {
            source_line_id: "L3".into(),
            quantity: Some(d("1")),
            ..Default::default()
        }]),
        ..shipment_update("S2")
    };
    let errors = invalid_errors(send(&store, vec![fewer]));
    assert_eq!(errors[0].field, "shipments[0].items[0].quantity");
    assert!(
        errors[0].error.contains("already fulfilled"),
        "{}",
        errors[0].error
    );
}

on_both_engines!(
    fulfillments_accumulate_up_to_the_quantity,
    fulfillment_items_must_be_lines_of_the_shipment,
    a_resent_fulfillment_counts_once,
    a_canceled_shipment_cannot_be_fulfilled,
    a_fulfilled_or_partly_fulfilled_shipment_cannot_be_canceled,
    quantities_cannot_drop_below_what_was_fulfilled,
);
