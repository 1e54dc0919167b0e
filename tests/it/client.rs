//! `api::Client` against real HTTP servers on loopback (no mocking of reqwest).

mod fixtures;
mod server;

use std::time::{Duration, Instant};

use fixtures::{
    FIELDS_422, LABEL_OK, LANDED_COST_RESPONSE, client, dec, full_label, landed_cost_request,
    order_create,
};
use packdesk::api::{
    Client, ClientError, FieldError, LabelRequest, LabelSku, LabelStatus, OrderUpdateRequest,
};
use server::{ACCESS_TOKEN, API_KEY, HungServer, Reply, TestServer, config_for, dead_port};

#[tokio::test]
async fn landed_cost_sends_the_api_key_and_decodes_exact_decimals() {
    let server = TestServer::start(vec![Reply::json(200, LANDED_COST_RESPONSE)]).await;
    let answer = client(&server)
        .landed_cost(&landed_cost_request())
        .await
        .unwrap();

    let rate = &answer.shipments[0].shipping_rate_taxes[0];
    assert_eq!(answer.usd_conversion_rate.to_string(), "1.0825");
    assert_eq!(rate.shipping_rate.to_string(), "25.50");
    assert_eq!(rate.landed_cost.duties, dec("10.005"));
    assert_eq!(rate.landed_cost.duties.to_string(), "10.005");
    assert_eq!(
        rate.landed_cost.breakdown[0].taxable_amount.to_string(),
        "83.375"
    );
    assert_eq!(
        rate.landed_cost.total_taxes,
        rate.landed_cost.shipment_taxes + rate.landed_cost.product_taxes
    );

    let [request] = server.requests().try_into().unwrap();
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, "/v1/landed-cost");
    assert_eq!(request.header("x-service-direct-api-key"), Some(API_KEY));
    assert_eq!(request.header("authorization"), None);
    assert_eq!(request.header("content-type"), Some("application/json"));
    let agent = request.header("user-agent").unwrap();
    assert_eq!(agent, format!("packdesk/{}", env!("CARGO_PKG_VERSION")));
    let sent = String::from_utf8(request.body).unwrap();
    assert!(sent.contains(r#""unit_price":19.99"#), "{sent}");
    assert!(sent.contains(r#""shipping_rate":25.50"#), "{sent}");
}

#[tokio::test]
async fn label_sends_the_bearer_token_and_not_the_api_key() {
    let server = TestServer::start(vec![Reply::json(200, LABEL_OK)]).await;
    let label = client(&server).label(&full_label()).await.unwrap();
    assert_eq!(label.result.status, LabelStatus::Success);
    assert_eq!(label.result.tracking_code, "TRK1");

    let [request] = server.requests().try_into().unwrap();
    assert_eq!(request.path, "/api/post/fc/labels");
    let bearer = format!("Bearer {ACCESS_TOKEN}");
    assert_eq!(request.header("authorization"), Some(bearer.as_str()));
    assert_eq!(request.header("x-service-direct-api-key"), None);
    let sent: serde_json::Value = serde_json::from_slice(&request.body).unwrap();
    assert_eq!(sent, serde_json::json!({"orderNumber": "A1"}));
}

#[tokio::test]
async fn secrets_stay_out_of_debug_output() {
    let config = config_for("http://127.0.0.1:9");
    let client = Client::new(config.clone()).unwrap();
    for shown in [
        format!("{config:?}"),
        format!("{client:?}"),
        format!("{config:#?}"),
    ] {
        assert!(!shown.contains(API_KEY), "{shown}");
        assert!(!shown.contains(ACCESS_TOKEN), "{shown}");
        assert!(shown.contains("127.0.0.1:9"), "{shown}");
    }
    assert!(format!("{config:?}").contains("Secret(****)"));
}

#[tokio::test]
async fn error_statuses_map_to_typed_errors_without_retry() {
    let validation = serde_json::from_str::<serde_json::Value>(FIELDS_422).unwrap();
    let fields: Vec<FieldError> = serde_json::from_value(validation["error"].clone()).unwrap();
    let not_found = r#"{"error": [{"field": "source_reference", "error": "No such order."}]}"#;
    let cases: Vec<(Reply, ClientError)> = vec![
        (Reply::empty(401), ClientError::Unauthorized),
        (
            Reply::json(422, FIELDS_422),
            ClientError::Validation {
                errors: fields.clone(),
            },
        ),
        (
            Reply::empty(400),
            ClientError::BadRequest { errors: vec![] },
        ),
        (
            Reply::bytes(400, b"<html>bad</html>"),
            ClientError::BadRequest { errors: vec![] },
        ),
        (
            Reply::json(404, not_found),
            ClientError::NotFound {
                errors: vec![FieldError::new("source_reference", "No such order.")],
            },
        ),
        (
            Reply::json(
                409,
                r#"{"error": [{"field": "", "error": "Already exists."}]}"#,
            ),
            ClientError::Conflict {
                errors: vec![FieldError::new("", "Already exists.")],
            },
        ),
        (Reply::empty(413), ClientError::PayloadTooLarge),
        (Reply::empty(500), ClientError::Server { status: 500 }),
    ];
    for (reply, expected) in cases {
        // landed_cost is the call most willing to retry; none of these may be retried.
        let server = TestServer::start(vec![reply, Reply::json(200, LANDED_COST_RESPONSE)]).await;
        let error = client(&server)
            .landed_cost(&landed_cost_request())
            .await
            .unwrap_err();
        assert_eq!(error, expected);
        assert_eq!(server.requests().len(), 1, "{expected:?} was retried");
    }
    let error = ClientError::Validation { errors: fields };
    assert_eq!(error.field_errors().len(), 2);
    assert!(error.user_message().contains("ship_to.province"));
    assert!(
        ClientError::Unauthorized
            .user_message()
            .contains("Settings")
    );
}

#[tokio::test]
async fn update_order_reports_not_found_with_its_fields() {
    let body = r#"{"error": [{"field": "source_reference", "error": "No such order."}]}"#;
    let server = TestServer::start(vec![Reply::json(404, body)]).await;
    let update = OrderUpdateRequest {
        source_reference: 77,
        source_updated_at: "2025-06-02T09:00:00Z".into(),
        ..OrderUpdateRequest::default()
    };
    let mut config = server.config();
    config.base_url = format!("{}/", server.url());
    let client = Client::new(config).unwrap();
    let error = client.update_order(&update).await.unwrap_err();
    assert_eq!(
        error.field_errors(),
        &[FieldError::new("source_reference", "No such order.")]
    );
    let [request] = server.requests().try_into().unwrap();
    assert_eq!(request.method, "PUT");
    assert_eq!(request.path, "/v1/orders");
}

#[tokio::test]
async fn rate_limit_waits_out_retry_after_even_on_create_order() {
    let server = TestServer::start(vec![
        Reply::empty(429).header("retry-after", "1"),
        Reply::empty(204),
    ])
    .await;
    let started = Instant::now();
    client(&server).create_order(&order_create()).await.unwrap();
    assert!(
        started.elapsed() >= Duration::from_millis(990),
        "{:?}",
        started.elapsed()
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[1].path, "/v1/orders");
    assert_eq!(requests[1].body, requests[0].body);
}

#[tokio::test]
async fn rate_limit_longer_than_the_cap_is_returned_at_once() {
    let server = TestServer::start(vec![Reply::empty(429).header("retry-after", "60")]).await;
    let started = Instant::now();
    let error = client(&server)
        .landed_cost(&landed_cost_request())
        .await
        .unwrap_err();
    assert_eq!(
        error,
        ClientError::RateLimited {
            retry_after: Some(Duration::from_secs(60))
        }
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(server.requests().len(), 1);
    assert!(error.is_retryable());
}

#[tokio::test]
async fn unavailable_is_retried_only_on_calls_safe_to_repeat() {
    let server = TestServer::start(vec![
        Reply::empty(503),
        Reply::json(200, LANDED_COST_RESPONSE),
    ])
    .await;
    let answer = client(&server)
        .landed_cost(&landed_cost_request())
        .await
        .unwrap();
    assert_eq!(answer.landedcost_request_id, "lc_9");
    assert_eq!(server.requests().len(), 2);

    let server = TestServer::start(vec![Reply::empty(503), Reply::json(200, LABEL_OK)]).await;
    client(&server).label(&full_label()).await.unwrap();
    assert_eq!(
        server.requests().len(),
        2,
        "full-order label is safe to repeat"
    );

    let server = TestServer::start(vec![Reply::empty(503), Reply::empty(204)]).await;
    let error = client(&server)
        .create_order(&order_create())
        .await
        .unwrap_err();
    assert_eq!(error, ClientError::Server { status: 503 });
    assert_eq!(
        server.requests().len(),
        1,
        "create_order must not be repeated"
    );

    let server = TestServer::start(vec![Reply::empty(502), Reply::json(200, LABEL_OK)]).await;
    let split = LabelRequest {
        skus: Some(vec![LabelSku {
            sku_name: "MUG-1".into(),
            asn: "ASN-1".into(),
            quantity: dec("1"),
        }]),
        ..full_label()
    };
    let error = client(&server).label(&split).await.unwrap_err();
    assert_eq!(error, ClientError::Server { status: 502 });
    assert_eq!(
        server.requests().len(),
        1,
        "a split label must not be repeated"
    );
}

#[tokio::test]
async fn connection_refused_is_a_network_error_after_retries() {
    let base = format!("http://{}", dead_port().await);
    let client = Client::new(config_for(&base)).unwrap();
    let error = client
        .landed_cost(&landed_cost_request())
        .await
        .unwrap_err();
    assert!(matches!(error, ClientError::Network(_)), "{error:?}");
    assert!(
        error.to_string().to_lowercase().contains("refused"),
        "{error}"
    );
    assert!(error.is_retryable());
    assert!(!error.user_message().contains(API_KEY));
}

#[tokio::test]
async fn connection_refused_is_retried_even_on_create_order() {
    let addr = dead_port().await;
    let mut config = config_for(&format!("http://{addr}"));
    config.retry.max_attempts = 10;
    config.retry.base_delay = Duration::from_millis(20);
    config.retry.max_delay = Duration::from_millis(100);
    let opening = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(30)).await;
        let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
        TestServer::start_on(listener, vec![Reply::empty(204)])
    });
    Client::new(config)
        .unwrap()
        .create_order(&order_create())
        .await
        .unwrap();
    assert_eq!(opening.await.unwrap().requests().len(), 1);
}

#[tokio::test]
async fn hung_server_times_out_and_only_safe_calls_try_again() {
    let server = HungServer::start().await;
    let mut config = config_for(&format!("http://{}", server.addr));
    config.request_timeout = Duration::from_millis(300);
    config.retry.max_attempts = 2;
    let client = Client::new(config).unwrap();

    let started = Instant::now();
    let error = client.create_order(&order_create()).await.unwrap_err();
    assert_eq!(error, ClientError::Timeout);
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_eq!(server.accepted(), 1, "a sent order must not be sent again");

    let error = client
        .landed_cost(&landed_cost_request())
        .await
        .unwrap_err();
    assert_eq!(error, ClientError::Timeout);
    assert_eq!(server.accepted(), 3, "landed_cost tries a second time");
}

#[tokio::test]
async fn label_error_bodies_map_to_typed_errors_with_fields() {
    let body = r#"{"isError": true, "result": {"orderNumber": "A1", "labelUrls": [],
      "status": "error", "trackingCode": "", "trackingUrl": ""},
      "error": [{"field": "weightUnit", "error": "Give weightUnit with weight."}]}"#;
    let expected = vec![FieldError::new(
        "weightUnit",
        "Give weightUnit with weight.",
    )];
    let cases = [
        (
            422,
            ClientError::Validation {
                errors: expected.clone(),
            },
        ),
        (
            400,
            ClientError::BadRequest {
                errors: expected.clone(),
            },
        ),
        (
            404,
            ClientError::NotFound {
                errors: expected.clone(),
            },
        ),
        (
            410,
            ClientError::Label {
                errors: expected.clone(),
            },
        ),
        (
            200,
            ClientError::Label {
                errors: expected.clone(),
            },
        ),
    ];
    for (status, wanted) in cases {
        let server = TestServer::start(vec![Reply::json(status, body)]).await;
        let error = client(&server).label(&full_label()).await.unwrap_err();
        assert_eq!(error, wanted, "status {status}");
        assert_eq!(error.field_errors(), expected.as_slice());
        assert_eq!(server.requests().len(), 1);
    }
}

