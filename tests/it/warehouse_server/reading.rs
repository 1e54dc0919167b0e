//! What a desk reads and records through the typed client, against a real server: an order in
//! full exactly as the record holds it, what a scanned code names, the order's history naming
//! the desk and person, the outbox at a glance, changed rows only, voiding a parcel (the claim's
//! holder only) and submitting a quoted order (customer service only, once).

use packdesk::api::IdempotencyKey;
use packdesk::api::warehouse::{PackRequest, SubmitOrderRequest};
use packdesk::station::db::ScanMatch;
use packdesk::warehouse::client::{DeskToken, SessionToken, WarehouseClientError, rows};
use reqwest::{Method, StatusCode};

use super::site::Site;
use super::{ORDER, PACKER_PIN, enrolled, staffed};

fn pack_request() -> PackRequest {
    serde_json::from_value(serde_json::json!({
        "lines": [{"line": "L1", "quantity": 1, "asn": "ASN-L1"}],
        "weight": {"value": "1.25", "unit": "pounds"},
        "dimensions": {"length": "30", "width": "20", "height": "10", "unit": "cm"},
        "track_reference": "TR-1",
        "from": crate::station::address("Warehouse"),
        "to": crate::station::address("Zoë"),
        "label": {"brand_code": "BRAND", "zpl": true}
    }))
    .unwrap()
}

#[test]
fn a_desk_reads_the_order_scans_voids_and_submits_through_the_typed_client() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for site in Site::each() {
        let server = staffed(&site, &[]);
        let (first, first_token) = enrolled(&site, &server, "Station 1");
        let (_, second_token) = enrolled(&site, &server, "Station 2");
        let pia = SessionToken(first.session(&first_token, "Pia", PACKER_PIN));
        let second = DeskToken(second_token);
        let client = server.client();
        let record = || {
            let mut db = site.open_record();
            db.order(ORDER).unwrap().unwrap()
        };
        let parcel = runtime.block_on(async {
            client.claim(&pia, ORDER, "S1").await.unwrap();
            client
                .pack(&pia, ORDER, "S1", &pack_request(), &IdempotencyKey::new())
                .await
                .unwrap()
                .parcel
        });

        // The order comes over the wire exactly as the record holds it.
        let read = runtime.block_on(client.order(&pia, ORDER)).unwrap();
        assert_eq!(read, record(), "{}", site.name);
        // The table's rows too, read back into the desk's own rows (a partly packed order).
        let rows: Vec<_> = runtime
            .block_on(client.orders(&pia))
            .unwrap()
            .into_iter()
            .map(|summary| rows::order_row(summary).unwrap())
            .collect();
        assert_eq!(
            rows,
            site.open_record().list_orders().unwrap(),
            "{}",
            site.name
        );
        assert!(matches!(
            runtime.block_on(client.order(&pia, 9_999_999)),
            Err(WarehouseClientError::NotFound(_))
        ));

        let scanned = |code: &str| runtime.block_on(client.scan(&pia, code)).unwrap();
        assert_eq!(scanned(&format!("#{ORDER}\r\n")), ScanMatch::Order(ORDER));
        match scanned("tshirt-m") {
            ScanMatch::Sku { sku, orders } => {
                assert_eq!(sku, "TSHIRT-M");
                assert_eq!(orders, vec![ORDER]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(scanned("NO-SUCH-CODE"), ScanMatch::Nothing);

        let rows = runtime
            .block_on(client.order_rows(&pia, &[ORDER, 12345]))
            .unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].order, ORDER.to_string());
        assert!(rows[0].search_text.contains("tshirt-m"), "{:?}", rows[0]);
        let junk = first.call(
            Method::GET,
            "/v1/warehouse/orders?numbers=4401,abc",
            Some(&pia.0),
            None,
        );
        assert_eq!(junk.status, StatusCode::BAD_REQUEST, "{}", junk.text);
        assert_eq!(junk.body["error"][0]["field"], "numbers");

        // The label request waits: this warehouse has no provider set.
        let summary = runtime.block_on(client.outbox_summary(&pia)).unwrap();
        assert_eq!(summary.queued, 1, "{summary:?}");

        // Only the desk holding the claim voids the parcel.
        let (quinn, _) = runtime.block_on(async {
            site.add_person("Quinn", "packer", "9753");
            client.sign_in(&second, "Quinn", "9753").await.unwrap()
        });
        assert!(matches!(
            runtime.block_on(client.void_parcel(&quinn, ORDER, parcel)),
            Err(WarehouseClientError::Conflict(_))
        ));
        assert!(record().shipments[0].parcels[0].voided_at.is_none());
        runtime
            .block_on(client.void_parcel(&pia, ORDER, parcel))
            .unwrap();
        assert!(record().shipments[0].parcels[0].voided_at.is_some());
        assert!(matches!(
            runtime.block_on(client.void_parcel(&pia, ORDER, parcel)),
            Err(WarehouseClientError::Conflict(_))
        ));

        // The history says which desk and person packed and voided it.
        let events = runtime.block_on(client.events(&pia, ORDER)).unwrap();
        for kind in ["parcel_packed", "parcel_voided"] {
            let event = events
                .iter()
                .find(|e| e.kind == kind)
                .unwrap_or_else(|| panic!("no {kind} in {events:?}"));
            assert_eq!(event.desk.as_deref(), Some("Station 1"), "{kind}");
            assert_eq!(event.person.as_deref(), Some("Pia"), "{kind}");
        }

        // Customer service submits a quoted order, once; a packer may not.
        let (cart, quote, order) = crate::station::bodies(ORDER + 1, "Ana");
        let submit = SubmitOrderRequest { cart, quote, order };
        let cal = SessionToken(first.session(&first_token, "Cal", "8080"));
        runtime.block_on(async {
            assert!(matches!(
                client.submit_order(&pia, &submit).await,
                Err(WarehouseClientError::Forbidden(_))
            ));
            let queued = client.submit_order(&cal, &submit).await.unwrap();
            assert_eq!(queued.order, (ORDER + 1).to_string());
            assert!(matches!(
                client.submit_order(&cal, &submit).await,
                Err(WarehouseClientError::Conflict(_))
            ));
        });
        let submitted = site.open_record().order(ORDER + 1).unwrap();
        assert_eq!(submitted.expect("the submitted order").shipments.len(), 2);
        // What waits now: the create; the voided parcel's label is no longer asked for.
        let waiting = runtime.block_on(client.outbox(&cal)).unwrap();
        // Read back into the desk's own entries, as the record holds them.
        let entries: Vec<_> = waiting
            .iter()
            .map(|view| rows::outbox_entry(view.clone()).unwrap())
            .collect();
        let held = site.open_record().outbox_open().unwrap();
        assert_eq!(
            entries
                .iter()
                .map(|e| (e.id, &e.key, e.state, e.created_at))
                .collect::<Vec<_>>(),
            held.iter()
                .map(|e| (e.id, &e.key, e.state, e.created_at))
                .collect::<Vec<_>>(),
            "{}",
            site.name
        );
        let waiting: Vec<(&str, &str)> = waiting
            .iter()
            .map(|e| (e.action.as_str(), e.order.as_str()))
            .collect();
        assert_eq!(waiting, [("create", "4402")], "{}", site.name);
    }
}

