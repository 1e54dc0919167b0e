//! `ClientError`: every way a call can fail, with the field list of SPEC 2.15 where the
//! service sent one, and a sentence for the person at the station.

use std::time::Duration;

use reqwest::StatusCode;

use crate::api::error::FieldError;

/// Why a call failed. Status variants carry the `error` list of the body (SPEC 2.15, or the
/// `error` of a label response); an absent or unreadable body gives an empty list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    /// 401: the API key (direct API) or the access token (label endpoint) was rejected.
    #[error("unauthorized: the service rejected the credentials")]
    Unauthorized,
    /// 403: the credentials are valid but may not do this.
    #[error("forbidden{}", list(errors))]
    Forbidden { errors: Vec<FieldError> },
    /// 400: the service could not read the request.
    #[error("bad request{}", list(errors))]
    BadRequest { errors: Vec<FieldError> },
    /// 422: the request was read but breaks the rules; one entry per problem.
    #[error("validation failed{}", list(errors))]
    Validation { errors: Vec<FieldError> },
    /// 404.
    #[error("not found{}", list(errors))]
    NotFound { errors: Vec<FieldError> },
    /// 409.
    #[error("conflict{}", list(errors))]
    Conflict { errors: Vec<FieldError> },
    /// 413.
    #[error("request too large")]
    PayloadTooLarge,
    /// 429, with the `Retry-After` the service asked for (seconds form) if any.
    #[error("rate limited")]
    RateLimited { retry_after: Option<Duration> },
    /// The label endpoint answered `isError: true` with a status no other variant covers
    /// (including a 2xx).
    #[error("label error{}", list(errors))]
    Label { errors: Vec<FieldError> },
    /// Any other 1xx/3xx/4xx status.
    #[error("unexpected status {status}{}", list(errors))]
    UnexpectedStatus {
        status: u16,
        errors: Vec<FieldError>,
    },
    /// A 3xx to an API call, which follows no redirect: the API key would go wherever it points.
    #[error(
        "the service answered {status}, sending the request on to {location}; API calls follow \
         no redirect (the API key would go with it): if that address is the service's, put it \
         in Settings instead"
    )]
    Redirected { status: u16, location: String },
    /// 5xx.
    #[error("server error {status}")]
    Server { status: u16 },
    /// No usable answer: the connection could not be opened or broke.
    #[error("network error: {0}")]
    Network(String),
    /// The request was sent but no full answer came within `request_timeout`.
    #[error("the service did not answer in time")]
    Timeout,
    /// A success answer whose body does not have the SPEC.md shape.
    #[error("unreadable answer: {0}")]
    Decode(String),
    /// The request could not be turned into JSON.
    #[error("cannot encode the request: {0}")]
    Encode(String),
    /// The `ClientConfig` cannot be used (bad URL, credential not valid in a header, ...).
    #[error("invalid client configuration: {0}")]
    Config(String),
}

fn list(errors: &[FieldError]) -> String {
    if errors.is_empty() {
        String::new()
    } else {
        let parts: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!(": {}", parts.join("; "))
    }
}

impl ClientError {
    /// The service's list of problems; empty for variants that have none.
    pub fn field_errors(&self) -> &[FieldError] {
        match self {
            Self::Forbidden { errors }
            | Self::BadRequest { errors }
            | Self::Validation { errors }
            | Self::NotFound { errors }
            | Self::Conflict { errors }
            | Self::Label { errors }
            | Self::UnexpectedStatus { errors, .. } => errors,
            _ => &[],
        }
    }

