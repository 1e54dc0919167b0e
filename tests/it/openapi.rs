//! `GET /openapi.json` over real HTTP: a valid OpenAPI 3.1 document of every route the router
//! serves, with the credentials each one asks for, whose examples the service accepts.

use std::collections::BTreeSet;

use packdesk::api::TaxCalculationResponse;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::*;

/// The merchant interface and the pages its answers link to: (method, path, operationId).
const OPERATIONS: [(&str, &str, &str); 6] = [
    ("POST", "/v1/landed-cost", "calculateLandedCost"),
    ("POST", "/v1/orders", "createOrder"),
    ("PUT", "/v1/orders", "updateOrder"),
    ("POST", "/api/post/fc/labels", "createLabel"),
    ("GET", "/labels/{file}", "labelDocument"),
    ("GET", "/track/{code}", "trackParcel"),
];

/// The document as served (no credentials sent), parsed by `oas3` and as plain JSON.
async fn fetch(svc: &TestService) -> (oas3::Spec, Value) {
    let resp = reqwest::get(svc.url("/openapi.json")).await.unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(
        resp.headers()["content-type"].to_str().unwrap(),
        "application/json"
    );
    let text = resp.text().await.unwrap();
    let spec =
        oas3::from_json(&text).unwrap_or_else(|e| panic!("not an OpenAPI 3.1 document: {e}"));
    (spec, serde_json::from_str(&text).unwrap())
}

/// (method, path) of every operation in the document.
fn documented(spec: &oas3::Spec) -> BTreeSet<(String, String)> {
    spec.operations()
        .map(|(path, method, _)| (method.to_string(), path))
        .collect()
}

fn operation<'a>(doc: &'a Value, method: &str, path: &str) -> &'a Value {
    &doc["paths"][path][method.to_lowercase()]
}

/// The request examples of an operation, by name.
fn request_examples(spec: &oas3::Spec, method: &str, path: &str) -> Vec<(String, Value)> {
    let method: Method = method.parse().unwrap();
    let op = spec.operation(&method, path).unwrap();
    let body = op.request_body(spec).unwrap().unwrap();
    let media = &body.content["application/json"];
    media
        .examples(spec)
        .into_iter()
        .map(|(name, example)| (name, example.value.unwrap()))
        .collect()
}

/// The schema an operation documents for the body of `status`.
fn response_schema<'a>(doc: &'a Value, method: &str, path: &str, status: u16) -> &'a Value {
    let schema = &operation(doc, method, path)["responses"][status.to_string()]["content"]["application/json"]
        ["schema"];
    assert!(
        !schema.is_null(),
        "{method} {path} documents no {status} body"
    );
    schema
}

