//! Enrolling a desk, and people signing in and out at it.

use std::sync::LazyLock;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use crate::api::ErrorBody;
use crate::api::warehouse::{
    EnrollRequest, EnrollResponse, PersonView, SessionResponse, SignInRequest,
};
use crate::station::model::{Actor, Person};
use crate::warehouse::clock::{now_ms, rfc3339_ms};
use crate::warehouse::http::auth::{Body, Caller, DeskCaller, claim_desk_id};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;
use crate::warehouse::tokens::{TokenKind, digest, new_token, normalize_code};

pub fn person_view(person: &Person, with_badge: bool) -> PersonView {
    PersonView {
        id: person.id.0,
        name: person.name.clone(),
        role: person.role.as_str().to_string(),
        badge: person.badge.clone().filter(|_| with_badge),
        active: person.active,
    }
}

/// Enrolls a desk.
///
/// The desk exchanges the one-time code a supervisor issued for its desk token, once. The
/// code is its credential: a used, expired or unknown code gets 401.
#[utoipa::path(
    post,
    path = "/v1/warehouse/desks",
    operation_id = "enrollDesk",
    tag = "warehouse",
    request_body = EnrollRequest,
    responses(
        (status = 201, description = "The desk's token, shown this once.", body = EnrollResponse),
        (status = 400, description = "Malformed JSON.", body = ErrorBody),
        (status = 401, description = "The code is unknown, used or expired.", body = ErrorBody),
        (status = 422, description = "A required field is missing.", body = ErrorBody),
    )
)]
pub async fn enroll(
    State(state): State<Shared>,
    Body(request): Body<EnrollRequest>,
) -> Result<(StatusCode, Json<EnrollResponse>), WarehouseError> {
    let code_hash = digest(&normalize_code(&request.enrollment_code));
    let token = new_token(TokenKind::Desk);
    let token_hash = digest(&token);
    let now = now_ms();
    let desk = state
        .pool
        .run(Actor::default(), move |db| {
            db.enroll_desk(&code_hash, &token_hash, now)
        })
        .await?
        .ok_or_else(|| {
            WarehouseError::Unauthorized(
                "That enrollment code is unknown, already used or expired: ask a supervisor \
                 for a new one."
                    .into(),
            )
        })?;
    tracing::info!(desk = %desk.name, "desk enrolled");
    Ok((
        StatusCode::CREATED,
        Json(EnrollResponse {
            desk_token: token,
            desk: desk.name,
        }),
    ))
}

/// A hash checked when nobody has the name given, so a wrong name takes as long as a wrong PIN.
static DECOY_HASH: LazyLock<Option<String>> =
    LazyLock::new(|| crate::station::pin::hash_pin("0000").ok());

