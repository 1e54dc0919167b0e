//! What every signed-in role may read: an order in full (its shipments, items left, parcels,
//! labels and documents, fulfillments, cancellation), what a scanned code names, an order's
//! history, and the outbox at a glance.

use axum::Json;
use axum::extract::{Path, Query, State};

use crate::api::ErrorBody;
use crate::api::warehouse::ScanQuery;
use crate::station::db::{Event, OutboxSummary, ScanMatch, StationError, StationOrder};
use crate::warehouse::http::auth::Caller;
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

use super::orders::order_number;

/// One order in full, as the packing view shows it.
#[utoipa::path(
    get,
    path = "/v1/warehouse/orders/{order}",
    operation_id = "getOrder",
    tag = "warehouse",
    params(("order" = String, Path, description = "The order's number.")),
    responses(
        (status = 200, description = "The order.", body = StationOrder),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 404, description = "No such order.", body = ErrorBody),
    )
)]
pub async fn order(
    State(state): State<Shared>,
    caller: Caller,
    Path(order): Path<String>,
) -> Result<Json<StationOrder>, WarehouseError> {
    let number = order_number(&order)?;
    let found = state
        .pool
        .run(caller.actor(), move |db| {
            db.order(number)?.ok_or(StationError::UnknownOrder(number))
        })
        .await?;
    Ok(Json(found))
}

/// What a scanned code names: an order to open, a SKU and the newest orders holding it, or
/// nothing.
#[utoipa::path(
    get,
    path = "/v1/warehouse/scan",
    operation_id = "scan",
    tag = "warehouse",
    params(ScanQuery),
    responses(
        (status = 200, description = "What the code names.", body = ScanMatch),
        (status = 401, description = "No live session.", body = ErrorBody),
    )
)]
pub async fn scan(
    State(state): State<Shared>,
    caller: Caller,
    Query(query): Query<ScanQuery>,
) -> Result<Json<ScanMatch>, WarehouseError> {
    let found = state
        .pool
        .run(caller.actor(), move |db| db.find_by_scan(&query.code))
        .await?;
    Ok(Json(found))
}

/// An order's history, oldest first: what was sent and answered, and who did what at which
/// desk.
#[utoipa::path(
    get,
    path = "/v1/warehouse/orders/{order}/events",
    operation_id = "listOrderEvents",
    tag = "warehouse",
    params(("order" = String, Path, description = "The order's number.")),
    responses(
        (status = 200, description = "The events.", body = Vec<Event>),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 404, description = "No such order.", body = ErrorBody),
    )
)]
pub async fn events(
    State(state): State<Shared>,
    caller: Caller,
    Path(order): Path<String>,
) -> Result<Json<Vec<Event>>, WarehouseError> {
    let number = order_number(&order)?;
    let events = state
        .pool
        .run(caller.actor(), move |db| db.events(number))
        .await?;
    Ok(Json(events))
}

/// How many entries wait to reach the provider, and the soonest retry.
#[utoipa::path(
    get,
    path = "/v1/warehouse/outbox/summary",
    operation_id = "outboxSummary",
    tag = "warehouse",
    responses(
        (status = 200, description = "The outbox at a glance.", body = OutboxSummary),
        (status = 401, description = "No live session.", body = ErrorBody),
    )
)]
pub async fn outbox_summary(
    State(state): State<Shared>,
    caller: Caller,
) -> Result<Json<OutboxSummary>, WarehouseError> {
    let summary = state
        .pool
        .run(caller.actor(), |db| db.outbox_summary())
        .await?;
    Ok(Json(summary))
}
