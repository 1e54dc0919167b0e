//! Who is calling: an enrolled desk (its desk token) or a person signed in at one (a session
//! token), each as `Authorization: Bearer …`. Both are extractors that read only the request's
//! head, so a request is authenticated before its body is read; and a handler that takes a
//! [`Caller`] checks its role with [`Caller::require`] before it looks anything up, so a role
//! that may never do a thing learns nothing from trying.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::error::WarehouseError;
use super::state::Shared;
use crate::service::http::extract::JsonBody;
use crate::station::db::{DeskRecord, SessionRecord};
use crate::station::model::{Action, Actor, Claimant, Person};
use crate::warehouse::clock::now_ms;
use crate::warehouse::tokens::{TokenKind, digest};

/// The bearer token of a request, and its kind.
fn bearer(parts: &Parts, wanted: TokenKind) -> Result<String, WarehouseError> {
    let what = match wanted {
        TokenKind::Desk => "this desk's token (enroll the desk first)",
        TokenKind::Session => "a session token (sign in first)",
    };
    let token = parts
        .headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            WarehouseError::Unauthorized(format!("Send Authorization: Bearer with {what}."))
        })?;
    if TokenKind::of(token) != Some(wanted) {
        return Err(WarehouseError::Unauthorized(format!(
            "That token is not {what}."
        )));
    }
    Ok(token.to_string())
}

/// An enrolled desk, not revoked.
pub struct DeskCaller(pub DeskRecord);

impl FromRequestParts<Shared> for DeskCaller {
    type Rejection = WarehouseError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Shared,
    ) -> Result<Self, Self::Rejection> {
        let hash = digest(&bearer(parts, TokenKind::Desk)?);
        let desk = state
            .pool
            .run(Actor::default(), move |db| db.desk_by_token(&hash))
            .await?
            .ok_or_else(|| {
                WarehouseError::Unauthorized(
                    "This desk is not enrolled with the warehouse server, or was revoked: ask a \
                     supervisor for a new enrollment code."
                        .into(),
                )
            })?;
        Ok(Self(desk))
    }
}

/// A person signed in at an enrolled desk, in a live session; or, on the app's one-desk server
/// with nobody set up, the desk's own session.
pub struct Caller {
    pub session: SessionRecord,
    /// The session token's hash (signing out ends it).
    pub token_hash: String,
    /// What this session may do.
    pub may: Permissions,
}

/// What a session may do: its person's role, or for a desk's own session, packing and orders
/// always and supervisor work while unlocked by the one-desk PIN (or while none is set: a first
/// set-up, as the desk app always had it).
#[derive(Debug, Clone)]
pub struct Permissions {
    person: Option<Person>,
    supervisor: bool,
}

impl Permissions {
    /// Why this session may not do `action`, said so the person knows what to do; `None` when
    /// it may.
    pub fn why_not(&self, action: Action) -> Option<String> {
        match &self.person {
            Some(person) => person.why_not(action),
            None if matches!(action, Action::Pack | Action::SubmitOrder) || self.supervisor => None,
            None => {
                Some("This is a supervisor's: unlock with the supervisor PIN first.".to_owned())
            }
        }
    }
}

impl FromRequestParts<Shared> for Caller {
    type Rejection = WarehouseError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Shared,
    ) -> Result<Self, Self::Rejection> {
        let hash = digest(&bearer(parts, TokenKind::Session)?);
        let now = now_ms();
        let idle_ms = i64::try_from(state.session_idle.as_millis()).unwrap_or(i64::MAX);
        let key = hash.clone();
        let found = state
            .pool
            .run(Actor::default(), move |db| {
                let Some(session) = db.touch_session(&key, now, now.saturating_sub(idle_ms))?
                else {
                    return Ok(None);
                };
                // A desk's own session is unguarded until a one-desk PIN is set.
                let guarded = session.person.is_none() && db.one_desk_pin_hash()?.is_some();
                Ok(Some((session, guarded)))
            })
            .await?
            .filter(|(session, _)| session.person.is_some() || state.one_desk)
            .ok_or_else(|| {
                WarehouseError::Unauthorized(
                    "This session has ended (signed out, idle too long, or the desk was \
                     revoked): sign in again."
                        .into(),
                )
            })?;
        let (session, guarded) = found;
        let unlocked = session.supervisor_until.is_some_and(|until| until > now);
        let may = Permissions {
            person: session.person.clone(),
            supervisor: !guarded || unlocked,
        };
        Ok(Self {
            session,
            token_hash: hash,
            may,
        })
    }
}

impl Caller {
    /// The person signed in; `None` for a desk's own session.
    pub fn person(&self) -> Option<&Person> {
        self.session.person.as_ref()
    }

    /// Who did it, for a log line or a take-over: the person, or the desk itself.
    pub fn who(&self) -> &str {
        self.person()
            .map_or(self.session.desk.name.as_str(), |p| p.name.as_str())
    }

    /// `Ok` when this session may do `action`; else 403 saying who may.
    pub fn require(&self, action: Action) -> Result<(), WarehouseError> {
        match self.may.why_not(action) {
            None => Ok(()),
            Some(why) => Err(WarehouseError::Forbidden(why)),
        }
    }

    /// Whom the record names for what this request writes.
    pub fn actor(&self) -> Actor {
        Actor {
            desk: Some(self.session.desk.name.clone()),
            person: self.person().map(|p| p.name.clone()),
        }
    }

    /// This desk and person as a claim's holder. A desk's id in claims is its enrollment's row,
    /// so two desks that share a name are still told apart.
    pub fn claimant(&self) -> Claimant {
        Claimant {
            desk_id: claim_desk_id(self.session.desk.id),
            desk_name: self.session.desk.name.clone(),
            person: self.person().map(|p| p.name.clone()),
        }
    }
}

/// A JSON body, read after the caller was authenticated (extractors of the head run first);
/// its problems answered with their field paths.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = WarehouseError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        JsonBody::<T>::from_request(req, state)
            .await
            .map(|JsonBody(value)| Body(value))
            .map_err(WarehouseError::from)
    }
}

/// The id a desk's claims carry: its enrollment's row, so two desks that share a name are
/// still told apart.
pub fn claim_desk_id(desk_row: i64) -> String {
    format!("warehouse-desk-{desk_row}")
}
