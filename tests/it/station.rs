//! The station's core on real SQLite files: recording, importing, the orders table, packing
//! with quantities that never exceed what is left, status derivation, settings, credentials in
//! keyring's mock store, and the supervisor lockout.

use std::time::{Duration, Instant};

use packdesk::api::*;
use packdesk::domain::{LengthUnit, Weight, WeightUnit};
use packdesk::station::db::*;
use packdesk::station::pin::{self, SupervisorLock, UnlockResult};
use packdesk::station::secrets::{CredentialStore, SecretKind, masked};
use packdesk::station::settings::{Environment, EnvironmentKind, Settings, SettingsError, Units};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use time::macros::datetime;

fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

fn item(line: &str, sku: &str, name: &str, quantity: u32, shipping: bool) -> Value {
    json!({
        "source_line_id": line, "source_product_id": 10, "source_variant_id": 20,
        "hs_code": null, "quantity": quantity, "unit_price": 19.99, "unit_discount": 0,
        "sku": sku, "product_name": name, "variant_name": "M", "description": name,
        "origin_country_code": "PT", "category": "apparel", "requires_shipping": shipping,
        "weight": {"per_unit": 180, "unit": "g"}
    })
}

fn landed(duties: &str) -> Value {
    let duties: Value = serde_json::from_str(duties).unwrap();
    json!({"duties": duties, "total_taxes": 5.2, "shipment_taxes": 1.2, "product_taxes": 4,
           "breakdown": [{"type": "duty", "tax_name": "Duty", "rate": 18, "amount": duties,
                          "taxable_amount": 10, "jurisdiction": {"name": "Canada", "type": "country"},
                          "sku": "TSHIRT-M"}]})
}

/// Order `number` to Québec: S1 with three SKUs and two rates, S2 with a hoodie and a gift card.
fn entry(number: u64, recipient: &str) -> Value {
    json!({
        "order": {
            "source": "shop", "source_reference": number, "landedcost_request_id": format!("lc-{number}"),
            "source_created_at": "2025-06-01T09:30:00Z", "source_updated_at": "2025-06-01T09:30:00Z",
            "total": 187.45,
            "shipments": [{"shipment_id": "S1", "tax_transaction_id": format!("tx-{number}-express")},
                          {"shipment_id": "S2", "tax_transaction_id": format!("tx-{number}-s2")}]
        },
        "cart": {
            "ship_to": {"country_code": "CA", "province": "Quebec", "postal_code": "H2X 1Y4",
                        "address1": "1 Rue Sainte-Catherine", "city": "Montréal", "name": recipient},
            "caller_app": "shop", "currency_code": "CAD", "order_discount": 0,
            "shipments": [
                {"ship_from": {"country_code": "DE", "city": "Berlin"}, "shipment_id": "S1",
                 "shipping_rates": [{"shipping_rate_id": "standard", "shipping_rate": 9.95},
                                    {"shipping_rate_id": "express", "shipping_rate": 25.5}],
                 "items": [item("L1", "TSHIRT-M", "T-shirt", 2, true), item("L2", "MUG", "Mug", 1, true),
                           item("L3", "CAP", "Cap", 3, true)]},
                {"ship_from": {"country_code": "PT"}, "shipment_id": "S2",
                 "shipping_rates": [{"shipping_rate_id": "standard", "shipping_rate": 7}],
                 "items": [item("L4", "HOODIE", "Hoodie", 1, true), item("L5", "GIFT", "Gift card", 1, false)]}
            ]
        },
        "quote": {
            "landedcost_request_id": format!("lc-{number}"), "currency_code": "CAD",
            "external_reference_id": null, "created_at": "2025-06-01T09:29:00Z", "usd_conversion_rate": 0.73,
            "hs_codes": [{"sku": "TSHIRT-M", "hs_code": "610910"}],
            "shipments": [
                {"shipment_id": "S1", "shipment_type": "cross_border", "shipping_rate_taxes": [
                    {"shipping_rate_id": "standard", "shipping_rate": 9.95,
                     "tax_transaction_id": format!("tx-{number}-standard"), "landed_cost": landed("1.10")},
                    {"shipping_rate_id": "express", "shipping_rate": 25.5,
                     "tax_transaction_id": format!("tx-{number}-express"), "landed_cost": landed("3.40")}]},
                {"shipment_id": "S2", "shipment_type": "cross_border", "shipping_rate_taxes": [
                    {"shipping_rate_id": "standard", "shipping_rate": 7,
                     "tax_transaction_id": format!("tx-{number}-s2"), "landed_cost": landed("2.00")}]}
            ]
        }
    })
}

