//! UPU S10 item identifiers (the international postal tracking number): two letters of service
//! indicator, an 8-digit serial, a check digit and the ISO 3166-1 alpha-2 code of the issuing
//! country, e.g. `LX123456785DE`.

use std::fmt;

use crate::domain::CountryCode;

use super::error::LabelError;

/// S10 weights of the eight serial digits, left to right.
const WEIGHTS: [u32; 8] = [8, 6, 4, 2, 3, 5, 9, 7];
/// Serials have exactly eight digits.
const SERIAL_LIMIT: u32 = 100_000_000;

/// A UPU S10 tracking code whose check digit and country are known to be right.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TrackingCode(String);

impl TrackingCode {
    /// Builds the code for `serial` (< 10^8) under a two-letter `service_indicator` (A-Z, either
    /// case) issued by `country`.
    pub fn s10(
        service_indicator: &str,
        serial: u32,
        country: CountryCode,
    ) -> Result<TrackingCode, LabelError> {
        let indicator = service_indicator.to_ascii_uppercase();
        if indicator.len() != 2 || !indicator.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(LabelError::ServiceIndicator(service_indicator.to_owned()));
        }
        if serial >= SERIAL_LIMIT {
            return Err(LabelError::SerialOutOfRange(serial));
        }
        let digits = format!("{serial:08}");
        let check = check_digit(&digits).ok_or(LabelError::SerialOutOfRange(serial))?;
        Ok(TrackingCode(format!("{indicator}{digits}{check}{country}")))
    }

    /// Reads a code as printed or scanned: either case, spaces allowed between groups
    /// (`lx 123 456 785 de`). `None` unless the check digit and the country are right.
    pub fn parse(text: &str) -> Option<TrackingCode> {
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        if compact.len() != 13 || !compact.is_ascii() {
            return None;
        }
        let indicator = compact.get(0..2)?;
        let serial = compact.get(2..10)?;
        let check = compact.get(10..11)?;
        let country = compact.get(11..13)?;
        if !indicator.bytes().all(|b| b.is_ascii_uppercase()) {
            return None;
        }
        CountryCode::parse(country)?;
        let expected = check_digit(serial)?;
        (check.parse::<u32>().ok()? == expected).then_some(TrackingCode(compact))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TrackingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// S10 check digit of eight ASCII digits: weighted sum mod 11, then 11 - r, except that
/// r = 0 gives 5 and r = 1 gives 0 (a single digit must come out).
fn check_digit(serial: &str) -> Option<u32> {
    if serial.len() != WEIGHTS.len() {
        return None;
    }
    let mut sum = 0;
    for (c, weight) in serial.chars().zip(WEIGHTS) {
        sum += c.to_digit(10)? * weight;
    }
    Some(match 11 - sum % 11 {
        11 => 5,
        10 => 0,
        check => check,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn country(code: &str) -> CountryCode {
        CountryCode::parse(code).unwrap()
    }

    #[test]
    fn check_digits_match_hand_computed_examples() {
        // 4 7 3 1 2 4 8 2 · 8 6 4 2 3 5 9 7 = 32+42+12+2+6+20+72+14 = 200; 200 mod 11 = 2;
        // 11 - 2 = 9. (The UPU S10 example item "EE 47312482 9 GB" has the same digit.)
        let code = TrackingCode::s10("EE", 47_312_482, country("GB")).unwrap();
        assert_eq!(code.as_str(), "EE473124829GB");
        // 1 2 3 4 5 6 7 8: 8+12+12+8+15+30+63+56 = 204; 204 mod 11 = 6; 11 - 6 = 5.
        let code = TrackingCode::s10("lx", 12_345_678, country("DE")).unwrap();
        assert_eq!(code.as_str(), "LX123456785DE");
        // 0 0 0 0 0 0 0 0: sum 0, r = 0 -> 11 -> 5.
        assert_eq!(check_digit("00000000"), Some(5));
        // 0 0 0 0 0 0 0 1: sum 7, r = 7 -> 4.
        assert_eq!(check_digit("00000001"), Some(4));
        // 0 0 0 0 0 0 0 3: sum 21, r = 10 -> 1.
        assert_eq!(check_digit("00000003"), Some(1));
        // 0 0 0 0 0 0 0 5: sum 35, r = 2 -> 9; 0 0 0 0 0 0 0 8: sum 56, r = 1 -> 10 -> 0.
        assert_eq!(check_digit("00000005"), Some(9));
        assert_eq!(check_digit("00000008"), Some(0));
        // 0 0 0 0 0 0 1 0: sum 9, r = 9 -> 2.
        assert_eq!(check_digit("00000010"), Some(2));
    }

    #[test]
    fn builder_rejects_bad_indicators_and_serials() {
        let de = country("DE");
        assert!(matches!(
            TrackingCode::s10("L1", 1, de),
            Err(LabelError::ServiceIndicator(_))
        ));
        assert!(TrackingCode::s10("LXX", 1, de).is_err());
        assert!(TrackingCode::s10("É", 1, de).is_err());
        assert!(matches!(
            TrackingCode::s10("LX", 100_000_000, de),
            Err(LabelError::SerialOutOfRange(100_000_000))
        ));
        let small = TrackingCode::s10("RR", 42, de).unwrap();
        assert_eq!(small.as_str().len(), 13);
        assert!(small.as_str().starts_with("RR00000042"));
    }

    #[test]
    fn parse_verifies_the_check_digit_and_country() {
        assert_eq!(
            TrackingCode::parse("LX123456785DE").map(|c| c.to_string()),
            Some("LX123456785DE".to_owned())
        );
        assert_eq!(
            TrackingCode::parse(" lx 123 456 785 de ").map(|c| c.to_string()),
            Some("LX123456785DE".to_owned())
        );
        for wrong in 0..10 {
            if wrong != 5 {
                let text = format!("LX12345678{wrong}DE");
                assert!(TrackingCode::parse(&text).is_none(), "{text}");
            }
        }
        assert!(
            TrackingCode::parse("LX123456785XX").is_none(),
            "unknown country"
        );
        assert!(TrackingCode::parse("L1123456785DE").is_none());
        assert!(TrackingCode::parse("LX12345678DE").is_none());
        assert!(TrackingCode::parse("LX1234567850DE").is_none());
        assert!(TrackingCode::parse("LX12345678ÉDE").is_none());
        // Every code the builder makes parses back to itself.
        for serial in [0, 1, 9_999_999, 47_312_482, 99_999_999] {
            let code = TrackingCode::s10("CP", serial, country("CA")).unwrap();
            assert_eq!(TrackingCode::parse(code.as_str()), Some(code));
        }
    }
}
