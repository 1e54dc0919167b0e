//! A quoted cart submitted as an order (customer service, from the quote panel): recorded in
//! the warehouse's record and its create queued for the provider in one transaction.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use crate::api::ErrorBody;
use crate::api::warehouse::{OrderQueued, SubmitOrderRequest};
use crate::station::model::Action;
use crate::warehouse::http::auth::{Body, Caller};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

/// Records an order and queues its create.
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders",
    operation_id = "submitOrder",
    tag = "warehouse",
    request_body = SubmitOrderRequest,
    responses(
        (status = 201, description = "Recorded; the provider gets it through the outbox.",
            body = OrderQueued),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not submit orders.", body = ErrorBody),
        (status = 409, description = "An order with this number is recorded already.",
            body = ErrorBody),
        (status = 422, description = "The create body does not fit its quote or breaks a \
            rule; each problem named.", body = ErrorBody),
    )
)]
pub async fn submit(
    State(state): State<Shared>,
    caller: Caller,
    Body(request): Body<SubmitOrderRequest>,
) -> Result<(StatusCode, Json<OrderQueued>), WarehouseError> {
    caller.require(Action::SubmitOrder)?;
    let number = request.order.source_reference;
    let entry = state
        .pool
        .run(caller.actor(), move |db| {
            db.submit_order(&request.cart, &request.quote, &request.order)
        })
        .await?;
    state.wake_outbox();
    Ok((
        StatusCode::CREATED,
        Json(OrderQueued {
            order: number.to_string(),
            outbox_entry: entry.0,
        }),
    ))
}
