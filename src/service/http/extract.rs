//! Reading request bodies: at most 1 MiB, JSON parsed into the wire types with the path of the
//! first wrong value. A missing required field is a validation problem (422 naming the field);
//! malformed JSON or a wrong JSON type is a bad request (400 naming the field).

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

use super::error::ApiError;
use crate::api::FieldError;

/// Largest accepted body.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// A JSON body whose rejection is an [`ApiError`] with field paths.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = body(req, state).await?;
        parse(&bytes).map(JsonBody)
    }
}

/// A JSON body parsed like [`JsonBody`], with the bytes it was parsed from (to store them as
/// they came).
pub struct RawJson<T>(pub T, pub Bytes);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for RawJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = body(req, state).await?;
        let value = parse(&bytes)?;
        Ok(RawJson(value, bytes))
    }
}

async fn body<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state).await.map_err(|rejection| {
        if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge
        } else {
            ApiError::BadRequest(vec![FieldError::new(
                "",
                "The request body could not be read.",
            )])
        }
    })
}

/// Parses `bytes` as `T`, turning serde's error into field-path errors.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.len() > MAX_BODY_BYTES {
        return Err(ApiError::PayloadTooLarge);
    }
    // Tracking the path costs on every value; a body that parses needs none, so the path is
    // only worked out, by a second parse, for one that fails. A body checked as UTF-8 once
    // is parsed as text: from bytes, serde_json checks each of its strings (every key and
    // value, hundreds in a cart) on its own, a fifth of the parse. Bytes that are not UTF-8
    // may still be JSON serde_json accepts (in a value it skips), so they are parsed as bytes.
    let parsed = match std::str::from_utf8(bytes) {
        Ok(text) => serde_json::from_str(text),
        Err(_) => serde_json::from_slice(bytes),
    };
    if let Ok(value) = parsed {
        return Ok(value);
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    let result: Result<T, _> = serde_path_to_error::deserialize(de);
    let err = match result {
        Ok(value) => return Ok(value),
        Err(err) => err,
    };
    let path = err.path().to_string();
    let inner = err.into_inner();
    let message = inner.to_string();
    if let Some(field) = missing_field(&message) {
        let full = if path == "." {
            field.to_string()
        } else {
            format!("{path}.{field}")
        };
        return Err(ApiError::Validation(vec![FieldError::new(
            full,
            "This field is required.",
        )]));
    }
    let field = if path == "." || inner.is_syntax() || inner.is_eof() {
        String::new()
    } else {
        path
    };
    let error = if inner.is_syntax() || inner.is_eof() {
        format!("The body is not valid JSON ({message}).")
    } else {
        format!("Wrong value: {}.", without_position(&message))
    };
    Err(ApiError::BadRequest(vec![FieldError::new(field, error)]))
}

/// serde's "missing field `x`" message names the field the path stops before.
fn missing_field(message: &str) -> Option<&str> {
    message.strip_prefix("missing field `")?.split('`').next()
}

/// serde_json appends " at line 1 column 42"; the field path says more to a person.
fn without_position(message: &str) -> &str {
    message
        .rsplit_once(" at line ")
        .map_or(message, |(head, _)| head)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ShippingRate;

    #[test]
    fn missing_fields_are_422_with_their_path_and_wrong_types_are_400() {
        let missing = parse::<ShippingRate>(br#"{"shipping_rate_id":"a"}"#).unwrap_err();
        assert!(matches!(&missing, ApiError::Validation(e) if e[0].field == "shipping_rate"));
        let wrong =
            parse::<ShippingRate>(br#"{"shipping_rate_id":"a","shipping_rate":"1"}"#).unwrap_err();
        assert!(
            matches!(&wrong, ApiError::BadRequest(e) if e[0].field == "shipping_rate"),
            "{wrong:?}"
        );
        let broken = parse::<ShippingRate>(b"{").unwrap_err();
        assert!(matches!(&broken, ApiError::BadRequest(e) if e[0].field.is_empty()));
    }

    /// A body is parsed as text when it is UTF-8; one that is not is still read as serde_json
    /// reads bytes (it skips the value of an unknown field without checking it), and a value
    /// it reads that is not UTF-8 refuses the body as not JSON.
    #[test]
    fn bodies_that_are_not_utf8_are_read_as_bytes() {
        let text = "{\"shipping_rate_id\":\"Größe \u{1F4E6}\",\"shipping_rate\":1.50}";
        let read = parse::<ShippingRate>(text.as_bytes()).unwrap();
        assert_eq!(read.shipping_rate_id, "Größe \u{1F4E6}");
        assert_eq!(read.shipping_rate.to_string(), "1.50");

        let mut skipped = br#"{"shipping_rate_id":"a","shipping_rate":2,"note":""#.to_vec();
        skipped.extend_from_slice(b"\xff\"}");
        assert!(std::str::from_utf8(&skipped).is_err());
        let read = parse::<ShippingRate>(&skipped).unwrap();
        assert_eq!(read.shipping_rate_id, "a");

        let mut wrong = br#"{"shipping_rate":2,"shipping_rate_id":""#.to_vec();
        wrong.extend_from_slice(b"\xff\"}");
        let refused = parse::<ShippingRate>(&wrong).unwrap_err();
        assert!(
            matches!(&refused, ApiError::BadRequest(e) if e[0].field.is_empty() && e[0].error.contains("not valid JSON")),
            "{refused:?}"
        );
    }
}
