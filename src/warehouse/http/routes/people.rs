//! The warehouse's people, managed by supervisors. PINs are hashed here, with the server's
//! pepper; no answer carries a PIN or its hash.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;

use super::access::person_view;
use crate::api::warehouse::{NewPersonRequest, PersonUpdateRequest, PersonView};
use crate::api::{ErrorBody, FieldError};
use crate::station::db::{NewPin, StationError};
use crate::station::model::{Action, NewPerson, PersonId, Role};
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
        .run(caller.actor(), move |db| {
            // On a one-desk server the desk itself adds the first person: a supervisor, or no
            // one could add the others or change settings.
            if new.role != Role::Supervisor && !db.has_supervisor()? {
                return Ok(Err(
                    "The first person set up is a supervisor, who then adds the others.".to_owned(),
                ));
            }
            db.add_person(&new).map(Ok)
        })
        .await?
        .map_err(WarehouseError::Conflict)?;
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

/// Changes a person: name, role, badge, whether they may sign in, PIN.
///
/// A change that would leave the warehouse without an active supervisor is refused (409): no
/// one could manage people or settings any more.
#[utoipa::path(
    patch,
    path = "/v1/warehouse/people/{person}",
    operation_id = "updatePerson",
    tag = "warehouse",
    params(("person" = i64, Path, description = "The person's id.")),
    request_body = PersonUpdateRequest,
    responses(
        (status = 200, description = "Changed.", body = PersonView),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not manage people.", body = ErrorBody),
        (status = 404, description = "No such person.", body = ErrorBody),
        (status = 409, description = "The name or badge is someone else's, or no active \
            supervisor would be left.", body = ErrorBody),
        (status = 422, description = "A field breaks a rule; each named.", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<Shared>,
    caller: Caller,
    Path(person): Path<i64>,
    Body(request): Body<PersonUpdateRequest>,
) -> Result<Json<PersonView>, WarehouseError> {
    caller.require(Action::ManagePeople)?;
    let (role, pin_hash) = check_update(&request, &state)?;
    let changed = state
        .pool
        .run(caller.actor(), move |db| {
            let people = db.people()?;
            let Some(found) = people.iter().find(|p| p.id == PersonId(person)) else {
                return Err(StationError::UnknownPerson);
            };
            let mut updated = found.clone();
            if let Some(name) = &request.name {
                updated.name = name.trim().to_owned();
            }
            if let Some(role) = role {
                updated.role = role;
            }
            if let Some(badge) = &request.badge {
                updated.badge = Some(badge.trim().to_owned()).filter(|b| !b.is_empty());
            }
            if let Some(active) = request.active {
                updated.active = active;
            }
            let supervisors_left = people
                .iter()
                .map(|p| if p.id == updated.id { &updated } else { p })
                .filter(|p| p.active && p.role == Role::Supervisor)
                .count();
            if supervisors_left == 0 {
                return Ok(Err(format!(
                    "{} is the last active supervisor: make someone else supervisor first, or \
                     no one could manage people and settings any more.",
                    found.name
                )));
            }
            let pin = pin_hash.as_deref().map(|hash| NewPin {
                hash,
                peppered: true,
            });
            db.update_person(&updated, pin).map(Ok)
        })
        .await?
        .map_err(WarehouseError::Conflict)?;
    Ok(Json(person_view(&changed, true)))
}

/// Every problem of a change, each with its field; the new PIN hashed once there are none.
fn check_update(
    request: &PersonUpdateRequest,
    state: &Shared,
) -> Result<(Option<Role>, Option<String>), WarehouseError> {
    let mut problems = Vec::new();
    if request.name.as_deref().is_some_and(|n| n.trim().is_empty()) {
        problems.push(FieldError::new("name", "Give the person's name."));
    }
    let role = match request.role.as_deref().map(Role::parse) {
        Some(None) => {
            problems.push(FieldError::new(
                "role",
                "The role is packer, supervisor or customer_service.",
            ));
            None
        }
        Some(role) => role,
        None => None,
    };
    if let Some(pin) = &request.pin
        && crate::station::pin::check_pin_rule(pin).is_err()
    {
        problems.push(FieldError::new("pin", "The PIN is 4 to 8 digits."));
    }
    if !problems.is_empty() {
        return Err(WarehouseError::Validation(problems));
    }
    let hash = match &request.pin {
        Some(pin) => Some(
            state
                .pepper
                .hash_pin(pin)
                .map_err(|e| WarehouseError::Internal(e.to_string()))?,
        ),
        None => None,
    };
    Ok((role, hash))
}
