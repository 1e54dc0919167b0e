//! `POST /v1/orders` and `PUT /v1/orders` (SPEC 4.2, 4.3): 204 on success.

use axum::extract::State;
use axum::http::StatusCode;
use time::OffsetDateTime;

use super::blocking;
use crate::api::{ErrorBody, FieldError, OrderCreateRequest, OrderUpdateRequest};
use crate::domain::validate;
use crate::service::http::error::ApiError;
use crate::service::http::extract::JsonBody;
use crate::service::http::openapi::{self, *};
use crate::service::http::state::SharedState;

/// Creates an order.
///
/// The order is placed on a stored calculation: for each shipment, the rate chosen by its
/// `tax_transaction_id`. A rate is locked on one order.
#[utoipa::path(
    post,
    path = "/v1/orders",
    operation_id = "createOrder",
    tag = "orders",
    request_body(
        content = OrderCreateRequest,
        examples(("order" = (
            summary = "The order of the landed-cost example, on its standard rate",
            description = "`landedcost_request_id` and `tax_transaction_id` are those of the \
                landed-cost example's answer (its `standard` rate): send the ones your \
                calculation returned.",
            value = json!(openapi::order_create_request())
        )))
    ),
    responses(
        (status = 204, description = "The order is created."),
        (status = 400, description = BAD_REQUEST, body = ErrorBody),
        (status = 401, description = UNAUTHORIZED_KEY, body = ErrorBody),
        (status = 409, description = "An order with this `source_reference` exists already, \
            or a chosen rate is locked on another order; nothing was changed.", body = ErrorBody),
        (status = 413, description = PAYLOAD_TOO_LARGE, body = ErrorBody),
        (status = 422, description = "The order breaks a rule; every problem is listed with \
            its field path. A `landedcost_request_id` whose calculation no order used within \
            the retention period (`packdesk serve --quote-retention-days`, 30 days by default) \
            is answered \"the quote ... has expired\": quote the cart again and order with the \
            new id.", body = ErrorBody),
        (status = 500, description = INTERNAL, body = ErrorBody),
    )
)]
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

/// Updates an order.
///
/// The order is found by its `source_reference`; only the fields sent change. Shipments are
/// fulfilled (with their tracking numbers) or canceled here.
#[utoipa::path(
    put,
    path = "/v1/orders",
    operation_id = "updateOrder",
    tag = "orders",
    request_body(
        content = OrderUpdateRequest,
        examples(("fulfill" = (
            summary = "The example order's shipment sent whole",
            value = json!(openapi::order_update_request())
        )))
    ),
    responses(
        (status = 204, description = "The order is changed."),
        (status = 400, description = BAD_REQUEST, body = ErrorBody),
        (status = 401, description = UNAUTHORIZED_KEY, body = ErrorBody),
        (status = 404, description = "No order has this `source_reference`.", body = ErrorBody),
        (status = 409, description = "The update is older than the stored one \
            (`source_updated_at`), or fulfills a canceled shipment or cancels a fulfilled one; \
            nothing was changed.", body = ErrorBody),
        (status = 413, description = PAYLOAD_TOO_LARGE, body = ErrorBody),
        (status = 422, description = INVALID, body = ErrorBody),
        (status = 500, description = INTERNAL, body = ErrorBody),
    )
)]
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
