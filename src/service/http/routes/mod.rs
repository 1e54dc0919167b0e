//! Request handlers, one file per endpoint group.

pub mod labels;
pub mod landed_cost;
pub mod orders;

use axum::http::StatusCode;

use super::error::ApiError;

pub async fn health() -> (StatusCode, &'static str) {
    (StatusCode::OK, "ok\n")
}

pub async fn not_found() -> ApiError {
    ApiError::not_found(
        "",
        "No such endpoint: the service answers POST /v1/landed-cost, POST and PUT /v1/orders and POST /api/post/fc/labels.",
    )
}
