//! Writes a desk may repeat are recorded once: a parcel packed, a label asked for, a parcel
//! fulfilled, a shipment canceled, each sent again with its `Idempotency-Key`, gets the first
//! answer back (marked `Idempotent-Replayed: true`) and changes nothing more; a key sent with
//! another request is refused with the header named. And the case the keys are for: the
//! connection to PostgreSQL cut while a parcel's `COMMIT` is in flight, the commit made, the
//! server unable to know it; the desk repeats with its key and the record holds one parcel.

use packdesk::api::IdempotencyKey;
use packdesk::api::warehouse::PackRequest;
use packdesk::station::db::StationDb;
use packdesk::warehouse::client::WarehouseClientError;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::site::{Answer, Desk, Site};
use super::{ORDER, PACKER_PIN, SUPERVISOR_PIN, enrolled, staffed};
use crate::cut_relay::CutRelay;

fn path(rest: &str) -> String {
    format!("/v1/warehouse/orders/{ORDER}/{rest}")
}

fn pack_body(quantity: u32) -> Value {
    json!({
        "lines": [{"line": "L1", "quantity": quantity, "asn": "ASN-L1"}],
        "weight": {"value": "1.25", "unit": "pounds"},
        "track_reference": "TR-1",
        "from": crate::station::address("Warehouse"),
        "to": crate::station::address("Zoë"),
        "label": {"brand_code": "BRAND", "zpl": true}
    })
}

/// `POST path` with `key` as the `Idempotency-Key`.
fn keyed(desk: &Desk, session: &str, path: &str, body: Option<Value>, key: &str) -> Answer {
    desk.try_call_with(
        Method::POST,
        path,
        Some(session),
        body,
        &[("Idempotency-Key", key)],
    )
    .unwrap()
}

/// `POST path` twice with one key: `status` both times, the second marked as a repeat and
/// answered as the first. The first answer.
fn twice(
    desk: &Desk,
    session: &str,
    path: &str,
    body: Option<Value>,
    key: &str,
    status: u16,
) -> Answer {
    let first = keyed(desk, session, path, body.clone(), key);
    assert_eq!(first.status.as_u16(), status, "{path}: {}", first.text);
    assert!(!replayed(&first), "{path}: the first try is not a repeat");
    let again = keyed(desk, session, path, body, key);
    assert_eq!(again.status.as_u16(), status, "{path}: {}", again.text);
    assert!(replayed(&again), "{path}: the repeat is marked");
    assert_eq!(again.body, first.body, "{path}: answered as the first time");
    first
}

fn replayed(answer: &Answer) -> bool {
    answer
        .headers
        .get("idempotent-replayed")
        .is_some_and(|v| v == "true")
}

/// The live parcels of shipment `shipment` of the order, as the record holds them.
fn parcels(record: &mut StationDb, shipment: &str) -> usize {
    let order = record.order(ORDER).unwrap().unwrap();
    let shown = order.shipments.iter().find(|s| s.shipment_id == shipment);
    shown.map_or(0, |s| {
        s.parcels.iter().filter(|p| p.voided_at.is_none()).count()
    })
}

