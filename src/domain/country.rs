//! Countries (ISO 3166-1 alpha-2) and the US/Canadian subdivisions (ISO 3166-2) that addresses
//! to those countries must name.

#[path = "country_table.rs"]
mod country_table;
#[path = "subdivision_table.rs"]
mod subdivision_table;

use std::fmt;

use country_table::COUNTRIES;
use subdivision_table::SUBDIVISIONS;

/// The assigned codes as bits: bit `second letter` of the word of the first letter, built from
/// the table when compiling, so that parsing a code (every item of every quote) is one look-up.
const ASSIGNED: [u32; 26] = {
    let mut bits = [0u32; 26];
    let mut i = 0;
    while i < COUNTRIES.len() {
        let code = COUNTRIES[i].0.as_bytes();
        bits[(code[0] - b'A') as usize] |= 1 << (code[1] - b'A');
        i += 1;
    }
    bits
};

/// An assigned ISO 3166-1 alpha-2 country code, always upper case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountryCode([u8; 2]);

impl CountryCode {
    /// Accepts an assigned code in either case (`de` or `DE`); anything else is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        // Every code is two ASCII letters, so no allocation is needed to compare (this runs
        // for every item of every quote).
        let [a, b] = *text.trim().as_bytes() else {
            return None;
        };
        let code = [a.to_ascii_uppercase(), b.to_ascii_uppercase()];
        let (Some(first), Some(second)) = (code[0].checked_sub(b'A'), code[1].checked_sub(b'A'))
        else {
            return None;
        };
        let row = ASSIGNED.get(usize::from(first))?;
        (second < 26 && row & (1 << second) != 0).then_some(Self(code))
    }

    pub fn as_str(&self) -> &str {
        // Only ever built from the ASCII table above.
        std::str::from_utf8(&self.0).unwrap_or("??")
    }

    /// English short name, e.g. "Germany".
    pub fn name(&self) -> &'static str {
        self.index()
            .and_then(|at| COUNTRIES.get(at))
            .map_or("", |(_, name)| name)
    }

    /// Where the code is in the (sorted) table.
    fn index(&self) -> Option<usize> {
        COUNTRIES
            .binary_search_by(|(known, _)| known.as_bytes().cmp(&self.0[..]))
            .ok()
    }

    /// Whether addresses to this country must name a province/state and a postal code (SPEC 2.2).
    pub fn requires_province_and_postal_code(&self) -> bool {
        matches!(self.as_str(), "US" | "CA")
    }

    /// Every assigned code with its name, sorted by code (for pickers).
    pub fn all() -> impl Iterator<Item = (CountryCode, &'static str)> {
        COUNTRIES
            .iter()
            .filter_map(|(code, name)| Some((CountryCode::parse(code)?, *name)))
    }
}

