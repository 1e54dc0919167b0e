//! The reference service over real HTTP: status codes, error bodies, orders and their rules.

use crate::support::*;
use packdesk::api::*;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn health_answers_200() {
    let svc = TestService::start().await;
    let resp = reqwest::get(svc.url("/healthz")).await.unwrap();
    assert_eq!(resp.status(), 200);
}

#[tokio::test]
async fn wrong_or_missing_credentials_get_401_with_the_error_body() {
    let svc = TestService::start().await;
    let body = serde_json::to_vec(&cart("DE", None, None)).unwrap();
    for key in [None, Some("wrong-key")] {
        let mut req = svc.http.post(svc.url("/v1/landed-cost")).body(body.clone());
        if let Some(key) = key {
            req = req.header("x-service-direct-api-key", key);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), 401);
        let err: ErrorBody = resp.json().await.unwrap();
        assert_eq!(err.error[0].field, "x-service-direct-api-key");
    }
    // The key does not open the label endpoint: it wants the Bearer token.
    let resp = svc
        .http
        .post(svc.url("/api/post/fc/labels"))
        .header("authorization", format!("Bearer {}", svc.api_key()))
        .body(r#"{"orderNumber":"1"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 401);
    let label: LabelResponse = resp.json().await.unwrap();
    assert!(label.is_error);
    assert_eq!(label.result.status, LabelStatus::Error);
}

#[tokio::test]
async fn malformed_json_is_400_and_wrong_types_name_their_path() {
    let svc = TestService::start().await;
    let (status, body) = svc.raw(Method::POST, "/v1/landed-cost", "{not json").await;
    assert_eq!(status, 400, "{body}");
    let mut cart = serde_json::to_value(cart("DE", None, None)).unwrap();
    cart["shipments"][0]["items"][1]["quantity"] = json!("one");
    let (status, body) = svc
        .raw(Method::POST, "/v1/landed-cost", cart.to_string())
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"][0]["field"], "shipments[0].items[1].quantity");
}

#[tokio::test]
async fn a_missing_required_field_is_422_naming_it() {
    let svc = TestService::start().await;
    let mut cart = serde_json::to_value(cart("DE", None, None)).unwrap();
    cart.as_object_mut().unwrap().remove("caller_app");
    let (status, body) = svc
        .raw(Method::POST, "/v1/landed-cost", cart.to_string())
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["error"][0]["field"], "caller_app");
}

#[tokio::test]
async fn validation_errors_list_every_problem_with_its_path() {
    let svc = TestService::start().await;
    let mut bad = cart("CA", None, None);
    bad.shipments[0].items[2].weight.unit = "kg".into();
    let err = svc.client.landed_cost(&bad).await.unwrap_err();
    let fields: Vec<&str> = err
        .field_errors()
        .iter()
        .map(|e| e.field.as_str())
        .collect();
    assert!(matches!(err, ClientError::Validation { .. }), "{err:?}");
    for expected in [
        "ship_to.province",
        "ship_to.postal_code",
        "shipments[0].items[2].weight.unit",
    ] {
        assert!(
            fields.contains(&expected),
            "{expected} missing from {fields:?}"
        );
    }
}

