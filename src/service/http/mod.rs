//! The HTTP face of the reference service: `router(state)` so tests and the app can run it on any
//! listener. Handlers check credentials, parse, validate with `domain::validate`, then call the
//! engine or the store; the store is synchronous SQLite, so it runs on the blocking pool.

pub mod auth;
pub mod error;
pub mod extract;
mod routes;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};

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

pub fn router(state: SharedState) -> Router {
    let direct_api = Router::new()
        .route("/v1/landed-cost", post(routes::landed_cost::calculate))
        .route(
            "/v1/orders",
            post(routes::orders::create).put(routes::orders::update),
        )
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            require_api_key,
        ));
    Router::new()
        .merge(direct_api)
        .route("/api/post/fc/labels", post(routes::labels::label))
        .route("/labels/{file}", get(routes::labels::document))
        .route("/track/{code}", get(routes::labels::track))
        .route("/healthz", get(routes::health))
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
