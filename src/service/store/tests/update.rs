//! Order update: ordering by `source_updated_at`, rates, items, new shipments, refunds and
//! corrections.

use serde_json::json;

use super::*;

const LATER: &str = "2026-03-02T08:00:00Z";

fn full_item(line: &str, sku: &str) -> UpdateItem {
    UpdateItem {
        source_line_id: line.into(),
        quantity: Some(d("2")),
        unit_price: Some(d("12.50")),
        unit_discount: Some(d("0")),
        sku: Some(sku.into()),
        product_name: Some("Mug".into()),
        variant_name: Some("Blue".into()),
        description: Some("Ceramic mug".into()),
        origin_country_code: Some("PT".into()),
        category: Some("kitchen".into()),
        requires_shipping: Some(true),
        source_product_id: Some(300),
        source_variant_id: Some(301),
        ..Default::default()
    }
}

fn an_unknown_order_is_not_found(db: &Db) {
    let store = db.open();
    let result = store.update_order(&update(99, LATER), now());
    assert!(matches!(result, Err(StoreError::NotFound(_))), "{result:?}");
}

fn an_older_update_is_a_conflict_and_changes_nothing(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut stale = update(1, "2026-03-01T09:04:59Z");
    stale.order_discount = Some(d("3"));
    assert!(is_conflict(&store.update_order(&stale, now())));
    // Same instant written with another offset is not older.
    let mut same = update(1, "2026-03-01T10:05:00+01:00");
    same.order_discount = Some(d("3"));
    store.update_order(&same, now()).unwrap();
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(order.order_discount, d("3"));
    assert_eq!(order.source_updated_at, "2026-03-01T10:05:00+01:00");
    let mut newer = update(1, LATER);
    newer.order_discount = Some(d("4"));
    store.update_order(&newer, now()).unwrap();
    let mut stale_again = update(1, "2026-03-02T07:59:59Z");
    stale_again.order_discount = Some(d("9"));
    assert!(is_conflict(&store.update_order(&stale_again, now())));
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(
        (order.order_discount, order.source_updated_at.as_str()),
        (d("4"), LATER)
    );
    let kinds: Vec<String> = events(&store, "1").into_iter().map(|(k, _)| k).collect();
    assert_eq!(
        kinds,
        [
            "order_created",
            "order_discount_changed",
            "order_updated",
            "order_discount_changed",
            "order_updated"
        ]
    );
    assert_eq!(
        invalid_fields(store.update_order(&update(1, "soon"), now())),
        ["source_updated_at"]
    );
}

fn rates_sent_with_a_shipment_must_be_the_chosen_one(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, LATER);
    up.shipments = vec![ShipmentUpdate {
        shipping_rate_id: Some("exp".into()),
        shipping_rate: Some(d("25.00")),
        ..shipment_update("S1")
    }];
    assert_eq!(
        invalid_fields(store.update_order(&up, now())),
        [
            "shipments[0].shipping_rate_id",
            "shipments[0].shipping_rate"
        ]
    );
    up.shipments[0].shipping_rate_id = Some("std".into());
    up.shipments[0].shipping_rate = Some(d("10")); // 10 == 10.00
    store.update_order(&up, now()).unwrap();
    up.shipments[0].status = Some("shipped".into());
    assert_eq!(
        invalid_fields(store.update_order(&up, now())),
        ["shipments[0].status"]
    );
}

fn a_new_shipment_needs_its_rate_and_complete_items(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, LATER);
    up.shipments = vec![shipment_update("S3")];
    assert_eq!(
        invalid_fields(store.update_order(&up, now())),
        [
            "shipments[0].shipping_rate_id",
            "shipments[0].shipping_rate",
            "shipments[0].items"
        ]
    );
    let mut partial = full_item("L9", "SKU-M");
    partial.sku = None;
    partial.requires_shipping = None;
    up.shipments = vec![ShipmentUpdate {
        shipping_rate_id: Some("post".into()),
        shipping_rate: Some(d("4.50")),
        items: Some(vec![partial]),
        ..shipment_update("S3")
    }];
    assert_eq!(
        invalid_fields(store.update_order(&up, now())),
        [
            "shipments[0].items[0].sku",
            "shipments[0].items[0].requires_shipping"
        ]
    );
    up.shipments[0].items = Some(vec![full_item("L9", "SKU-M")]);
    up.shipments[0].status = Some("fulfilled".into());
    up.shipments[0].fulfillments = vec![Fulfillment {
        items: vec![FulfillmentItem {
            source_product_id: 300,
            source_variant_id: 301,
            ..fulfillment("NEW1", &[("L9", "2")]).items[0].clone()
        }],
        ..fulfillment("NEW1", &[])
    }];
    store.update_order(&up, now()).unwrap();
    let order = store.order(1).unwrap().unwrap();
    let s3 = shipment(&order, "S3");
    assert_eq!(s3.tax_transaction_id, None);
    assert_eq!(s3.landed_cost, None);
    assert_eq!(s3.status, ShipmentState::Fulfilled);
    assert_eq!(
        (s3.shipping_rate_id.as_str(), s3.shipping_rate),
        ("post", d("4.50"))
    );
    let l9 = line(&order, "S3", "L9");
    assert_eq!(
        (l9.sku.as_str(), l9.quantity, l9.fulfilled),
        ("SKU-M", d("2"), d("2"))
    );
    assert_eq!(l9.weight_per_unit, None);
    let kinds: Vec<String> = events(&store, "1").into_iter().map(|(k, _)| k).collect();
    assert_eq!(
        kinds,
        [
            "order_created",
            "shipment_added",
            "fulfillment_recorded",
            "shipment_fulfilled",
            "order_updated"
        ]
    );
}

