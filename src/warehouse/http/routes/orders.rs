//! The orders and their shipments as desks work them: the table, claiming a shipment to pack
//! it (one desk at a time), and canceling one. Each operation checks the caller's role before
//! it reads anything.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use time::OffsetDateTime;

use crate::api::warehouse::{CancelResponse, ClaimView, OrderSummary, OrdersQuery};
use crate::api::{ErrorBody, FieldError};
use crate::station::db::{OrderRow, OutboxId, StationError, Written};
use crate::station::model::{Action, CLAIM_LEASE, Claim, ClaimOutcome, OrderNumber};
use crate::warehouse::clock::rfc3339;
use crate::warehouse::http::auth::Caller;
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::once::{KEY_PARAMETER, Key, answer, earlier};
use crate::warehouse::http::state::Shared;

fn summary(row: &OrderRow) -> OrderSummary {
    OrderSummary {
        order: row.source_reference.to_string(),
        recipient: row.recipient.clone(),
        destination: row.destination(),
        status: row.status.as_str().to_string(),
        shipments: row.shipment_count,
        total: row.total.to_string(),
        currency: row.currency.clone(),
        created_at: rfc3339(row.created_at),
        skus: row.skus.clone(),
        country_code: row.country_code.clone(),
        province: row.province.clone(),
        search_text: row.search_text.clone(),
    }
}

fn claim_view(claim: &Claim) -> ClaimView {
    ClaimView {
        order: claim.order.to_string(),
        shipment_id: claim.shipment_id.clone(),
        desk: claim.by.desk_name.clone(),
        desk_id: claim.by.desk_id.clone(),
        person: claim.by.person.clone(),
        since: rfc3339(claim.since),
        until: rfc3339(claim.until),
        description: claim.describe(None),
    }
}

/// An order number from the path; one that cannot be an order is not found.
pub(super) fn order_number(text: &str) -> Result<OrderNumber, WarehouseError> {
    text.parse()
        .map_err(|_| WarehouseError::NotFound(format!("There is no order {text}.")))
}

/// The orders table: one row per order.
#[utoipa::path(
    get,
    path = "/v1/warehouse/orders",
    operation_id = "listOrders",
    tag = "warehouse",
    params(OrdersQuery),
    responses(
        (status = 200, description = "Every order (or those asked for), by number.",
            body = Vec<OrderSummary>),
        (status = 400, description = "`numbers` holds something that is not an order number.",
            body = ErrorBody),
        (status = 401, description = "No live session.", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<Shared>,
    caller: Caller,
    Query(query): Query<OrdersQuery>,
) -> Result<Json<Vec<OrderSummary>>, WarehouseError> {
    let numbers = match &query.numbers {
        None => None,
        Some(text) => Some(
            text.split(',')
                .filter(|n| !n.trim().is_empty())
                .map(|n| n.trim().parse::<OrderNumber>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| {
                    WarehouseError::BadRequest(vec![FieldError::new(
                        "numbers",
                        "Give order numbers separated by commas, e.g. 4401,4402.",
                    )])
                })?,
        ),
    };
    let rows = state
        .pool
        .run(caller.actor(), move |db| match numbers {
            None => db.list_orders(),
            Some(numbers) => db.order_rows(&numbers),
        })
        .await?;
    Ok(Json(rows.iter().map(summary).collect()))
}

/// Claims a shipment to pack it at this desk, or renews this desk's claim.
///
/// A claim is a lease of two minutes; the desk renews it while the shipment stays open. Another
/// desk's live claim is left as it is: 409 says whose it is.
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders/{order}/shipments/{shipment}/claim",
    operation_id = "claimShipment",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("shipment" = String, Path, description = "The shipment's id."),
    ),
    responses(
        (status = 200, description = "This desk holds the shipment.", body = ClaimView),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not pack.", body = ErrorBody),
        (status = 404, description = "No such order or shipment.", body = ErrorBody),
        (status = 409, description = "Another desk holds it; the message says which.",
            body = ErrorBody),
    )
)]
pub async fn claim(
    State(state): State<Shared>,
    caller: Caller,
    Path((order, shipment)): Path<(String, String)>,
) -> Result<Json<ClaimView>, WarehouseError> {
    caller.require(Action::Pack)?;
    let order = order_number(&order)?;
    let by = caller.claimant();
    let outcome = state
        .pool
        .run(caller.actor(), move |db| {
            db.claim(order, &shipment, &by, CLAIM_LEASE)
        })
        .await?;
    match outcome {
        ClaimOutcome::Ours(held) => Ok(Json(claim_view(&held))),
        ClaimOutcome::Theirs(held) => Err(WarehouseError::Conflict(held.describe(None))),
    }
}