#[tokio::test]
async fn bodies_over_one_mib_get_413() {
    let svc = TestService::start().await;
    let big = format!(r#"{{"caller_app":"{}"}}"#, "x".repeat(1024 * 1024 + 10));
    let (status, body) = svc.raw(Method::POST, "/v1/landed-cost", big.clone()).await;
    assert_eq!(status, 413, "{body}");
    assert!(
        body["error"][0]["error"]
            .as_str()
            .unwrap()
            .contains("1 MiB")
    );
    let (status, body) = svc.raw(Method::POST, "/api/post/fc/labels", big).await;
    assert_eq!(status, 413);
    assert_eq!(body["isError"], true);
}

#[tokio::test]
async fn every_shipment_and_rate_is_echoed_and_sums_are_exact() {
    let svc = TestService::start().await;
    let quote = svc
        .client
        .landed_cost(&cart("FR", None, None))
        .await
        .unwrap();
    assert_eq!(quote.currency_code, "EUR");
    assert_eq!(quote.external_reference_id.as_deref(), Some("cart-1"));
    assert_eq!(quote.hs_codes, None);
    assert_eq!(quote.shipments.len(), 1);
    let rates: Vec<&str> = quote.shipments[0]
        .shipping_rate_taxes
        .iter()
        .map(|r| r.shipping_rate_id.as_str())
        .collect();
    assert_eq!(rates, ["standard", "express"]);
    let mut ids = std::collections::HashSet::new();
    for rate in &quote.shipments[0].shipping_rate_taxes {
        let lc = &rate.landed_cost;
        assert!(ids.insert(rate.tax_transaction_id.clone()));
        assert_eq!(lc.total_taxes, lc.shipment_taxes + lc.product_taxes);
        let sum = |kind| {
            lc.breakdown
                .iter()
                .filter(|b| b.kind == kind)
                .map(|b| b.amount)
                .sum::<rust_decimal::Decimal>()
        };
        assert_eq!(sum(BreakdownType::Duty), lc.duties);
        assert_eq!(sum(BreakdownType::ProductTax), lc.product_taxes);
        assert_eq!(sum(BreakdownType::ShipmentTax), lc.shipment_taxes);
        assert!(
            lc.breakdown
                .iter()
                .any(|b| b.kind == BreakdownType::ShipmentTax && b.sku.is_none())
        );
    }
    let again = svc
        .client
        .landed_cost(&cart("FR", None, None))
        .await
        .unwrap();
    assert_ne!(again.landedcost_request_id, quote.landedcost_request_id);
    assert_eq!(
        again.shipments[0].shipping_rate_taxes[1].landed_cost,
        quote.shipments[0].shipping_rate_taxes[1].landed_cost,
        "the same request gives the same amounts"
    );
}

/// The answer is written by hand (`api::answer_json`), not by serde: its bytes must be exactly
/// what serde_json writes for the answer they decode to.
#[tokio::test]
async fn the_answer_on_the_wire_is_what_serde_json_writes_for_it() {
    for require_hs_codes in [false, true] {
        let svc = TestService::start_with(|c| c.require_hs_codes = require_hs_codes).await;
        for cart in [
            packdesk::demo::typical_cart(),
            packdesk::demo::large_cart(),
            cart("GB", None, None),
        ] {
            let resp = svc
                .http
                .post(svc.url("/v1/landed-cost"))
                .header("x-service-direct-api-key", svc.api_key())
                .json(&cart)
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status(), 200);
            let sent = resp.bytes().await.unwrap();
            let answer: TaxCalculationResponse = serde_json::from_slice(&sent).unwrap();
            assert_eq!(answer.hs_codes.is_some(), require_hs_codes);
            assert_eq!(
                String::from_utf8_lossy(&sent),
                serde_json::to_string(&answer).unwrap()
            );
        }
    }
}

#[tokio::test]
async fn hs_codes_are_returned_only_when_the_service_requires_them() {
    let svc = TestService::start_with(|c| c.require_hs_codes = true).await;
    let mut cart = cart("GB", None, None);
    cart.shipments[0].items[2].hs_code = None;
    let quote = svc.client.landed_cost(&cart).await.unwrap();
    let codes = quote.hs_codes.expect("hs_codes when required");
    let skus: Vec<&str> = codes.iter().map(|c| c.sku.as_str()).collect();
    assert_eq!(skus.len(), 3, "{codes:?}");
    assert!(
        codes
            .iter()
            .any(|c| c.sku == "TSHIRT-M" && c.hs_code.starts_with("610910")),
        "{codes:?}"
    );
    assert!(codes.iter().all(|c| c.hs_code.len() >= 6));
}