/// Checks `value` against `schema` as far as this document uses JSON Schema: `$ref`, `type`
/// (one or a list), `required`, `properties`, `items`, `enum` and `oneOf`.
fn conforms(doc: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference
            .strip_prefix("#/components/schemas/")
            .ok_or_else(|| format!("{at}: unexpected $ref {reference}"))?;
        let target = &doc["components"]["schemas"][name];
        if target.is_null() {
            return Err(format!("{at}: $ref {reference} resolves to nothing"));
        }
        return conforms(doc, target, value, at);
    }
    if let Some(choices) = schema["oneOf"].as_array() {
        let matching = choices
            .iter()
            .filter(|choice| conforms(doc, choice, value, at).is_ok())
            .count();
        return if matching == 1 {
            Ok(())
        } else {
            Err(format!("{at}: {value} matches {matching} of oneOf"))
        };
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let type_ok = types.is_empty()
        || types.iter().any(|t| match *t {
            "null" => value.is_null(),
            "boolean" => value.is_boolean(),
            "string" => value.is_string(),
            "number" => value.is_number(),
            "integer" => value.is_i64() || value.is_u64(),
            "array" => value.is_array(),
            "object" => value.is_object(),
            _ => false,
        });
    if !type_ok {
        return Err(format!("{at}: {value} is not of type {types:?}"));
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(value)
    {
        return Err(format!("{at}: {value} is not one of {allowed:?}"));
    }
    if let Some(object) = value.as_object() {
        for key in schema["required"].as_array().into_iter().flatten() {
            let key = key.as_str().unwrap_or_default();
            if !object.contains_key(key) {
                return Err(format!("{at}: the required {key} is missing"));
            }
        }
        if let Some(properties) = schema["properties"].as_object() {
            for (key, item) in object {
                if let Some(property) = properties.get(key) {
                    conforms(doc, property, item, &format!("{at}.{key}"))?;
                }
            }
        }
    }
    if let (Some(items), Some(values)) = (schema.get("items"), value.as_array()) {
        for (i, item) in values.iter().enumerate() {
            conforms(doc, items, item, &format!("{at}[{i}]"))?;
        }
    }
    Ok(())
}

#[track_caller]
fn assert_conforms(doc: &Value, schema: &Value, value: &Value) {
    if let Err(problem) = conforms(doc, schema, value, "$") {
        panic!("{problem}\nin {value}");
    }
}

#[tokio::test]
async fn the_document_is_openapi_3_1_with_the_merchant_operations_and_their_credentials() {
    let svc = TestService::start().await;
    let (spec, doc) = fetch(&svc).await;
    let version = spec.validate_version().unwrap();
    assert_eq!((version.major, version.minor), (3, 1), "{version}");

    let operations = documented(&spec);
    for (method, path, id) in OPERATIONS {
        assert!(
            operations.contains(&(method.to_string(), path.to_string())),
            "{method} {path} is not documented: {operations:?}"
        );
        let op = spec.operation(&method.parse().unwrap(), path).unwrap();
        assert_eq!(op.operation_id.as_deref(), Some(id));
        assert!(op.summary.is_some(), "{method} {path} has no summary");
        // Every schema the operation names resolves.
        for (status, response) in op.responses(&spec) {
            for (media_type, media) in &response.content {
                media.schema(&spec).unwrap_or_else(|e| {
                    panic!("{method} {path} {status} {media_type}: {e}");
                });
            }
        }
    }

    // Every example fits the schema it illustrates.
    let mut examples = 0;
    for (_, item) in doc["paths"].as_object().unwrap() {
        for op in item.as_object().unwrap().values() {
            let request = &op["requestBody"]["content"]["application/json"];
            for example in request["examples"].as_object().into_iter().flatten() {
                assert_conforms(&doc, &request["schema"], &example.1["value"]);
                examples += 1;
            }
            for response in op["responses"].as_object().unwrap().values() {
                let media = &response["content"]["application/json"];
                if !media["example"].is_null() {
                    assert_conforms(&doc, &media["schema"], &media["example"]);
                    examples += 1;
                }
            }
        }
    }
    assert!(examples >= 9, "{examples} examples");

    // The merchant operations: a JSON body with examples, and the service's error answers.
    let schemes = &doc["components"]["securitySchemes"];
    for (method, path, _) in &OPERATIONS[..4] {
        let op = operation(&doc, method, path);
        let body = &op["requestBody"]["content"]["application/json"];
        assert!(body["schema"]["$ref"].is_string(), "{method} {path}");
        assert!(
            !request_examples(&spec, method, path).is_empty(),
            "{method} {path} has no request example"
        );
        let label = *path == "/api/post/fc/labels";
        let error_body = if label {
            "#/components/schemas/LabelResponse"
        } else {
            "#/components/schemas/ErrorBody"
        };
        for status in [400, 401, 413, 422, 500] {
            assert_eq!(
                response_schema(&doc, method, path, status)["$ref"],
                error_body,
                "{method} {path} {status}"
            );
        }
        let security = op["security"].as_array().unwrap();
        assert_eq!(security.len(), 1, "{method} {path}: {security:?}");
        let scheme_name = security[0].as_object().unwrap().keys().next().unwrap();
        let scheme = &schemes[scheme_name];
        if label {
            assert_eq!(scheme["type"], "http");
            assert_eq!(scheme["scheme"], "bearer");
        } else {
            assert_eq!(scheme["type"], "apiKey");
            assert_eq!(scheme["in"], "header");
            assert_eq!(scheme["name"], "x-service-direct-api-key");
        }
    }
    for (method, path, statuses) in [
        ("POST", "/v1/orders", &[409][..]),
        ("PUT", "/v1/orders", &[404, 409]),
        ("POST", "/api/post/fc/labels", &[404, 409]),
    ] {
        for status in statuses {
            response_schema(&doc, method, path, *status);
        }
    }
    // Money is an exact number on the wire, never a string.
    for (schema, field) in [
        ("ShippingRate", "shipping_rate"),
        ("CartItem", "unit_price"),
        ("LandedCost", "total_taxes"),
        ("OrderCreateRequest", "total"),
    ] {
        let property = &doc["components"]["schemas"][schema]["properties"][field];
        assert_eq!(property["type"], "number", "{schema}.{field}: {property}");
        assert_eq!(
            property["format"], "decimal",
            "{schema}.{field}: {property}"
        );
    }
    // The pages and the document itself need no credentials.
    for (method, path) in [
        ("GET", "/labels/{file}"),
        ("GET", "/track/{code}"),
        ("GET", "/openapi.json"),
    ] {
        assert!(
            operation(&doc, method, path)["security"].is_null(),
            "{method} {path}"
        );
    }

    // The credentials documented are the ones asked for: without them, a 401 in the documented shape.
    for (method, path, _) in &OPERATIONS[..4] {
        let resp = svc
            .http
            .request(method.parse().unwrap(), svc.url(path))
            .header("content-type", "application/json")
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 401, "{method} {path}");
        let body: Value = resp.json().await.unwrap();
        assert_conforms(&doc, response_schema(&doc, method, path, 401), &body);
    }
}

