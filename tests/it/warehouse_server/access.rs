//! Desks enroll once with a one-time code; people sign in with their own PIN, which the server
//! checks (and no answer ever carries a PIN hash); wrong PINs lock a person out, across a
//! restart of the server; a revoked desk and its sessions are refused at once; the certificate
//! is made once and a desk trusts only its fingerprint.

use std::time::{Duration, Instant};

use packdesk::warehouse::client::Trust;
use reqwest::{Method, StatusCode};

use super::site::{Desk, Site};
use super::{PACKER_PIN, SUPERVISOR_PIN, enrolled, staffed};

#[test]
fn a_desk_enrolls_once_and_people_sign_in_with_their_own_pin() {
    for site in Site::each() {
        let server = site.serve(&[]);
        let code = site.add_desk("Station 1");
        let desk = server.desk();
        let token = desk.enroll(&code);
        let mut seen = Vec::new();

        // Nobody signs in before the first supervisor exists.
        let answer = desk.sign_in(&token, "Sam", SUPERVISOR_PIN);
        assert_eq!(answer.status, StatusCode::CONFLICT, "{}", site.name);
        assert!(answer.text.contains("add-person"), "{}", answer.text);
        site.add_person("Sam", "supervisor", SUPERVISOR_PIN);
        site.add_person("Pia", "packer", PACKER_PIN);

        // The code works once, and a made-up one not at all.
        let again = desk.call(
            Method::POST,
            "/v1/warehouse/desks",
            None,
            Some(serde_json::json!({ "enrollment_code": code })),
        );
        assert_eq!(again.status, StatusCode::UNAUTHORIZED, "{}", site.name);
        let made_up = desk.call(
            Method::POST,
            "/v1/warehouse/desks",
            None,
            Some(serde_json::json!({ "enrollment_code": "AAAAA-BBBBB-CCCCC-DDDDD" })),
        );
        assert_eq!(made_up.status, StatusCode::UNAUTHORIZED);

        let wrong = desk.sign_in(&token, "Sam", "9999");
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.text);
        let nobody = desk.sign_in(&token, "Nobody", SUPERVISOR_PIN);
        assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            wrong.body, nobody.body,
            "a wrong PIN and a wrong name read the same"
        );

        // Names in any case; the session names the desk and the person.
        let signed_in = desk.sign_in(&token, "sam", SUPERVISOR_PIN);
        assert_eq!(signed_in.status, StatusCode::CREATED, "{}", signed_in.text);
        assert_eq!(signed_in.body["person"]["name"], "Sam");
        assert_eq!(signed_in.body["person"]["role"], "supervisor");
        assert_eq!(signed_in.body["desk"], "Station 1");
        let session = signed_in.body["session_token"]
            .as_str()
            .unwrap()
            .to_string();
        let current = desk.call(
            Method::GET,
            "/v1/warehouse/sessions/current",
            Some(&session),
            None,
        );
        assert_eq!(current.status, StatusCode::OK);
        assert_eq!(current.body["person"]["name"], "Sam");

        // A session token is not a desk token, nor the other way round.
        let swapped = desk.sign_in(&session, "Pia", PACKER_PIN);
        assert_eq!(swapped.status, StatusCode::UNAUTHORIZED);
        let swapped = desk.call(
            Method::GET,
            "/v1/warehouse/sessions/current",
            Some(&token),
            None,
        );
        assert_eq!(swapped.status, StatusCode::UNAUTHORIZED);

        let people = desk.call(Method::GET, "/v1/warehouse/people", Some(&session), None);
        assert_eq!(people.status, StatusCode::OK);
        seen.extend([
            again.text,
            made_up.text,
            wrong.text,
            signed_in.text,
            current.text,
            people.text,
        ]);

        let out = desk.call(
            Method::DELETE,
            "/v1/warehouse/sessions/current",
            Some(&session),
            None,
        );
        assert_eq!(out.status, StatusCode::NO_CONTENT);
        let after = desk.call(
            Method::GET,
            "/v1/warehouse/sessions/current",
            Some(&session),
            None,
        );
        assert_eq!(after.status, StatusCode::UNAUTHORIZED);

        for text in seen {
            assert!(!text.contains("$argon2"), "a PIN hash was sent: {text}");
            assert!(
                !text.contains(SUPERVISOR_PIN),
                "a PIN was sent back: {text}"
            );
        }
        // The record keeps the PIN hashed with the server's pepper, never the PIN.
        let mut record = site.open_record();
        let sam = record.sign_in_candidate("Sam").unwrap().unwrap();
        assert!(sam.peppered && sam.pin_hash.starts_with("$argon2id$"));
        assert!(!packdesk::station::pin::verify_pin(
            SUPERVISOR_PIN,
            &sam.pin_hash
        ));
    }
}