#[tokio::test]
async fn a_success_with_the_wrong_shape_is_a_decode_error_naming_the_path() {
    let body = LANDED_COST_RESPONSE.replace(r#""duties": 10.005"#, r#""duties": "ten""#);
    let server = TestServer::start(vec![Reply::json(200, &body)]).await;
    let error = client(&server)
        .landed_cost(&landed_cost_request())
        .await
        .unwrap_err();
    let ClientError::Decode(detail) = &error else {
        panic!("expected Decode, got {error:?}");
    };
    assert!(
        detail.contains("shipments[0].shipping_rate_taxes[0].landed_cost.duties"),
        "{detail}"
    );
}

#[tokio::test]
async fn fetch_document_returns_bytes_and_sends_the_token_only_to_the_label_origin() {
    let pdf: &[u8] = b"%PDF-1.7\n\xe2\xe3\xcf\xd3\n%%EOF\n";
    let server = TestServer::start(vec![
        Reply::bytes(200, pdf).header("content-type", "application/pdf"),
    ])
    .await;
    let client = client(&server);
    assert_eq!(client.fetch_document("/labels/A1.pdf").await.unwrap(), pdf);
    let absolute = format!("{}/labels/A1.zpl", server.url());
    assert_eq!(client.fetch_document(&absolute).await.unwrap(), pdf);
    let requests = server.requests();
    assert_eq!(requests[0].path, "/labels/A1.pdf");
    assert_eq!(requests[1].path, "/labels/A1.zpl");
    let bearer = format!("Bearer {ACCESS_TOKEN}");
    for request in &requests {
        assert_eq!(request.method, "GET");
        assert_eq!(request.header("authorization"), Some(bearer.as_str()));
    }

    let elsewhere = TestServer::start(vec![Reply::bytes(200, pdf)]).await;
    let url = format!("{}/cdn/A1.pdf", elsewhere.url());
    assert_eq!(client.fetch_document(&url).await.unwrap(), pdf);
    let [request] = elsewhere.requests().try_into().unwrap();
    assert_eq!(request.header("authorization"), None);
}

#[tokio::test]
async fn bad_settings_are_config_errors() {
    let mut config = config_for("http://127.0.0.1:9");
    config.base_url = "ftp://example.org".into();
    assert!(matches!(Client::new(config), Err(ClientError::Config(_))));
    let mut config = config_for("http://127.0.0.1:9");
    config.access_token = packdesk::api::Secret::new("line\nbreak");
    let error = Client::new(config).unwrap_err();
    assert!(matches!(error, ClientError::Config(_)));
    assert!(!format!("{error}").contains("line"), "{error}");
}
