//! The warehouse API's one error type, answered with the service's error body
//! (`{"error": [{"field": …, "error": …}]}`). A 500 says only that the server failed; the cause
//! goes to the server's log.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::api::{ErrorBody, FieldError};
use crate::service::http::ApiError;
use crate::station::db::StationError;
use crate::warehouse::pool::PoolError;

#[derive(Debug, thiserror::Error)]
pub enum WarehouseError {
    #[error("bad request")]
    BadRequest(Vec<FieldError>),
    #[error("unauthorized: {0}")]
    Unauthorized(String),
    /// The caller's role may never do this (said before anything is looked up).
    #[error("forbidden: {0}")]
    Forbidden(String),
    #[error("not found: {0}")]
    NotFound(String),
    /// Another desk holds the shipment, or the record's state forbids the move; nothing changed.
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("payload too large")]
    /// Says how large a body may be.
    PayloadTooLarge(String),
    #[error("validation failed")]
    Validation(Vec<FieldError>),
    /// Too many wrong PINs: no PIN of this person is checked for `retry_after` seconds.
    #[error("locked out for {retry_after} s")]
    LockedOut { retry_after: u64 },
    /// Another request held what this one needed for longer than the database allows; nothing
    /// was recorded (503 with `Retry-After`).
    #[error("busy")]
    Busy,
    /// The record cannot be reached: nothing was recorded, or (a commit cut off) the write
    /// may be, which its message says.
    #[error("unavailable: {0}")]
    Unavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl WarehouseError {
    /// Locked out until `until` (Unix ms): `Retry-After` in whole seconds, at least one.
    pub fn locked_until(until: i64) -> Self {
        let ms = u64::try_from(until - crate::warehouse::clock::now_ms()).unwrap_or(0);
        Self::LockedOut {
            retry_after: ms.max(1000).div_ceil(1000),
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::LockedOut { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) | Self::Busy => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn field_errors(&self) -> Vec<FieldError> {
        let whole = |message: &str| vec![FieldError::new("", message)];
        match self {
            Self::BadRequest(errors) | Self::Validation(errors) => errors.clone(),
            Self::Unauthorized(m)
            | Self::Forbidden(m)
            | Self::NotFound(m)
            | Self::Conflict(m)
            | Self::Unavailable(m) => whole(m),
            Self::PayloadTooLarge(m) => whole(m),
            Self::Busy => whole(
                "The warehouse was busy with another desk's change; nothing was recorded. Try \
                 again in a moment.",
            ),
            Self::LockedOut { retry_after } => whole(&format!(
                "Too many wrong PINs: sign-in for this person is locked for {}. A supervisor \
                 can tell whether someone else has been trying.",
                minutes(*retry_after)
            )),
            Self::Internal(_) => whole(
                "The warehouse server failed to process the request; try again, and tell the \
                 administrator if it persists.",
            ),
        }
    }
}

fn minutes(seconds: u64) -> String {
    match seconds {
        0..=90 => format!("{seconds} seconds"),
        _ => format!("{} minutes", seconds.div_ceil(60)),
    }
}

impl IntoResponse for WarehouseError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) = &self {
            tracing::error!(%cause, "a warehouse request failed inside the server");
        }
        let body = ErrorBody {
            error: self.field_errors(),
        };
        let mut response = (self.status(), Json(body)).into_response();
        let retry_after = match self {
            Self::LockedOut { retry_after } => Some(retry_after),
            Self::Busy => Some(1),
            _ => None,
        };
        if let Some(retry_after) = retry_after
            && let Ok(value) = retry_after.to_string().parse()
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

impl From<StationError> for WarehouseError {
    fn from(err: StationError) -> Self {
        use StationError as S;
        match err {
            S::UnknownOrder(_)
            | S::UnknownShipment { .. }
            | S::UnknownParcel(_)
            | S::UnknownLabel(_)
            | S::UnknownPerson => Self::NotFound(err.to_string()),
            S::ShipmentCanceled { .. }
            | S::ShipmentFulfilled { .. }
            | S::ParcelVoided(_)
            | S::ParcelFulfilled(_)
            | S::PersonTaken(_)
            | S::DeskTaken(_)
            | S::DuplicateOrder(_) => Self::Conflict(err.to_string()),
            S::Invalid(errors) => Self::Validation(errors),
            S::KeyReused { .. } => {
                Self::Validation(vec![FieldError::new("Idempotency-Key", err.to_string())])
            }
            S::Unreachable(_) | S::Connection(_) => Self::Unavailable(format!(
                "The warehouse database cannot be reached ({err}); nothing was recorded."
            )),
            S::CommitUnknown(_) => Self::Unavailable(format!(
                "The connection to the warehouse database was lost while the change was being \
                 committed ({err}). Repeat it: sent with the same Idempotency-Key it is \
                 recorded once."
            )),
            S::Busy(_) => Self::Busy,
            other => Self::Internal(other.to_string()),
        }
    }
}

impl From<PoolError> for WarehouseError {
    fn from(err: PoolError) -> Self {
        match err {
            PoolError::Station(e) => e.into(),
            PoolError::Crashed(cause) => Self::Internal(cause),
        }
    }
}

/// A body the service's extractor refused (malformed JSON, a wrong type, too large).
impl From<ApiError> for WarehouseError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::PayloadTooLarge => {
                Self::PayloadTooLarge("The request body is larger than 1 MiB.".into())
            }
            ApiError::Validation(errors) => Self::Validation(errors),
            ApiError::BadRequest(errors) => Self::BadRequest(errors),
            other => Self::Internal(other.to_string()),
        }
    }
}
