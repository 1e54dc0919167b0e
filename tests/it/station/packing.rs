//! Packing parcels, labels, fulfillments and cancellations, with status derivation.

use packdesk::api::*;
use packdesk::station::db::*;
use rust_decimal::Decimal;
use time::macros::datetime;

use super::engines::Engine;
use super::*;

fn parcels_never_take_more_than_is_left_and_status_follows_labels_fulfillments_and_cancels(
    engine: &Engine,
) {
    let mut db = engine.open();
    let (cart, quote, create) = bodies(2002, "Max Müller");
    db.record_submitted_order(&cart, &quote, &create).unwrap();

    // Two of three SKUs, one too many of the T-shirt: nothing is recorded.
    let err = db
        .start_parcel(2002, "S1", &parcel(&[("L1", 3), ("L3", 1)]))
        .unwrap_err();
    assert_eq!(invalid_fields(err), ["lines[0].quantity"]);
    let err = db
        .start_parcel(2002, "S1", &parcel(&[("L9", 1), ("L3", 0), ("L3", 1)]))
        .unwrap_err();
    assert_eq!(
        invalid_fields(err),
        [
            "lines[0].source_line_id",
            "lines[1].quantity",
            "lines[2].source_line_id"
        ]
    );
    // Label addresses follow the shared label address rules.
    let mut bad_phone = parcel(&[("L1", 1)]);
    bad_phone.to.phone_number = "5550100".into();
    bad_phone.from.province = String::new();
    let err = db.start_parcel(2002, "S1", &bad_phone).unwrap_err();
    assert_eq!(invalid_fields(err), ["from.province", "to.phoneNumber"]);
    let order = db.order(2002).unwrap().unwrap();
    assert_eq!(
        progress(&order, "S1"),
        [(2, 0, 0, 2), (1, 0, 0, 1), (3, 0, 0, 3)]
    );

    let p1 = db
        .start_parcel(2002, "S1", &parcel(&[("L1", 2), ("L3", 1)]))
        .unwrap();
    let order = db.order(2002).unwrap().unwrap();
    assert_eq!(
        progress(&order, "S1"),
        [(2, 2, 0, 0), (1, 0, 0, 1), (3, 1, 0, 2)]
    );
    let err = db
        .start_parcel(2002, "S1", &parcel(&[("L1", 1)]))
        .unwrap_err();
    assert!(
        err.to_string().contains("only 0 of SKU TSHIRT-M left"),
        "{err}"
    );

    // The split label request carries what was packed.
    let options = LabelOptions {
        brand_code: "BR".into(),
        location_code: Some("BER-1".into()),
        base64: true,
        zpl: false,
        full_order: false,
    };
    let request = order.parcel_label_request(p1, &options).unwrap();
    assert_eq!(packdesk::domain::validate::label_request(&request), []);
    assert_eq!(
        request.parcel_weight.as_deref(),
        Some("566.99"),
        "1.25 lb in grams"
    );
    assert_eq!(request.weight_unit.as_deref(), Some("pounds"));
    let skus: Vec<(String, Decimal)> = request
        .skus
        .clone()
        .unwrap()
        .into_iter()
        .map(|s| (s.sku_name, s.quantity))
        .collect();
    assert_eq!(
        skus,
        [("TSHIRT-M".into(), dec("2")), ("CAP".into(), dec("1"))]
    );

    // Pending, then success after a poll: the shipment is labelled.
    let label = db
        .record_label(p1, &request, &label_answer(2002, LabelStatus::Pending, ""))
        .unwrap();
    assert_eq!(db.list_orders().unwrap()[0].status, OrderStatus::Open);
    let mut answer = label_answer(2002, LabelStatus::Success, "TRK1");
    answer.result.base64 = Some("JVBERi0xLjQ=".into());
    db.update_label(label, &answer).unwrap();
    assert_eq!(db.list_orders().unwrap()[0].status, OrderStatus::Labelled);
    let zpl = LabelDocument {
        paper: Paper::Label,
        kind: DocumentKind::Zpl,
        url: Some("https://labels.example/2002.zpl".into()),
        bytes: b"^XA^XZ".to_vec(),
    };
    db.record_label_documents(label, &[zpl]).unwrap();
    let order = db.order(2002).unwrap().unwrap();
    let (_, p) = order.parcel(p1).unwrap();
    let record = p.latest_label().unwrap();
    assert_eq!(
        (record.status, record.tracking_code.as_str()),
        (LabelStatus::Success, "TRK1")
    );
    let docs: Vec<_> = record
        .documents
        .iter()
        .map(|d| (d.paper, d.kind, d.size))
        .collect();
    assert_eq!(
        docs,
        [
            (Paper::Label, DocumentKind::Pdf, 8),
            (Paper::Label, DocumentKind::Zpl, 6)
        ]
    );
    let pdf_id = record.label_document(DocumentKind::Pdf).unwrap().id;
    let (_, pdf) = db.label_document(pdf_id).unwrap().unwrap();
    assert_eq!(pdf, b"%PDF-1.4");
    assert!(matches!(
        db.record_label(p1, &request, &label_answer(3003, LabelStatus::Success, "")),
        Err(StationError::Invalid(_))
    ));

    // Fulfill the parcel: exactly its items, once.
    let update = order
        .fulfillment_update(
            p1,
            &fulfillment_input("TRK1"),
            datetime!(2025-06-02 10:05 UTC),
        )
        .unwrap();
    let shipment = &update.shipments[0];
    assert_eq!(
        (
            shipment.status.as_deref(),
            shipment.shipping_rate_id.as_deref()
        ),
        (Some("fulfilled"), Some("express"))
    );
    let sent = shipment.fulfillments[0].clone();
    assert_eq!(
        sent.items[0].hs_code.as_deref(),
        Some("610910"),
        "HS code from the quote"
    );
    let mut wrong = sent.clone();
    wrong.items[0].quantity = dec("1");
    wrong.items.pop();
    let fields = invalid_fields(db.record_fulfillment(p1, &wrong).unwrap_err());
    assert_eq!(fields, ["items[0].quantity", "items"]);
    db.record_fulfillment(p1, &sent).unwrap();
    assert!(matches!(
        db.record_fulfillment(p1, &sent),
        Err(StationError::ParcelFulfilled(_))
    ));
    assert_eq!(
        db.list_orders().unwrap()[0].status,
        OrderStatus::PartlyFulfilled
    );

    // A voided parcel gives its units back.
    let p2 = db
        .start_parcel(2002, "S1", &parcel(&[("L2", 1), ("L3", 2)]))
        .unwrap();
    db.void_parcel(p2).unwrap();
    assert!(matches!(
        db.void_parcel(p2),
        Err(StationError::ParcelVoided(_))
    ));
    let order = db.order(2002).unwrap().unwrap();
    assert_eq!(
        progress(&order, "S1"),
        [(2, 2, 2, 0), (1, 0, 0, 1), (3, 1, 1, 2)]
    );
    let p3 = db
        .start_parcel(2002, "S1", &parcel(&[("L2", 1), ("L3", 2)]))
        .unwrap();
    let order = db.order(2002).unwrap().unwrap();
    let update = order
        .fulfillment_update(
            p3,
            &fulfillment_input("TRK2"),
            datetime!(2025-06-02 11:00 UTC),
        )
        .unwrap();
    db.record_fulfillment(p3, &update.shipments[0].fulfillments[0])
        .unwrap();
    let order = db.order(2002).unwrap().unwrap();
    assert_eq!(order.shipment("S1").unwrap().status, OrderStatus::Fulfilled);
    assert_eq!(
        order.status,
        OrderStatus::PartlyFulfilled,
        "S2 is still open"
    );
    assert!(order.shipment("S1").unwrap().why_cannot_cancel().is_some());

    // Cancel S2: nothing can be packed there any more, and the order counts as fulfilled.
    let cancel = order
        .cancellation_update("S2", datetime!(2025-06-02 12:00 UTC))
        .unwrap();
    assert_eq!(cancel.shipments[0].status.as_deref(), Some("canceled"));
    assert_eq!(cancel.shipments[0].shipping_rate, Some(dec("7")));
    db.record_cancellation(2002, "S2", &cancel).unwrap();
    assert!(matches!(
        db.start_parcel(2002, "S2", &parcel(&[("L4", 1)])),
        Err(StationError::ShipmentCanceled { .. })
    ));
    assert!(matches!(
        db.record_cancellation(2002, "S2", &cancel),
        Err(StationError::ShipmentCanceled { .. })
    ));
    let order = db.order(2002).unwrap().unwrap();
    assert_eq!(order.status, OrderStatus::Fulfilled);
    assert!(
        order
            .shipment("S2")
            .unwrap()
            .why_cannot_pack()
            .unwrap()
            .contains("canceled")
    );
    assert_eq!(db.list_orders().unwrap()[0].status, OrderStatus::Fulfilled);
    let kinds: Vec<String> = db
        .events(2002)
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(kinds.iter().filter(|k| *k == "fulfillment").count(), 2);
    assert_eq!(kinds.last().map(String::as_str), Some("cancellation"));
}

crate::on_both_engines!(
    parcels_never_take_more_than_is_left_and_status_follows_labels_fulfillments_and_cancels,
);
