//! Packing through the server: only the desk holding a shipment's claim packs it, asks for its
//! label again or fulfills it; any other desk gets 409 naming who holds it, and the record is
//! unchanged. A parcel's units and weight are checked, each problem named.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::site::Site;
use super::{ORDER, PACKER_PIN, enrolled, staffed};

fn pack_body(quantity: u32, unit: &str) -> Value {
    json!({
        "lines": [{"line": "L1", "quantity": quantity, "asn": "ASN-L1"}],
        "weight": {"value": "1.25", "unit": unit},
        "dimensions": {"length": "30", "width": "20", "height": "10", "unit": "cm"},
        "track_reference": "TR-1",
        "from": crate::station::address("Warehouse"),
        "to": crate::station::address("Zoë"),
        "label": {"brand_code": "BRAND", "zpl": true}
    })
}

fn path(rest: &str) -> String {
    format!("/v1/warehouse/orders/{ORDER}/{rest}")
}

#[test]
fn only_the_desk_holding_the_claim_packs_labels_and_fulfills() {
    for site in Site::each() {
        let server = staffed(&site, &[]);
        site.add_person("Quinn", "packer", "9753");
        let (first, first_token) = enrolled(&site, &server, "Station 1");
        let (second, second_token) = enrolled(&site, &server, "Station 2");
        let pia = first.session(&first_token, "Pia", PACKER_PIN);
        let quinn = second.session(&second_token, "Quinn", "9753");

        // Without any claim, nobody packs.
        let unclaimed = first.call(
            Method::POST,
            &path("shipments/S1/parcels"),
            Some(&pia),
            Some(pack_body(1, "pounds")),
        );
        assert_eq!(unclaimed.status, StatusCode::CONFLICT, "{}", unclaimed.text);
        assert!(unclaimed.text.contains("claim"), "{}", unclaimed.text);

        assert_eq!(
            first
                .call(Method::POST, &path("shipments/S1/claim"), Some(&pia), None)
                .status,
            StatusCode::OK
        );
        let bad = first.call(
            Method::POST,
            &path("shipments/S1/parcels"),
            Some(&pia),
            Some(pack_body(1, "kg")),
        );
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text);
        assert_eq!(bad.body["error"][0]["field"], "weight.unit");
        let packed = first.call(
            Method::POST,
            &path("shipments/S1/parcels"),
            Some(&pia),
            Some(pack_body(1, "pounds")),
        );
        assert_eq!(
            packed.status,
            StatusCode::CREATED,
            "{} {}",
            site.name,
            packed.text
        );
        let parcel = packed.body["parcel"].as_i64().unwrap();
        let too_many = first.call(
            Method::POST,
            &path("shipments/S1/parcels"),
            Some(&pia),
            Some(pack_body(5, "pounds")),
        );
        assert_eq!(
            too_many.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            too_many.text
        );

        let before = site.open_record().order(ORDER).unwrap().unwrap();
        let outbox_before = site.open_record().outbox_open().unwrap().len();
        let fulfill = json!({"tracking_number": "TRK-1", "carrier": "Post", "location": "WH1"});
        let refused = [
            second.call(
                Method::POST,
                &path("shipments/S1/parcels"),
                Some(&quinn),
                Some(pack_body(1, "pounds")),
            ),
            second.call(
                Method::POST,
                &path(&format!("parcels/{parcel}/label")),
                Some(&quinn),
                Some(json!({"brand_code": "BRAND"})),
            ),
            second.call(
                Method::POST,
                &path(&format!("parcels/{parcel}/fulfill")),
                Some(&quinn),
                Some(fulfill.clone()),
            ),
        ];
        for answer in &refused {
            assert_eq!(
                answer.status,
                StatusCode::CONFLICT,
                "{}: {}",
                site.name,
                answer.text
            );
            assert!(
                answer.text.contains("Being packed at Station 1 by Pia"),
                "{}",
                answer.text
            );
        }
        let mut record = site.open_record();
        assert_eq!(record.order(ORDER).unwrap().unwrap(), before);
        assert_eq!(record.outbox_open().unwrap().len(), outbox_before);

        // The holder asks for the label again and fulfills; the record names the desk and person.
        let again = first.call(
            Method::POST,
            &path(&format!("parcels/{parcel}/label")),
            Some(&pia),
            Some(json!({"brand_code": "BRAND"})),
        );
        assert_eq!(again.status, StatusCode::ACCEPTED, "{}", again.text);
        let done = first.call(
            Method::POST,
            &path(&format!("parcels/{parcel}/fulfill")),
            Some(&pia),
            Some(fulfill.clone()),
        );
        assert_eq!(done.status, StatusCode::OK, "{}", done.text);
        let events = record.events(ORDER).unwrap();
        let fulfillment = events
            .iter()
            .find(|e| e.kind == "fulfillment")
            .expect("a fulfillment event");
        assert_eq!(
            (fulfillment.desk.as_deref(), fulfillment.person.as_deref()),
            (Some("Station 1"), Some("Pia"))
        );
        let twice = first.call(
            Method::POST,
            &path(&format!("parcels/{parcel}/fulfill")),
            Some(&pia),
            Some(fulfill),
        );
        assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.text);
        let unknown = first.call(
            Method::POST,
            &path("parcels/999999/label"),
            Some(&pia),
            Some(json!({"brand_code": "B"})),
        );
        assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    }
}
