//! Exact JSON numbers for money and measures.
//!
//! serde_json's `arbitrary_precision` feature keeps the digits of a number as text, so a
//! `Decimal` goes to and from JSON without ever passing through `f64` (`10.005` stays `10.005`).
//! Use with `#[serde(with = "crate::api::num")]`, or `num::opt` for `Option<Decimal>`.

use std::fmt::{self, Write as _};

use rust_decimal::Decimal;
use serde::ser::{Error as _, SerializeStruct as _};
use serde::{Deserialize, Deserializer, Serializer, de::Error as _};

/// Parses the text of a JSON number exactly; scientific notation is accepted.
pub fn parse(text: &str) -> Option<Decimal> {
    if text.contains(['e', 'E']) {
        Decimal::from_scientific(text).ok()
    } else {
        Decimal::from_str_exact(text).ok()
    }
}

/// The name under which serde_json's `arbitrary_precision` serializes a `Number`: a struct of
/// one field holding the digits, which its serializers write as they are. `Number::serialize`
/// does exactly this; going through it cost a parse of the digits and two allocations per
/// amount, a tenth of answering a quote. A test holds the two to the same output.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
    let mut digits = Digits::default();
    write!(digits, "{value}").map_err(S::Error::custom)?;
    let mut number = serializer.serialize_struct(NUMBER_TOKEN, 1)?;
    number.serialize_field(NUMBER_TOKEN, digits.as_str())?;
    number.end()
}

/// A decimal's text, on the stack: at most a sign, 29 digits, a point and a leading zero.
#[derive(Default)]
struct Digits {
    bytes: [u8; 32],
    len: usize,
}

impl Digits {
    fn as_str(&self) -> &str {
        // Only whole `&str`s are ever written (`write_str`).
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for Digits {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let end = self.len + text.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
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

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use rust_decimal::Decimal;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Amount(#[serde(with = "super")] Decimal);

    #[test]
    fn amounts_serialize_as_serde_json_numbers_of_their_digits() {
        let texts = [
            "0",
            "1.10",
            "-0.01",
            "10.005",
            "123456789.123456789",
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
            "0.0000000000000000000000000001",
            "-0.0000000000000000000000000001",
        ];
        for text in texts {
            let value = Decimal::from_str_exact(text).unwrap();
            // What `serde_json::Number`'s own `Serialize` writes for the same digits.
            let number = serde_json::Number::from_str(&value.to_string()).unwrap();
            assert_eq!(
                serde_json::to_string(&Amount(value)).unwrap(),
                serde_json::to_string(&number).unwrap(),
                "{text}"
            );
            assert_eq!(serde_json::to_string(&Amount(value)).unwrap(), text);
            assert_eq!(
                serde_json::to_value(Amount(value)).unwrap(),
                serde_json::Value::Number(number),
                "{text}"
            );
        }
    }
}