    /// Whether the same call may succeed later without changing it (network trouble, a busy or
    /// failing service). It says nothing about whether sending it again is harmless: that
    /// depends on the call, and the client's own retries take it into account.
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            Self::Network(_) | Self::Timeout | Self::RateLimited { .. } | Self::Server { .. }
        )
    }

    /// A sentence for the person at the station that says what to do next.
    pub fn user_message(&self) -> String {
        match self {
            Self::Unauthorized => "The service rejected the credentials (the API key for quotes \
                and orders, the access token for labels) — check Settings."
                .to_owned(),
            Self::Forbidden { errors } => format!(
                "The credentials are not allowed to do this{} — ask the account owner.",
                list(errors)
            ),
            Self::BadRequest { errors } => format!(
                "The service could not read the request{} — please report this.",
                list(errors)
            ),
            Self::Validation { errors } => format!("Please correct{}.", list(errors)),
            Self::NotFound { errors } => format!(
                "The service does not know this order{} — check the order number.",
                list(errors)
            ),
            Self::Conflict { errors } => format!(
                "The service reports a conflict{} — reload the order and try again.",
                list(errors)
            ),
            Self::PayloadTooLarge => "The request is too large for the service — shorten the \
                custom properties or split the order."
                .to_owned(),
            Self::RateLimited {
                retry_after: Some(wait),
            } => format!(
                "The service is busy — try again in {} s.",
                wait.as_secs().max(1)
            ),
            Self::RateLimited { retry_after: None } => {
                "The service is busy — try again in a moment.".to_owned()
            }
            Self::Label { errors } => {
                format!("The label could not be produced{}.", list(errors))
            }
            Self::Redirected { location, .. } => format!(
                "The service sent the request on to {location}, which Packdesk does not follow \
                 (the API key would go with it) — if that is the service's new address, put it \
                 in Settings."
            ),
            Self::UnexpectedStatus { status, errors } => format!(
                "The service answered with status {status}{} — check the service address in \
                 Settings.",
                list(errors)
            ),
            Self::Server { status } => {
                format!("The service has a problem (status {status}) — try again in a few minutes.")
            }
            Self::Network(detail) => format!(
                "Cannot reach the service ({detail}) — check the network and the service \
                 address in Settings."
            ),
            Self::Timeout => {
                "The service did not answer in time — check the network, then try again.".to_owned()
            }
            Self::Decode(detail) => format!(
                "The service sent an answer Packdesk cannot read ({detail}) — check the \
                 service address in Settings."
            ),
            Self::Encode(detail) => {
                format!("Packdesk could not encode the request ({detail}) — please report this.")
            }
            Self::Config(detail) => {
                format!("The connection settings are invalid: {detail} — fix them in Settings.")
            }
        }
    }

    /// Maps an error status and its body. `label` selects the label endpoint's reading of a
    /// 4xx without a typed variant.
    pub(crate) fn from_status(
        status: StatusCode,
        body: &[u8],
        retry_after: Option<Duration>,
        label: bool,
    ) -> Self {
        let errors = || parse_field_errors(body);
        match status.as_u16() {
            401 => Self::Unauthorized,
            403 => Self::Forbidden { errors: errors() },
            400 => Self::BadRequest { errors: errors() },
            404 => Self::NotFound { errors: errors() },
            409 => Self::Conflict { errors: errors() },
            413 => Self::PayloadTooLarge,
            422 => Self::Validation { errors: errors() },
            429 => Self::RateLimited { retry_after },
            code @ 500..=599 => Self::Server { status: code },
            400..=499 if label => Self::Label { errors: errors() },
            code => Self::UnexpectedStatus {
                status: code,
                errors: errors(),
            },
        }
    }

    /// Reads a failed `reqwest` call without its URL (document URLs may carry tokens).
    pub(crate) fn describe(error: reqwest::Error) -> String {
        let error = error.without_url();
        let mut parts = vec![error.to_string()];
        let mut source = std::error::Error::source(&error);
        while let Some(cause) = source {
            let text = cause.to_string();
            if !parts.iter().any(|part| part.contains(&text)) {
                parts.push(text);
            }
            source = cause.source();
        }
        parts.join(": ")
    }
}

/// The `error` list of a SPEC 2.15 body or a label response, read leniently: entries without
/// `field` get an empty one, a bare string becomes one entry, anything else gives no entries.
pub(crate) fn parse_field_errors(body: &[u8]) -> Vec<FieldError> {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(body) else {
        return Vec::new();
    };
    match value.get("error") {
        Some(serde_json::Value::Array(entries)) => entries.iter().filter_map(entry).collect(),
        Some(serde_json::Value::String(message)) => vec![FieldError::new("", message.as_str())],
        _ => Vec::new(),
    }
}

fn entry(value: &serde_json::Value) -> Option<FieldError> {
    match value {
        serde_json::Value::String(message) => Some(FieldError::new("", message.as_str())),
        serde_json::Value::Object(map) => {
            let text = |key: &str| map.get(key).and_then(|v| v.as_str()).unwrap_or_default();
            let message = text("error");
            let message = if message.is_empty() {
                text("message")
            } else {
                message
            };
            Some(FieldError::new(text("field"), message))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_body_and_label_body_give_their_lists() {
        let spec = br#"{"error":[{"field":"ship_to.province","error":"is required"}]}"#;
        assert_eq!(
            parse_field_errors(spec),
            vec![FieldError::new("ship_to.province", "is required")]
        );
        let label = br#"{"isError":true,"result":{"orderNumber":"A1","status":"error"},
            "error":[{"field":"weightUnit","error":"needed with weight"}]}"#;
        assert_eq!(
            parse_field_errors(label),
            vec![FieldError::new("weightUnit", "needed with weight")]
        );
    }

    #[test]
    fn odd_bodies_give_empty_or_partial_lists() {
        assert!(parse_field_errors(b"").is_empty());
        assert!(parse_field_errors(b"<html>502</html>").is_empty());
        assert!(parse_field_errors(br#"{"error":null}"#).is_empty());
        assert_eq!(
            parse_field_errors(br#"{"error":"token expired"}"#),
            vec![FieldError::new("", "token expired")]
        );
        assert_eq!(
            parse_field_errors(br#"{"error":[{"error":"bad"},7]}"#),
            vec![FieldError::new("", "bad")]
        );
    }

    #[test]
    fn statuses_map_to_variants() {
        let body = br#"{"error":[{"field":"x","error":"y"}]}"#;
        let map = |code: u16, label| {
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::IM_A_TEAPOT);
            ClientError::from_status(status, body, None, label)
        };
        assert_eq!(map(401, false), ClientError::Unauthorized);
        assert!(matches!(map(422, false), ClientError::Validation { .. }));
        assert_eq!(map(422, false).field_errors(), &[FieldError::new("x", "y")]);
        assert_eq!(map(503, false), ClientError::Server { status: 503 });
        assert!(matches!(map(418, true), ClientError::Label { .. }));
        assert!(matches!(
            map(418, false),
            ClientError::UnexpectedStatus { status: 418, .. }
        ));
        assert!(map(503, false).is_retryable());
        assert!(!map(422, false).is_retryable());
    }
}
