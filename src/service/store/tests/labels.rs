//! Labels: made once, parcels with quantity left, retries, documents.

use std::cell::Cell;

use crate::domain::{Weight, WeightUnit};

use super::*;

/// A stand-in for the real renderer (written elsewhere): documents that name what they got.
pub(in crate::service::store) fn render_ok(ctx: &LabelContext) -> Result<LabelDocs, String> {
    let tracking_code = format!("RR{:08}5GB", ctx.tracking_serial);
    let skus: Vec<String> = ctx
        .items
        .iter()
        .map(|i| format!("{}x{}", i.sku, i.quantity))
        .collect();
    Ok(LabelDocs {
        pdf: format!(
            "%PDF {} {tracking_code} {}",
            ctx.order_number,
            skus.join(",")
        )
        .into_bytes(),
        zpl: format!("^XA^FD{tracking_code}^FS^XZ"),
        shipping_service: format!("Parcel ({})", ctx.shipping_rate_id),
        tracking_code,
    })
}

fn label_address(name: &str) -> LabelAddress {
    LabelAddress {
        first_name: name.into(),
        last_name: "Tester".into(),
        phone_number: "+44 20 7946 0000".into(),
        line1: "1 Test Street".into(),
        line2: None,
        city: "London".into(),
        province: "LND".into(),
        country: "GB".into(),
        zipcode: "SW1A 1AA".into(),
    }
}

fn parcel(reference: &str, skus: &[(&str, &str)]) -> ParcelRequest {
    ParcelRequest {
        skus: skus.iter().map(|(s, q)| ((*s).to_owned(), d(q))).collect(),
        track_reference: reference.into(),
        parcel_weight_grams: d("750"),
        brand_code: "BRAND".into(),
        location_code: None,
        from: label_address("Berlin"),
        to: label_address("Ada"),
        weight: None,
        dimensions: None,
    }
}

fn parcel_label(store: &Store, p: &ParcelRequest) -> Result<LabelRecord, StoreError> {
    store.parcel_label("1", p, now(), now(), render_ok)
}

fn the_full_order_label_is_made_once(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let seen = Cell::new(None);
    let first = store
        .full_order_label("1", now(), now() + time::Duration::seconds(2), |ctx| {
            seen.set(Some(ctx.clone()));
            render_ok(ctx)
        })
        .unwrap();
    let ctx = seen.take().unwrap();
    assert_eq!(
        (ctx.kind, ctx.order_number.as_str(), ctx.tracking_serial),
        (LabelKind::Full, "1", 1)
    );
    assert_eq!(ctx.ship_to.name.as_deref(), Some("Ada Lovelace"));
    assert_eq!(ctx.recipient_name, "Ada Lovelace");
    assert_eq!(ctx.ship_from.country_code, "DE");
    assert_eq!(ctx.shipment_ids, ["S1", "S2"]);
    assert_eq!(ctx.shipping_rate_id, "std");
    assert_eq!(ctx.items.len(), 3);
    // 6 units of 250 g.
    assert_eq!(ctx.weight, Some(Weight::new(d("1500"), WeightUnit::Gram)));
    assert_eq!(first.tracking_code, "RR000000015GB");
    let again = store
        .full_order_label("1", now(), now(), |_| panic!("rendered twice"))
        .unwrap();
    assert_eq!(again, first);
    assert_eq!(again.ready_at, now() + time::Duration::seconds(2));
    assert_eq!(count(&store, "SELECT COUNT(*) FROM labels"), 1);
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(order.labels.len(), 1);
    assert_eq!(order.labels[0].kind, LabelKind::Full);
    assert_eq!(events(&store, "1").last().unwrap().0, "label_created");
}

fn labels_need_an_existing_order(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    for number in ["2", "abc", "", "-1", "99999999999999999999999"] {
        let full = store.full_order_label(number, now(), now(), render_ok);
        assert!(
            matches!(full, Err(StoreError::NotFound(_))),
            "{number}: {full:?}"
        );
        let split = store.parcel_label(
            number,
            &parcel("P1", &[("SKU-A", "1")]),
            now(),
            now(),
            render_ok,
        );
        assert!(
            matches!(split, Err(StoreError::NotFound(_))),
            "{number}: {split:?}"
        );
    }
}

fn a_failed_render_stores_nothing(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let result = store.full_order_label("1", now(), now(), |_| Err("no font for Ω".into()));
    let errors = invalid_errors(result);
    assert!(errors[0].error.contains("no font"), "{errors:?}");
    assert_eq!(count(&store, "SELECT COUNT(*) FROM labels"), 0);
    // The serial taken by the failed attempt was rolled back with it.
    let record = store
        .full_order_label("1", now(), now(), render_ok)
        .unwrap();
    assert_eq!(record.tracking_code, "RR000000015GB");
}

fn a_canceled_order_gets_no_label(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, "2026-03-02T08:00:00Z");
    up.shipments = vec![
        ShipmentUpdate {
            status: Some("canceled".into()),
            ..shipment_update("S1")
        },
        ShipmentUpdate {
            status: Some("canceled".into()),
            ..shipment_update("S2")
        },
    ];
    store.update_order(&up, now()).unwrap();
    assert!(is_conflict(&store.full_order_label(
        "1",
        now(),
        now(),
        render_ok
    )));
    assert!(is_conflict(&parcel_label(
        &store,
        &parcel("P1", &[("SKU-C", "1")])
    )));
}

