//! Quote retention seen as a merchant's system sees it: an order for a quote retention deleted
//! gets a 4xx that says the quote expired and to quote again; an ordered quote stays.

use time::{Duration, OffsetDateTime};

use crate::support::{TestService, cart, order_for};

#[tokio::test]
async fn an_order_for_a_deleted_quote_is_told_to_quote_again() {
    let svc = TestService::start().await;
    let kept = svc.order_from(1, &cart("DE", None, None)).await;
    let abandoned = svc
        .client
        .landed_cost(&cart("FR", None, None))
        .await
        .unwrap();

    // Retention as it runs once the quotes are older than the period.
    let store = svc.running.store.clone();
    let step = tokio::task::spawn_blocking(move || {
        store.purge_quotes(OffsetDateTime::now_utc() + Duration::days(1), 0, 100)
    })
    .await
    .unwrap()
    .unwrap();
    assert_eq!(step.deleted, 1);

    let body = serde_json::to_vec(&order_for(2, &abandoned, 0)).unwrap();
    let (status, answer) = svc.raw(reqwest::Method::POST, "/v1/orders", body).await;
    assert!((400..500).contains(&status), "{status} {answer}");
    let text = answer.to_string();
    assert!(text.contains("landedcost_request_id"), "{text}");
    assert!(
        text.contains("has expired") && text.contains("quote the cart again"),
        "{text}"
    );

    // The ordered quote and its order are untouched: the order still reads back whole.
    let order = svc.running.store.order(1).unwrap().unwrap();
    assert_eq!(order.landedcost_request_id, kept.landedcost_request_id);
}

/// The job itself: a service restarted on a data directory whose quote is older than the
/// retention period deletes it on its first pass, and an order for it is then refused as
/// expired. The quote is made "old" by a first service pinned to an earlier pricing date.
#[tokio::test]
async fn the_service_deletes_old_unordered_quotes_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let start = |pricing_date| {
        let path = dir.path().to_path_buf();
        async move {
            let mut config = packdesk::service::server::ServeConfig::local(path);
            config.pricing_date = pricing_date;
            let running = packdesk::service::server::start(config).await.unwrap();
            let client = crate::support::client_for(&running);
            (running, client)
        }
    };
    let (first, client) = start(Some(time::macros::date!(2026 - 01 - 05))).await;
    let old = client.landed_cost(&cart("FR", None, None)).await.unwrap();
    first.shutdown().await.unwrap();

    // Today, 30 days of retention: the quote of 2026-01-05 is long expired.
    let (second, client) = start(None).await;
    let refused = refusal_saying(&client, &old, 7, "has expired").await;
    assert!(refused.is_some(), "the first pass did not delete the quote");
    second.shutdown().await.unwrap();

    // A service whose clock is past the time expired ids are kept forgets the quote's id on its
    // first pass: the order is then told no such quote exists, and still to quote again.
    let later = OffsetDateTime::now_utc() + packdesk::service::retention::EXPIRED_IDS_KEPT;
    let (third, client) = start(Some(later.date() + Duration::days(2))).await;
    let forgotten = refusal_saying(&client, &old, 8, "no calculation").await;
    let forgotten = forgotten.expect("the first pass did not forget the expired id");
    assert!(forgotten.contains("quote the cart again"), "{forgotten}");
    third.shutdown().await.unwrap();
}

/// The refusal of an order for `quote`, once it says `words` (the job's first pass may still be
/// running): polled for up to five seconds; no order may be taken meanwhile.
async fn refusal_saying(
    client: &packdesk::api::Client,
    quote: &packdesk::api::TaxCalculationResponse,
    reference: u64,
    words: &str,
) -> Option<String> {
    for _ in 0..100 {
        match client.create_order(&order_for(reference, quote, 0)).await {
            Err(err) if err.to_string().contains(words) => return Some(err.to_string()),
            other => {
                assert!(other.is_err(), "the order was taken: {other:?}");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        }
    }
    None
}