/// The order's live claims: which desk packs which shipment (a desk refused a claim learns
/// whose it is; a desk shows who packs the order's other shipments).
#[utoipa::path(
    get,
    path = "/v1/warehouse/orders/{order}/claims",
    operation_id = "orderClaims",
    tag = "warehouse",
    params(("order" = String, Path, description = "The order's number.")),
    responses(
        (status = 200, description = "The live claims, by shipment.", body = Vec<ClaimView>),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 404, description = "No such order.", body = ErrorBody),
    )
)]
pub async fn claims(
    State(state): State<Shared>,
    caller: Caller,
    Path(order): Path<String>,
) -> Result<Json<Vec<ClaimView>>, WarehouseError> {
    let order = order_number(&order)?;
    let held = state
        .pool
        .run(caller.actor(), move |db| db.claims(order))
        .await?;
    Ok(Json(held.iter().map(claim_view).collect()))
}

/// Takes a shipment over from whichever desk holds it (a supervisor's right); the history
/// records from whom and who did it.
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders/{order}/shipments/{shipment}/take-over",
    operation_id = "takeOverShipment",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("shipment" = String, Path, description = "The shipment's id."),
    ),
    responses(
        (status = 200, description = "This desk holds the shipment now.", body = ClaimView),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not take shipments over.",
            body = ErrorBody),
        (status = 404, description = "No such order or shipment.", body = ErrorBody),
    )
)]
pub async fn take_over(
    State(state): State<Shared>,
    caller: Caller,
    Path((order, shipment)): Path<(String, String)>,
) -> Result<Json<ClaimView>, WarehouseError> {
    caller.require(Action::TakeOverClaim)?;
    let order = order_number(&order)?;
    let by = caller.claimant();
    let supervisor = caller.who().to_owned();
    let held = state
        .pool
        .run(caller.actor(), move |db| {
            db.take_over_claim(order, &shipment, &by, &supervisor, CLAIM_LEASE)
        })
        .await?;
    Ok(Json(claim_view(&held)))
}

/// Gives up this desk's claim on a shipment (closed, finished).
#[utoipa::path(
    delete,
    path = "/v1/warehouse/orders/{order}/shipments/{shipment}/claim",
    operation_id = "releaseShipment",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("shipment" = String, Path, description = "The shipment's id."),
    ),
    responses(
        (status = 204, description = "Released, or this desk held no claim on it."),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not pack.", body = ErrorBody),
        (status = 404, description = "No such order or shipment.", body = ErrorBody),
    )
)]
pub async fn release(
    State(state): State<Shared>,
    caller: Caller,
    Path((order, shipment)): Path<(String, String)>,
) -> Result<StatusCode, WarehouseError> {
    caller.require(Action::Pack)?;
    let order = order_number(&order)?;
    let desk_id = caller.claimant().desk_id;
    state
        .pool
        .run(caller.actor(), move |db| {
            db.release_claim(order, &shipment, &desk_id)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Cancels a shipment: recorded, and queued for the provider in the same transaction.
///
/// A role that may not cancel gets 403 whether or not the shipment exists.
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders/{order}/shipments/{shipment}/cancel",
    operation_id = "cancelShipment",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("shipment" = String, Path, description = "The shipment's id."),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAMETER),
    ),
    responses(
        (status = 200, description = "Canceled; the provider is told through the outbox.",
            body = CancelResponse),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not cancel.", body = ErrorBody),
        (status = 404, description = "No such order or shipment.", body = ErrorBody),
        (status = 409, description = "The shipment is fulfilled or already canceled.",
            body = ErrorBody),
        (status = 422, description = "The Idempotency-Key is malformed, or was sent before \
            with another request.", body = ErrorBody),
    )
)]
pub async fn cancel(
    State(state): State<Shared>,
    caller: Caller,
    key: Key,
    Path((order, shipment)): Path<(String, String)>,
) -> Result<Response, WarehouseError> {
    caller.require(Action::Cancel)?;
    let number = order_number(&order)?;
    let once = key.once(&caller, "cancel", &(number, &shipment))?;
    let canceled = |written: Written<OutboxId>| {
        written.map(|entry| CancelResponse {
            order: number.to_string(),
            shipment_id: shipment.clone(),
            outbox_entry: entry.0,
        })
    };
    if let Some(recorded) = earlier(&state, &caller, &once).await? {
        return Ok(answer(
            StatusCode::OK,
            canceled(Written::replayed(recorded)),
        ));
    }
    let shipment_id = shipment.clone();
    let written = state
        .pool
        .run(caller.actor(), move |db| {
            let order = db
                .order(number)?
                .ok_or(StationError::UnknownOrder(number))?;
            // The body is the server's, made from the record: a refusal here is the record's
            // state (already canceled, fulfilled), not a wrong request.
            let body = match order.cancellation_update(&shipment_id, OffsetDateTime::now_utc()) {
                Ok(body) => body,
                Err(StationError::Invalid(problems)) => return Ok(Err(problems)),
                Err(other) => return Err(other),
            };
            db.cancel_via_outbox(number, &shipment_id, &body, once.as_ref())
                .map(Ok)
        })
        .await?
        .map_err(|problems| {
            let said: Vec<String> = problems.iter().map(|p| p.error.clone()).collect();
            WarehouseError::Conflict(said.join(" "))
        })?;
    state.wake_outbox();
    if !written.replayed {
        tracing::info!(order = number, %shipment, by = %caller.who(), "shipment canceled");
    }
    Ok(answer(StatusCode::OK, canceled(written)))
}
