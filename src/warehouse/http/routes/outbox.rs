//! The outbox as desks see it: what waits to reach the provider, sending an entry again, and
//! giving one up. Sending one again as it is needs the role that may do its action; correcting
//! its body is a supervisor's, and a correction never changes what the entry does; discarding
//! is a supervisor's.

use axum::Json;
use axum::extract::{Path, State};

use crate::api::warehouse::{DiscardRequest, OutboxEntryView, ResendRequest};
use crate::api::{ErrorBody, FieldError};
use crate::station::db::{OutboxAction, OutboxEntry, OutboxId};
use crate::station::model::Action;
use crate::warehouse::clock::rfc3339;
use crate::warehouse::http::auth::{Body, Caller};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

fn view(entry: &OutboxEntry) -> OutboxEntryView {
    OutboxEntryView {
        id: entry.id.0,
        action: entry.action.as_str().into(),
        order: entry.order.to_string(),
        shipment_id: entry.shipment_id.clone(),
        parcel: entry.parcel.map(|p| p.0),
        state: entry.state.as_str().into(),
        attempts: entry.attempts,
        last_error: entry.last_error.clone(),
        field_errors: entry.field_errors.clone(),
        body: entry.body.clone(),
        key: entry.key.clone(),
        created_at: rfc3339(entry.created_at),
        next_attempt_at: rfc3339(entry.next_attempt_at),
        leased_by: entry.leased_by.clone(),
        lease_until: entry.lease_until.map(rfc3339),
        tried_by: entry.tried_by.clone(),
        tried_at: entry.tried_at.map(rfc3339),
    }
}

fn not_found(entry: i64) -> WarehouseError {
    WarehouseError::NotFound(format!("There is no outbox entry {entry}."))
}

/// What a role must be allowed to send an entry of `action` again.
fn needed_for(action: OutboxAction) -> Action {
    match action {
        OutboxAction::CreateOrder => Action::SubmitOrder,
        OutboxAction::Fulfill | OutboxAction::ParcelLabel => Action::Pack,
        OutboxAction::Cancel => Action::Cancel,
    }
}

/// Entries still to deliver, oldest first.
#[utoipa::path(
    get,
    path = "/v1/warehouse/outbox",
    operation_id = "listOutbox",
    tag = "warehouse",
    responses(
        (status = 200, description = "Queued, retrying and refused entries.",
            body = Vec<OutboxEntryView>),
        (status = 401, description = "No live session.", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<Shared>,
    caller: Caller,
) -> Result<Json<Vec<OutboxEntryView>>, WarehouseError> {
    let entries = state
        .pool
        .run(caller.actor(), |db| db.outbox_open())
        .await?;
    Ok(Json(entries.iter().map(view).collect()))
}

/// Sends an entry again now, corrected or as it is.
#[utoipa::path(
    post,
    path = "/v1/warehouse/outbox/{entry}/resend",
    operation_id = "resendOutboxEntry",
    tag = "warehouse",
    params(("entry" = i64, Path, description = "The entry's id.")),
    request_body = ResendRequest,
    responses(
        (status = 200, description = "Queued to be sent now.", body = OutboxEntryView),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not correct entries, or may not do \
            this entry's action.", body = ErrorBody),
        (status = 404, description = "No such entry.", body = ErrorBody),
        (status = 422, description = "The correction changes what the entry does, or is not a \
            request of its kind.", body = ErrorBody),
    )
)]
pub async fn resend(
    State(state): State<Shared>,
    caller: Caller,
    Path(entry): Path<i64>,
    Body(request): Body<ResendRequest>,
) -> Result<Json<OutboxEntryView>, WarehouseError> {
    if request.body.is_some() {
        caller.require(Action::CorrectOutbox)?;
    }
    let id = OutboxId(entry);
    let may = caller.may.clone();
    let corrected = request.body;
    // The entry's action decides who may send it again: read and resent on one connection.
    let resent = state
        .pool
        .run(caller.actor(), move |db| {
            let Some(found) = db.outbox_entry(id)? else {
                return Ok(Err(not_found(entry)));
            };
            if let Some(why) = may.why_not(needed_for(found.action)) {
                return Ok(Err(WarehouseError::Forbidden(why)));
            }
            db.outbox_resend(id, corrected).map(Ok)
        })
        .await??;
    state.wake_outbox();
    Ok(Json(view(&resent)))
}

/// Gives up an entry that was not delivered.
#[utoipa::path(
    post,
    path = "/v1/warehouse/outbox/{entry}/discard",
    operation_id = "discardOutboxEntry",
    tag = "warehouse",
    params(("entry" = i64, Path, description = "The entry's id.")),
    request_body = DiscardRequest,
    responses(
        (status = 200, description = "Discarded (or already delivered, which stays).",
            body = OutboxEntryView),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not discard entries.",
            body = ErrorBody),
        (status = 404, description = "No such entry.", body = ErrorBody),
        (status = 422, description = "No reason given.", body = ErrorBody),
    )
)]
pub async fn discard(
    State(state): State<Shared>,
    caller: Caller,
    Path(entry): Path<i64>,
    Body(request): Body<DiscardRequest>,
) -> Result<Json<OutboxEntryView>, WarehouseError> {
    caller.require(Action::DiscardOutbox)?;
    let reason = request.reason.trim().to_string();
    if reason.is_empty() {
        return Err(WarehouseError::Validation(vec![FieldError::new(
            "reason",
            "Say why the entry is given up; the history keeps it.",
        )]));
    }
    let id = OutboxId(entry);
    let discarded = state
        .pool
        .run(caller.actor(), move |db| match db.outbox_entry(id)? {
            Some(_) => db.outbox_discard(id, &reason).map(Some),
            None => Ok(None),
        })
        .await?
        .ok_or_else(|| not_found(entry))?;
    Ok(Json(view(&discarded)))
}