type Bodies = (
    TaxCalculationRequest,
    TaxCalculationResponse,
    OrderCreateRequest,
);

fn bodies(number: u64, recipient: &str) -> Bodies {
    let e = entry(number, recipient);
    (
        serde_json::from_value(e["cart"].clone()).unwrap(),
        serde_json::from_value(e["quote"].clone()).unwrap(),
        serde_json::from_value(e["order"].clone()).unwrap(),
    )
}

fn address(first: &str) -> LabelAddress {
    LabelAddress {
        first_name: first.into(),
        last_name: "Doe".into(),
        phone_number: "+1 514 555 0100".into(),
        line1: "1 Rue Sainte-Catherine".into(),
        line2: None,
        city: "Montréal".into(),
        province: "QC".into(),
        country: "CA".into(),
        zipcode: "H2X 1Y4".into(),
    }
}

fn parcel(lines: &[(&str, u32)]) -> NewParcel {
    NewParcel {
        lines: lines
            .iter()
            .map(|(line, quantity)| NewParcelLine {
                source_line_id: line.to_string(),
                quantity: *quantity,
                asn: format!("ASN-{line}"),
            })
            .collect(),
        weight: Weight::new(dec("1.25"), WeightUnit::Pound),
        dimensions: Some(Dimensions {
            length: dec("30"),
            width: dec("20"),
            height: dec("10"),
            unit: LengthUnit::Centimetre,
        }),
        track_reference: "TR-1".into(),
        from: address("Station"),
        to: address("Zoë"),
    }
}

fn label_answer(number: u64, status: LabelStatus, tracking: &str) -> LabelResponse {
    LabelResponse {
        is_error: status == LabelStatus::Error,
        result: LabelResult {
            order_number: number.to_string(),
            label_urls: vec![format!("https://labels.example/{number}.pdf")],
            status,
            tracking_code: tracking.into(),
            tracking_url: String::new(),
            base64: None,
            zpl: None,
            shipping_service: None,
        },
        error: None,
    }
}

fn fulfilment_input(tracking: &str) -> FulfilmentInput {
    FulfilmentInput {
        tracking_number: tracking.into(),
        carrier: "DHL".into(),
        location: "BER-1".into(),
        shipped_at: datetime!(2025-06-02 10:00 UTC),
    }
}

fn progress(order: &StationOrder, shipment: &str) -> Vec<(u32, u32, u32, u32)> {
    order
        .shipment(shipment)
        .unwrap()
        .items
        .iter()
        .map(|i| (i.ordered, i.in_parcels, i.fulfilled, i.left))
        .collect()
}

fn invalid_fields(err: StationError) -> Vec<String> {
    match err {
        StationError::Invalid(errors) => errors.into_iter().map(|e| e.field).collect(),
        other => panic!("expected Invalid, got {other:?}"),
    }
}

#[test]
fn recorded_order_survives_reopening_with_its_rate_and_locked_landed_cost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/station.sqlite3");
    let (cart, quote, create) = bodies(1001, "Zoë Tremblay");
    {
        let mut db = StationDb::open(&path).unwrap();
        assert_eq!(
            db.record_submitted_order(&cart, &quote, &create).unwrap(),
            1001
        );
        assert!(matches!(
            db.record_submitted_order(&cart, &quote, &create),
            Err(StationError::DuplicateOrder(1001))
        ));
    }
    let db = StationDb::open(&path).unwrap();
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

