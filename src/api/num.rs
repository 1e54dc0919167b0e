//! Exact JSON numbers for money and measures.
//!
//! serde_json's `arbitrary_precision` feature keeps the digits of a number as text, so a
//! `Decimal` goes to and from JSON without ever passing through `f64` (`10.005` stays `10.005`).
//! Use with `#[serde(with = "crate::api::num")]`, or `num::opt` for `Option<Decimal>`.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _, ser::Error as _};

/// Parses the text of a JSON number exactly; scientific notation is accepted.
pub fn parse(text: &str) -> Option<Decimal> {
    if text.contains(['e', 'E']) {
        Decimal::from_scientific(text).ok()
    } else {
        Decimal::from_str_exact(text).ok()
    }
}

pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
    serde_json::Number::from_str(&value.to_string())
        .map_err(S::Error::custom)?
        .serialize(serializer)
}

pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
    let number = serde_json::Number::deserialize(deserializer)?;
    parse(number.as_str()).ok_or_else(|| {
        D::Error::custom(format!(
            "the number {} is too large or too precise (at most 28 significant digits)",
            number.as_str()
        ))
    })
}

/// The same for nullable or optional fields; pair with `#[serde(default)]`.
pub mod opt {
    use super::*;

    pub fn serialize<S: Serializer>(
        value: &Option<Decimal>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => super::serialize(v, serializer),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Decimal>, D::Error> {
        #[derive(Deserialize)]
        struct Wrapped(#[serde(with = "super")] Decimal);
        Ok(Option::<Wrapped>::deserialize(deserializer)?.map(|Wrapped(d)| d))
    }
}
