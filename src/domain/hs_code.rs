//! Harmonized System codes as merchants write them: the 6-digit HS code, optionally extended by
//! a national tariff to 8 or 10 digits, often written with dots or spaces (`6109.10.00`).

use std::fmt;

/// A tariff code of 6 to 10 digits, kept as its digits only (`610910` for `6109.10`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HsCode(String);

impl HsCode {
    pub const MIN_DIGITS: usize = 6;
    pub const MAX_DIGITS: usize = 10;

    /// Accepts 6 to 10 digits with dots or spaces between them (`6109.10`, `6109 10 00 10`);
    /// a separator may not start or end the code.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let is_separator = |c: char| c == '.' || c == ' ';
        if text.starts_with(is_separator) || text.ends_with(is_separator) {
            return None;
        }
        if !text.chars().all(|c| c.is_ascii_digit() || is_separator(c)) {
            return None;
        }
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        (Self::MIN_DIGITS..=Self::MAX_DIGITS)
            .contains(&digits.len())
            .then_some(Self(digits))
    }

    /// The digits without separators.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The internationally harmonized first six digits (the heading and subheading).
    pub fn hs6(&self) -> &str {
        self.0.get(..Self::MIN_DIGITS).unwrap_or(&self.0)
    }

    /// The two-digit chapter (`61` for knitted apparel).
    pub fn chapter(&self) -> &str {
        self.0.get(..2).unwrap_or(&self.0)
    }
}

impl fmt::Display for HsCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_are_removed_and_length_is_checked() {
        let code = HsCode::parse(" 6109.10.00 ").unwrap();
        assert_eq!(code.as_str(), "61091000");
        assert_eq!(code.hs6(), "610910");
        assert_eq!(code.chapter(), "61");
        assert_eq!(
            HsCode::parse("6109 10 00 10").unwrap().as_str(),
            "6109100010"
        );
        assert!(HsCode::parse("61091").is_none());
        assert!(HsCode::parse("61091000101").is_none());
        assert!(HsCode::parse(".610910").is_none());
        assert!(HsCode::parse("6109-10").is_none());
    }
}