impl fmt::Display for CountryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A US state, district or outlying area, or a Canadian province or territory (ISO 3166-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Subdivision {
    /// Full ISO 3166-2 code, e.g. `CA-QC`.
    code: &'static str,
    name: &'static str,
    kind: &'static str,
}

impl Subdivision {
    /// Finds a subdivision of `country` from its short code (`QC`), full code (`CA-QC`) or
    /// English name (`Quebec`), in any case. `None` for countries other than US and CA.
    pub fn parse(country: CountryCode, text: &str) -> Option<Self> {
        let text = text.trim();
        let country = country.as_str();
        // Compared in place, case ignored: every quote parses the provinces of its addresses,
        // and three new strings each time were most of the work.
        let short = text
            .split_at_checked(country.len() + 1)
            .filter(|(head, _)| {
                head.strip_suffix('-')
                    .is_some_and(|c| c.eq_ignore_ascii_case(country))
            })
            .map_or(text, |(_, short)| short);
        // A code is looked up in the sorted table; no name is two letters, so none is a code.
        let mut full = [0u8; 8];
        let len = country.len() + 1 + short.len();
        let by_code = full.get_mut(..len).and_then(|full| {
            let (prefix, rest) = full.split_at_mut(country.len());
            let (dash, own) = rest.split_first_mut()?;
            prefix.copy_from_slice(country.as_bytes());
            *dash = b'-';
            own.copy_from_slice(short.as_bytes());
            own.make_ascii_uppercase();
            SUBDIVISIONS
                .binary_search_by(|(code, ..)| code.as_bytes().cmp(full))
                .ok()
        });
        by_code
            .and_then(|at| SUBDIVISIONS.get(at))
            .or_else(|| {
                SUBDIVISIONS.iter().find(|(code, name, _)| {
                    code.strip_prefix(country)
                        .is_some_and(|rest| rest.starts_with('-'))
                        && name.eq_ignore_ascii_case(text)
                })
            })
            .map(|&(code, name, kind)| Self { code, name, kind })
    }

    /// Short code without the country, e.g. `QC`.
    pub fn code(&self) -> &'static str {
        self.code.get(3..).unwrap_or(self.code)
    }

    /// Full ISO 3166-2 code, e.g. `CA-QC`.
    pub fn iso_code(&self) -> &'static str {
        self.code
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// `state`, `province`, `territory`, `district` or `outlying area`.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// Every subdivision of `country` (empty for countries other than US and CA).
    pub fn of(country: CountryCode) -> impl Iterator<Item = Subdivision> {
        let prefix = format!("{}-", country.as_str());
        SUBDIVISIONS
            .iter()
            .filter(move |(code, _, _)| code.starts_with(&prefix))
            .map(|&(code, name, kind)| Self { code, name, kind })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn country_codes_are_checked_against_iso_3166() {
        assert_eq!(CountryCode::parse("de").map(|c| c.name()), Some("Germany"));
        assert!(CountryCode::parse("XX").is_none());
        assert!(CountryCode::parse("DEU").is_none());
        assert_eq!(CountryCode::all().count(), 249);
        // Every pair of letters, digits and symbols: parsed exactly when the table has it.
        let known: Vec<&str> = COUNTRIES.iter().map(|(code, _)| *code).collect();
        for a in b'0'..=b'z' {
            for b in b'0'..=b'z' {
                let text = String::from_utf8(vec![a, b]).unwrap();
                let upper = text.to_ascii_uppercase();
                assert_eq!(
                    CountryCode::parse(&text).is_some(),
                    known.contains(&upper.as_str()),
                    "{text:?}"
                );
            }
        }
        assert!(
            COUNTRIES.windows(2).all(|w| w[0].0 < w[1].0),
            "table must stay sorted"
        );
    }

    #[test]
    fn subdivisions_parse_from_code_full_code_or_name() {
        let ca = CountryCode::parse("CA").unwrap();
        let us = CountryCode::parse("US").unwrap();
        assert_eq!(Subdivision::parse(ca, "qc").map(|s| s.code()), Some("QC"));
        assert_eq!(
            Subdivision::parse(ca, "CA-ON").map(|s| s.name()),
            Some("Ontario")
        );
        assert_eq!(
            Subdivision::parse(us, "New York").map(|s| s.iso_code()),
            Some("US-NY")
        );
        assert!(Subdivision::parse(us, "QC").is_none());
        assert_eq!(
            Subdivision::parse(ca, " ca-qc ").map(|s| s.code()),
            Some("QC")
        );
        assert_eq!(Subdivision::parse(us, "ny").map(|s| s.code()), Some("NY"));
        assert_eq!(
            Subdivision::parse(us, "us-NEW YORK").map(|s| s.code()),
            None,
            "a name does not take the country's prefix"
        );
        for text in ["CA-", "", "CA-CA-QC", "US-QC", "Q", "é-QC", "CA-Québec"] {
            assert!(Subdivision::parse(ca, text).is_none(), "{text}");
        }
        assert!(
            SUBDIVISIONS.windows(2).all(|w| w[0].0 < w[1].0),
            "table must stay sorted: codes are found by binary search"
        );
        for sub in Subdivision::of(us).chain(Subdivision::of(ca)) {
            assert!(
                sub.name().len() > 2,
                "{} could be taken for a code",
                sub.name()
            );
            let country = CountryCode::parse(&sub.iso_code()[..2]).unwrap();
            for text in [sub.code(), sub.iso_code(), sub.name()] {
                assert_eq!(
                    Subdivision::parse(country, text).map(|s| s.iso_code()),
                    Some(sub.iso_code())
                );
                let lower = text.to_lowercase();
                assert_eq!(
                    Subdivision::parse(country, &lower).map(|s| s.iso_code()),
                    Some(sub.iso_code())
                );
            }
        }
        assert_eq!(Subdivision::of(ca).count(), 13);
        assert_eq!(
            Subdivision::of(us).filter(|s| s.kind() == "state").count(),
            50
        );
    }
}
