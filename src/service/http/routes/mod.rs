//! Request handlers, one file per endpoint group.

pub mod labels;
pub mod landed_cost;
pub mod orders;

use axum::http::StatusCode;

use super::error::ApiError;

/// Whether the service is up.
#[utoipa::path(
    get,
    path = "/healthz",
    operation_id = "health",
    tag = "service",
    responses(
        (status = 200, description = "The service answers.", body = String,
            content_type = "text/plain; charset=utf-8", example = "ok\n"),
    )
)]
pub async fn health() -> (StatusCode, &'static str) {
    (StatusCode::OK, "ok\n")
}

pub async fn not_found() -> ApiError {
    ApiError::not_found(
        "",
        "No such endpoint: the service answers POST /v1/landed-cost, POST and PUT /v1/orders and POST /api/post/fc/labels; GET /openapi.json describes them.",
    )
}

/// Runs synchronous store work off the async workers.
pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::Internal(format!("blocking task failed: {e}")))?
}