#[tokio::test]
async fn every_route_is_documented_and_every_documented_route_is_served() {
    let svc = TestService::start().await;
    let (spec, _) = fetch(&svc).await;
    let operations = documented(&spec);
    // The router is built from the same table as this list (see `route_list`).
    let routed: BTreeSet<(String, String)> =
        packdesk::service::http::route_list().into_iter().collect();
    assert_eq!(routed, operations, "the router and the document differ");
    assert!(routed.contains(&("GET".to_string(), "/openapi.json".to_string())));

    let fallback = |status: u16, body: &Value| {
        status == 404
            && body["error"][0]["error"]
                .as_str()
                .is_some_and(|e| e.starts_with("No such endpoint"))
    };
    // A path nobody documented reaches the fallback (so the probes below can tell).
    let (status, body) = svc.raw(Method::GET, "/v1/undocumented", "").await;
    assert!(fallback(status, &body), "{status} {body}");

    let paths: BTreeSet<&String> = operations.iter().map(|(_, path)| path).collect();
    for path in paths {
        let concrete = path
            .replace("{file}", "unknown.pdf")
            .replace("{code}", "XX");
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            let (status, body) = svc.raw(method.parse().unwrap(), &concrete, "{}").await;
            if operations.contains(&(method.to_string(), path.clone())) {
                // Served by its handler: neither the fallback nor "method not allowed".
                assert!(
                    !fallback(status, &body) && status != 405,
                    "{method} {path} is documented but not served: {status} {body}"
                );
            } else {
                assert_eq!(status, 405, "{method} {path} is served but not documented");
            }
        }
    }
}

/// Replaces the example's ids with those of `quote`: the first rate of each shipment.
fn with_ids_of(mut order: Value, quote: &TaxCalculationResponse) -> Value {
    order["landedcost_request_id"] = json!(quote.landedcost_request_id);
    for shipment in order["shipments"].as_array_mut().unwrap() {
        let calculated = quote
            .shipments
            .iter()
            .find(|s| shipment["shipment_id"] == s.shipment_id.as_str())
            .unwrap();
        shipment["tax_transaction_id"] =
            json!(calculated.shipping_rate_taxes[0].tax_transaction_id);
    }
    order
}

