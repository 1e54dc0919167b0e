//! The warehouse's desks, managed by supervisors: a new desk's enrollment code, the list, and
//! revoking a desk (a stolen laptop).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::api::warehouse::{DeskView, EnrollmentCodeResponse, NewDeskRequest};
use crate::api::{ErrorBody, FieldError};
use crate::station::db::DeskListing;
use crate::station::model::Action;
use crate::warehouse::admin;
use crate::warehouse::clock::{now_ms, rfc3339_ms};
use crate::warehouse::http::auth::{Body, Caller};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

fn desk_view(desk: &DeskListing) -> DeskView {
    let state = if desk.revoked_at.is_some() {
        "revoked"
    } else if desk.pending {
        "pending"
    } else {
        "enrolled"
    };
    DeskView {
        name: desk.name.clone(),
        state: state.into(),
        enrolled_at: desk.enrolled_at.map(rfc3339_ms),
        revoked_at: desk.revoked_at.map(rfc3339_ms),
    }
}

/// Every desk ever added.
#[utoipa::path(
    get,
    path = "/v1/warehouse/desks",
    operation_id = "listDesks",
    tag = "warehouse",
    responses(
        (status = 200, description = "The desks, by name.", body = Vec<DeskView>),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not manage desks.", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<Shared>,
    caller: Caller,
) -> Result<Json<Vec<DeskView>>, WarehouseError> {
    caller.require(Action::ManagePeople)?;
    let desks = state.pool.run(caller.actor(), |db| db.desks()).await?;
    Ok(Json(desks.iter().map(desk_view).collect()))
}

/// Adds a desk: its one-time enrollment code.
#[utoipa::path(
    post,
    path = "/v1/warehouse/desks/enrollments",
    operation_id = "addDesk",
    tag = "warehouse",
    request_body = NewDeskRequest,
    responses(
        (status = 201, description = "The code, to type once at the desk.",
            body = EnrollmentCodeResponse),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not manage desks.", body = ErrorBody),
        (status = 409, description = "A live desk has that name.", body = ErrorBody),
        (status = 422, description = "No name.", body = ErrorBody),
    )
)]
pub async fn add(
    State(state): State<Shared>,
    caller: Caller,
    Body(request): Body<NewDeskRequest>,
) -> Result<(StatusCode, Json<EnrollmentCodeResponse>), WarehouseError> {
    caller.require(Action::ManagePeople)?;
    let name = request.name.trim().to_string();
    if name.is_empty() {
        return Err(WarehouseError::Validation(vec![FieldError::new(
            "name",
            "Give the desk a name people know it by (\"Station 3\").",
        )]));
    }
    let valid = state.enrollment_valid;
    let desk = name.clone();
    let (code, expires) = state
        .pool
        .run(caller.actor(), move |db| {
            admin::issue_enrollment_code(db, &desk, valid)
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(EnrollmentCodeResponse {
            desk: name,
            enrollment_code: code,
            expires_at: rfc3339_ms(expires),
        }),
    ))
}

/// Revokes a desk: its token and every session at it stop at once.
#[utoipa::path(
    delete,
    path = "/v1/warehouse/desks/{desk}",
    operation_id = "revokeDesk",
    tag = "warehouse",
    params(("desk" = String, Path, description = "The desk's name.")),
    responses(
        (status = 204, description = "Revoked."),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not manage desks.", body = ErrorBody),
        (status = 404, description = "No desk has that name.", body = ErrorBody),
    )
)]
pub async fn revoke(
    State(state): State<Shared>,
    caller: Caller,
    Path(desk): Path<String>,
) -> Result<StatusCode, WarehouseError> {
    caller.require(Action::ManagePeople)?;
    let name = desk.clone();
    let revoked = state
        .pool
        .run(caller.actor(), move |db| db.revoke_desk(&name, now_ms()))
        .await?;
    if revoked {
        tracing::info!(%desk, "desk revoked");
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(WarehouseError::NotFound(format!(
            "No desk is named \"{desk}\"."
        )))
    }
}
