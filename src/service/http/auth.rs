//! Credentials of the service: the direct-API key (`x-service-direct-api-key`) and the label
//! endpoint's access token (`Authorization: Bearer`), compared in constant time.

use axum::http::HeaderMap;
use subtle::ConstantTimeEq;

use super::error::ApiError;
use crate::api::{FieldError, Secret};

pub const API_KEY_HEADER: &str = "x-service-direct-api-key";

#[derive(Clone, Debug)]
pub struct Credentials {
    pub api_key: Secret,
    pub access_token: Secret,
}

impl Credentials {
    pub fn check_api_key(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let sent = headers
            .get(API_KEY_HEADER)
            .map(|v| v.as_bytes())
            .unwrap_or_default();
        if same(sent, self.api_key.expose().as_bytes()) {
            Ok(())
        } else {
            Err(ApiError::Unauthorized(FieldError::new(
                API_KEY_HEADER,
                "The API key is missing or wrong; send the merchant API key in the x-service-direct-api-key header.",
            )))
        }
    }

    pub fn check_bearer(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let sent = headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                v.strip_prefix("Bearer ")
                    .or_else(|| v.strip_prefix("bearer "))
            })
            .unwrap_or_default();
        if same(
            sent.trim().as_bytes(),
            self.access_token.expose().as_bytes(),
        ) {
            Ok(())
        } else {
            Err(ApiError::Unauthorized(FieldError::new(
                "Authorization",
                "The access token is missing or wrong; send it as \"Authorization: Bearer <token>\".",
            )))
        }
    }
}

/// Constant time in the content; an empty secret never matches.
fn same(sent: &[u8], expected: &[u8]) -> bool {
    !expected.is_empty() && sent.ct_eq(expected).into()
}
