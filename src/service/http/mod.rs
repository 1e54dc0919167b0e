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

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::MethodRouter;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

pub use auth::Credentials;
pub use error::ApiError;

use crate::service::landed_cost::Engine;
use crate::service::store::{CalculationWriter, Store};

/// Everything a request handler needs, shared by all requests.
pub struct ServiceState {
    pub engine: Engine,
    pub store: Store,
    /// Stores each calculation before it is answered (group commit on its own thread).
    pub calculations: CalculationWriter,
    pub credentials: Credentials,
    /// Absolute base of the label document URLs, without a trailing slash.
    pub public_url: String,
    pub require_hs_codes: bool,
    /// How long a new label stays `pending` (0 = ready at once).
    pub label_delay: Duration,
    /// When set, calculations are priced as on this day (see `ServeConfig::pricing_date`).
    pub pricing_date: Option<time::Date>,
}

impl ServiceState {
    /// The moment a calculation is priced at.
    pub fn pricing_moment(&self) -> time::OffsetDateTime {
        match self.pricing_date {
            Some(date) => date
                .with_time(time::Time::MIDNIGHT + time::Duration::hours(12))
                .assume_utc(),
            None => time::OffsetDateTime::now_utc(),
        }
    }
}

pub type SharedState = Arc<ServiceState>;

/// Who may call a route. The router's checks and the document's `security` both follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    /// No credentials.
    Public,
    /// `x-service-direct-api-key`, checked by a layer before the handler runs.
    ApiKey,
    /// `Authorization: Bearer`, checked by the handler so that its errors have the label shape.
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
        (Access::Public, routes!(openapi::document)),
    ]
}

/// The route table as one router and its document; `api_key_check` wraps the routes that need
/// the API key.
fn documented_router(
    api_key_check: impl Fn(MethodRouter<SharedState>) -> MethodRouter<SharedState>,
) -> OpenApiRouter<SharedState> {
    route_table().into_iter().fold(
        OpenApiRouter::with_openapi(openapi::base()),
        |router, (access, (schemas, mut paths, method_router))| {
            let method_router = match access {
                Access::ApiKey => {
                    openapi::require(&mut paths, openapi::API_KEY_SCHEME);
                    api_key_check(method_router)
                }
                Access::Bearer => {
                    openapi::require(&mut paths, openapi::BEARER_SCHEME);
                    method_router
                }
                Access::Public => method_router,
            };
            router.routes((schemas, paths, method_router))
        },
    )
}

/// The service's OpenAPI 3.1 document, as `GET /openapi.json` serves it.
pub fn openapi() -> utoipa::openapi::OpenApi {
    // Only the document is kept, so the routes need no checks.
    documented_router(|method_router| method_router).into_openapi()
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
    let (router, _) = documented_router(move |method_router| {
        method_router.route_layer(middleware::from_fn_with_state(
            check_state.clone(),
            require_api_key,
        ))
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

/// Runs synchronous store work off the async workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::Internal(format!("blocking task failed: {e}")))?
}
