//! What the property test (`service_fuzz`) does not reach: whole hostile bodies at every
//! endpoint (over 1 MiB, just under it, 10 000 levels of nesting, a 100 000-digit number,
//! invalid UTF-8, truncated JSON, the wrong top-level type), and many parallel creates and
//! updates that lose nothing and duplicate no order, counted in the service's own store.

use reqwest::Method;

use crate::support::*;

const ENDPOINTS: [(&str, &str); 4] = [
    ("POST", "/v1/landed-cost"),
    ("POST", "/v1/orders"),
    ("PUT", "/v1/orders"),
    ("POST", "/api/post/fc/labels"),
];

fn method(name: &str) -> Method {
    Method::from_bytes(name.as_bytes()).unwrap()
}

#[tokio::test]
async fn whole_hostile_bodies_at_every_endpoint_never_get_a_5xx() {
    let svc = TestService::start().await;
    let mib = 1024 * 1024;
    let bodies: Vec<(&str, Vec<u8>)> = vec![
        (
            "over 1 MiB",
            format!(r#"{{"x":"{}"}}"#, "é".repeat(mib / 2 + 10)).into_bytes(),
        ),
        (
            "just under 1 MiB",
            format!(r#"{{"x":"{}"}}"#, "a".repeat(mib - 100)).into_bytes(),
        ),
        (
            "10 000 levels deep",
            format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000)).into_bytes(),
        ),
        (
            "10 000 objects deep",
            format!("{}1{}", r#"{"a":"#.repeat(10_000), "}".repeat(10_000)).into_bytes(),
        ),
        (
            "a 100 000-digit number",
            format!(r#"{{"total":{}}}"#, "9".repeat(100_000)).into_bytes(),
        ),
        ("invalid UTF-8", b"{\"source\": \"\xff\xfe\"}".to_vec()),
        (
            "truncated",
            br#"{"source": "shop", "shipments": [{"#.to_vec(),
        ),
        ("an array", b"[1, 2, 3]".to_vec()),
        ("a string", b"\"\\u0000\\ud800\"".to_vec()),
        ("empty", Vec::new()),
    ];
    for (verb, path) in ENDPOINTS {
        for (what, body) in &bodies {
            let (status, reply) = svc.raw(method(verb), path, body.clone()).await;
            assert!(
                (400..500).contains(&status),
                "{verb} {path} with {what}: {status} {reply}"
            );
            if what.starts_with("over") {
                assert_eq!(status, 413, "{verb} {path}");
            }
            let problems = reply["error"].as_array().map(Vec::len).unwrap_or(0);
            assert!(
                problems > 0,
                "{verb} {path} with {what} names its problem: {reply}"
            );
        }
    }
    // Still serving after all of that.
    let quote = svc.client.landed_cost(&cart("DE", None, None)).await;
    assert!(quote.is_ok(), "{quote:?}");
}

fn count(svc: &TestService, sql: &str, low: u64, high: u64) -> i64 {
    let path = svc
        .dir
        .path()
        .join(packdesk::service::server::DATABASE_FILE);
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    conn.query_row(sql, [low.to_string(), high.to_string()], |row| row.get(0))
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_creates_and_updates_lose_nothing_and_duplicate_no_order() {
    let svc = std::sync::Arc::new(TestService::start().await);
    const ORDERS: u64 = 24;
    let first = 80_000;
    let mut quotes = Vec::new();
    for reference in first..first + ORDERS {
        let quote = svc
            .client
            .landed_cost(&cart("DE", None, None))
            .await
            .unwrap();
        quotes.push((reference, quote));
    }

    // Every order created twice at once: one 204 and one 409 each.
    let mut tasks = Vec::new();
    for (reference, quote) in &quotes {
        for _ in 0..2 {
            let (svc, body) = (svc.clone(), order_for(*reference, quote, 0));
            tasks.push((
                *reference,
                tokio::spawn(async move { svc.client.create_order(&body).await }),
            ));
        }
    }
    let mut created = std::collections::BTreeMap::<u64, (u32, u32)>::new();
    for (reference, task) in tasks {
        let entry = created.entry(reference).or_default();
        match task.await.unwrap() {
            Ok(()) => entry.0 += 1,
            Err(packdesk::api::ClientError::Conflict { .. }) => entry.1 += 1,
            Err(e) => panic!("order {reference}: {e:?}"),
        }
    }
    assert!(created.values().all(|c| *c == (1, 1)), "{created:?}");

    // Three updates per order at once: fulfillment A, A again, and B (one unit each).
    let at = "2026-11-21T10:00:00Z";
    let mut tasks = Vec::new();
    for (reference, quote) in &quotes {
        let rate = quote.shipments[0].shipping_rate_taxes[0].clone();
        for tracking in ["A", "A", "B"] {
            let body = crate::service::fulfill(
                *reference,
                at,
                &rate,
                &format!("T{reference}{tracking}"),
                "1",
            );
            let svc = svc.clone();
            tasks.push(tokio::spawn(
                async move { svc.client.update_order(&body).await },
            ));
        }
    }
    for task in tasks {
        task.await.unwrap().unwrap();
    }

    let between = "CAST(o.source_reference AS INTEGER) BETWEEN ?1 AND ?2";
    let last = first + ORDERS - 1;
    let orders = count(
        &svc,
        &format!("SELECT COUNT(*) FROM orders o WHERE {between}"),
        first,
        last,
    );
    assert_eq!(orders, ORDERS as i64, "every order once");
    let fulfillments = count(
        &svc,
        &format!(
            "SELECT COUNT(*) FROM fulfillments f JOIN order_shipments s ON s.id = f.shipment_row
             JOIN orders o ON o.id = s.order_id WHERE {between}"
        ),
        first,
        last,
    );
    assert_eq!(
        fulfillments,
        2 * ORDERS as i64,
        "A once and B once per order"
    );
}
