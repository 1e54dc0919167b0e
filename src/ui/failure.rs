//! Why an action failed, sorted by what the person at the station can do about it.

use crate::api::{ClientError, FieldError};
use crate::station::db::StationError;

/// Which credential a call carried, so a 401 names the right one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    /// `x-service-direct-api-key`: landed cost and orders.
    ApiKey,
    /// Bearer token: the label endpoint.
    AccessToken,
}

/// What a packer reads when the shared record cannot be reached during an action. Whether a
/// write got through before the connection went cannot be known; a repeat carries its key
/// (`packing::unanswered`), so it is recorded once either way.
pub const WAREHOUSE_UNREACHABLE: &str =
    "Warehouse server unreachable — Retry (F5) once it is back; nothing is recorded twice";

/// A failed action.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The service could not be reached, did not answer or failed: nothing was lost, retry.
    Offline(String),
    /// 401: the credential was rejected.
    Unauthorized(Credential),
    /// The warehouse server or its database could not be reached: the connection is tried
    /// again by itself, and Retry repeats the action (a write with its key: recorded once).
    WarehouseUnreachable,
    /// 422 from the service, or the station's own checks: each problem with its field path.
    Fields(Vec<FieldError>),
    /// The system keyring (the credential store) did not answer or refused: the key itself may
    /// be fine, so this never reads as a rejected key.
    Keyring(String),
    /// The printer or the spooler: check the printer in Settings.
    Printer(String),
    /// A file could not be read or written (what and why in the text).
    File(String),
    /// Anything else, as a sentence that says what to do.
    Other(String),
}

impl Failure {
    pub fn from_client(error: &ClientError, credential: Credential) -> Self {
        match error {
            ClientError::Unauthorized => Self::Unauthorized(credential),
            ClientError::Validation { errors } | ClientError::Label { errors }
                if !errors.is_empty() =>
            {
                Self::Fields(errors.clone())
            }
            e if e.is_retryable() => Self::Offline(e.user_message()),
            e => Self::Other(e.user_message()),
        }
    }

    pub fn from_station(error: &StationError) -> Self {
        match error {
            StationError::Invalid(errors) => Self::Fields(errors.clone()),
            StationError::Unreachable(_) => Self::WarehouseUnreachable,
            other => Self::Other(format!("{other}.")),
        }
    }

    pub fn from_connection(error: &crate::connection::ConnectError) -> Self {
        match error {
            crate::connection::ConnectError::Keyring(text) => Self::Keyring(text.clone()),
            other => Self::Other(other.to_string()),
        }
    }

    /// Whether a retry of the same action may succeed without changing anything.
    pub fn is_offline(&self) -> bool {
        matches!(self, Self::Offline(_) | Self::WarehouseUnreachable)
    }

    /// One sentence for the status bar.
    pub fn message(&self) -> String {
        match self {
            Self::Offline(text)
            | Self::Other(text)
            | Self::Keyring(text)
            | Self::Printer(text)
            | Self::File(text) => text.clone(),
            Self::WarehouseUnreachable => WAREHOUSE_UNREACHABLE.into(),
            Self::Unauthorized(Credential::ApiKey) => "API key rejected — check Settings".into(),
            Self::Unauthorized(Credential::AccessToken) => {
                "Access token rejected — check Settings".into()
            }
            Self::Fields(errors) => {
                let parts: Vec<String> = errors.iter().map(|e| e.error.clone()).collect();
                format!("Please correct: {}", parts.join(" "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_are_sorted_by_what_to_do() {
        assert_eq!(
            Failure::from_client(&ClientError::Unauthorized, Credential::ApiKey).message(),
            "API key rejected — check Settings"
        );
        assert!(
            Failure::from_client(&ClientError::Network("refused".into()), Credential::ApiKey)
                .is_offline()
        );
        assert!(Failure::from_client(&ClientError::Timeout, Credential::AccessToken).is_offline());
        let errors = vec![FieldError::new("toAddress.zipcode", "Enter the ZIP code.")];
        assert_eq!(
            Failure::from_client(
                &ClientError::Validation {
                    errors: errors.clone()
                },
                Credential::AccessToken
            ),
            Failure::Fields(errors)
        );
        assert!(matches!(
            Failure::from_client(
                &ClientError::Conflict { errors: vec![] },
                Credential::ApiKey
            ),
            Failure::Other(_)
        ));
    }
}
