//! The HTTP face of the reference service: `router(state)` so tests and the app can run it on any
//! listener. Handlers check credentials, parse, validate with `domain::validate`, then call the
//! engine or the store; the store is synchronous SQLite, so it runs on the blocking pool.
//!
//! # Where SPEC.md is silent: the service's answers
//!
//! | Status | When |
//! |---|---|
//! | 400 | Malformed JSON, a value of the wrong JSON type (field path given) |
//! | 401 | Missing or wrong `x-service-direct-api-key` or Bearer token (compared in constant time) |
//! | 404 | Unknown order (PUT, labels), unknown path |
//! | 409 | Duplicate `source_reference` on create; an update whose `source_updated_at` is older than the stored one (nothing changes); fulfilling a canceled shipment or canceling a fulfilled one |
//! | 413 | Body over 1 MiB |
//! | 422 | Validation: the SPEC 2.15 body listing every problem with its field path |
//!
//! Label errors answer the same status codes with the SPEC 2.19 body: `isError: true`,
//! `result.status: "error"` and the same `error` list. Label documents are served at
//! `/labels/{id}.pdf` and `/labels/{id}.zpl`; the id is 122 random bits, so the URL itself is the
//! permission to read it (as with a provider's signed URL) and a printer or browser can fetch it.

pub mod auth;
pub mod error;
pub mod extract;
pub mod openapi;
mod routes;
mod state;

use std::sync::LazyLock;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

pub use auth::Credentials;
pub use error::ApiError;
pub use state::{ServiceState, SharedState};

use openapi::INTERNAL;

/// Who may call a route. The router's checks and the document's `security` both follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    /// No credentials.
    Public,
    /// `x-service-direct-api-key`, checked by a layer before the handler runs.
    ApiKey,
    /// `Authorization: Bearer`, checked by a layer that answers in the label shape.
    Bearer,
}

/// Every route of the service, with who may call it. The router and `/openapi.json` are both
/// built from this table, and `routes!` registers each handler at the method and path of its own
/// `#[utoipa::path]`, so a route cannot be served without being documented: add routes here only.
fn route_table() -> Vec<(Access, UtoipaMethodRouter<SharedState>)> {
    vec![
        (Access::ApiKey, routes!(routes::landed_cost::calculate)),
        (
            Access::ApiKey,
            routes!(routes::orders::create, routes::orders::update),
        ),
        (Access::Bearer, routes!(routes::labels::label)),
        (Access::Public, routes!(routes::labels::document)),
        (Access::Public, routes!(routes::labels::track)),
        (Access::Public, routes!(routes::health)),
        (Access::Public, routes!(document)),
    ]
}

/// The route table as one router and its document; `check` wraps each route in the check its
/// access asks for (none for the document alone).
fn documented_router(
    check: impl Fn(Access, MethodRouter<SharedState>) -> MethodRouter<SharedState>,
) -> OpenApiRouter<SharedState> {
    route_table().into_iter().fold(
        OpenApiRouter::with_openapi(openapi::base()),
        |router, (access, (schemas, mut paths, method_router))| {
            match access {
                Access::ApiKey => openapi::require(&mut paths, openapi::API_KEY_SCHEME),
                Access::Bearer => openapi::require(&mut paths, openapi::BEARER_SCHEME),
                Access::Public => {}
            }
            openapi::limited(&mut paths);
            router.routes((schemas, paths, check(access, method_router)))
        },
    )
}

/// The service's OpenAPI 3.1 document, as `GET /openapi.json` serves it.
pub fn openapi() -> utoipa::openapi::OpenApi {
    // Only the document is kept, so the routes need no checks.
    documented_router(|_, method_router| method_router).into_openapi()
}

// Served from here, with the route table it is built from: `openapi` holds only its parts.
/// The document as served, built once (it cannot change while the process runs).
static DOCUMENT: LazyLock<Result<Bytes, String>> = LazyLock::new(|| {
    openapi()
        .to_json()
        .map(Bytes::from)
        .map_err(|e| e.to_string())
});

/// This OpenAPI document.
///
/// No credentials are needed.
#[utoipa::path(
    get,
    path = "/openapi.json",
    operation_id = "openapi",
    tag = "service",
    responses(
        (status = 200, description = "The OpenAPI 3.1 document of this service.",
            content_type = "application/json", body = Object),
        (status = 500, description = INTERNAL, body = crate::api::ErrorBody),
    )
)]
pub async fn document() -> Response {
    match &*DOCUMENT {
        Ok(json) => ([(header::CONTENT_TYPE, "application/json")], json.clone()).into_response(),
        Err(cause) => {
            ApiError::Internal(format!("the OpenAPI document cannot be encoded: {cause}"))
                .into_response()
        }
    }
}

/// Every route the router serves, as (method, path) pairs, e.g. `("POST", "/v1/orders")`: read
/// from the route table the router registers, not from the document, so a test can compare them.
pub fn route_list() -> Vec<(String, String)> {
    route_table()
        .into_iter()
        .flat_map(|(_, (_, paths, _))| paths.paths)
        .flat_map(|(path, item)| {
            openapi::methods(&item)
                .into_iter()
                .map(move |method| (method.to_string(), path.clone()))
        })
        .collect()
}

pub fn router(state: SharedState) -> Router {
    let check_state = state.clone();
    // Checked in a layer, before the handler's extractors read a byte of the body.
    let (router, _) = documented_router(move |access, method_router| match access {
        Access::ApiKey => method_router.route_layer(middleware::from_fn_with_state(
            check_state.clone(),
            require_api_key,
        )),
        Access::Bearer => method_router.route_layer(middleware::from_fn_with_state(
            check_state.clone(),
            require_bearer,
        )),
        Access::Public => method_router,
    })
    .split_for_parts();
    router
        .fallback(routes::not_found)
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .layer(DefaultBodyLimit::max(extract::MAX_BODY_BYTES))
        .with_state(state)
}

async fn require_api_key(
    State(state): State<SharedState>,
    req: Request,
    next: Next,
) -> Result<Response, ApiError> {
    state.credentials.check_api_key(req.headers())?;
    Ok(next.run(req).await)
}

/// The label endpoint's token, answered in its own error shape (SPEC 2.19) without the order's
/// number: the body that would name it is not read for a caller without the token.
async fn require_bearer(State(state): State<SharedState>, req: Request, next: Next) -> Response {
    match state.credentials.check_bearer(req.headers()) {
        Ok(()) => next.run(req).await,
        Err(err) => err.into_label_response(""),
    }
}
