//! Conversions between Rust values and their stored form, and the event log.

use rust_decimal::Decimal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use time::OffsetDateTime;
use time::format_description::well_known::{Iso8601, Rfc3339};

use super::error::StoreError;
use crate::domain::{Weight, WeightUnit};
use crate::sql::{FromValue, Tx, Value, params};

/// Decimals are stored as their exact text; `SUM()` in SQL would go through floating point, so
/// sums are done in Rust, saturating (plain `+` panics on overflow, and input can be huge).
pub(super) fn parse_dec(text: &str, what: &str) -> Result<Decimal, StoreError> {
    Decimal::from_str_exact(text)
        .map_err(|_| StoreError::Corrupt(format!("{what} holds {text:?}, not a decimal")))
}

pub(super) fn dec_sum<'a>(values: impl IntoIterator<Item = &'a Decimal>) -> Decimal {
    values
        .into_iter()
        .fold(Decimal::ZERO, |sum, v| sum.saturating_add(*v))
}

/// Stored timestamps are RFC 3339 in UTC.
pub(super) fn ts(at: OffsetDateTime) -> Result<String, StoreError> {
    at.to_offset(time::UtcOffset::UTC)
        .format(&Rfc3339)
        .map_err(|e| StoreError::Corrupt(format!("timestamp {at} cannot be stored: {e}")))
}

pub(super) fn parse_ts(text: &str) -> Result<OffsetDateTime, StoreError> {
    OffsetDateTime::parse(text, &Rfc3339)
        .map_err(|_| StoreError::Corrupt(format!("stored timestamp {text:?} is not RFC 3339")))
}

/// A caller's "ISO timestamp": RFC 3339, or any ISO 8601 date-time with an offset.
pub(super) fn parse_client_ts(text: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(text, &Rfc3339)
        .or_else(|_| OffsetDateTime::parse(text, &Iso8601::DEFAULT))
        .ok()
}

pub(super) fn to_json<T: Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(format!("cannot encode: {e}")))
}

pub(super) fn from_json<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

pub(super) fn opt_from_json<T: DeserializeOwned>(
    text: Option<String>,
    what: &str,
) -> Result<Option<T>, StoreError> {
    text.map(|t| from_json(&t, what)).transpose()
}

/// An item weight as stored (`per_unit` and the cart unit `g` | `lb`); `None` when absent or
/// not a known unit.
pub(super) fn weight(per_unit: Option<Decimal>, unit: Option<&str>) -> Option<Weight> {
    Some(Weight::new(per_unit?, WeightUnit::parse_cart(unit?)?))
}

/// Appends one entry to the event history; `source_reference` is `None` for calculations.
pub(super) fn append_event(
    tx: &mut Tx<'_>,
    source_reference: Option<&str>,
    at: OffsetDateTime,
    kind: &str,
    detail: serde_json::Value,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO events (source_reference, at, kind, detail_json) VALUES (?1, ?2, ?3, ?4)",
        params![source_reference, ts(at)?, kind, to_json(&detail)?],
    )?;
    Ok(())
}

/// A decimal column (exact text), read by name: `row.get::<_, StoredDecimal>("total")?.0`. Text
/// that is not a decimal is stored data gone wrong, said with the text.
pub(super) struct StoredDecimal(pub Decimal);

impl FromValue for StoredDecimal {
    fn from_value(value: Value) -> Result<Self, String> {
        let text = String::from_value(value)?;
        Decimal::from_str_exact(&text)
            .map(StoredDecimal)
            .map_err(|_| format!("{text:?} is not a decimal"))
    }
}
