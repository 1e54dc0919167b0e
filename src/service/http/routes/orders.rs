//! `POST /v1/orders` and `PUT /v1/orders` (SPEC 4.2, 4.3): 204 on success.

use axum::extract::State;
use axum::http::StatusCode;
use time::OffsetDateTime;

use crate::api::{FieldError, OrderCreateRequest, OrderUpdateRequest};
use crate::domain::validate;
use crate::service::http::extract::JsonBody;
use crate::service::http::{ApiError, SharedState, blocking};

pub async fn create(
    State(state): State<SharedState>,
    JsonBody(req): JsonBody<OrderCreateRequest>,
) -> Result<StatusCode, ApiError> {
    let problems = validate::order_create(&req);
    if !problems.is_empty() {
        return Err(ApiError::Validation(problems));
    }
    let store = state.store.clone();
    blocking(move || {
        store
            .create_order(&req, OffsetDateTime::now_utc())
            .map_err(|e| with_field(e.into(), "source_reference"))
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn update(
    State(state): State<SharedState>,
    JsonBody(req): JsonBody<OrderUpdateRequest>,
) -> Result<StatusCode, ApiError> {
    let problems = validate::order_update(&req);
    if !problems.is_empty() {
        return Err(ApiError::Validation(problems));
    }
    let store = state.store.clone();
    blocking(move || {
        store
            .update_order(&req, OffsetDateTime::now_utc())
            .map_err(|e| with_field(e.into(), "source_reference"))
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Store errors about the order as a whole name the field that identifies it.
pub(super) fn with_field(err: ApiError, field: &str) -> ApiError {
    let name = |errors: Vec<FieldError>| {
        errors
            .into_iter()
            .map(|e| {
                if e.field.is_empty() {
                    FieldError::new(field, e.error)
                } else {
                    e
                }
            })
            .collect()
    };
    match err {
        ApiError::NotFound(e) => ApiError::NotFound(name(e)),
        ApiError::Conflict(e) => ApiError::Conflict(name(e)),
        other => other,
    }
}
