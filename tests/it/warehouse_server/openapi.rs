//! The warehouse API's document, read from the running server: every operation of the desks is
//! tagged `warehouse`, is served, and refuses a request without a credential or with a forged
//! one before it reads the body (enrollment, whose credential is its one-time code, refuses an
//! unknown one).

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::site::Site;

/// Every operation in the document: its method, path (parameters filled in) and tags.
fn operations(document: &Value) -> Vec<(Method, String, Vec<String>, bool)> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let tags = operation["tags"]
                .as_array()
                .map(|t| t.iter().map(|t| t.as_str().unwrap().to_string()).collect())
                .unwrap_or_default();
            let secured = operation.get("security").is_some();
            let filled = path
                .replace("{order}", &super::ORDER.to_string())
                .replace("{shipment}", "S1")
                .replace("{desk}", "Station%201")
                .replace("{parcel}", "1")
                .replace("{entry}", "1")
                .replace("{key}", "customs_documents");
            found.push((method, filled, tags, secured));
        }
    }
    found
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
