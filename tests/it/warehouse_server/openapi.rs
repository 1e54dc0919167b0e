//! The warehouse API's document, read from the running server: every operation of the desks is
//! tagged `warehouse`, is served, and refuses a request without a credential or with a forged
//! one before it reads the body (enrollment, whose credential is its one-time code, refuses an
//! unknown one).

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::site::Site;

/// Every operation in the document: its method, its path as written, and the operation.
fn each_operation(document: &Value) -> Vec<(Method, &str, &Value)> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if let Ok(method) = method.to_uppercase().parse::<Method>() {
                found.push((method, path.as_str(), operation));
            }
        }
    }
    found
}

/// Every operation in the document: its method, path (parameters filled in) and tags.
fn operations(document: &Value) -> Vec<(Method, String, Vec<String>, bool)> {
    each_operation(document)
        .into_iter()
        .map(|(method, path, operation)| {
            let tags = operation["tags"]
                .as_array()
                .map(|t| t.iter().map(|t| t.as_str().unwrap().to_string()).collect())
                .unwrap_or_default();
            let secured = operation.get("security").is_some();
            (method, filled(path), tags, secured)
        })
        .collect()
}

/// `path` with its parameters as a real request would have them.
fn filled(path: &str) -> String {
    path.replace("{order}", &super::ORDER.to_string())
        .replace("{shipment}", "S1")
        .replace("{desk}", "Station%201")
        .replace("{parcel}", "1")
        .replace("{entry}", "1")
        .replace("{key}", "customs_documents")
        .replace("{person}", "1")
        .replace("{document}", "1")
}

#[test]
fn every_warehouse_operation_refuses_a_missing_or_forged_credential() {
    let site = Site::sqlite();
    let server = super::staffed(&site, &[]);
    let desk = server.desk();
    let document = desk.call(Method::GET, "/openapi.json", None, None);
    assert_eq!(document.status, StatusCode::OK);
    let operations = operations(&document.body);
    let warehouse: Vec<_> = operations
        .iter()
        .filter(|(_, _, tags, _)| tags.iter().any(|t| t == "warehouse"))
        .collect();
    assert!(
        warehouse.len() >= 12,
        "{} warehouse operations",
        warehouse.len()
    );
    // Every operation is either the server's own (document, health) or the warehouse's.
    for (method, path, tags, _) in &operations {
        assert!(
            tags.iter().any(|t| t == "warehouse" || t == "server"),
            "{method} {path} has tags {tags:?}"
        );
    }
    // The document and the router come from one table.
    let served = packdesk::warehouse::http::route_list();
    assert_eq!(served.len(), operations.len());

    let forged = [
        None,
        Some("pdk_session_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        Some("pdk_desk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        Some("not-a-token"),
    ];
    for (method, path, _, secured) in warehouse {
        if !secured {
            // Enrollment: the code in the body is the credential.
            let answer = desk.call(
                method.clone(),
                path,
                None,
                Some(serde_json::json!({"enrollment_code": "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"})),
            );
            assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{method} {path}");
            continue;
        }
        for token in forged {
            // A body that is not even JSON: the credential is refused before it is read.
            let answer = desk.runtime_call_raw(method.clone(), path, token, "{not json");
            assert_eq!(
                answer.0,
                StatusCode::UNAUTHORIZED,
                "{method} {path} with {token:?}: {}",
                answer.1
            );
        }
    }
}

/// Each operation's documented statuses, by method and path as written in the document, and
/// the headers it documents.
fn documented(document: &Value) -> Vec<(Method, String, Vec<u16>, Vec<String>)> {
    each_operation(document)
        .into_iter()
        .map(|(method, path, operation)| {
            let statuses = operation["responses"]
                .as_object()
                .map(|r| r.keys().filter_map(|k| k.parse().ok()).collect())
                .unwrap_or_default();
            let headers = operation["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "header")
                .filter_map(|p| p["name"].as_str().map(str::to_owned))
                .collect();
            (method, path.to_string(), statuses, headers)
        })
        .collect()
}

/// What it sends as a documented header's value.
const HEADER_VALUES: [&str; 4] = [
    "",
    "short",
    "two words but long enough",
    "ключ-0123456789abcdef",
];

/// What a careless or hostile caller puts in a path's parameters.
const PARAMETERS: [&str; 6] = [
    "0",
    "-1",
    "18446744073709551616",
    "x%20y",
    "%F0%9F%98%80",
    "..%2F..%2Fetc",
];

/// What it sends as a body.
fn bodies() -> Vec<String> {
    vec![
        "{}".into(),
        "[]".into(),
        "null".into(),
        "\"text\"".into(),
        "{not json".into(),
        r#"{"name": 1e400, "role": [], "pin": {}, "enrollment_code": null}"#.into(),
        format!("{}1{}", "[".repeat(5_000), "]".repeat(5_000)),
    ]
}

/// Schemathesis-style, from the server's own document: every operation, with a supervisor's
/// session, each parameter replaced by hostile text and each body by hostile JSON, is answered
/// with a status its document names, never a 5xx, and refused in the error shape.
#[test]
fn every_operation_answers_hostile_input_with_a_documented_status_and_no_5xx() {
    let site = Site::sqlite();
    let server = super::staffed(&site, &[]);
    let (desk, desk_token) = super::enrolled(&site, &server, "Fuzzing desk");
    let document = desk.call(Method::GET, "/openapi.json", None, None).body;
    let operations = documented(&document);
    let keyed = operations
        .iter()
        .filter(|(_, _, _, headers)| headers.iter().any(|h| h == "Idempotency-Key"))
        .count();
    assert_eq!(
        keyed, 4,
        "packing, a label asked again, fulfilling, canceling"
    );
    let mut problems = Vec::new();
    for (method, path, statuses, headers) in operations {
        let has_parameters = path.contains('{');
        let with_body = matches!(method, Method::POST | Method::PUT | Method::PATCH);
        let mut requests: Vec<(String, Option<String>)> = Vec::new();
        for parameter in PARAMETERS {
            if has_parameters {
                let filled = path
                    .split('/')
                    .map(|part| {
                        if part.starts_with('{') {
                            parameter
                        } else {
                            part
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("/");
                requests.push((filled, with_body.then(|| "{}".to_string())));
            }
        }
        let plain = filled(&path);
        for body in bodies().into_iter().filter(|_| with_body) {
            requests.push((plain.clone(), Some(body)));
        }
        let mut with_headers: Vec<_> = requests.into_iter().map(|r| (r, None)).collect();
        for header in &headers {
            for value in HEADER_VALUES {
                let body = with_body.then(|| "{}".to_string());
                with_headers.push(((plain.clone(), body), Some((header.as_str(), value))));
            }
        }
        for ((target, body), header) in with_headers {
            // A fresh session each time: an operation may end the one it was sent with.
            let session = desk.session(&desk_token, "Sam", super::SUPERVISOR_PIN);
            let (status, text) = desk.raw_with(
                method.clone(),
                &target,
                Some(&session),
                body.as_deref().unwrap_or(""),
                &header.into_iter().collect::<Vec<_>>(),
            );
            let code = status.as_u16();
            // Every refusal in the servers' shape, saying what was wrong.
            let shaped = serde_json::from_str::<Value>(&text).is_ok_and(|v| {
                v["error"][0]["error"]
                    .as_str()
                    .is_some_and(|e| !e.is_empty())
            });
            if code >= 500 || !statuses.contains(&code) || (code >= 400 && !shaped) {
                let shown: String = text.chars().take(200).collect();
                problems.push(format!("{method} {target}: {code} {shown}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
