//! No desk can stall the warehouse: a desk that stops mid-request holds nothing another desk
//! waits on (transactions are the server's and short), and whatever holds a lock in the
//! database for too long makes the server answer 503 with `Retry-After` within its lock
//! timeout rather than keep a desk waiting.

use std::io::Write as _;
use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};

use super::site::{Desk, Site};
use super::{ORDER, PACKER_PIN, SUPERVISOR_PIN, enrolled, staffed};
use packdesk::warehouse::client::Trust;

fn claim(order: u64, shipment: &str) -> String {
    format!("/v1/warehouse/orders/{order}/shipments/{shipment}/claim")
}

#[test]
fn a_desk_frozen_mid_request_delays_no_other_desk() {
    for site in Site::each() {
        let server = staffed(&site, &["--plain-http"]);
        let code = site.add_desk("Station 1");
        let desk = Desk::new(&server.base_url, &Trust::System);
        let token = desk.enroll(&code);
        let pia = desk.session(&token, "Pia", PACKER_PIN);
        let sam = desk.session(&token, "Sam", SUPERVISOR_PIN);

        // A desk that stops after the head and part of its body (frozen, unplugged): the
        // server waits for the rest of it without holding anything in the record.
        let address = server.base_url.trim_start_matches("http://");
        let mut frozen = std::net::TcpStream::connect(address).unwrap();
        let path = format!("/v1/warehouse/orders/{ORDER}/shipments/S1/parcels");
        write!(
            frozen,
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {sam}\r\n\
             Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{{\"lines\": ["
        )
        .unwrap();
        frozen.flush().unwrap();
        std::thread::sleep(Duration::from_millis(200));

        let started = Instant::now();
        let claimed = desk.call(Method::POST, &claim(ORDER, "S1"), Some(&pia), None);
        assert_eq!(
            claimed.status,
            StatusCode::OK,
            "{}: {}",
            site.name,
            claimed.text
        );
        let canceled = desk.call(
            Method::POST,
            &format!("/v1/warehouse/orders/{ORDER}/shipments/S2/cancel"),
            Some(&sam),
            None,
        );
        assert_eq!(canceled.status, StatusCode::OK);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{}: the other desk waited {:?}",
            site.name,
            started.elapsed()
        );
        drop(frozen);
    }
}

#[test]
fn a_lock_held_too_long_in_the_database_is_answered_503_within_the_lock_timeout() {
    let Some(site) = Site::postgres() else {
        return;
    };
    let server = staffed(&site, &[]);
    let (desk, token) = enrolled(&site, &server, "Station 1");
    let pia = desk.session(&token, "Pia", PACKER_PIN);
    assert_eq!(
        desk.call(Method::POST, &claim(ORDER, "S1"), Some(&pia), None)
            .status,
        StatusCode::OK
    );

    // Something else (a tool, a stuck session) holds the claim's row.
    let url = site.database.clone().unwrap();
    let mut holder = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let mut held = holder.transaction().unwrap();
    held.batch_execute("SELECT * FROM claims FOR UPDATE")
        .unwrap();

    let started = Instant::now();
    let renewed = desk.call(Method::POST, &claim(ORDER, "S1"), Some(&pia), None);
    let waited = started.elapsed();
    assert_eq!(
        renewed.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        renewed.text
    );
    assert_eq!(renewed.headers["retry-after"], "1");
    assert!(
        renewed.text.contains("nothing was recorded"),
        "{}",
        renewed.text
    );
    // The server's lock timeout is 5 s; the desk is answered soon after, not left waiting.
    assert!(
        waited >= Duration::from_secs(4) && waited < Duration::from_secs(9),
        "answered after {waited:?}"
    );
    held.rollback().unwrap();
    assert_eq!(
        desk.call(Method::POST, &claim(ORDER, "S1"), Some(&pia), None)
            .status,
        StatusCode::OK
    );
}
