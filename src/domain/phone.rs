//! Phone numbers in international form, as carriers print them on labels.

use std::fmt;

/// A phone number with its country code, kept as `+` and its digits (`+4930123456`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// E.164 allows at most 15 digits; fewer than 7 cannot hold a country code and a number.
    pub const MIN_DIGITS: usize = 7;
    pub const MAX_DIGITS: usize = 15;

    /// Accepts `+` followed by the country code (never starting with 0) and the number, with
    /// spaces, dashes or parentheses between the digits: `+1 (514) 555-0199`.
    pub fn parse(text: &str) -> Option<Self> {
        let rest = text.trim().strip_prefix('+')?;
        if !rest
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')'))
        {
            return None;
        }
        let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
        let count_ok = (Self::MIN_DIGITS..=Self::MAX_DIGITS).contains(&digits.len());
        (count_ok && !digits.starts_with('0')).then(|| Self(format!("+{digits}")))
    }

    /// `+` and the digits, without separators.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PhoneNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_a_plus_and_seven_to_fifteen_digits() {
        assert_eq!(
            PhoneNumber::parse("+1 (514) 555-0199").unwrap().as_str(),
            "+15145550199"
        );
        assert!(PhoneNumber::parse("+49 30 1234567").is_some());
        assert!(PhoneNumber::parse("514 555 0199").is_none());
        assert!(PhoneNumber::parse("+123456").is_none());
        assert!(PhoneNumber::parse("+1234567890123456").is_none());
        assert!(PhoneNumber::parse("+0 30 1234567").is_none());
        assert!(PhoneNumber::parse("+49/30/1234567").is_none());
    }
}
