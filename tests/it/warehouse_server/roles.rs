//! What the server enforces whatever a desk sends: a packer's session is refused what a packer
//! may never do (403, whether or not the shipment exists) and the record is unchanged; a
//! supervisor's succeeds and the record names that supervisor and desk; one desk at a time packs
//! a shipment, across desks and across two server instances on one database.

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::site::Site;
use super::{ORDER, PACKER_PIN, SUPERVISOR_PIN, enrolled, staffed};

fn shipment(order: u64, shipment: &str, action: &str) -> String {
    format!("/v1/warehouse/orders/{order}/shipments/{shipment}/{action}")
}

#[test]
fn a_packer_is_refused_what_their_role_forbids_and_the_record_is_unchanged() {
    for site in Site::each() {
        let server = staffed(&site, &[]);
        let (desk, token) = enrolled(&site, &server, "Station 1");
        let packer = desk.session(&token, "Pia", PACKER_PIN);
        let before = site.open_record().order(ORDER).unwrap().unwrap();

        let forbidden: Vec<(Method, String, Option<serde_json::Value>)> = vec![
            (Method::POST, shipment(ORDER, "S1", "cancel"), None),
            // Whether or not the shipment or order exists, the answer is the same.
            (Method::POST, shipment(ORDER, "NOPE", "cancel"), None),
            (Method::POST, shipment(999_999, "S1", "cancel"), None),
            (Method::POST, shipment(ORDER, "S1", "take-over"), None),
            (Method::GET, "/v1/warehouse/people".into(), None),
            (
                Method::POST,
                "/v1/warehouse/people".into(),
                Some(json!({"name": "Mallory", "role": "supervisor", "pin": "1111"})),
            ),
            (Method::GET, "/v1/warehouse/desks".into(), None),
            (
                Method::POST,
                "/v1/warehouse/desks/enrollments".into(),
                Some(json!({"name": "Rogue desk"})),
            ),
            (
                Method::DELETE,
                "/v1/warehouse/desks/Station%201".into(),
                None,
            ),
        ];
        let mut answers = Vec::new();
        for (method, path, body) in forbidden {
            let answer = desk.call(method.clone(), &path, Some(&packer), body);
            assert_eq!(
                answer.status,
                StatusCode::FORBIDDEN,
                "{} {method} {path}: {}",
                site.name,
                answer.text
            );
            answers.push(answer.text);
        }
        assert!(
            answers[0].contains("supervisor"),
            "says who may: {}",
            answers[0]
        );
        assert_eq!(
            answers[1], answers[2],
            "nothing learnt from a shipment that does not exist"
        );

        let mut record = site.open_record();
        assert_eq!(
            record.order(ORDER).unwrap().unwrap(),
            before,
            "{}",
            site.name
        );
        assert!(record.outbox_open().unwrap().is_empty());
        assert!(record.sign_in_candidate("Mallory").unwrap().is_none());
        assert_eq!(record.desks().unwrap().len(), 1);
        // The desk still works: its token was not revoked.
        assert_eq!(
            desk.sign_in(&token, "Pia", PACKER_PIN).status,
            StatusCode::CREATED
        );

        // Customer service may not pack either.
        let agent = desk.session(&token, "Cal", "8080");
        let claim = desk.call(
            Method::POST,
            &shipment(ORDER, "S1", "claim"),
            Some(&agent),
            None,
        );
        assert_eq!(claim.status, StatusCode::FORBIDDEN);

        // A supervisor's cancel goes through, and the record says who and where.
        let supervisor = desk.session(&token, "Sam", SUPERVISOR_PIN);
        let canceled = desk.call(
            Method::POST,
            &shipment(ORDER, "S1", "cancel"),
            Some(&supervisor),
            None,
        );
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.text);
        let events = record.events(ORDER).unwrap();
        let cancellation = events
            .iter()
            .find(|e| e.kind == "cancellation")
            .expect("a cancellation event");
        assert_eq!(cancellation.person.as_deref(), Some("Sam"));
        assert_eq!(cancellation.desk.as_deref(), Some("Station 1"));
        assert_eq!(
            record.outbox_open().unwrap().len(),
            1,
            "queued for the provider"
        );
        let again = desk.call(
            Method::POST,
            &shipment(ORDER, "S1", "cancel"),
            Some(&supervisor),
            None,
        );
        assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.text);

        // A supervisor manages people: a person added through the API signs in.
        let added = desk.call(
            Method::POST,
            "/v1/warehouse/people",
            Some(&supervisor),
            Some(json!({"name": "Ola", "role": "packer", "pin": "4321", "badge": "B-77"})),
        );
        assert_eq!(added.status, StatusCode::CREATED, "{}", added.text);
        assert_eq!(
            desk.sign_in(&token, "B-77", "4321").status,
            StatusCode::CREATED
        );
        let bad = desk.call(
            Method::POST,
            "/v1/warehouse/people",
            Some(&supervisor),
            Some(json!({"name": " ", "role": "boss", "pin": "12"})),
        );
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
        let fields: Vec<&str> = bad.body["error"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["name", "role", "pin"]);
    }
}