#[test]
fn parcels_never_take_more_than_is_left_and_status_follows_labels_fulfilments_and_cancels() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = StationDb::open(dir.path().join("s.sqlite3")).unwrap();
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
    };
    let request = order.parcel_label_request(p1, &options).unwrap();
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
    let docs: Vec<_> = record.documents.iter().map(|d| (d.kind, d.size)).collect();
    assert_eq!(docs, [(DocumentKind::Pdf, 8), (DocumentKind::Zpl, 6)]);
    let (_, pdf) = db.label_document(record.documents[0].id).unwrap().unwrap();
    assert_eq!(pdf, b"%PDF-1.4");
    assert!(matches!(
        db.record_label(p1, &request, &label_answer(3003, LabelStatus::Success, "")),
        Err(StationError::Invalid(_))
    ));

    // Fulfil the parcel: exactly its items, once.
    let update = order
        .fulfilment_update(
            p1,
            &fulfilment_input("TRK1"),
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
    let fields = invalid_fields(db.record_fulfilment(p1, &wrong).unwrap_err());
    assert_eq!(fields, ["items[0].quantity", "items"]);
    db.record_fulfilment(p1, &sent).unwrap();
    assert!(matches!(
        db.record_fulfilment(p1, &sent),
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
        .fulfilment_update(
            p3,
            &fulfilment_input("TRK2"),
            datetime!(2025-06-02 11:00 UTC),
        )
        .unwrap();
    db.record_fulfilment(p3, &update.shipments[0].fulfillments[0])
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
    assert_eq!(kinds.iter().filter(|k| *k == "fulfilment").count(), 2);
    assert_eq!(kinds.last().map(String::as_str), Some("cancellation"));
}

#[test]
fn import_reports_every_problem_with_its_path_and_keeps_the_good_entries() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = StationDb::open(dir.path().join("s.sqlite3")).unwrap();
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

    let report = db.import_file(&file).unwrap();
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
    let report = db.import_json(&json!([several]).to_string()).unwrap();
    let fields: Vec<&str> = report.rejected[0]
        .errors
        .iter()
        .map(|e| e.field.as_str())
        .collect();
    assert_eq!(
        fields,
        [
            "[0].cart.ship_to.country_code",
            "[0].cart.shipments[0].items[1].quantity",
            "[0].order.shipments[1].tax_transaction_id"
        ]
    );
    assert_eq!(report.rejected[0].source_reference, Some(5003));

    // Importing again changes nothing; a different body under a known number is refused.
    let again = db.import_file(&file).unwrap();
    assert_eq!(
        (again.imported.len(), again.already_present.as_slice()),
        (0, &[5001, 5002][..])
    );
    let mut changed = entry(5001, "Someone Else");
    changed["order"]["total"] = json!(1);
    let report = db.import_json(&changed.to_string()).unwrap();
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
        db.import_json("not json"),
        Err(StationError::ImportFormat(_))
    ));
    assert!(matches!(
        db.import_json("\"text\""),
        Err(StationError::ImportFormat(_))
    ));
}

#[test]
fn table_search_filter_sort_and_scanner_lookup() {
    let mut db = StationDb::open_in_memory().unwrap();
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
    assert_eq!(db.import_json(&extra.to_string()).unwrap().imported, [7004]);
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

#[test]
fn a_hundred_thousand_orders_list_from_summary_columns() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.sqlite3");
    let mut db = StationDb::open(&path).unwrap();
    let first = db.seed_synthetic(100_000).unwrap();
    drop(db);
    let db = StationDb::open(&path).unwrap();
    let rows = db.list_orders().unwrap();
    assert_eq!(rows.len(), 100_000);
    assert!(
        rows.windows(2)
            .all(|w| w[0].source_reference < w[1].source_reference)
    );
    assert_eq!(rows[0].source_reference, first);
    assert!(rows.iter().all(|r| r.status == OrderStatus::Open));
    for row in [&rows[0], &rows[54_321], &rows[99_999]] {
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
        100_000
    );
    assert!(by_country("US-NY") > 0 && by_country("US-NY") < by_country("US"));
    let picked = select(
        &rows,
        &OrderFilter::default(),
        SortColumn::Age,
        SortDirection::Ascending,
    );
    assert_eq!(picked.len(), 100_000);
    assert!(
        picked
            .windows(2)
            .all(|w| rows[w[0]].created_at >= rows[w[1]].created_at)
    );
}

