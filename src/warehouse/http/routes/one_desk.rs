//! The app's own one-desk server with nobody set up: the desk signs in as itself, as the app
//! always let a first set-up work, and supervisor work (canceling, the outbox's corrections and
//! discards, settings, people) waits for the one-desk supervisor PIN once one is set — checked
//! here, with the pepper, its wrong tries counted in the record as a person's are. A warehouse
//! server (`warehouse serve`) refuses all of this: there, people sign in.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use crate::api::warehouse::{SessionResponse, SupervisorPinRequest, UnlockRequest};
use crate::api::{ErrorBody, FieldError};
use crate::station::db::UNPEPPERED;
use crate::station::model::Actor;
use crate::station::pin::{DEFAULT_RELOCK_AFTER, check_pin_rule};
use crate::warehouse::clock::{now_ms, rfc3339_ms};
use crate::warehouse::http::auth::{Body, Caller, DeskCaller, claim_desk_id};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;
use crate::warehouse::tokens::{TokenKind, digest, new_token};

/// The desk signs in as itself.
#[utoipa::path(
    post,
    path = "/v1/warehouse/sessions/desk",
    operation_id = "signInDesk",
    tag = "warehouse",
    responses(
        (status = 201, description = "The desk's own session (no person).", body = SessionResponse),
        (status = 401, description = "Not an enrolled desk.", body = ErrorBody),
        (status = 403, description = "Not the app's one-desk server: people sign in here.",
            body = ErrorBody),
        (status = 409, description = "People are set up: they sign in with their PIN.",
            body = ErrorBody),
    )
)]
pub async fn sign_in_desk(
    State(state): State<Shared>,
    DeskCaller(desk): DeskCaller,
) -> Result<(StatusCode, Json<SessionResponse>), WarehouseError> {
    if !state.one_desk {
        return Err(WarehouseError::Forbidden(
            "Desks sign in as themselves only on the app's own one-desk server: sign in with \
             your name or badge and PIN."
                .into(),
        ));
    }
    let token = new_token(TokenKind::Session);
    let token_hash = digest(&token);
    let actor = Actor {
        desk: Some(desk.name.clone()),
        person: None,
    };
    let session_desk = desk.clone();
    let opened = state
        .pool
        .run(actor, move |db| {
            if db.has_people()? {
                return Ok(false);
            }
            db.start_desk_session(&token_hash, &session_desk, now_ms())?;
            Ok(true)
        })
        .await?;
    if !opened {
        return Err(WarehouseError::Conflict(
            "People are set up at this warehouse: sign in with your name or badge and PIN.".into(),
        ));
    }
    Ok((
        StatusCode::CREATED,
        Json(SessionResponse {
            session_token: Some(token),
            desk_id: claim_desk_id(desk.id),
            desk: desk.name,
            person: None,
            idle_timeout_seconds: state.session_idle.as_secs(),
            supervisor_until: None,
        }),
    ))
}

/// A desk's own session, or 409 for a person's (a supervisor signs in with their own PIN).
fn desk_session(caller: &Caller) -> Result<(), WarehouseError> {
    match caller.person() {
        None => Ok(()),
        Some(person) => Err(WarehouseError::Conflict(format!(
            "{} is signed in: the one-desk supervisor PIN is for a desk nobody signs in at \
             (a supervisor signs in with their own PIN).",
            person.name
        ))),
    }
}

enum Check {
    Right,
    Wrong,
    Locked(i64),
    NoPin,
}

/// Checks `pin` against the one-desk PIN, counting a wrong one (and refusing while locked out).
async fn check_pin(state: &Shared, caller: &Caller, pin: String) -> Result<Check, WarehouseError> {
    let (pepper, policy) = (state.pepper.clone(), state.lockout);
    let check = state
        .pool
        .run(caller.actor(), move |db| {
            let Some(hash) = db.one_desk_pin_hash()? else {
                return Ok(Check::NoPin);
            };
            if let Err(until) = db.update_one_desk_lock(|lock| policy.reserve(lock, now_ms()))? {
                return Ok(Check::Locked(until));
            }
            let (phc, peppered) = match hash.strip_prefix(UNPEPPERED) {
                Some(carried) => (carried, false),
                None => (hash.as_str(), true),
            };
            let right = pepper.verify(&pin, phc, peppered);
            let locked = db.update_one_desk_lock(|lock| policy.settle(lock, right, now_ms()))?;
            if right
                && !peppered
                && let Ok(hash) = pepper.hash_pin(&pin)
            {
                db.rehash_one_desk_pin(&hash)?;
            }
            Ok(match (right, locked) {
                (true, _) => Check::Right,
                (false, Some(until)) => Check::Locked(until),
                (false, None) => Check::Wrong,
            })
        })
        .await?;
    Ok(check)
}

