//! One error type for every endpoint, answered with the SPEC 2.15 body (or, on the label endpoint,
//! the SPEC 2.19 body with `isError: true`). Internals never leak: a 500 says only that the
//! service failed, and the cause goes to the log.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::api::{ErrorBody, FieldError, LabelResponse, LabelResult, LabelStatus};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Malformed JSON or a value of the wrong JSON type.
    #[error("bad request")]
    BadRequest(Vec<FieldError>),
    #[error("unauthorized")]
    Unauthorized(FieldError),
    #[error("not found")]
    NotFound(Vec<FieldError>),
    /// Duplicate create, stale update or a forbidden move; nothing was changed.
    #[error("conflict")]
    Conflict(Vec<FieldError>),
    #[error("payload too large")]
    PayloadTooLarge,
    /// Well-formed but breaks a rule; every problem with its field path.
    #[error("validation failed")]
    Validation(Vec<FieldError>),
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn field_errors(&self) -> Vec<FieldError> {
        match self {
            Self::BadRequest(e) | Self::NotFound(e) | Self::Conflict(e) | Self::Validation(e) => {
                e.clone()
            }
            Self::Unauthorized(e) => vec![e.clone()],
            Self::PayloadTooLarge => vec![FieldError::new(
                "",
                "The request body is larger than 1 MiB; send fewer items per request.",
            )],
            Self::Internal(_) => vec![FieldError::new(
                "",
                "The service failed to process the request; try again, and report it if it persists.",
            )],
        }
    }

    pub fn not_found(field: &str, message: impl Into<String>) -> Self {
        Self::NotFound(vec![FieldError::new(field, message)])
    }

    pub fn conflict(field: &str, message: impl Into<String>) -> Self {
        Self::Conflict(vec![FieldError::new(field, message)])
    }

    /// Answers in the label endpoint's shape (SPEC 2.19) for `order_number`.
    pub fn into_label_response(self, order_number: &str) -> Response {
        self.log();
        let body = LabelResponse {
            is_error: true,
            result: LabelResult {
                order_number: order_number.to_string(),
                label_urls: Vec::new(),
                status: LabelStatus::Error,
                tracking_code: String::new(),
                tracking_url: String::new(),
                base64: None,
                zpl: None,
                shipping_service: None,
            },
            error: Some(self.field_errors()),
        };
        (self.status(), Json(body)).into_response()
    }

    fn log(&self) {
        if let Self::Internal(cause) = self {
            tracing::error!(%cause, "request failed inside the service");
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        self.log();
        let body = ErrorBody {
            error: self.field_errors(),
        };
        (self.status(), Json(body)).into_response()
    }
}

impl From<crate::service::store::StoreError> for ApiError {
    fn from(err: crate::service::store::StoreError) -> Self {
        use crate::service::store::StoreError as S;
        match err {
            S::NotFound(message) => Self::NotFound(vec![FieldError::new("", message)]),
            S::Conflict(message) => Self::Conflict(vec![FieldError::new("", message)]),
            S::Invalid(errors) => Self::Validation(errors),
            other => Self::Internal(other.to_string()),
        }
    }
}