fn items_of_an_existing_shipment_are_changed_and_added(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, LATER);
    up.shipments = vec![ShipmentUpdate {
        items: Some(vec![
            UpdateItem {
                source_line_id: "L1".into(),
                quantity: Some(d("3")),
                unit_price: Some(d("48.00")),
                hs_code: Some("610910".into()), // unchanged: not recorded
                ..Default::default()
            },
            full_item("L4", "SKU-D"),
        ]),
        ..shipment_update("S1")
    }];
    store.update_order(&up, now()).unwrap();
    let order = store.order(1).unwrap().unwrap();
    let l1 = line(&order, "S1", "L1");
    assert_eq!(
        (l1.quantity, l1.unit_price, l1.unit_discount),
        (d("3"), d("48.00"), d("5.00"))
    );
    assert_eq!(line(&order, "S1", "L4").sku, "SKU-D");
    let history = events(&store, "1");
    let (kind, detail) = &history[1];
    assert_eq!(kind, "item_changed");
    assert_eq!(
        detail["before"],
        json!({ "quantity": "2", "unit_price": "50.00" })
    );
    assert_eq!(
        detail["after"],
        json!({ "quantity": "3", "unit_price": "48.00" })
    );
    assert_eq!(history[2].0, "item_added");

    let mut incomplete = update(1, LATER);
    incomplete.shipments = vec![ShipmentUpdate {
        items: Some(vec![UpdateItem {
            source_line_id: "L5".into(),
            quantity: Some(d("1")),
            ..Default::default()
        }]),
        ..shipment_update("S1")
    }];
    let fields = invalid_fields(store.update_order(&incomplete, now()));
    assert!(
        fields.contains(&"shipments[0].items[0].unit_price".to_owned()),
        "{fields:?}"
    );
    assert!(
        !fields.contains(&"shipments[0].items[0].quantity".to_owned()),
        "{fields:?}"
    );
    let mut bad = update(1, LATER);
    bad.shipments = vec![ShipmentUpdate {
        items: Some(vec![UpdateItem {
            source_line_id: "L2".into(),
            unit_discount: Some(d("25")),
            refunded_quantity: Some(d("2")),
            ..Default::default()
        }]),
        ..shipment_update("S1")
    }];
    assert_eq!(
        invalid_fields(store.update_order(&bad, now())),
        [
            "shipments[0].items[0].unit_discount",
            "shipments[0].items[0].refunded_quantity"
        ]
    );
}

fn address_discount_and_property_corrections_are_recorded(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, LATER);
    let mut moved = address("GB", "Ada Lovelace");
    moved.address1 = Some("2 Other Street".into());
    up.destination_address = Some(moved.clone());
    up.billing_address = Some(address("GB", "Ada Lovelace")); // unchanged
    let mut props = CustomProperties::new();
    props.insert("gift".into(), json!(true));
    up.custom_properties = Some(props.clone());
    up.order_discount = Some(d("5"));
    store.update_order(&up, now()).unwrap();
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(order.destination_address, moved);
    assert_eq!(order.custom_properties, Some(props));
    assert_eq!(order.order_discount, d("5"));
    let history = events(&store, "1");
    let kinds: Vec<&str> = history.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "order_created",
            "order_discount_changed",
            "custom_properties_changed",
            "destination_address_corrected",
            "order_updated"
        ]
    );
    let (_, corrected) = &history[3];
    assert_eq!(corrected["before"]["address1"], "1 Test Street");
    assert_eq!(corrected["after"]["address1"], "2 Other Street");
    let (_, discount) = &history[1];
    assert_eq!(
        (discount["before"].as_str(), discount["after"].as_str()),
        (Some("0"), Some("5"))
    );
}

fn an_update_is_applied_completely_or_not_at_all(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, LATER);
    up.order_discount = Some(d("7"));
    up.shipments = vec![
        ShipmentUpdate {
            status: Some("canceled".into()),
            ..shipment_update("S2")
        },
        ShipmentUpdate {
            fulfillments: vec![fulfillment("T1", &[("L1", "5")])],
            ..shipment_update("S1")
        },
        shipment_update("S2"),
    ];
    assert_eq!(
        invalid_fields(store.update_order(&up, now())),
        [
            "shipments[1].fulfillments[0].items[0].quantity",
            "shipments[2].shipment_id"
        ]
    );
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(order.order_discount, d("0"));
    assert_eq!(order.source_updated_at, "2026-03-01T09:05:00Z");
    assert_eq!(shipment(&order, "S2").status, ShipmentState::Open);
    assert_eq!(order.events, 1);
}

on_both_engines!(
    an_unknown_order_is_not_found,
    an_older_update_is_a_conflict_and_changes_nothing,
    rates_sent_with_a_shipment_must_be_the_chosen_one,
    a_new_shipment_needs_its_rate_and_complete_items,
    items_of_an_existing_shipment_are_changed_and_added,
    address_discount_and_property_corrections_are_recorded,
    an_update_is_applied_completely_or_not_at_all,
);