fn refused(check: Check) -> WarehouseError {
    match check {
        Check::Locked(until) => WarehouseError::locked_until(until),
        Check::NoPin => WarehouseError::Conflict(
            "No supervisor PIN is set yet: set one first (Settings → Supervisor).".into(),
        ),
        Check::Right | Check::Wrong => {
            WarehouseError::Unauthorized("That is not the supervisor PIN.".into())
        }
    }
}

/// Unlocks the desk's own session for supervisor work, for a while.
#[utoipa::path(
    post,
    path = "/v1/warehouse/sessions/current/unlock",
    operation_id = "unlockSupervisor",
    tag = "warehouse",
    request_body = UnlockRequest,
    responses(
        (status = 200, description = "Unlocked until `supervisor_until`.", body = SessionResponse),
        (status = 401, description = "No live session, or a wrong PIN.", body = ErrorBody),
        (status = 422, description = "No PIN was sent.", body = ErrorBody),
        (status = 409, description = "A person's session, or no PIN is set.", body = ErrorBody),
        (status = 429, description = "Locked out after wrong PINs; `Retry-After` says for how \
            many seconds.", body = ErrorBody),
    )
)]
pub async fn unlock(
    State(state): State<Shared>,
    caller: Caller,
    Body(request): Body<UnlockRequest>,
) -> Result<Json<SessionResponse>, WarehouseError> {
    desk_session(&caller)?;
    match check_pin(&state, &caller, request.pin).await? {
        Check::Right => {}
        other => return Err(refused(other)),
    }
    let relock_ms = i64::try_from(DEFAULT_RELOCK_AFTER.as_millis()).unwrap_or(i64::MAX);
    let until = now_ms().saturating_add(relock_ms);
    let hash = caller.token_hash.clone();
    state
        .pool
        .run(caller.actor(), move |db| {
            db.set_supervisor_until(&hash, Some(until))
        })
        .await?;
    Ok(Json(SessionResponse {
        session_token: None,
        desk_id: claim_desk_id(caller.session.desk.id),
        desk: caller.session.desk.name.clone(),
        person: None,
        idle_timeout_seconds: state.session_idle.as_secs(),
        supervisor_until: Some(rfc3339_ms(until)),
    }))
}

/// Locks the desk's own session again (supervisor work done).
#[utoipa::path(
    delete,
    path = "/v1/warehouse/sessions/current/unlock",
    operation_id = "lockSupervisor",
    tag = "warehouse",
    responses(
        (status = 204, description = "Locked."),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 409, description = "A person's session.", body = ErrorBody),
    )
)]
pub async fn lock(
    State(state): State<Shared>,
    caller: Caller,
) -> Result<StatusCode, WarehouseError> {
    desk_session(&caller)?;
    let hash = caller.token_hash.clone();
    state
        .pool
        .run(caller.actor(), move |db| {
            db.set_supervisor_until(&hash, None)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sets the one-desk supervisor PIN, or changes it with the one in force.
#[utoipa::path(
    put,
    path = "/v1/warehouse/supervisor-pin",
    operation_id = "setSupervisorPin",
    tag = "warehouse",
    request_body = SupervisorPinRequest,
    responses(
        (status = 204, description = "Set."),
        (status = 401, description = "No live session, or `current` is wrong.", body = ErrorBody),
        (status = 409, description = "A person's session: people have their own PINs.",
            body = ErrorBody),
        (status = 422, description = "The new PIN breaks the rule, or `current` is missing.",
            body = ErrorBody),
        (status = 429, description = "Locked out after wrong PINs.", body = ErrorBody),
    )
)]
pub async fn set_pin(
    State(state): State<Shared>,
    caller: Caller,
    Body(request): Body<SupervisorPinRequest>,
) -> Result<StatusCode, WarehouseError> {
    desk_session(&caller)?;
    if check_pin_rule(&request.pin).is_err() {
        return Err(WarehouseError::Validation(vec![FieldError::new(
            "pin",
            "The PIN is 4 to 8 digits.",
        )]));
    }
    let set = state
        .pool
        .run(caller.actor(), |db| db.one_desk_pin_hash())
        .await?
        .is_some();
    if set {
        let Some(current) = request.current else {
            return Err(WarehouseError::Validation(vec![FieldError::new(
                "current",
                "Give the PIN in force to change it.",
            )]));
        };
        match check_pin(&state, &caller, current).await? {
            Check::Right => {}
            other => return Err(refused(other)),
        }
    }
    let hash = state
        .pepper
        .hash_pin(&request.pin)
        .map_err(|e| WarehouseError::Internal(e.to_string()))?;
    state
        .pool
        .run(caller.actor(), move |db| db.set_one_desk_pin_hash(&hash))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