#[test]
fn one_desk_packs_a_shipment_and_a_supervisor_takes_it_over() {
    for site in Site::each() {
        let server = staffed(&site, &[]);
        let (first, first_token) = enrolled(&site, &server, "Station 1");
        let (second, second_token) = enrolled(&site, &server, "Station 2");
        let pia = first.session(&first_token, "Pia", PACKER_PIN);
        let sam = second.session(&second_token, "Sam", SUPERVISOR_PIN);

        let claimed = first.call(
            Method::POST,
            &shipment(ORDER, "S1", "claim"),
            Some(&pia),
            None,
        );
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);
        assert_eq!(claimed.body["desk"], "Station 1");
        assert_eq!(claimed.body["person"], "Pia");
        // Renewing one's own claim is fine; another desk is told whose it is.
        assert_eq!(
            first
                .call(
                    Method::POST,
                    &shipment(ORDER, "S1", "claim"),
                    Some(&pia),
                    None
                )
                .status,
            StatusCode::OK
        );
        let refused = second.call(
            Method::POST,
            &shipment(ORDER, "S1", "claim"),
            Some(&sam),
            None,
        );
        assert_eq!(refused.status, StatusCode::CONFLICT, "{}", site.name);
        assert!(
            refused.text.contains("Being packed at Station 1 by Pia"),
            "{}",
            refused.text
        );

        let taken = second.call(
            Method::POST,
            &shipment(ORDER, "S1", "take-over"),
            Some(&sam),
            None,
        );
        assert_eq!(taken.status, StatusCode::OK, "{}", taken.text);
        assert_eq!(taken.body["desk"], "Station 2");
        let lost = first.call(
            Method::POST,
            &shipment(ORDER, "S1", "claim"),
            Some(&pia),
            None,
        );
        assert_eq!(lost.status, StatusCode::CONFLICT);
        let takeover = site
            .open_record()
            .events(ORDER)
            .unwrap()
            .into_iter()
            .find(|e| e.kind == "claim_taken_over")
            .expect("the take-over is in the history");
        assert_eq!(takeover.person.as_deref(), Some("Sam"));

        // Released by its holder, the shipment is free for the first desk again.
        let released = second.call(
            Method::DELETE,
            &shipment(ORDER, "S1", "claim"),
            Some(&sam),
            None,
        );
        assert_eq!(released.status, StatusCode::NO_CONTENT);
        assert_eq!(
            first
                .call(
                    Method::POST,
                    &shipment(ORDER, "S1", "claim"),
                    Some(&pia),
                    None
                )
                .status,
            StatusCode::OK
        );
        let unknown = first.call(
            Method::POST,
            &shipment(ORDER, "S9", "claim"),
            Some(&pia),
            None,
        );
        assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    }
}

#[test]
fn two_instances_on_one_database_keep_one_claim() {
    let Some(site) = Site::postgres() else {
        return;
    };
    let one = staffed(&site, &[]);
    let two = site.serve(&[]);
    let (desk_one, token_one) = enrolled(&site, &one, "Station 1");
    // Enrolled through the other instance (same data directory: same certificate and pepper).
    let (desk_two, token_two) = enrolled(&site, &two, "Station 2");
    let pia = desk_one.session(&token_one, "Pia", PACKER_PIN);
    let sam = desk_two.session(&token_two, "Sam", SUPERVISOR_PIN);

    let claimed = desk_one.call(
        Method::POST,
        &shipment(ORDER, "S2", "claim"),
        Some(&pia),
        None,
    );
    assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);
    let refused = desk_two.call(
        Method::POST,
        &shipment(ORDER, "S2", "claim"),
        Some(&sam),
        None,
    );
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    // A session opened through one instance is good at the other (it is in the record).
    let desk_one_at_two = super::site::Desk::new(
        &two.base_url,
        &packdesk::warehouse::client::Trust::Fingerprint(two.fingerprint.clone().unwrap()),
    );
    let current = desk_one_at_two.call(
        Method::GET,
        "/v1/warehouse/sessions/current",
        Some(&pia),
        None,
    );
    assert_eq!(current.status, StatusCode::OK);
    assert_eq!(current.body["desk"], "Station 1");
}

