//! A weight as scales print it (`   0.420 kg`, `-  1.25lb`, `+12`), read exactly into a
//! `Decimal`: the digits the scale sent are the digits kept (`0.420` stays `0.420`).

use rust_decimal::Decimal;

use super::reading::ScaleStatus;

/// Splits `text` into its number and the unit letters after it; spaces anywhere are ignored,
/// since scales pad and place signs as they like.
pub(super) fn split_unit(text: &str) -> (String, String) {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let number_end = text
        .char_indices()
        .rev()
        .find(|(_, c)| !c.is_ascii_alphabetic())
        .map_or(0, |(at, c)| at + c.len_utf8());
    (
        text[..number_end].to_string(),
        text[number_end..].to_string(),
    )
}

/// The number of `text` (already without spaces): an optional sign, digits, at most one point.
pub(super) fn parse_number(text: &str) -> Option<Decimal> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let points = digits.bytes().filter(|b| *b == b'.').count();
    let well_formed = digits.bytes().any(|b| b.is_ascii_digit())
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && points <= 1;
    if !well_formed {
        return None;
    }
    let value = Decimal::from_str_exact(digits).ok()?;
    // A scale's "-0.000" is zero, and is printed as such.
    Some(if negative && !value.is_zero() {
        -value
    } else {
        value
    })
}

/// The status a plain weight stands for when the scale says only whether it moves.
pub(super) fn status_of(weight: Decimal, moving: bool) -> ScaleStatus {
    if moving {
        ScaleStatus::InMotion
    } else if weight < Decimal::ZERO {
        ScaleStatus::UnderZero
    } else if weight == Decimal::ZERO {
        ScaleStatus::StableAtZero
    } else {
        ScaleStatus::Stable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_keep_their_digits_and_lose_their_padding() {
        assert_eq!(split_unit("     0.420 kg"), ("0.420".into(), "kg".into()));
        assert_eq!(split_unit("- 1.25lb"), ("-1.25".into(), "lb".into()));
        assert_eq!(split_unit("^^^^^^"), ("^^^^^^".into(), String::new()));
        assert_eq!(parse_number("0.420").unwrap().to_string(), "0.420");
        assert_eq!(parse_number("-0.010").unwrap().to_string(), "-0.010");
        assert_eq!(parse_number("+12").unwrap().to_string(), "12");
        assert_eq!(parse_number(".5").unwrap().to_string(), "0.5");
        assert_eq!(parse_number("-0.000").unwrap().to_string(), "0.000");
        for bad in ["", "-", ".", "1.2.3", "0.4x0", "1e3", "--1"] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
    }
}