/// Signs a person in at this desk.
///
/// With the desk's token. A wrong name, badge or PIN gets 401 (which of them is not said);
/// five wrong PINs in a row lock the person's sign-in (429 with `Retry-After`), longer each
/// time, at every desk and across restarts. No session opens before the first supervisor
/// exists (409).
#[utoipa::path(
    post,
    path = "/v1/warehouse/sessions",
    operation_id = "signIn",
    tag = "warehouse",
    request_body = SignInRequest,
    responses(
        (status = 201, description = "Signed in: the session's token, bound to this desk and \
            person.", body = SessionResponse),
        (status = 400, description = "Malformed JSON.", body = ErrorBody),
        (status = 401, description = "No such desk, or a wrong name, badge or PIN.", body = ErrorBody),
        (status = 409, description = "Nobody can sign in before the first supervisor exists.",
            body = ErrorBody),
        (status = 429, description = "Locked out after wrong PINs; `Retry-After` says for how \
            many seconds.", body = ErrorBody),
    )
)]
pub async fn sign_in(
    State(state): State<Shared>,
    DeskCaller(desk): DeskCaller,
    Body(request): Body<SignInRequest>,
) -> Result<(StatusCode, Json<SessionResponse>), WarehouseError> {
    let pepper = state.pepper.clone();
    let policy = state.lockout;
    let token = new_token(TokenKind::Session);
    let token_hash = digest(&token);
    let actor = Actor {
        desk: Some(desk.name.clone()),
        person: None,
    };
    let (desk_name, desk_row) = (desk.name.clone(), desk.id);
    let outcome = state
        .pool
        .run(actor, move |db| -> Result<SignIn, _> {
            if !db.has_supervisor()? {
                return Ok(SignIn::NoSupervisor);
            }
            let Some(candidate) = db.sign_in_candidate(&request.person)? else {
                if let Some(decoy) = DECOY_HASH.as_deref() {
                    let _ = pepper.verify(&request.pin, decoy, false);
                }
                return Ok(SignIn::Wrong);
            };
            let person = candidate.person.id;
            let reserved = db.update_sign_in_lock(person, |lock| policy.reserve(lock, now_ms()))?;
            if let Err(until) = reserved {
                return Ok(SignIn::Locked(until));
            }
            let right = pepper.verify(&request.pin, &candidate.pin_hash, candidate.peppered);
            let locked =
                db.update_sign_in_lock(person, |lock| policy.settle(lock, right, now_ms()))?;
            if !right {
                return Ok(locked.map_or(SignIn::Wrong, SignIn::Locked));
            }
            if !candidate.peppered
                && let Ok(hash) = pepper.hash_pin(&request.pin)
            {
                db.set_peppered_pin_hash(person, &hash)?;
            }
            db.start_session(&token_hash, &desk, &candidate.person, now_ms())?;
            Ok(SignIn::In(candidate.person))
        })
        .await?;
    match outcome {
        SignIn::In(person) => {
            tracing::info!(desk = %desk_name, person = %person.name, "signed in");
            Ok((
                StatusCode::CREATED,
                Json(SessionResponse {
                    session_token: Some(token),
                    desk_id: claim_desk_id(desk_row),
                    desk: desk_name,
                    person: Some(person_view(&person, false)),
                    idle_timeout_seconds: state.session_idle.as_secs(),
                    supervisor_until: None,
                }),
            ))
        }
        SignIn::Wrong => Err(WarehouseError::Unauthorized(
            "Wrong name, badge or PIN.".into(),
        )),
        SignIn::Locked(until) => Err(WarehouseError::locked_until(until)),
        SignIn::NoSupervisor => Err(WarehouseError::Conflict(
            "Nobody can sign in yet: make the first supervisor on the server with `packdesk \
             warehouse add-person --role supervisor`."
                .into(),
        )),
    }
}

enum SignIn {
    In(Person),
    Wrong,
    Locked(i64),
    NoSupervisor,
}

/// Signs out: the session ends at once, and the shipments this desk claimed are let go.
#[utoipa::path(
    delete,
    path = "/v1/warehouse/sessions/current",
    operation_id = "signOut",
    tag = "warehouse",
    responses(
        (status = 204, description = "Signed out."),
        (status = 401, description = "No live session.", body = ErrorBody),
    )
)]
pub async fn sign_out(
    State(state): State<Shared>,
    caller: Caller,
) -> Result<StatusCode, WarehouseError> {
    let hash = caller.token_hash.clone();
    let desk_id = caller.claimant().desk_id;
    // The shipments this desk was packing are free again for the next person or desk.
    state
        .pool
        .run(caller.actor(), move |db| {
            db.release_desk_claims(&desk_id)?;
            db.end_session(&hash, now_ms())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Who is signed in with this session, at which desk.
#[utoipa::path(
    get,
    path = "/v1/warehouse/sessions/current",
    operation_id = "currentSession",
    tag = "warehouse",
    responses(
        (status = 200, description = "The session's desk and person.", body = SessionResponse),
        (status = 401, description = "No live session.", body = ErrorBody),
    )
)]
pub async fn current(State(state): State<Shared>, caller: Caller) -> Json<SessionResponse> {
    Json(SessionResponse {
        session_token: None,
        desk_id: claim_desk_id(caller.session.desk.id),
        desk: caller.session.desk.name.clone(),
        person: caller.person().map(|p| person_view(p, false)),
        idle_timeout_seconds: state.session_idle.as_secs(),
        supervisor_until: caller
            .session
            .supervisor_until
            .filter(|until| *until > now_ms())
            .map(rfc3339_ms),
    })
}
