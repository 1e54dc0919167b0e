//! Exact JSON numbers for money and measures.
//!
//! serde_json's `arbitrary_precision` feature keeps the digits of a number as text, so a
//! `Decimal` goes to and from JSON without ever passing through `f64` (`10.005` stays `10.005`).
//! Use with `#[serde(with = "crate::api::num")]`, or `num::opt` for `Option<Decimal>`.

use std::borrow::Cow;
use std::fmt;

use rust_decimal::Decimal;
use serde::de::{self, Error as _, MapAccess, Visitor};
use serde::ser::{Error as _, SerializeStruct as _};
use serde::{Deserialize, Deserializer, Serializer};

/// Parses the text of a JSON number exactly; scientific notation is accepted.
pub fn parse(text: &str) -> Option<Decimal> {
    if text.contains(['e', 'E']) {
        Decimal::from_scientific(text).ok()
    } else {
        Decimal::from_str_exact(text).ok()
    }
}

/// The name under which serde_json's `arbitrary_precision` passes a `Number`: a struct of one
/// field holding the digits, which its serializers write as they are (and its deserializers
/// hand over as a map of that one entry). `Number::serialize` does exactly this; going through
/// it cost a parse of the digits and two allocations per amount, a tenth of answering a quote.
/// A test holds the two to the same output.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
    let digits = Digits::of(value).map_err(S::Error::custom)?;
    let mut number = serializer.serialize_struct(NUMBER_TOKEN, 1)?;
    number.serialize_field(NUMBER_TOKEN, digits.as_str())?;
    number.end()
}

/// Appends `value`'s JSON number, the text [`serialize`] gives it, to `out`
/// (`api::answer_json`, which writes an answer without serde). Written piece by piece straight
/// into `out`: going through [`Digits`] copied each number twice and checked it for UTF-8.
pub(crate) fn write(out: &mut Vec<u8>, value: &Decimal) {
    pieces(value, |piece| out.extend_from_slice(piece));
}

/// The text `Decimal`'s `Display` gives (`1.20`, `0.05`, `-3`), handed to `put` in pieces,
/// from the mantissa written by `itoa`: `Display` divides the 96-bit mantissa by ten once per
/// digit and goes through `fmt`, and was a third of serializing an answer. A test holds the two
/// to the same text.
fn pieces(value: &Decimal, mut put: impl FnMut(&[u8])) {
    let mut itoa = itoa::Buffer::new();
    let mantissa = value.mantissa().unsigned_abs();
    let significant = if mantissa == 0 {
        ""
    } else if let Ok(small) = u64::try_from(mantissa) {
        // Nearly every amount: 64-bit division is several times faster than 128-bit.
        itoa.format(small)
    } else {
        itoa.format(mantissa)
    }
    .as_bytes();
    let scale = value.scale() as usize;
    if value.is_sign_negative() {
        put(b"-");
    }
    if scale == 0 {
        put(if significant.is_empty() {
            b"0"
        } else {
            significant
        });
    } else if significant.len() > scale {
        let (whole, fraction) = significant.split_at(significant.len() - scale);
        put(whole);
        put(b".");
        put(fraction);
    } else {
        // Below one: a leading zero, then the fraction padded with zeros to the scale.
        put(b"0.");
        for _ in significant.len()..scale {
            put(b"0");
        }
        put(significant);
    }
}

/// A decimal's text, on the stack: at most a sign, 29 digits, a point and a leading zero.
#[derive(Default)]
struct Digits {
    bytes: [u8; 32],
    len: usize,
}

impl Digits {
    fn of(value: &Decimal) -> Result<Digits, fmt::Error> {
        let mut digits = Digits::default();
        let mut fits = true;
        pieces(value, |piece| {
            fits &= digits.push(piece).is_ok();
        });
        if fits { Ok(digits) } else { Err(fmt::Error) }
    }

    fn as_str(&self) -> &str {
        // Only the ASCII of `pieces` is ever written.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }

    fn push(&mut self, text: &[u8]) -> fmt::Result {
        let end = self.len + text.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(text);
        self.len = end;
        Ok(())
    }
}

/// Reads a JSON number's digits straight into a `Decimal`. serde_json (`arbitrary_precision`)
/// hands a number to a visitor as a map of one entry, [`NUMBER_TOKEN`] and the digits;
/// `serde_json::Number`'s own visitor parsed those digits a second time into a new string.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
    deserializer.deserialize_any(DecimalVisitor)
}