#[tokio::test]
async fn orders_are_created_once_and_checked_against_their_calculation() {
    let svc = TestService::start().await;
    let quote = svc
        .client
        .landed_cost(&cart("DE", None, None))
        .await
        .unwrap();
    let order = order_for(5001, &quote, 1);
    svc.client.create_order(&order).await.unwrap();

    let err = svc.client.create_order(&order).await.unwrap_err();
    assert!(
        matches!(err, ClientError::Conflict { .. }),
        "duplicate source_reference: {err:?}"
    );

    let mut unknown = order_for(5002, &quote, 0);
    unknown.landedcost_request_id = "lc_does_not_exist".into();
    let err = svc.client.create_order(&unknown).await.unwrap_err();
    assert!(
        err.field_errors()
            .iter()
            .any(|e| e.field == "landedcost_request_id"),
        "{err:?}"
    );

    let other = svc
        .client
        .landed_cost(&cart("FR", None, None))
        .await
        .unwrap();
    let mut foreign = order_for(5003, &quote, 0);
    foreign.shipments[0].tax_transaction_id = other.shipments[0].shipping_rate_taxes[0]
        .tax_transaction_id
        .clone();
    let err = svc.client.create_order(&foreign).await.unwrap_err();
    assert!(matches!(err, ClientError::Validation { .. }), "{err:?}");
    assert!(
        err.field_errors()
            .iter()
            .any(|e| e.field == "shipments[0].tax_transaction_id"),
        "{err:?}"
    );
}

