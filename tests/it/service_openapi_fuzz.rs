//! Schemathesis-style, from the service's own document (`GET /openapi.json`): every operation,
//! with the right credentials, a forged one and none; each path parameter replaced by hostile
//! text; each body by hostile JSON, and each value of each documented example replaced in turn
//! by a hostile one. Every answer is a status the operation documents, never a 5xx, and every
//! refusal comes in the error shape with something said.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::*;

/// What a careless or hostile caller puts in a path's parameters.
const PARAMETERS: [&str; 6] = [
    "0",
    "-1",
    "x%20y",
    "%F0%9F%98%80",
    "..%2F..%2Fetc",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
];

/// Whole bodies a caller may send.
fn bodies() -> Vec<String> {
    vec![
        String::new(),
        "{}".into(),
        "[]".into(),
        "null".into(),
        "\"text\"".into(),
        "{not json".into(),
        format!("{}1{}", "[".repeat(5_000), "]".repeat(5_000)),
    ]
}

/// What replaces one value of a documented example.
fn hostile_values() -> Vec<Value> {
    vec![
        Value::Null,
        json!(-1),
        json!("1e400"),
        json!(1.5e300),
        json!("x".repeat(10_000)),
        json!([]),
        json!({}),
        json!("\u{0}\u{202e}😀"),
    ]
}

/// Every operation in the document: method, path as written, and the operation.
fn each_operation(document: &Value) -> Vec<(Method, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if let Ok(method) = method.to_uppercase().parse::<Method>() {
                found.push((method, path.clone(), operation.clone()));
            }
        }
    }
    found
}

fn statuses(operation: &Value) -> Vec<u16> {
    operation["responses"]
        .as_object()
        .map(|r| r.keys().filter_map(|k| k.parse().ok()).collect())
        .unwrap_or_default()
}

/// The request examples of an operation, resolved where they are references.
fn examples(document: &Value, operation: &Value) -> Vec<Value> {
    let media = &operation["requestBody"]["content"]["application/json"];
    let mut found: Vec<Value> = media["examples"]
        .as_object()
        .into_iter()
        .flat_map(|examples| examples.values())
        .map(|example| match example["$ref"].as_str() {
            Some(reference) => {
                let name = reference.rsplit('/').next().unwrap_or_default();
                document["components"]["examples"][name]["value"].clone()
            }
            None => example["value"].clone(),
        })
        .filter(|value| !value.is_null())
        .collect();
    if !media["example"].is_null() {
        found.push(media["example"].clone());
    }
    found
}

/// Every path to a value inside `value` (the root excluded).
fn leaves(value: &Value, prefix: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    let children: Vec<(Value, &Value)> = match value {
        Value::Object(map) => map.iter().map(|(k, v)| (json!(k), v)).collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (json!(i), v))
            .collect(),
        _ => Vec::new(),
    };
    for (key, child) in children {
        prefix.push(key);
        out.push(prefix.clone());
        leaves(child, prefix, out);
        prefix.pop();
    }
}

fn replaced(value: &Value, path: &[Value], with: &Value) -> Value {
    let mut out = value.clone();
    let mut at = &mut out;
    for key in path {
        at = match key {
            Value::String(k) => &mut at[k.as_str()],
            Value::Number(i) => &mut at[usize::try_from(i.as_u64().unwrap()).unwrap()],
            _ => unreachable!(),
        };
    }
    *at = with.clone();
    out
}

/// `path` with its parameters each replaced by `with`.
fn with_parameters(path: &str, with: &str) -> String {
    path.split('/')
        .map(|part| if part.starts_with('{') { with } else { part })
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether a refusal says what was wrong in the service's error shape.
fn shaped(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|v| {
        v["error"][0]["error"]
            .as_str()
            .is_some_and(|e| !e.is_empty())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_answers_hostile_input_with_a_documented_status_and_no_5xx() {
    let svc = TestService::start().await;
    let document: Value = reqwest::get(svc.url("/openapi.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let credentials = [
        (
            "right",
            Some((svc.api_key().to_string(), svc.token().to_string())),
        ),
        (
            "forged",
            Some((
                "sk_forged_0123456789abcdef".into(),
                "tk_forged_0123456789abcdef".into(),
            )),
        ),
        ("none", None),
    ];
    let mut problems = Vec::new();
    let mut sent = 0usize;
    for (method, path, operation) in each_operation(&document) {
        let documented = statuses(&operation);
        let with_body = matches!(method, Method::POST | Method::PUT | Method::PATCH);
        let mut requests: Vec<(&str, String, Option<String>)> = Vec::new();
        for parameter in PARAMETERS.iter().filter(|_| path.contains('{')) {
            let target = with_parameters(&path, parameter);
            requests.push(("right", target, with_body.then(|| "{}".to_string())));
        }
        let plain = with_parameters(&path, "x");
        for (name, _) in &credentials {
            requests.push((name, plain.clone(), with_body.then(|| "{}".to_string())));
        }
        for body in bodies().into_iter().filter(|_| with_body) {
            requests.push(("right", plain.clone(), Some(body)));
        }
        for example in examples(&document, &operation) {
            let mut paths = Vec::new();
            leaves(&example, &mut Vec::new(), &mut paths);
            for at in paths {
                for value in hostile_values() {
                    let body = replaced(&example, &at, &value).to_string();
                    requests.push(("right", plain.clone(), Some(body)));
                }
            }
        }
        for (credential, target, body) in requests {
            let keys = credentials
                .iter()
                .find(|(name, _)| *name == credential)
                .and_then(|(_, keys)| keys.clone());
            let mut request = svc.http.request(method.clone(), svc.url(&target));
            if let Some((api_key, token)) = keys {
                request = request
                    .header("x-service-direct-api-key", api_key)
                    .bearer_auth(token);
            }
            if let Some(body) = &body {
                request = request
                    .header("content-type", "application/json")
                    .body(body.clone());
            }
            let response = request.send().await.unwrap();
            sent += 1;
            let code = response.status().as_u16();
            let text = response.text().await.unwrap_or_default();
            if code >= 500 || !documented.contains(&code) || (code >= 400 && !shaped(&text)) {
                let shown: String = text.chars().take(160).collect();
                let sent_body: String = body.unwrap_or_default().chars().take(120).collect();
                problems.push(format!(
                    "{method} {target} ({credential} credentials) {sent_body}: {code} {shown}"
                ));
            }
        }
    }
    assert!(sent > 500, "only {sent} requests");
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} answers outside the document:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