fn parcels_take_only_what_is_left(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let seen = Cell::new(None);
    let mut first = parcel("P1", &[("SKU-A", "1"), ("SKU-C", "2")]);
    first.weight = Some(Weight::new(d("1.5"), WeightUnit::Pound));
    let one = store
        .parcel_label("1", &first, now(), now(), |ctx| {
            seen.set(Some(ctx.clone()));
            render_ok(ctx)
        })
        .unwrap();
    let ctx = seen.take().unwrap();
    assert_eq!(ctx.kind, LabelKind::Parcel);
    assert_eq!(ctx.shipment_ids, ["S1", "S2"]);
    assert_eq!(ctx.recipient_name, "Ada Tester");
    assert_eq!(ctx.ship_from.city.as_deref(), Some("London"));
    assert_eq!(ctx.weight, Some(Weight::new(d("1.5"), WeightUnit::Pound)));
    let items: Vec<(&str, Decimal)> = ctx
        .items
        .iter()
        .map(|i| (i.sku.as_str(), i.quantity))
        .collect();
    assert_eq!(items, [("SKU-A", d("1")), ("SKU-C", d("2"))]);
    assert_eq!(ctx.parcel.as_ref(), Some(&first));

    // SKU-A: 2 ordered, 1 labelled; the same SKU twice in one parcel counts together.
    let errors = invalid_errors(parcel_label(
        &store,
        &parcel(
            "P2",
            &[
                ("SKU-A", "1"),
                ("SKU-X", "1"),
                ("SKU-A", "1"),
                ("SKU-C", "0"),
            ],
        ),
    ));
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        ["skus[3].quantity"],
        "quantity 0 is refused before anything else"
    );
    let errors = invalid_errors(parcel_label(
        &store,
        &parcel("P2", &[("SKU-A", "1"), ("SKU-X", "1"), ("SKU-A", "1")]),
    ));
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["skus[1].skuName", "skus[2].quantity"]);
    assert!(
        errors[1].error.contains("only 0 of SKU SKU-A are left"),
        "{}",
        errors[1].error
    );

    let two = parcel_label(&store, &parcel("P2", &[("SKU-A", "1"), ("SKU-C", "1")])).unwrap();
    assert_ne!(one.tracking_code, two.tracking_code);
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(line(&order, "S1", "L1").labelled, d("2"));
    assert_eq!(line(&order, "S2", "L3").labelled, d("3"));
    let errors = invalid_errors(parcel_label(&store, &parcel("P3", &[("SKU-C", "1")])));
    assert!(
        errors[0].error.contains("3 ordered, 3 on earlier"),
        "{}",
        errors[0].error
    );
    assert_eq!(count(&store, "SELECT COUNT(*) FROM labels"), 2);
}

fn a_resent_parcel_returns_its_label(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let first = parcel_label(&store, &parcel("P1", &[("SKU-A", "2")])).unwrap();
    let again = store
        .parcel_label(
            "1",
            &parcel("P1", &[("SKU-A", "1"), ("SKU-A", "1.0")]),
            now(),
            now(),
            |_| panic!("rendered twice"),
        )
        .unwrap();
    assert_eq!(again, first);
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(
        line(&order, "S1", "L1").labelled,
        d("2"),
        "a retry counted twice"
    );
    let other = parcel_label(&store, &parcel("P1", &[("SKU-B", "1")]));
    assert!(is_conflict(&other), "{other:?}");
    // The same reference on another order is another parcel.
    seeded(&store, 2);
    store
        .parcel_label(
            "2",
            &parcel("P1", &[("SKU-B", "1")]),
            now(),
            now(),
            render_ok,
        )
        .unwrap();
}

fn skus_of_canceled_shipments_get_no_label(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut up = update(1, "2026-03-02T08:00:00Z");
    up.shipments = vec![ShipmentUpdate {
        status: Some("canceled".into()),
        ..shipment_update("S2")
    }];
    store.update_order(&up, now()).unwrap();
    let result = parcel_label(&store, &parcel("P1", &[("SKU-C", "1")]));
    assert!(is_conflict(&result), "{result:?}");
    parcel_label(&store, &parcel("P1", &[("SKU-B", "1")])).unwrap();
}

fn split_fields_are_checked(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let mut bad = parcel(" ", &[]);
    bad.parcel_weight_grams = d("0");
    assert_eq!(
        invalid_fields(parcel_label(&store, &bad)),
        ["skus", "trackReference", "parcelWeight"]
    );
}

fn documents_are_served_by_label_id(db: &Db) {
    let store = db.open();
    seeded(&store, 1);
    let full = store
        .full_order_label("1", now(), now(), render_ok)
        .unwrap();
    let split = parcel_label(&store, &parcel("P1", &[("SKU-B", "1")])).unwrap();
    assert_ne!(full.id, split.id);
    assert_eq!(
        store.label_document(&full.id, DocFormat::Pdf).unwrap(),
        Some(full.pdf.clone())
    );
    assert_eq!(
        store.label_document(&split.id, DocFormat::Zpl).unwrap(),
        Some(split.zpl.clone().into_bytes())
    );
    assert!(String::from_utf8(split.pdf).unwrap().contains("SKU-Bx1"));
    assert_eq!(store.label_document("nope", DocFormat::Pdf).unwrap(), None);
}

on_both_engines!(
    the_full_order_label_is_made_once,
    labels_need_an_existing_order,
    a_failed_render_stores_nothing,
    a_canceled_order_gets_no_label,
    parcels_take_only_what_is_left,
    a_resent_parcel_returns_its_label,
    skus_of_canceled_shipments_get_no_label,
    split_fields_are_checked,
    documents_are_served_by_label_id,
);
