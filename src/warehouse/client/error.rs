//! What a call to the warehouse server can come to besides its answer: each refusal the API
//! documents as its own variant, carrying the server's sentences, so a desk says what to do.

use std::time::Duration;

use crate::api::FieldError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WarehouseClientError {
    /// The server could not be reached, or the connection broke (nothing is known of the call).
    #[error("the warehouse server cannot be reached: {0}")]
    Unreachable(String),
    /// 401: no such desk or session any more, or a wrong name, badge, PIN or enrollment code.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: the signed-in person's role may not do this.
    #[error("{0}")]
    Forbidden(String),
    /// 404.
    #[error("{0}")]
    NotFound(String),
    /// 409: another desk holds the shipment, or the record's state does not allow it.
    #[error("{0}")]
    Conflict(String),
    /// 400 or 422: each problem with its field.
    #[error("{}", joined(.0))]
    Invalid(Vec<FieldError>),
    /// 429: too many wrong PINs; sign-in is locked this long.
    #[error("{message}")]
    LockedOut {
        message: String,
        retry_after: Duration,
    },
    /// 503: the server or its record is busy or unreachable; nothing was recorded, or (its
    /// message says so) a commit was cut off: repeat the write with its key.
    #[error("{message}")]
    Busy {
        message: String,
        retry_after: Option<Duration>,
    },
    /// Any other answer (a 5xx, or one the client does not read).
    #[error("the warehouse server answered {status}: {message}")]
    Other { status: u16, message: String },
}

fn joined(problems: &[FieldError]) -> String {
    problems
        .iter()
        .map(|p| {
            if p.field.is_empty() {
                p.error.clone()
            } else {
                format!("{}: {}", p.field, p.error)
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl WarehouseClientError {
    /// The error for a refused answer: its status, `Retry-After` and body.
    pub(super) fn from_answer(status: u16, retry_after: Option<Duration>, body: &[u8]) -> Self {
        let problems = serde_json::from_slice::<crate::api::ErrorBody>(body)
            .map(|b| b.error)
            .unwrap_or_default();
        let message = if problems.is_empty() {
            String::from_utf8_lossy(body).trim().to_owned()
        } else {
            joined(&problems)
        };
        match status {
            400 | 422 if !problems.is_empty() => Self::Invalid(problems),
            401 => Self::Unauthorized(message),
            403 => Self::Forbidden(message),
            404 => Self::NotFound(message),
            409 => Self::Conflict(message),
            429 => Self::LockedOut {
                message,
                retry_after: retry_after.unwrap_or(Duration::from_secs(60)),
            },
            503 => Self::Busy {
                message,
                retry_after,
            },
            _ => Self::Other { status, message },
        }
    }
}