#[test]
fn a_desk_imports_a_file_through_the_server_and_hears_what_each_entry_came_to() {
    let site = Site::sqlite();
    let server = staffed(&site, &[]);
    let (first, token) = enrolled(&site, &server, "Station 1");
    let pia = SessionToken(first.session(&token, "Pia", PACKER_PIN));
    let client = server.client();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let example = include_str!("../../../assets/import/example.json").to_string();
    let report = runtime
        .block_on(client.import(&pia, example.clone()))
        .unwrap();
    assert!(!report.imported.is_empty(), "{report:?}");
    assert!(report.rejected.is_empty(), "{report:?}");
    for number in &report.imported {
        assert!(site.open_record().order(*number).unwrap().is_some());
    }
    let again = runtime
        .block_on(client.import(&pia, example.clone()))
        .unwrap();
    assert_eq!(again.already_present, report.imported);
    // Larger than any other request may be (a 10 000-order file is about 40 MB): taken.
    let padded = format!("{}{example}", " ".repeat(3 * 1024 * 1024));
    let padded = runtime.block_on(client.import(&pia, padded)).unwrap();
    assert_eq!(padded.already_present, report.imported);

    // Not an import file: said, with nothing recorded; too large: said with the limit.
    match runtime.block_on(client.import(&pia, "{\"orders\": ".into())) {
        Err(WarehouseClientError::Invalid(problems)) => {
            assert!(
                problems[0].error.contains("not an import file"),
                "{problems:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    // Read to its end before the refusal, so the desk hears it rather than a reset connection.
    let huge = format!("[{}]", "0,".repeat(33 * 1024 * 1024) + "0");
    match runtime.block_on(client.import(&pia, huge)) {
        Err(WarehouseClientError::Other {
            status: 413,
            message,
        }) => {
            assert!(message.contains("64 MiB"), "{message}")
        }
        other => panic!("{other:?}"),
    }
}
