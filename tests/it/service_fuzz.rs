//! Random bad input over real HTTP: valid bodies with one value replaced by something hostile
//! (wrong types, huge or negative numbers, deep nesting, odd unicode) never get a 5xx.

use std::sync::OnceLock;

use proptest::prelude::*;
use serde_json::{Value, json};
use tokio::runtime::Runtime;

use crate::support::*;

fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| Runtime::new().unwrap())
}

fn service() -> &'static TestService {
    static SERVICE: OnceLock<TestService> = OnceLock::new();
    SERVICE.get_or_init(|| runtime().block_on(TestService::start()))
}

/// Every path to a value inside `value`.
fn paths(value: &Value, prefix: Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(prefix.clone());
    match value {
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            let mut p = prefix.clone();
            p.push(json!(k));
            paths(v, p, out)
        }),
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| {
            let mut p = prefix.clone();
            p.push(json!(i));
            paths(v, p, out)
        }),
        _ => {}
    }
}

fn replace(value: &mut Value, path: &[Value], with: Value) {
    let mut target = value;
    for step in path {
        target = match step {
            Value::String(k) => &mut target[k.as_str()],
            Value::Number(i) => &mut target[i.as_u64().unwrap_or(0) as usize],
            _ => return,
        };
    }
    *target = with;
}

fn hostile() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!(true)),
        Just(json!(-1)),
        Just(json!(0)),
        Just(serde_json::from_str::<Value>("1e400").unwrap_or(Value::Null)),
        Just(
            serde_json::from_str::<Value>("123456789012345678901234567890.123")
                .unwrap_or(Value::Null)
        ),
        Just(json!(-0.000001)),
        Just(json!(18446744073709551615u64)),
        Just(json!("")),
        Just(json!("\u{202e}\u{0301}𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃")),
        Just(json!("x".repeat(5000))),
        Just(json!([])),
        Just(json!({})),
        Just(
            serde_json::from_str::<Value>(&format!("{}1{}", "[".repeat(100), "]".repeat(100)))
                .unwrap_or(Value::Null)
        ),
        any::<i64>().prop_map(|n| json!(n)),
        "\\PC{0,40}".prop_map(Value::String),
    ]
}

fn bodies() -> Vec<(reqwest::Method, &'static str, Value)> {
    let cart = serde_json::to_value(cart("CA", Some("QC"), Some("H2X 1Y4"))).unwrap();
    let order = json!({
        "source": "shop", "source_reference": 9, "landedcost_request_id": "lc_x",
        "source_created_at": "2026-11-20T09:00:00Z", "source_updated_at": "2026-11-20T09:00:00Z",
        "total": 10.5, "shipments": [{"tax_transaction_id": "tt_x", "shipment_id": "S1"}],
        "billing_address": {"country_code": "CA", "province": "QC", "postal_code": "H2X 1Y4"}
    });
    let update = json!({
        "source_reference": 9, "source_updated_at": "2026-11-21T09:00:00Z", "order_discount": 1,
        "shipments": [{"shipment_id": "S1", "status": "fulfilled", "shipping_rate_id": "standard",
            "shipping_rate": 9.9, "refunded_amount": 0,
            "fulfillments": [{"tracking_number": "T", "location": "L", "carrier": "C",
                "shipped_at": "2026-11-21T09:00:00Z", "status": "in_transit",
                "items": [{"source_line_id": "L1", "source_product_id": 1, "source_variant_id": 2, "quantity": 1, "hs_code": "610910"}]}],
            "items": [{"source_line_id": "L1", "quantity": 2, "refunded_quantity": 0}]}]
    });
    let label = json!({
        "orderNumber": "9", "weight": 1, "weightUnit": "grams", "length": 1, "width": 1, "height": 1,
        "dimensionsUnit": "cm", "base64": true, "zpl": true, "trackReference": "R", "parcelWeight": "1",
        "brandCode": "B", "skus": [{"skuName": "TSHIRT-M", "asn": "A", "quantity": 1}],
        "fromAddress": {"firstName": "A", "lastName": "B", "phoneNumber": "+49 30 123456", "line1": "L",
            "city": "C", "province": "BE", "country": "DE", "zipcode": "10115"},
        "toAddress": {"firstName": "A", "lastName": "B", "phoneNumber": "+1 514 555 0100", "line1": "L",
            "city": "C", "province": "QC", "country": "CA", "zipcode": "H2X 1Y4"}
    });
    vec![
        (reqwest::Method::POST, "/v1/landed-cost", cart),
        (reqwest::Method::POST, "/v1/orders", order),
        (reqwest::Method::PUT, "/v1/orders", update),
        (reqwest::Method::POST, "/api/post/fc/labels", label),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn one_hostile_value_anywhere_never_gets_a_5xx(which in 0usize..4, pick in any::<prop::sample::Index>(), with in hostile()) {
        let (method, path, mut body) = bodies().swap_remove(which);
        let mut all = Vec::new();
        paths(&body, Vec::new(), &mut all);
        let at = pick.get(&all).clone();
        replace(&mut body, &at, with);
        let (status, reply) = runtime().block_on(service().raw(method, path, body.to_string()));
        prop_assert!(status < 500, "{path} {at:?} -> {status} {reply}");
        if status >= 400 {
            let errors = reply["error"].as_array().map(Vec::len).unwrap_or(0);
            prop_assert!(errors > 0, "a 4xx names its problems: {path} -> {status} {reply}");
        }
    }
}
