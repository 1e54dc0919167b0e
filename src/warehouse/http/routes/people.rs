//! The warehouse's people, managed by supervisors. PINs are hashed here, with the server's
//! pepper; no answer carries a PIN or its hash.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::access::person_view;
use crate::api::warehouse::{NewPersonRequest, PersonView};
use crate::api::{ErrorBody, FieldError};
use crate::station::model::{Action, NewPerson, Role};
use crate::warehouse::http::auth::{Body, Caller};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

/// Everyone in the warehouse, active first.
///
/// A supervisor's view: with badge codes.
#[utoipa::path(
    get,
    path = "/v1/warehouse/people",
    operation_id = "listPeople",
    tag = "warehouse",
    responses(
        (status = 200, description = "The people, active first, by name.", body = Vec<PersonView>),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not manage people.", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<Shared>,
    caller: Caller,
) -> Result<Json<Vec<PersonView>>, WarehouseError> {
    caller.require(Action::ManagePeople)?;
    let people = state.pool.run(caller.actor(), |db| db.people()).await?;
    Ok(Json(people.iter().map(|p| person_view(p, true)).collect()))
}

/// Adds a person.
#[utoipa::path(
    post,
    path = "/v1/warehouse/people",
    operation_id = "addPerson",
    tag = "warehouse",
    request_body = NewPersonRequest,
    responses(
        (status = 201, description = "Added.", body = PersonView),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not manage people.", body = ErrorBody),
        (status = 409, description = "The name or badge is someone else's.", body = ErrorBody),
        (status = 422, description = "A field breaks a rule; each named.", body = ErrorBody),
    )
)]
pub async fn add(
    State(state): State<Shared>,
    caller: Caller,
    Body(request): Body<NewPersonRequest>,
) -> Result<(StatusCode, Json<PersonView>), WarehouseError> {
    caller.require(Action::ManagePeople)?;
    let new = check_new_person(&request, &state)?;
    let added = state
        .pool
        .run(caller.actor(), move |db| db.add_person(&new))
        .await?;
    Ok((StatusCode::CREATED, Json(person_view(&added, true))))
}

/// Every problem of a new person, each with its field; the PIN hashed once they are none.
fn check_new_person(
    request: &NewPersonRequest,
    state: &Shared,
) -> Result<NewPerson, WarehouseError> {
    let mut problems = Vec::new();
    let name = request.name.trim();
    if name.is_empty() {
        problems.push(FieldError::new("name", "Give the person's name."));
    }
    let role = Role::parse(&request.role);
    if role.is_none() {
        problems.push(FieldError::new(
            "role",
            "The role is packer, supervisor or customer_service.",
        ));
    }
    if crate::station::pin::check_pin_rule(&request.pin).is_err() {
        problems.push(FieldError::new("pin", "The PIN is 4 to 8 digits."));
    }
    match role {
        Some(role) if problems.is_empty() => {
            let pin_hash = state
                .pepper
                .hash_pin(&request.pin)
                .map_err(|e| WarehouseError::Internal(e.to_string()))?;
            Ok(NewPerson {
                name: name.to_string(),
                role,
                badge: request.badge.clone(),
                pin_hash,
                peppered: true,
            })
        }
        _ => Err(WarehouseError::Validation(problems)),
    }
}