struct DecimalVisitor;

impl<'de> Visitor<'de> for DecimalVisitor {
    type Value = Decimal;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON number")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Decimal, E> {
        Ok(Decimal::from(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Decimal, E> {
        Ok(Decimal::from(value))
    }

    fn visit_u128<E: de::Error>(self, value: u128) -> Result<Decimal, E> {
        i128::try_from(value)
            .map_err(|_| E::custom(too_large(value)))
            .and_then(|value| self.visit_i128(value))
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<Decimal, E> {
        Decimal::try_from_i128_with_scale(value, 0).map_err(|_| E::custom(too_large(value)))
    }

    /// A `serde_json::Value` hands a number over as an `f64` only when the `f64`'s shortest
    /// text is the number's own, so its text is exact.
    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Decimal, E> {
        parse(&value.to_string()).ok_or_else(|| E::custom(too_large(value)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Decimal, A::Error> {
        match map.next_key::<Cow<'de, str>>()? {
            Some(key) if key == NUMBER_TOKEN => {}
            _ => return Err(A::Error::invalid_type(de::Unexpected::Map, &self)),
        }
        let digits: String = map.next_value()?;
        parse(&digits).ok_or_else(|| A::Error::custom(too_large(digits)))
    }
}

fn too_large(number: impl fmt::Display) -> String {
    format!("the number {number} is too large or too precise (at most 28 significant digits)")
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

    /// The text of `value`, as `serialize` and `write` give it (the two held equal).
    fn digits(value: Decimal) -> String {
        let mut written = Vec::new();
        super::write(&mut written, &value);
        let digits = super::Digits::of(&value).unwrap().as_str().to_owned();
        assert_eq!(String::from_utf8(written).unwrap(), digits);
        digits
    }

    #[test]
    fn digits_are_the_text_display_gives_at_the_edges() {
        for scale in 0..=28 {
            for negative in [false, true] {
                for (lo, mid, hi) in [
                    (0, 0, 0),
                    (1, 0, 0),
                    (10, 0, 0),
                    (u32::MAX, u32::MAX, u32::MAX),
                ] {
                    let value = Decimal::from_parts(lo, mid, hi, negative, scale);
                    assert_eq!(digits(value), value.to_string(), "{lo} {mid} {hi} {scale}");
                }
            }
        }
        assert_eq!(
            digits(-Decimal::new(0, 2)),
            (-Decimal::new(0, 2)).to_string()
        );
        assert_eq!(digits(Decimal::from_parts(5, 0, 0, false, 2)), "0.05");
        assert_eq!(digits(Decimal::from_parts(120, 0, 0, false, 2)), "1.20");
    }

    proptest::proptest! {
        #[test]
        fn digits_are_the_text_display_gives(
            lo: u32, mid: u32, hi: u32, negative: bool, scale in 0u32..=28
        ) {
            let value = Decimal::from_parts(lo, mid, hi, negative, scale);
            proptest::prop_assert_eq!(digits(value), value.to_string());
        }
    }

    #[derive(serde::Deserialize, Debug)]
    struct Read(#[serde(with = "super")] Decimal);

    #[test]
    fn amounts_read_exactly_from_json_text_and_from_values() {
        for text in [
            "0",
            "1.10",
            "-0.01",
            "10.005",
            "1e2",
            "2.5E-3",
            "79228162514264337593543950335",
        ] {
            let expected = super::parse(text).unwrap();
            let read: Read = serde_json::from_str(text).unwrap();
            assert_eq!(
                (read.0, read.0.scale()),
                (expected, expected.scale()),
                "{text}"
            );
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                serde_json::from_value::<Read>(value).unwrap().0,
                expected,
                "{text}"
            );
        }
        let too_precise = serde_json::from_str::<Read>("0.00000000000000000000000000001");
        assert!(
            too_precise
                .unwrap_err()
                .to_string()
                .contains("too large or too precise")
        );
        for not_a_number in ["\"1.5\"", "{\"a\": 1}", "null", "[1]"] {
            let err = serde_json::from_str::<Read>(not_a_number).unwrap_err();
            assert!(
                err.to_string().contains("a JSON number"),
                "{not_a_number}: {err}"
            );
        }
    }
}
