//! Writes a desk may repeat, answered once (`station::db::once` keeps the keys): the
//! `Idempotency-Key` header read with the request's head, the answer an earlier try of the key
//! got looked up before the request's own checks (its change may be why they would now fail:
//! the units packed, the parcel fulfilled), and a repeat's answer marked
//! `Idempotent-Replayed: true`. Without the header a write is simply made (curl, scripts).

use axum::Json;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::auth::Caller;
use super::error::WarehouseError;
use super::state::Shared;
use crate::api::FieldError;
use crate::api::idempotency::{IDEMPOTENCY_KEY, IDEMPOTENT_REPLAYED, IdempotencyKey, KEY_RULE};
use crate::station::db::{Once, Written};

/// How the operations that take a key document it.
pub const KEY_PARAMETER: &str = "Made by the desk before the first try and sent with every \
    try: a repeat gets the first answer again (marked Idempotent-Replayed: true) instead of a \
    second change. 16 to 255 letters, digits, '-', '_', '.', ':'.";

/// The request's key, when it sent one.
pub struct Key(Option<IdempotencyKey>);

impl<S: Send + Sync> FromRequestParts<S> for Key {
    type Rejection = WarehouseError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let Some(value) = parts.headers.get(IDEMPOTENCY_KEY) else {
            return Ok(Self(None));
        };
        value
            .to_str()
            .ok()
            .and_then(IdempotencyKey::parse)
            .map(|key| Self(Some(key)))
            .ok_or_else(|| {
                WarehouseError::Validation(vec![FieldError::new("Idempotency-Key", KEY_RULE)])
            })
    }
}

impl Key {
    /// The write `operation` asks with `request` (its path's ids and body), keyed for the
    /// caller's desk; `None` without a key.
    pub fn once(
        &self,
        caller: &Caller,
        operation: &'static str,
        request: &impl Serialize,
    ) -> Result<Option<Once>, WarehouseError> {
        let Some(key) = &self.0 else {
            return Ok(None);
        };
        let request = serde_json::to_string(request)
            .map_err(|e| WarehouseError::Internal(format!("a request as text: {e}")))?;
        Ok(Some(Once {
            desk: caller.claimant().desk_id,
            key: key.as_str().to_owned(),
            operation,
            request,
        }))
    }
}

/// The answer an earlier try of `once` got, when its write was recorded.
pub async fn earlier<T: DeserializeOwned + Send + 'static>(
    state: &Shared,
    caller: &Caller,
    once: &Option<Once>,
) -> Result<Option<T>, WarehouseError> {
    let Some(once) = once.clone() else {
        return Ok(None);
    };
    Ok(state
        .pool
        .run(caller.actor(), move |db| db.replay(&once))
        .await?)
}

/// `answer` with `status`, marked when it repeats an earlier try's.
pub fn answer<T: Serialize>(status: StatusCode, written: Written<T>) -> Response {
    let mut response = (status, Json(written.answer)).into_response();
    if written.replayed {
        response
            .headers_mut()
            .insert(IDEMPOTENT_REPLAYED, HeaderValue::from_static("true"));
    }
    response
}