#[test]
fn settings_round_trip_tolerate_damage_and_never_hold_a_secret() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config/settings.json");
    assert_eq!(Settings::load(&path).unwrap(), Settings::default());

    let mut settings = Settings::default();
    settings.environments.push(Environment {
        name: "Production".into(),
        kind: EnvironmentKind::Production,
        base_url: "https://api.example.com".into(),
        labels_url: "https://labels.example.com/api/post/fc/labels".into(),
        allow_plain_http: false,
    });
    settings.active_environment = "Production".into();
    settings.location_code = "BER-1".into();
    settings.units = Units::Imperial;
    settings.set_supervisor_pin("4711").unwrap();
    settings.save(&path).unwrap();
    let loaded = Settings::load(&path).unwrap();
    assert_eq!(loaded, settings);
    assert_eq!(loaded.active().kind, EnvironmentKind::Production);
    assert!(pin::verify_pin(
        "4711",
        loaded.supervisor_pin_hash.as_deref().unwrap()
    ));
    let files: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(files, ["settings.json"], "no temporary file left behind");

    // Credentials go to the credential store; the file holds none of them.
    let store = CredentialStore::mock().unwrap();
    store
        .set(
            "Production",
            SecretKind::ApiKey,
            &Secret::new("sk_live_51Hx9b1c3f9a"),
        )
        .unwrap();
    store
        .set(
            "Production",
            SecretKind::AccessToken,
            &Secret::new("eyJhbGciOiJIUzI1NiJ9.tok"),
        )
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("sk_live") && !text.contains("eyJhbGci") && !text.contains("4711"));
    fn keys(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => map.iter().for_each(|(k, v)| {
                out.push(k.to_lowercase());
                keys(v, out)
            }),
            Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
            _ => {}
        }
    }
    let mut names = Vec::new();
    keys(&serde_json::from_str(&text).unwrap(), &mut names);
    for word in ["key", "token", "secret", "password"] {
        assert!(
            names.iter().all(|n| !n.contains(word)),
            "{word} in {names:?}"
        );
    }
    assert_eq!(
        masked(
            &store
                .get("Production", SecretKind::ApiKey)
                .unwrap()
                .unwrap()
        ),
        "••••••3f9a"
    );

    // A damaged file: a clear error, a backup of it, and defaults.
    std::fs::write(&path, "{\"station_name\": ").unwrap();
    let err = Settings::load(&path).unwrap_err();
    let SettingsError::Damaged { backup, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(
        std::fs::read_to_string(backup).unwrap(),
        "{\"station_name\": "
    );
    assert!(err.to_string().contains("damaged"), "{err}");
    let (settings, problem) = Settings::load_or_default(&path);
    assert_eq!((settings, problem.is_some()), (Settings::default(), true));
}

#[test]
fn mock_credential_stores_round_trip_and_are_separate() {
    let first = CredentialStore::mock().unwrap();
    let second = CredentialStore::mock().unwrap();
    first
        .set(
            "Sandbox",
            SecretKind::AccessToken,
            &Secret::new("token-abcdefgh1234"),
        )
        .unwrap();
    let got = first
        .get("Sandbox", SecretKind::AccessToken)
        .unwrap()
        .unwrap();
    assert_eq!(got.expose(), "token-abcdefgh1234");
    assert!(
        !format!("{got:?}").contains("abcdefgh"),
        "Debug never shows a secret"
    );
    assert_eq!(
        second.get("Sandbox", SecretKind::AccessToken).unwrap(),
        None
    );
    assert_eq!(first.get("Sandbox", SecretKind::ApiKey).unwrap(), None);
    first.delete("Sandbox", SecretKind::AccessToken).unwrap();
    assert_eq!(first.get("Sandbox", SecretKind::AccessToken).unwrap(), None);
    assert!(
        first.persistence_note().is_some(),
        "the mock keeps nothing past the process"
    );
}

#[test]
fn supervisor_lock_out_timeline_with_an_injected_clock() {
    let t0 = Instant::now();
    let minute = Duration::from_secs(60);
    let mut lock = SupervisorLock::new(pin::hash_pin("8642").unwrap(), 10 * minute);
    assert_eq!(
        lock.try_unlock("0000", t0),
        UnlockResult::Wrong { tries_left: 2 }
    );
    assert_eq!(
        lock.try_unlock("1111", t0 + minute),
        UnlockResult::Wrong { tries_left: 1 }
    );
    let until = t0 + 2 * minute + pin::LOCKOUT;
    assert_eq!(
        lock.try_unlock("2222", t0 + 2 * minute),
        UnlockResult::LockedOut { until }
    );
    // While locked out even the right PIN is refused, without being checked.
    assert_eq!(
        lock.try_unlock("8642", until - Duration::from_secs(1)),
        UnlockResult::LockedOut { until }
    );
    assert!(!lock.is_unlocked(until - Duration::from_secs(1)));
    // After the lockout the count starts again.
    assert_eq!(
        lock.try_unlock("3333", until),
        UnlockResult::Wrong { tries_left: 2 }
    );
    assert_eq!(
        lock.try_unlock("8642", until + minute),
        UnlockResult::Unlocked
    );
    assert!(lock.is_unlocked(until + 10 * minute - Duration::from_secs(1)));
    assert!(
        !lock.is_unlocked(until + 11 * minute),
        "relocked after 10 idle minutes"
    );
    assert_eq!(pin::MAX_WRONG_TRIES, 3);
    assert_eq!(pin::LOCKOUT, 5 * minute);
}
