//! Postal codes, checked against the country's format where the service relies on it (US, CA).

use std::fmt;

use super::country::CountryCode;

/// A postal code of a country; US and Canadian codes are known to match their national format.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PostalCode(String);

impl PostalCode {
    /// US: `12345` or `12345-6789`. CA: `A1A 1A1` with or without the space, in either case,
    /// using only the letters Canada Post assigns. Other countries: any non-blank text, trimmed.
    pub fn parse(country: CountryCode, text: &str) -> Option<Self> {
        let text = text.trim();
        match country.as_str() {
            "US" => is_us_zip(text).then(|| Self(text.to_string())),
            "CA" => canadian(text).map(Self),
            _ => (!text.is_empty()).then(|| Self(text.to_string())),
        }
    }

    /// Whether `parse` checks a national format for this country.
    pub fn has_known_format(country: CountryCode) -> bool {
        matches!(country.as_str(), "US" | "CA")
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PostalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn is_us_zip(text: &str) -> bool {
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    match text.split_once('-') {
        None => text.len() == 5 && all_digits(text),
        Some((zip, plus4)) => {
            zip.len() == 5 && all_digits(zip) && plus4.len() == 4 && all_digits(plus4)
        }
    }
}

/// Normalises to `A1A 1A1`. Canada Post never uses D, F, I, O, Q, U, and W or Z never lead.
fn canadian(text: &str) -> Option<String> {
    let upper = text.to_ascii_uppercase();
    let compact: Vec<char> = match (upper.len(), upper.as_bytes().get(3)) {
        (6, _) => upper.chars().collect(),
        (7, Some(b' ')) => upper.chars().filter(|c| *c != ' ').collect(),
        _ => return None,
    };
    if compact.len() != 6 {
        return None;
    }
    const NEVER: &str = "DFIOQU";
    let letter_ok = |c: char, leading: bool| {
        c.is_ascii_uppercase() && !NEVER.contains(c) && !(leading && "WZ".contains(c))
    };
    let shape_ok = compact.iter().enumerate().all(|(i, &c)| {
        if i % 2 == 0 {
            letter_ok(c, i == 0)
        } else {
            c.is_ascii_digit()
        }
    });
    if !shape_ok {
        return None;
    }
    let (fsa, ldu) = compact.split_at(3);
    Some(format!(
        "{} {}",
        fsa.iter().collect::<String>(),
        ldu.iter().collect::<String>()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn country(code: &str) -> CountryCode {
        CountryCode::parse(code).unwrap()
    }

    #[test]
    fn us_zip_codes_have_five_or_nine_digits() {
        let us = country("US");
        assert!(PostalCode::parse(us, "10001").is_some());
        assert!(PostalCode::parse(us, "10001-1234").is_some());
        for bad in ["1000", "100011", "10001-123", "10001 1234", "ABCDE", ""] {
            assert!(PostalCode::parse(us, bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn canadian_codes_are_normalised() {
        let ca = country("CA");
        assert_eq!(PostalCode::parse(ca, "h2x1y4").unwrap().as_str(), "H2X 1Y4");
        assert_eq!(
            PostalCode::parse(ca, "K1A 0B1").unwrap().as_str(),
            "K1A 0B1"
        );
        for bad in [
            "K1A0B", "K1A  0B1", "K1 A0B1", "D1A 0B1", "W1A 0B1", "K1O 0B1", "12345",
        ] {
            assert!(PostalCode::parse(ca, bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn other_countries_need_only_text() {
        assert!(PostalCode::parse(country("DE"), "10115").is_some());
        assert!(PostalCode::parse(country("GB"), "SW1A 1AA").is_some());
        assert!(PostalCode::parse(country("DE"), "  ").is_none());
    }
}
