//! The provider's credentials and the outbox live on the server: `set-provider` keeps the key
//! and token in its data directory only, the server delivers the order's create, the packed
//! parcel's label request and the fulfillment to a real provider on a loopback port, fetches
//! the label's documents and makes the customs paperwork, and a desk — through the typed
//! client, holding nothing but its tokens — downloads exactly what the server made.

use std::time::{Duration, Instant};

use packdesk::api::warehouse::{FulfillRequest, LabelOptionsRequest, MeasureRequest, PackRequest};
use packdesk::api::{IdempotencyKey, LabelStatus};
use packdesk::customs::settings::SETTINGS_KEY;
use packdesk::warehouse::client::{DeskToken, WarehouseClient, WarehouseClientError};

use super::site::Site;
use super::{PACKER_PIN, SUPERVISOR_PIN};
use crate::support::TestService;

const NUMBER: u64 = 5501;

/// Polls `check` every 100 ms for up to 60 s.
async fn eventually<T>(what: &str, mut check: impl AsyncFnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(found) = check().await {
            return found;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A desk enrolled through `client` with a code from `add-desk`.
async fn enroll(client: &WarehouseClient, site: &Site, name: &str) -> DeskToken {
    let code = site.add_desk(name);
    DeskToken(client.enroll(&code).await.unwrap().desk_token)
}

/// `packdesk warehouse set-provider` naming `provider`, its key and token typed at the prompts;
/// neither shows in what the command prints.
fn set_provider(site: &Site, provider: &TestService) {
    let running = &provider.running;
    let (code, out, err) = site.admin_in_data_dir(
        "set-provider",
        &[
            "--base-url",
            &running.base_url,
            "--labels-url",
            &running.labels_url,
        ],
        &format!("{}\n{}\n", provider.api_key(), provider.token()),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains(provider.api_key()) && !err.contains(provider.api_key()));
}

#[test]
fn the_server_alone_delivers_to_the_provider_and_desks_download_what_it_made() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let provider = runtime.block_on(TestService::start());
    for site in Site::each() {
        runtime.block_on(deliver_at(&site, &provider));
    }
}

async fn deliver_at(site: &Site, provider: &TestService) {
    let number = NUMBER + u64::from(site.name == "postgres");
    // The order a customer-service desk submitted: recorded, its create waiting in the outbox.
    let quoted = crate::synthetic::quoted_demo_orders(&provider.client, number, 1)
        .await
        .remove(0);
    // The record's own client is synchronous (PostgreSQL's runs a runtime of its own).
    tokio::task::block_in_place(|| {
        site.open_record()
            .submit_order(&quoted.order.cart, &quoted.quote, &quoted.body)
            .unwrap()
    });
    site.add_person("Sam", "supervisor", SUPERVISOR_PIN);
    site.add_person("Pia", "packer", PACKER_PIN);

    // The key and token typed at set-provider's prompts, kept in the data directory only.
    set_provider(site, provider);
    let running = &provider.running;
    let server = site.serve(&[]);
    let client = server.client();

    // The server delivers the create with no desk running at all.
    eventually("the order's create at the provider", async || {
        running.store.order(number).unwrap().map(drop)
    })
    .await;

    let desk = enroll(&client, site, "Station 1").await;
    let (sam, _) = client.sign_in(&desk, "Sam", SUPERVISOR_PIN).await.unwrap();
    let settings = serde_json::to_value(crate::paperwork::settings()).unwrap();
    client
        .set_setting(&sam, SETTINGS_KEY, &settings)
        .await
        .unwrap();
    client.sign_out(&sam).await.unwrap();
    let (pia, _) = client.sign_in(&desk, "Pia", PACKER_PIN).await.unwrap();
    // A packer may not change the warehouse's settings, through the typed client either.
    assert!(matches!(
        client.set_setting(&pia, SETTINGS_KEY, &settings).await,
        Err(WarehouseClientError::Forbidden(_))
    ));

    let order = tokio::task::block_in_place(|| site.open_record().order(number).unwrap().unwrap());
    let shipment = &order.shipments[0];
    client
        .claim(&pia, number, &shipment.shipment_id)
        .await
        .unwrap();
    let to = crate::station::address("Zoë");
    let pack = PackRequest {
        lines: crate::synthetic::parcel_lines_left(shipment),
        weight: MeasureRequest {
            value: "1.25".into(),
            unit: "pounds".into(),
        },
        dimensions: None,
        track_reference: format!("TR-{number}"),
        from: crate::station::address("Warehouse"),
        to,
        label: LabelOptionsRequest {
            brand_code: "ACME".into(),
            location_code: None,
            base64: false,
            zpl: true,
            full_order: false,
        },
    };
    let queued = client
        .pack(
            &pia,
            number,
            &shipment.shipment_id,
            &pack,
            &IdempotencyKey::new(),
        )
        .await
        .unwrap();

    // The label comes back through the server's outbox, with its documents and paperwork.
    let label = eventually("the label and its paperwork", async || {
        let view = client
            .parcel_label(&pia, number, queued.parcel)
            .await
            .unwrap();
        let has = |paper: &str| view.documents.iter().any(|d| d.paper == paper);
        (view.status == Some(LabelStatus::Success) && has("label") && has("invoice"))
            .then_some(view)
    })
    .await;
    assert!(!label.tracking_code.is_empty());
    let zpl = label
        .documents
        .iter()
        .find(|d| d.paper == "label" && d.kind == "zpl")
        .expect("the label's ZPL");
    let bytes = client.document(&pia, zpl.id).await.unwrap();
    assert!(
        bytes.starts_with(b"^XA"),
        "{}",
        String::from_utf8_lossy(&bytes)
    );
    assert_eq!(bytes.len() as u64, zpl.size);
    let invoice = label
        .documents
        .iter()
        .find(|d| d.paper == "invoice" && d.kind == "pdf")
        .expect("the commercial invoice as a PDF");
    assert!(
        client
            .document(&pia, invoice.id)
            .await
            .unwrap()
            .starts_with(b"%PDF")
    );
    assert!(matches!(
        client.document(&pia, 999_999).await,
        Err(WarehouseClientError::NotFound(_))
    ));

    client
        .fulfill(
            &pia,
            number,
            queued.parcel,
            &FulfillRequest {
                tracking_number: label.tracking_code.clone(),
                carrier: "Packdesk Post".into(),
                location: "BER-1".into(),
                shipped_at: None,
            },
            &IdempotencyKey::new(),
        )
        .await
        .unwrap();
    eventually("the fulfillment at the provider", async || {
        let order = running.store.order(number).unwrap()?;
        let sent: Vec<_> = order
            .shipments
            .iter()
            .flat_map(|s| s.fulfillments.iter())
            .collect();
        (sent.len() == 1).then_some(())
    })
    .await;
    let outbox = client.outbox(&pia).await.unwrap();
    assert!(outbox.is_empty(), "{outbox:?}");

    // The key lives in the server's data directory and nowhere in its log.
    let log = std::fs::read_to_string(site.data_dir().join("warehouse.log")).unwrap_or_default();
    assert!(!log.contains(provider.api_key()) && !log.contains(provider.token()));
    let kept = std::fs::read_to_string(site.data_dir().join("provider.json")).unwrap();
    assert!(kept.contains(provider.api_key()));
}

#[test]
fn without_a_provider_the_server_says_so_and_entries_wait() {
    let site = Site::sqlite();
    let (code, _, err) = site.admin_in_data_dir(
        "set-provider",
        &[
            "--base-url",
            "http://provider.lan",
            "--labels-url",
            "http://provider.lan/l",
        ],
        "key\ntoken\n",
    );
    assert_ne!(code, 0);
    assert!(err.contains("http"), "{err}");
    assert!(!site.data_dir().join("provider.json").exists());
    let (code, _, err) = site.admin_in_data_dir(
        "set-provider",
        &[
            "--base-url",
            "https://p.example",
            "--labels-url",
            "https://p.example/l",
        ],
        "key\n",
    );
    assert_ne!(code, 0, "the token was never typed");
    assert!(err.contains("standard input ended"), "{err}");
    let server = site.serve(&[]);
    assert!(
        server.provider_line.contains("none set"),
        "{}",
        server.provider_line
    );
}

#[test]
fn a_full_order_label_comes_through_the_server_for_a_whole_one_shipment_order_only() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let provider = runtime.block_on(TestService::start());
    let site = Site::sqlite();
    let quoted = runtime.block_on(crate::synthetic::quoted_demo_orders(
        &provider.client,
        7701,
        8,
    ));
    let single = quoted
        .iter()
        .find(|q| q.order.cart.shipments.len() == 1)
        .expect("a demo order with one shipment");
    let split = quoted
        .iter()
        .find(|q| q.order.cart.shipments.len() > 1)
        .expect("a demo order with two shipments");
    for order in [single, split] {
        site.open_record()
            .submit_order(&order.order.cart, &order.quote, &order.body)
            .unwrap();
    }
    site.add_person("Sam", "supervisor", SUPERVISOR_PIN);
    site.add_person("Pia", "packer", PACKER_PIN);
    set_provider(&site, &provider);
    let server = site.serve(&[]);
    let client = server.client();
    runtime.block_on(async {
        let desk = enroll(&client, &site, "Station 1").await;
        let (pia, _) = client.sign_in(&desk, "Pia", PACKER_PIN).await.unwrap();
        for (order, whole) in [(single, true), (split, false)] {
            let number = order.order.number;
            let record = client.order(&pia, number).await.unwrap();
            let shipment = &record.shipments[0];
            client
                .claim(&pia, number, &shipment.shipment_id)
                .await
                .unwrap();
            let mut pack: PackRequest = serde_json::from_value(serde_json::json!({
                "lines": [],
                "weight": {"value": "2", "unit": "pounds"},
                "track_reference": format!("TR-{number}"),
                "from": crate::station::address("Warehouse"),
                "to": crate::station::address("Zoë"),
                "label": {"brand_code": "ACME", "zpl": true, "full_order": true}
            }))
            .unwrap();
            pack.lines = crate::synthetic::parcel_lines_left(shipment);
            let packed = client
                .pack(
                    &pia,
                    number,
                    &shipment.shipment_id,
                    &pack,
                    &IdempotencyKey::new(),
                )
                .await;
            if !whole {
                match packed {
                    Err(WarehouseClientError::Invalid(problems)) => {
                        assert_eq!(problems[0].field, "label.full_order", "{problems:?}")
                    }
                    other => panic!("{other:?}"),
                }
                continue;
            }
            let parcel = packed.unwrap().parcel;
            let label = eventually("the full-order label", async || {
                let view = client.parcel_label(&pia, number, parcel).await.unwrap();
                (view.status == Some(LabelStatus::Success)).then_some(view)
            })
            .await;
            assert!(!label.tracking_code.is_empty());
            // Only the order number was asked for: the order's one label.
            let kept = client.order(&pia, number).await.unwrap();
            let request = &kept.shipments[0].parcels[0].labels[0].request;
            assert_eq!(request.order_number, number.to_string());
            assert!(request.skus.is_none(), "{request:?}");
        }
    });
}