#[test]
fn five_wrong_pins_lock_the_person_and_a_restart_keeps_the_lock() {
    for site in Site::each() {
        let server = staffed(&site, &["--lockout-seconds", "3"]);
        let (desk, token) = enrolled(&site, &server, "Station 1");
        for _ in 0..4 {
            let answer = desk.sign_in(&token, "Pia", "0000");
            assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.text);
        }
        let fifth = desk.sign_in(&token, "Pia", "0000");
        let locked_at = Instant::now();
        assert_eq!(
            fifth.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{}",
            fifth.text
        );
        let retry_after: u64 = fifth.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=3).contains(&retry_after), "Retry-After {retry_after}");
        // Locked means the right PIN is not checked either; somebody else is not locked.
        let right = desk.sign_in(&token, "Pia", PACKER_PIN);
        assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            desk.sign_in(&token, "Sam", SUPERVISOR_PIN).status,
            StatusCode::CREATED
        );

        // A restart gives no fresh tries.
        drop(server);
        let server = site.serve(&["--lockout-seconds", "3"]);
        let desk = server.desk();
        let after_restart = desk.sign_in(&token, "Pia", PACKER_PIN);
        assert_eq!(
            after_restart.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{}",
            site.name
        );

        std::thread::sleep(
            Duration::from_secs(3).saturating_sub(locked_at.elapsed()) + Duration::from_millis(300),
        );
        let later = desk.sign_in(&token, "Pia", PACKER_PIN);
        assert_eq!(later.status, StatusCode::CREATED, "{}", later.text);
        // The next lockout is longer: twice the first.
        let mut lock = site.open_record();
        let pia = lock.sign_in_candidate("Pia").unwrap().unwrap().person.id;
        assert_eq!(lock.sign_in_lock(pia).unwrap().lockouts, 1);
        for _ in 0..4 {
            desk.sign_in(&token, "Pia", "0000");
        }
        let second = desk.sign_in(&token, "Pia", "0000");
        let retry_after: u64 = second.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((4..=6).contains(&retry_after), "Retry-After {retry_after}");
    }
}

#[test]
fn a_revoked_desk_and_its_sessions_are_refused_at_once() {
    for site in Site::each() {
        let server = staffed(&site, &[]);
        let (desk, supervisor_desk) = enrolled(&site, &server, "Station 1");
        let (_, lost_laptop) = enrolled(&site, &server, "Station 2");
        let (_, third) = enrolled(&site, &server, "Station 3");
        let supervisor = desk.session(&supervisor_desk, "Sam", SUPERVISOR_PIN);
        let packer_there = desk.session(&lost_laptop, "Pia", PACKER_PIN);

        let revoked = desk.call(
            Method::DELETE,
            "/v1/warehouse/desks/Station%202",
            Some(&supervisor),
            None,
        );
        assert_eq!(revoked.status, StatusCode::NO_CONTENT, "{}", revoked.text);
        let session = desk.call(
            Method::GET,
            "/v1/warehouse/sessions/current",
            Some(&packer_there),
            None,
        );
        assert_eq!(session.status, StatusCode::UNAUTHORIZED, "{}", site.name);
        assert_eq!(
            desk.sign_in(&lost_laptop, "Pia", PACKER_PIN).status,
            StatusCode::UNAUTHORIZED
        );

        // The administrator's command line does the same.
        let (code, out, err) = site.admin("revoke-desk", &["Station 3"], "");
        assert_eq!(code, 0, "{out}{err}");
        assert_eq!(
            desk.sign_in(&third, "Pia", PACKER_PIN).status,
            StatusCode::UNAUTHORIZED
        );
        let (code, _, err) = site.admin("revoke-desk", &["Station 9"], "");
        assert_eq!(code, 1);
        assert!(err.contains("no desk is named \"Station 9\""), "{err}");

        let desks = desk.call(Method::GET, "/v1/warehouse/desks", Some(&supervisor), None);
        let states: Vec<(String, String)> = desks
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["name"].as_str().unwrap().into(),
                    d["state"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert_eq!(
            states,
            vec![
                ("Station 1".into(), "enrolled".into()),
                ("Station 2".into(), "revoked".into()),
                ("Station 3".into(), "revoked".into()),
            ]
        );
        // A new code enrolls a replacement laptop under the old name; the old token stays dead.
        let code = site.add_desk("Station 2");
        let new_token = desk.enroll(&code);
        assert_eq!(
            desk.sign_in(&new_token, "Pia", PACKER_PIN).status,
            StatusCode::CREATED
        );
        assert_eq!(
            desk.sign_in(&lost_laptop, "Pia", PACKER_PIN).status,
            StatusCode::UNAUTHORIZED
        );
    }
}

#[test]
fn the_certificate_is_made_once_and_a_desk_trusts_only_its_fingerprint() {
    let site = Site::sqlite();
    let first = site.serve(&[]);
    let fingerprint = first.fingerprint.clone().unwrap();
    assert!(first.base_url.starts_with("https://127.0.0.1:"));
    drop(first);
    let server = site.serve(&[]);
    assert_eq!(server.fingerprint.as_deref(), Some(fingerprint.as_str()));
    assert_eq!(
        server
            .desk()
            .call(Method::GET, "/health", None, None)
            .status,
        StatusCode::OK
    );

    // Another certificate's fingerprint: the desk does not talk to this server at all.
    let other = Site::sqlite().serve(&[]);
    let stranger = Desk::new(
        &server.base_url,
        &Trust::Fingerprint(other.fingerprint.clone().unwrap()),
    );
    let refused = stranger.try_call(Method::GET, "/health", None, None);
    let error = format!(
        "{:?}",
        refused
            .err()
            .expect("a handshake with the wrong certificate")
    );
    assert!(
        error.contains("not the one this desk was enrolled with"),
        "{error}"
    );
    // Nor does a client that checks the system's trust store (no authority signed it).
    let system = Desk::new(&server.base_url, &Trust::System);
    assert!(system.try_call(Method::GET, "/health", None, None).is_err());

    // Plain HTTP only on loopback.
    let plain = site.serve(&["--plain-http"]);
    assert!(plain.base_url.starts_with("http://127.0.0.1:"));
    let desk = Desk::new(&plain.base_url, &Trust::System);
    assert_eq!(
        desk.call(Method::GET, "/health", None, None).status,
        StatusCode::OK
    );
    let refused = Site::sqlite().try_serve(&["--plain-http", "--addr", "0.0.0.0:0"]);
    let message = refused.err().expect("plain HTTP off loopback is refused");
    assert!(
        message.contains("plain HTTP is for loopback only"),
        "{message}"
    );
}
