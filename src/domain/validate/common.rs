//! The checks every request shares, each adding its own actionable sentence to the list.

use std::collections::HashMap;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::format_description::well_known::{Iso8601, Rfc3339};

use super::path::JsonPath;
use crate::api::{CustomProperties, FieldError};
use crate::domain::{CountryCode, Currency, HsCode};

/// SPEC 8: `custom_properties` may take at most 4 KB once serialized as JSON.
pub const CUSTOM_PROPERTIES_MAX_BYTES: usize = 4096;

/// Amounts SPEC.md limits to cents (`shipping_rate`, `total`).
const MAX_AMOUNT_DECIMALS: u32 = 2;

/// An ISO 8601 timestamp with its offset: RFC 3339 (`2025-03-14T09:30:00Z`,
/// `2025-03-14T10:30:00.5+01:00`) or another ISO 8601 form that names the offset
/// (`20250314T093000Z`). A time without an offset is `None`: it names no instant.
pub fn parse_timestamp(text: &str) -> Option<OffsetDateTime> {
    let text = text.trim();
    OffsetDateTime::parse(text, &Rfc3339)
        .or_else(|_| OffsetDateTime::parse(text, &Iso8601::DEFAULT))
        .ok()
}

/// Whether `text` is an HS code of 6 to 10 digits, dots or spaces allowed between them
/// (`6109.10`, `6109 10 00`); `domain::HsCode::parse` gives the normalised digits.
pub fn is_hs_code_format(text: &str) -> bool {
    HsCode::parse(text).is_some()
}

/// The problems found so far in one request.
#[derive(Debug, Default)]
pub(super) struct Problems(Vec<FieldError>);

