//! Two instances of `packdesk serve` on one PostgreSQL database, as a merchant runs them when one
//! machine is not enough: each takes any request, and together they behave as one service. Both
//! are real HTTP servers on loopback ports; the database is a fresh one of the throwaway cluster.

use packdesk::api::{Client, ClientError, LabelRequest};
use packdesk::service::server::{self, RunningService, ServeConfig, parse_database};

use crate::pg_cluster;
use crate::service::fulfill;
use crate::support::{cart, client_for, order_for};

/// Runs every future at once (each on its own task) and gathers the results in order.
async fn join_all<T: Send + 'static>(
    futures: impl IntoIterator<Item = impl Future<Output = T> + Send + 'static>,
) -> Vec<T> {
    let tasks: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    results
}

/// Two services on `url`, with the same credentials (a merchant configures them alike).
async fn two_instances(url: &str) -> [(RunningService, Client, tempfile::TempDir); 2] {
    let mut started = Vec::new();
    for _ in 0..2 {
        let dir = tempfile::tempdir().unwrap();
        let mut config = ServeConfig::local(dir.path().to_path_buf());
        config.database = Some(parse_database(url).unwrap());
        config.api_key = Some("shared-api-key".into());
        config.access_token = Some("shared-access-token".into());
        let running = server::start(config).await.unwrap();
        let client = client_for(&running);
        started.push((running, client, dir));
    }
    let second = started.pop().unwrap();
    let first = started.pop().unwrap();
    [first, second]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_on_one_postgres_take_parallel_creates_and_updates_of_the_same_orders() {
    let Some(url) = tokio::task::spawn_blocking(pg_cluster::fresh_database)
        .await
        .unwrap()
    else {
        return;
    };
    let [(a, client_a, _dir_a), (b, client_b, _dir_b)] = two_instances(&url).await;
    assert_ne!(a.addr, b.addr);

    // A quote from one instance is known to the other.
    const ORDERS: u64 = 12;
    let mut quotes = Vec::new();
    for n in 0..ORDERS {
        let quoting = if n % 2 == 0 { &client_a } else { &client_b };
        quotes.push(quoting.landed_cost(&cart("DE", None, None)).await.unwrap());
    }

    // Every order is sent to both instances at once: exactly one creates it, the other answers
    // 409, and no order exists twice.
    let creates = quotes.iter().enumerate().flat_map(|(n, quote)| {
        let body = order_for(7000 + n as u64, quote, 0);
        [client_a.clone(), client_b.clone()].map(|client| {
            let body = body.clone();
            async move { client.create_order(&body).await }
        })
    });
    let results = join_all(creates).await;
    let created = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(created, ORDERS as usize, "{results:?}");
    for result in &results {
        if let Err(err) = result {
            assert!(matches!(err, ClientError::Conflict { .. }), "{err:?}");
        }
    }

    // Six fulfillments of one unit each, three through each instance, for a line of two units:
    // exactly two are recorded (no over-fulfillment), and both are (no lost update).
    let rate = quotes[0].shipments[0].shipping_rate_taxes[0].clone();
    let updates = (0..6).map(|k| {
        let client = if k % 2 == 0 {
            client_a.clone()
        } else {
            client_b.clone()
        };
        let body = fulfill(7000, "2026-11-21T10:00:00Z", &rate, &format!("T{k}"), "1");
        async move { client.update_order(&body).await }
    });
    let results = join_all(updates).await;
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        2,
        "{results:?}"
    );
    for store in [&a.store, &b.store] {
        let store = store.clone();
        let order = tokio::task::spawn_blocking(move || store.order(7000))
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let shipment = &order.shipments[0];
        assert_eq!(shipment.fulfillments.len(), 2);
        let fulfilled = shipment.items.iter().find(|i| i.source_line_id == "L1");
        assert_eq!(fulfilled.map(|i| i.fulfilled), Some(2.into()));
    }

    // Labels asked of both instances at once: each order's label is made once (both answers
    // carry the same tracking code), and no two orders share a tracking serial.
    let labels = (0..ORDERS).flat_map(|n| {
        [client_a.clone(), client_b.clone()].map(|client| {
            let req = LabelRequest {
                order_number: (7000 + n).to_string(),
                ..Default::default()
            };
            async move {
                let answer = client.label(&req).await.unwrap();
                assert!(!answer.is_error, "{answer:?}");
                (n, answer.result.tracking_code)
            }
        })
    });
    let mut codes = join_all(labels).await;
    codes.sort();
    codes.dedup();
    assert_eq!(
        codes.len(),
        ORDERS as usize,
        "one label per order: {codes:?}"
    );
    let mut distinct: Vec<&String> = codes.iter().map(|(_, code)| code).collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        ORDERS as usize,
        "tracking codes repeat: {codes:?}"
    );

    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}
