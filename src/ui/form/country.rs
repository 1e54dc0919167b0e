//! A country as typed into a form: its ISO code, or its English name in any case.

use crate::domain::CountryCode;

/// A country as its code: a code in either case, or an English name (`Canada`).
pub fn country_code(text: &str) -> String {
    let text = text.trim();
    if let Some(code) = CountryCode::parse(text) {
        return code.to_string();
    }
    CountryCode::all()
        .find(|(_, name)| name.eq_ignore_ascii_case(text))
        .map(|(code, _)| code.to_string())
        .unwrap_or_else(|| text.to_string())
}