#[tokio::test]
async fn the_examples_are_accepted_and_a_missing_field_gets_the_documented_422() {
    let svc = TestService::start().await;
    let (spec, doc) = fetch(&svc).await;
    let only = |method: &str, path: &str| {
        let examples = request_examples(&spec, method, path);
        assert_eq!(examples.len(), 1, "{method} {path}");
        examples.into_iter().next().unwrap().1
    };

    // Landed cost: answered in the documented shape.
    let cart = only("POST", "/v1/landed-cost");
    let (status, answer) = svc
        .raw(Method::POST, "/v1/landed-cost", cart.to_string())
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_conforms(
        &doc,
        response_schema(&doc, "POST", "/v1/landed-cost", 200),
        &answer,
    );
    let quote: TaxCalculationResponse = serde_json::from_value(answer).unwrap();

    // The order of that calculation, then its update.
    let order = with_ids_of(only("POST", "/v1/orders"), &quote);
    let (status, answer) = svc.raw(Method::POST, "/v1/orders", order.to_string()).await;
    assert_eq!(status, 204, "{answer}");
    let update = only("PUT", "/v1/orders");
    let (status, answer) = svc.raw(Method::PUT, "/v1/orders", update.to_string()).await;
    assert_eq!(status, 204, "{answer}");

    // Its labels, and the pages they link to.
    let labels = request_examples(&spec, "POST", "/api/post/fc/labels");
    assert!(labels.len() >= 2, "a full-order and a split-parcel example");
    for (name, request) in labels {
        let (status, answer) = svc
            .raw(Method::POST, "/api/post/fc/labels", request.to_string())
            .await;
        assert_eq!(status, 200, "{name}: {answer}");
        assert_conforms(
            &doc,
            response_schema(&doc, "POST", "/api/post/fc/labels", 200),
            &answer,
        );
        assert_eq!(answer["isError"], false, "{name}: {answer}");
        assert_eq!(answer["result"]["status"], "success", "{name}: {answer}");
        let pdf = reqwest::get(answer["result"]["labelUrls"][0].as_str().unwrap())
            .await
            .unwrap();
        assert_eq!(pdf.status(), 200);
        assert_eq!(pdf.headers()["content-type"], "application/pdf");
        let track = reqwest::get(answer["result"]["trackingUrl"].as_str().unwrap())
            .await
            .unwrap();
        assert_eq!(track.status(), 200);
    }

    // Each example without its first required field: a 422 naming it, in the documented shape.
    let examples = [
        ("POST", "/v1/landed-cost", cart, "TaxCalculationRequest"),
        ("POST", "/v1/orders", order, "OrderCreateRequest"),
        ("PUT", "/v1/orders", update, "OrderUpdateRequest"),
        (
            "POST",
            "/api/post/fc/labels",
            request_examples(&spec, "POST", "/api/post/fc/labels")[0]
                .1
                .clone(),
            "LabelRequest",
        ),
    ];
    for (method, path, mut example, schema) in examples {
        let required = doc["components"]["schemas"][schema]["required"][0]
            .as_str()
            .unwrap()
            .to_string();
        example.as_object_mut().unwrap().remove(&required);
        let (status, answer) = svc
            .raw(method.parse().unwrap(), path, example.to_string())
            .await;
        assert_eq!(status, 422, "{method} {path} without {required}: {answer}");
        assert_conforms(&doc, response_schema(&doc, method, path, 422), &answer);
        assert_eq!(answer["error"][0]["field"], required.as_str(), "{answer}");
    }
    // The documented 422 example is what the service answers.
    let mut cart = only("POST", "/v1/landed-cost");
    cart["shipments"][0]["items"][0]
        .as_object_mut()
        .unwrap()
        .remove("weight");
    let (status, answer) = svc
        .raw(Method::POST, "/v1/landed-cost", cart.to_string())
        .await;
    assert_eq!(status, 422);
    let documented = &operation(&doc, "POST", "/v1/landed-cost")["responses"]["422"]["content"]["application/json"]
        ["example"];
    assert_eq!(&answer, documented);
}