#[test]
fn outbox_corrections_discards_and_settings_are_a_supervisors() {
    for site in Site::each() {
        let server = staffed(&site, &[]);
        let (desk, token) = enrolled(&site, &server, "Station 1");
        let pia = desk.session(&token, "Pia", PACKER_PIN);
        let sam = desk.session(&token, "Sam", SUPERVISOR_PIN);
        let canceled = desk.call(
            Method::POST,
            &shipment(ORDER, "S2", "cancel"),
            Some(&sam),
            None,
        );
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.text);
        let entry = canceled.body["outbox_entry"].as_i64().unwrap();
        let listed = desk.call(Method::GET, "/v1/warehouse/outbox", Some(&pia), None);
        assert_eq!(listed.status, StatusCode::OK);
        let body = listed.body[0]["body"].clone();
        assert_eq!(listed.body[0]["action"], "cancel");

        // What a packer may not do, whether or not the entry exists; the record unchanged.
        let mut fulfilling = body.clone();
        fulfilling["shipments"][0]["status"] = "fulfilled".into();
        let resend = |id: i64| format!("/v1/warehouse/outbox/{id}/resend");
        let discard = |id: i64| format!("/v1/warehouse/outbox/{id}/discard");
        let forbidden = [
            (resend(entry), json!({"body": fulfilling})),
            (resend(999_999), json!({"body": body})),
            (resend(entry), json!({})),
            (discard(entry), json!({"reason": "not wanted"})),
            (discard(999_999), json!({"reason": "not wanted"})),
        ];
        for (path, request) in forbidden {
            let answer = desk.call(Method::POST, &path, Some(&pia), Some(request));
            assert_eq!(
                answer.status,
                StatusCode::FORBIDDEN,
                "{} {path}: {}",
                site.name,
                answer.text
            );
        }
        let settings = "/v1/warehouse/settings/customs_documents";
        let put = desk.call(
            Method::PUT,
            settings,
            Some(&pia),
            Some(json!({"signatory": "Pia"})),
        );
        assert_eq!(put.status, StatusCode::FORBIDDEN);
        let mut record = site.open_record();
        let open = record.outbox_open().unwrap();
        assert_eq!((open.len(), &open[0].body), (1, &body), "{}", site.name);
        assert!(
            record
                .warehouse_setting("customs_documents")
                .unwrap()
                .is_none()
        );

        // A supervisor's correction keeps what the entry does; a discard needs a reason.
        let changed = desk.call(
            Method::POST,
            &resend(entry),
            Some(&sam),
            Some(json!({"body": fulfilling})),
        );
        assert_eq!(
            changed.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            changed.text
        );
        let resent = desk.call(Method::POST, &resend(entry), Some(&sam), Some(json!({})));
        assert_eq!(resent.status, StatusCode::OK, "{}", resent.text);
        assert_eq!(resent.body["state"], "queued");
        let reasonless = desk.call(
            Method::POST,
            &discard(entry),
            Some(&sam),
            Some(json!({"reason": " "})),
        );
        assert_eq!(reasonless.status, StatusCode::UNPROCESSABLE_ENTITY);
        let discarded = desk.call(
            Method::POST,
            &discard(entry),
            Some(&sam),
            Some(json!({"reason": "sent by phone"})),
        );
        assert_eq!(discarded.status, StatusCode::OK, "{}", discarded.text);
        assert_eq!(discarded.body["state"], "discarded");
        assert_eq!(
            desk.call(
                Method::POST,
                &discard(999_999),
                Some(&sam),
                Some(json!({"reason": "x"}))
            )
            .status,
            StatusCode::NOT_FOUND
        );

        let wrong = desk.call(
            Method::PUT,
            settings,
            Some(&sam),
            Some(json!({"invoice_copies": "many"})),
        );
        assert_eq!(
            wrong.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            wrong.text
        );
        let saved = desk.call(
            Method::PUT,
            settings,
            Some(&sam),
            Some(json!({"signatory": "Sam Rivera"})),
        );
        assert_eq!(saved.status, StatusCode::NO_CONTENT, "{}", saved.text);
        let read = desk.call(Method::GET, settings, Some(&pia), None);
        assert_eq!(read.body["signatory"], "Sam Rivera");
        assert_eq!(
            desk.call(Method::GET, "/v1/warehouse/settings/nope", Some(&pia), None)
                .status,
            StatusCode::NOT_FOUND
        );
        let history = record.warehouse_events(10).unwrap();
        let change = history
            .iter()
            .find(|e| e.kind == "settings_changed")
            .unwrap();
        assert_eq!(
            (change.desk.as_deref(), change.person.as_deref()),
            (Some("Station 1"), Some("Sam"))
        );
    }
}
