//! Serde helpers for fields several tables share.

use serde::{Deserialize, Deserializer, de::Error as _};

use crate::domain::CountryCode;

/// Serde: an assigned ISO 3166-1 alpha-2 code.
pub(super) fn country<'de, D: Deserializer<'de>>(deserializer: D) -> Result<CountryCode, D::Error> {
    let text = String::deserialize(deserializer)?;
    CountryCode::parse(&text).ok_or_else(|| D::Error::custom(format!("unknown country `{text}`")))
}

/// Serde: a list of ISO 3166-1 alpha-2 codes; pair with `#[serde(default)]`.
pub(super) fn countries<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<CountryCode>, D::Error> {
    Vec::<String>::deserialize(deserializer)?
        .iter()
        .map(|text| {
            CountryCode::parse(text)
                .ok_or_else(|| D::Error::custom(format!("unknown country `{text}`")))
        })
        .collect()
}

/// Serde: the default of a flag that is on unless a row says otherwise (`shipping_taxable`).
pub(super) fn yes() -> bool {
    true
}