pub(super) fn fulfill(
    reference: u64,
    at: &str,
    rate: &ShippingRateTaxes,
    tracking: &str,
    qty: &str,
) -> OrderUpdateRequest {
    OrderUpdateRequest {
        source_reference: reference,
        source_updated_at: at.into(),
        shipments: vec![ShipmentUpdate {
            shipment_id: "S1".into(),
            status: Some("fulfilled".into()),
            shipping_rate_id: Some(rate.shipping_rate_id.clone()),
            shipping_rate: Some(rate.shipping_rate),
            fulfillments: vec![Fulfillment {
                tracking_number: tracking.into(),
                location: "BER1".into(),
                carrier: "DHL".into(),
                shipped_at: at.into(),
                status: "in_transit".into(),
                items: vec![FulfillmentItem {
                    source_line_id: "L1".into(),
                    source_product_id: 1000,
                    source_variant_id: 2000,
                    quantity: dec(qty),
                    hs_code: Some("610910".into()),
                }],
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn cancel(reference: u64, at: &str, rate: &ShippingRateTaxes) -> OrderUpdateRequest {
    OrderUpdateRequest {
        source_reference: reference,
        source_updated_at: at.into(),
        shipments: vec![ShipmentUpdate {
            shipment_id: "S1".into(),
            status: Some("canceled".into()),
            shipping_rate_id: Some(rate.shipping_rate_id.clone()),
            shipping_rate: Some(rate.shipping_rate),
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[tokio::test]
async fn updates_follow_the_order_rules() {
    let svc = TestService::start().await;
    let quote = svc.order_from(6001, &cart("DE", None, None)).await;
    let rate = quote.shipments[0].shipping_rate_taxes[0].clone();

    let err = svc
        .client
        .update_order(&fulfill(9999, "2026-11-21T10:00:00Z", &rate, "T1", "1"))
        .await
        .unwrap_err();
    assert!(matches!(err, ClientError::NotFound { .. }), "{err:?}");

    svc.client
        .update_order(&fulfill(6001, "2026-11-21T10:00:00Z", &rate, "T1", "1"))
        .await
        .unwrap();
    // A second batch accumulates; more than ordered (2) is refused.
    svc.client
        .update_order(&fulfill(6001, "2026-11-21T11:00:00Z", &rate, "T2", "1"))
        .await
        .unwrap();
    let err = svc
        .client
        .update_order(&fulfill(6001, "2026-11-21T12:00:00Z", &rate, "T3", "1"))
        .await
        .unwrap_err();
    assert!(
        matches!(err, ClientError::Validation { .. }),
        "over-fulfillment: {err:?}"
    );

    // Older than the stored update: 409 and nothing changes.
    let err = svc
        .client
        .update_order(&cancel(6001, "2026-11-21T09:00:00Z", &rate))
        .await
        .unwrap_err();
    assert!(
        matches!(err, ClientError::Conflict { .. }),
        "stale: {err:?}"
    );
    // Canceling a fulfilled shipment is a forbidden move.
    let err = svc
        .client
        .update_order(&cancel(6001, "2026-11-22T09:00:00Z", &rate))
        .await
        .unwrap_err();
    assert!(
        matches!(err, ClientError::Conflict { .. }),
        "cancel fulfilled: {err:?}"
    );

    let quote = svc.order_from(6002, &cart("DE", None, None)).await;
    let rate = quote.shipments[0].shipping_rate_taxes[0].clone();
    svc.client
        .update_order(&cancel(6002, "2026-11-21T10:00:00Z", &rate))
        .await
        .unwrap();
    let err = svc
        .client
        .update_order(&fulfill(6002, "2026-11-21T11:00:00Z", &rate, "T9", "1"))
        .await
        .unwrap_err();
    assert!(
        matches!(err, ClientError::Conflict { .. }),
        "fulfill canceled: {err:?}"
    );
}

#[tokio::test]
async fn committed_orders_survive_a_clean_shutdown_and_restart() {
    let svc = TestService::start().await;
    let quote = svc.order_from(7001, &cart("DE", None, None)).await;
    let rate = quote.shipments[0].shipping_rate_taxes[0].clone();
    let TestService { running, dir, .. } = svc;
    running.shutdown().await.unwrap();

    let config = packdesk::service::server::ServeConfig::local(dir.path().to_path_buf());
    let running = packdesk::service::server::start(config).await.unwrap();
    assert!(
        !running.generated_credentials,
        "credentials are kept in the data directory"
    );
    let client = client_for(&running);
    client
        .update_order(&fulfill(7001, "2026-11-21T10:00:00Z", &rate, "T1", "2"))
        .await
        .unwrap();
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn hostile_bodies_never_get_a_5xx() {
    let svc = TestService::start().await;
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let bodies = [
        String::new(),
        "null".into(),
        "[]".into(),
        "\"\u{202e}\u{0000}\"".into(),
        "{\"ship_to\": 1e999999}".into(),
        "{\"source_reference\": -1}".into(),
        "{\"source_reference\": 1e40, \"source_updated_at\": \"x\"}".into(),
        "{\"orderNumber\": \"\u{1F4E6}\", \"weight\": 1e30, \"weightUnit\": \"grams\"}".into(),
        "{\"orderNumber\": \"1\", \"skus\": {}}".into(),
        deep,
        serde_json::to_string(&cart("DE", None, None))
            .unwrap()
            .replace("\"EUR\"", "\"€€€\""),
    ];
    for body in bodies {
        for (method, path) in [
            (Method::POST, "/v1/landed-cost"),
            (Method::POST, "/v1/orders"),
            (Method::PUT, "/v1/orders"),
            (Method::POST, "/api/post/fc/labels"),
        ] {
            let (status, reply) = svc.raw(method.clone(), path, body.clone()).await;
            assert!(
                (400..500).contains(&status),
                "{method} {path} {body:.60} -> {status} {reply}"
            );
        }
    }
}

/// `benches/wrk/typical_cart.json`, the body `wrk` posts (BENCHMARKS.md), is the typical cart
/// every other benchmark uses, so the independent load generator measures the same request.
#[test]
fn the_cart_wrk_posts_is_the_typical_cart() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/wrk/typical_cart.json");
    let expected = serde_json::to_string_pretty(&packdesk::demo::typical_cart()).unwrap() + "\n";
    if std::env::var_os("PACKDESK_WRITE_WRK_CART").is_some() {
        std::fs::write(path, &expected).unwrap();
    }
    let stored = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        stored, expected,
        "regenerate with PACKDESK_WRITE_WRK_CART=1 cargo test the_cart_wrk_posts"
    );
}
