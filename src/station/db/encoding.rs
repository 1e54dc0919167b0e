//! How values are stored: timestamps as Unix seconds (or milliseconds where sub-second matters:
//! the outbox's polls, claim leases), bodies as JSON text.

use time::OffsetDateTime;

use crate::station::error::StationError;

pub(super) fn now_unix() -> i64 {
    OffsetDateTime::now_utc().unix_timestamp()
}

pub(super) fn from_unix(seconds: i64) -> Result<OffsetDateTime, StationError> {
    OffsetDateTime::from_unix_timestamp(seconds)
        .map_err(|e| StationError::Corrupt(format!("timestamp {seconds}: {e}")))
}

pub(super) fn now_ms() -> i64 {
    to_ms(OffsetDateTime::now_utc())
}

pub(super) fn to_ms(at: OffsetDateTime) -> i64 {
    (at.unix_timestamp_nanos() / 1_000_000) as i64
}

pub(super) fn from_ms(ms: i64) -> Result<OffsetDateTime, StationError> {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .map_err(|e| StationError::Corrupt(format!("timestamp {ms} ms: {e}")))
}

pub(super) fn to_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, StationError> {
    serde_json::to_string(value).map_err(|e| StationError::Corrupt(format!("JSON encoding: {e}")))
}

pub(super) fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StationError> {
    serde_json::from_str(text).map_err(|e| StationError::Corrupt(format!("stored JSON: {e}")))
}