#[test]
fn each_repeatable_write_sent_again_with_its_key_is_answered_as_before_and_recorded_once() {
    for site in Site::each() {
        let server = staffed(&site, &[]);
        let (desk, token) = enrolled(&site, &server, "Station 1");
        let pia = desk.session(&token, "Pia", PACKER_PIN);
        let sam = desk.session(&token, "Sam", SUPERVISOR_PIN);
        let claimed = desk.call(Method::POST, &path("shipments/S1/claim"), Some(&pia), None);
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);

        // A parcel, sent twice with one key: one parcel, one answer.
        let key = IdempotencyKey::new().to_string();
        let parcels_path = path("shipments/S1/parcels");
        let first = twice(&desk, &pia, &parcels_path, Some(pack_body(1)), &key, 201);
        assert_eq!(parcels(&mut site.open_record(), "S1"), 1, "{}", site.name);

        // The same key with another parcel is a mistake, not a repeat: refused, nothing made.
        let other = keyed(&desk, &pia, &parcels_path, Some(pack_body(2)), &key);
        assert_eq!(
            other.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            other.text
        );
        assert_eq!(other.body["error"][0]["field"], "Idempotency-Key");
        assert!(other.text.contains("another request"), "{}", other.text);
        let malformed = keyed(&desk, &pia, &parcels_path, Some(pack_body(1)), "x y");
        assert_eq!(malformed.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(malformed.body["error"][0]["field"], "Idempotency-Key");
        // Without a key a write is simply made (a script, curl): a second parcel.
        let unkeyed = desk.call(Method::POST, &parcels_path, Some(&pia), Some(pack_body(1)));
        assert_eq!(unkeyed.status, StatusCode::CREATED, "{}", unkeyed.text);
        assert_eq!(parcels(&mut site.open_record(), "S1"), 2, "{}", site.name);

        // The label asked again, and the fulfillment: each repeat answered as the first try.
        let parcel = first.body["parcel"].as_i64().unwrap();
        let label_path = path(&format!("parcels/{parcel}/label"));
        let label_body = json!({"brand_code": "BRAND"});
        let key = IdempotencyKey::new().to_string();
        twice(&desk, &pia, &label_path, Some(label_body), &key, 202);

        let fulfill_path = path(&format!("parcels/{parcel}/fulfill"));
        let fulfillment = json!({"tracking_number": "TRK-1", "carrier": "Post", "location": "WH1",
            "shipped_at": "2026-11-29T09:00:00Z"});
        let key = IdempotencyKey::new().to_string();
        twice(
            &desk,
            &pia,
            &fulfill_path,
            Some(fulfillment.clone()),
            &key,
            200,
        );
        // A fresh key for the same fulfillment is a second fulfillment: refused as ever.
        let fresh = IdempotencyKey::new().to_string();
        let second = keyed(&desk, &pia, &fulfill_path, Some(fulfillment), &fresh);
        assert_eq!(second.status, StatusCode::CONFLICT, "{}", second.text);

        // A cancellation repeated: 200 both times, one cancellation event.
        let key = IdempotencyKey::new().to_string();
        let cancel_path = path("shipments/S2/cancel");
        twice(&desk, &sam, &cancel_path, None, &key, 200);
        let mut record = site.open_record();
        let events = record.events(ORDER).unwrap();
        for kind in ["fulfillment", "cancellation"] {
            assert_eq!(
                events.iter().filter(|e| e.kind == kind).count(),
                1,
                "{}: one {kind} event in {:?}",
                site.name,
                events.iter().map(|e| &e.kind).collect::<Vec<_>>()
            );
        }
        // Another desk's key is its own: the same text from Station 2 is a new write.
        let (second, second_token) = enrolled(&site, &server, "Station 2");
        let sam_there = second.session(&second_token, "Sam", SUPERVISOR_PIN);
        let elsewhere = keyed(&second, &sam_there, &cancel_path, None, &key);
        assert_eq!(elsewhere.status, StatusCode::CONFLICT, "{}", elsewhere.text);
    }
}

#[test]
fn a_parcel_whose_commit_was_cut_off_is_recorded_once_when_the_desk_repeats_it() {
    let Some(mut site) = Site::postgres() else {
        return;
    };
    let (cut, relayed) = CutRelay::in_front_of(site.database.as_deref().unwrap());
    site.database = Some(relayed);
    let server = staffed(&site, &[]);
    let (_, token) = enrolled(&site, &server, "Station 1");
    let client = server.client();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let desk = packdesk::warehouse::client::DeskToken(token);
    let (session, _) = runtime
        .block_on(client.sign_in(&desk, "Pia", PACKER_PIN))
        .unwrap();
    runtime
        .block_on(client.claim(&session, ORDER, "S1"))
        .unwrap();
    let parcel: PackRequest = serde_json::from_value(pack_body(1)).unwrap();
    let key = IdempotencyKey::new();

    // The parcel's transaction (the one that writes its key) loses its connection mid-COMMIT.
    cut.arm_commit_after("INSERT INTO idempotency_keys");
    let lost = runtime.block_on(client.pack(&session, ORDER, "S1", &parcel, &key));
    assert_eq!(cut.cuts(), 1, "the commit was cut");
    let Err(
        WarehouseClientError::Unreachable(said) | WarehouseClientError::Busy { message: said, .. },
    ) = &lost
    else {
        panic!("the desk is told the write is unconfirmed: {lost:?}");
    };
    assert!(said.contains("Idempotency-Key"), "{said}");
    // It was committed all the same: PostgreSQL made it before the connection went.
    assert_eq!(parcels(&mut site.open_record(), "S1"), 1);

    // The desk repeats the write with its key: the first parcel's answer, no second parcel.
    let repeated = runtime
        .block_on(client.pack(&session, ORDER, "S1", &parcel, &key))
        .unwrap();
    let mut record = site.open_record();
    assert_eq!(parcels(&mut record, "S1"), 1, "one parcel, not two");
    let order = record.order(ORDER).unwrap().unwrap();
    let recorded = &order.shipments[0].parcels[0];
    assert_eq!(repeated.parcel, recorded.id.0);
    let label_entries = record
        .outbox_open()
        .unwrap()
        .into_iter()
        .filter(|e| e.parcel == Some(recorded.id))
        .count();
    assert_eq!(label_entries, 1, "one label asked for");

    // And a new parcel gets a new key: recorded as the second.
    runtime
        .block_on(client.pack(&session, ORDER, "S1", &parcel, &IdempotencyKey::new()))
        .unwrap();
    assert_eq!(parcels(&mut site.open_record(), "S1"), 2);
}