impl Problems {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, path: &JsonPath, message: impl Into<String>) {
        self.0.push(FieldError::new(path.to_string(), message));
    }

    pub fn append(&mut self, more: Vec<FieldError>) {
        self.0.extend(more);
    }

    pub fn into_vec(self) -> Vec<FieldError> {
        self.0
    }

    /// Required text: blank (empty or only spaces) counts as missing. Returns the trimmed text.
    pub fn required<'a>(
        &mut self,
        path: &JsonPath,
        value: &'a str,
        message: &str,
    ) -> Option<&'a str> {
        let trimmed = value.trim();
        if trimmed.is_empty() {
            self.add(path, message);
            None
        } else {
            Some(trimmed)
        }
    }

    /// Text that may be left out but, when sent, must not be blank.
    pub fn not_blank_if_present(&mut self, path: &JsonPath, value: Option<&str>, message: &str) {
        if let Some(value) = value {
            self.required(path, value, message);
        }
    }

    /// A required array: at least one element.
    pub fn not_empty<T>(&mut self, path: &JsonPath, list: &[T], message: &str) {
        if list.is_empty() {
            self.add(path, message);
        }
    }

    pub fn country(&mut self, path: &JsonPath, value: &str) -> Option<CountryCode> {
        let text = self.required(
            path,
            value,
            "Enter the country as its two-letter ISO 3166-1 code (e.g. US, CA, DE).",
        )?;
        let country = CountryCode::parse(text);
        if country.is_none() {
            self.add(
                path,
                format!(
                    "\"{text}\" is not an ISO 3166-1 country code: enter two letters such as US, CA or DE."
                ),
            );
        }
        country
    }

    pub fn currency(&mut self, path: &JsonPath, value: &str) -> Option<Currency> {
        let text = self.required(
            path,
            value,
            "Enter the currency as its three-letter ISO 4217 code (e.g. USD, EUR, CAD).",
        )?;
        let currency = Currency::parse(text);
        if currency.is_none() {
            self.add(
                path,
                format!(
                    "\"{text}\" is not an ISO 4217 currency code: enter three letters such as USD, EUR or CAD."
                ),
            );
        }
        currency
    }

    pub fn not_negative(&mut self, path: &JsonPath, value: Decimal, what: &str) {
        if value < Decimal::ZERO {
            self.add(
                path,
                format!("The {what} cannot be negative ({value}): enter 0 or more."),
            );
        }
    }

    pub fn positive(&mut self, path: &JsonPath, value: Decimal, what: &str) {
        if value <= Decimal::ZERO {
            self.add(
                path,
                format!("The {what} must be more than 0 (got {value})."),
            );
        }
    }

    /// SPEC 8: `shipping_rate` and `total` have at most two decimal places.
    pub fn cents(&mut self, path: &JsonPath, value: Decimal, what: &str) {
        if value.normalize().scale() > MAX_AMOUNT_DECIMALS {
            self.add(
                path,
                format!(
                    "Round the {what} to at most two decimal places ({value} has {}; e.g. 12.50).",
                    value.normalize().scale()
                ),
            );
        }
    }

    /// A count of units: a whole number of at least 1.
    pub fn whole_positive(&mut self, path: &JsonPath, value: Decimal, what: &str) {
        if !value.fract().is_zero() || value < Decimal::ONE {
            self.add(
                path,
                format!("Enter the {what} as a whole number of units, 1 or more (got {value})."),
            );
        }
    }

    /// A count that may be zero: a whole number of at least 0.
    pub fn whole_not_negative(&mut self, path: &JsonPath, value: Decimal, what: &str) {
        if !value.fract().is_zero() || value < Decimal::ZERO {
            self.add(
                path,
                format!("Enter the {what} as a whole number of units, 0 or more (got {value})."),
            );
        }
    }

    pub fn timestamp(
        &mut self,
        path: &JsonPath,
        value: &str,
        what: &str,
    ) -> Option<OffsetDateTime> {
        let text = self.required(
            path,
            value,
            &format!("Enter the {what} as an ISO 8601 timestamp with its offset, e.g. 2025-03-14T09:30:00Z."),
        )?;
        let parsed = parse_timestamp(text);
        if parsed.is_none() {
            self.add(
                path,
                format!(
                    "\"{text}\" is not an ISO 8601 timestamp with an offset: write the {what} like \
                     2025-03-14T09:30:00Z or 2025-03-14T10:30:00+01:00."
                ),
            );
        }
        parsed
    }

    /// An optional HS code. Blank counts as not sent: order systems often send `""` for
    /// "not classified", and the service then classifies the product itself.
    pub fn hs_code(&mut self, path: &JsonPath, value: Option<&str>) {
        let Some(text) = value.map(str::trim).filter(|text| !text.is_empty()) else {
            return;
        };
        if !is_hs_code_format(text) {
            self.add(
                path,
                format!(
                    "\"{text}\" is not an HS code: enter 6 to 10 digits, optionally grouped with dots \
                     or spaces (e.g. 6109.10 or 6109.10.0012), or leave it out."
                ),
            );
        }
    }

    /// SPEC 8: at most 4 KB once serialized.
    pub fn custom_properties(&mut self, path: &JsonPath, value: Option<&CustomProperties>) {
        let Some(map) = value else { return };
        match serde_json::to_string(map) {
            Ok(json) if json.len() > CUSTOM_PROPERTIES_MAX_BYTES => self.add(
                path,
                format!(
                    "Shorten the custom properties: they take {} bytes as JSON and at most {} are allowed.",
                    json.len(),
                    CUSTOM_PROPERTIES_MAX_BYTES
                ),
            ),
            Ok(_) => {}
            Err(error) => self.add(path, format!("The custom properties cannot be written as JSON ({error}).")),
        }
    }

    /// Reports every element of the array at `list` whose `key` (its value in `values`, in
    /// order; trimmed, blanks skipped) already appeared, naming the element where it was first
    /// used. `fix` finishes the sentence: "give each shipment its own ID."
    pub fn unique<'a>(
        &mut self,
        list: &JsonPath<'_>,
        key: &str,
        values: impl IntoIterator<Item = &'a str>,
        what: &str,
        fix: &str,
    ) {
        let values = values.into_iter();
        // Sized once: growing it was a fifth of checking a typical cart.
        let mut first_seen: HashMap<&str, usize> = HashMap::with_capacity(values.size_hint().0);
        for (index, value) in values.enumerate() {
            let value = value.trim();
            if value.is_empty() {
                continue;
            }
            match first_seen.get(value) {
                Some(&first) => {
                    let (first, here) = (list.index(first), list.index(index));
                    let message = format!(
                        "The {what} \"{value}\" is already used at {}: {fix}",
                        first.key(key)
                    );
                    self.add(&here.key(key), message);
                }
                None => {
                    first_seen.insert(value, index);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_need_an_offset() {
        let utc = parse_timestamp("2025-03-14T09:30:00Z").unwrap();
        let paris = parse_timestamp("2025-03-14T10:30:00+01:00").unwrap();
        assert_eq!(utc, paris);
        assert_eq!(utc.unix_timestamp(), 1_741_944_600);
        let fraction = parse_timestamp("2025-03-14T09:30:00.250Z").unwrap();
        assert_eq!(fraction.millisecond(), 250);
        assert_eq!(parse_timestamp("20250314T093000Z"), Some(utc));
        assert_eq!(parse_timestamp(" 2025-03-14T09:30:00Z "), Some(utc));
        for bad in [
            "2025-03-14T09:30:00",
            "2025-03-14",
            "2025-02-30T09:30:00Z",
            "2025-03-14T25:00:00Z",
            "14/03/2025 09:30",
            "",
        ] {
            assert!(parse_timestamp(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn hs_codes_are_six_to_ten_digits() {
        for good in [
            "610910",
            "6109.10",
            "6109 10 00",
            "6109.10.0012",
            "8471300000",
        ] {
            assert!(is_hs_code_format(good), "{good}");
        }
        for bad in [
            "61091",
            "61091000123",
            "6109-10",
            "ABCDEF",
            "6109.10.",
            "",
            " ",
        ] {
            assert!(!is_hs_code_format(bad), "{bad}");
        }
    }

    #[test]
    fn duplicates_name_the_first_use() {
        let mut problems = Problems::new();
        let root = JsonPath::root();
        problems.unique(
            &root.key("shipments"),
            "shipment_id",
            ["A", " A ", "", "", "B", "A"],
            "shipment ID",
            "give each shipment its own ID.",
        );
        let errors = problems.into_vec();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].field, "shipments[1].shipment_id");
        assert!(errors[0].error.contains("at shipments[0].shipment_id:"));
        assert_eq!(errors[1].field, "shipments[5].shipment_id");
    }
}
