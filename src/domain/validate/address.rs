//! Addresses: the direct API's ShipTo/ShipFrom/billing shape (SPEC 2.2, 2.3) and the label
//! endpoint's address (SPEC 2.18). Both are used by the request checks and the app's forms.

use super::common::Problems;
use super::path::JsonPath;
use crate::api::{Address, FieldError, LabelAddress};
use crate::domain::{CountryCode, PhoneNumber, PostalCode, Subdivision};

/// Every problem of a ShipTo/ShipFrom/billing address, paths below `prefix` (e.g. `ship_to`).
/// `require_region`: the address is a destination, so US and CA need province and postal code
/// (SPEC 2.2). Whatever is sent for a US or CA address must be real even when not required.
pub fn address(addr: &Address, prefix: &str, require_region: bool) -> Vec<FieldError> {
    let mut problems = Problems::new();
    address_at(
        &mut problems,
        &JsonPath::from_prefix(prefix),
        addr,
        require_region,
    );
    problems.into_vec()
}

/// [`address`] at `base`, its problems added to `problems`.
pub(super) fn address_at(
    problems: &mut Problems,
    base: &JsonPath<'_>,
    addr: &Address,
    require_region: bool,
) {
    let country = problems.country(&base.key("country_code"), &addr.country_code);
    if let Some(country) = country.filter(CountryCode::requires_province_and_postal_code) {
        let province = base.key("province");
        match blank_to_none(addr.province.as_deref()) {
            Some(text) => check_subdivision(problems, &province, country, text, false),
            None if require_region => {
                let (noun, examples, name) = region_words(country);
                problems.add(
                    &province,
                    format!(
                        "Enter the {noun}: it is required when the destination is {name} (e.g. {examples})."
                    ),
                );
            }
            None => {}
        }
        let postal = base.key("postal_code");
        match blank_to_none(addr.postal_code.as_deref()) {
            Some(text) => check_postal_code(problems, &postal, country, text),
            None if require_region => {
                let (noun, sample) = postal_words(country);
                let name = region_words(country).2;
                problems.add(
                    &postal,
                    format!("Enter the {noun}: it is required when the destination is {name} ({sample})."),
                );
            }
            None => {}
        }
    }
}

/// Every problem of one label address, paths below `prefix` (e.g. `toAddress`). Carriers print
/// every field but `line2`, so all others are required; US and CA provinces must be codes.
pub fn label_address(addr: &LabelAddress, prefix: &str) -> Vec<FieldError> {
    let base = JsonPath::from_prefix(prefix);
    let mut problems = Problems::new();
    problems.required(
        &base.key("firstName"),
        &addr.first_name,
        "Enter the first name of the person at this address.",
    );
    problems.required(
        &base.key("lastName"),
        &addr.last_name,
        "Enter the last name of the person at this address.",
    );
    let phone = base.key("phoneNumber");
    if let Some(text) = problems.required(
        &phone,
        &addr.phone_number,
        "Enter a phone number with its country code (e.g. +1 514 555 0199): carriers call it if delivery fails.",
    ) && PhoneNumber::parse(text).is_none()
    {
        problems.add(
            &phone,
            format!(
                "\"{text}\" is not a phone number with its country code: start with + and the country \
                 code, then 7 to 15 digits in all (e.g. +1 514 555 0199, +49 30 1234567)."
            ),
        );
    }
    problems.required(
        &base.key("line1"),
        &addr.line1,
        "Enter the street address (line 1).",
    );
    problems.required(&base.key("city"), &addr.city, "Enter the city.");
    let country = problems.country(&base.key("country"), &addr.country);
    let province = base.key("province");
    let province_text = problems.required(
        &province,
        &addr.province,
        &match country.filter(CountryCode::requires_province_and_postal_code) {
            Some(country) => {
                let (noun, examples, _) = region_words(country);
                format!("Enter the {noun} code (e.g. {examples}): it is printed on the label.")
            }
            None => "Enter the state, province or region: it is printed on the label.".to_string(),
        },
    );
    let zipcode = base.key("zipcode");
    let zipcode_text = problems.required(
        &zipcode,
        &addr.zipcode,
        "Enter the ZIP or postal code: it is printed on the label.",
    );
    if let Some(country) = country.filter(CountryCode::requires_province_and_postal_code) {
        if let Some(text) = province_text {
            check_subdivision(&mut problems, &province, country, text, true);
        }
        if let Some(text) = zipcode_text {
            check_postal_code(&mut problems, &zipcode, country, text);
        }
    }
    problems.into_vec()
}

fn blank_to_none(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|text| !text.is_empty())
}

/// `code_only`: labels print the code, so a name (`Quebec`) is not enough there.
fn check_subdivision(
    problems: &mut Problems,
    path: &JsonPath,
    country: CountryCode,
    text: &str,
    code_only: bool,
) {
    let (noun, examples, name) = region_words(country);
    match Subdivision::parse(country, text) {
        None => problems.add(
            path,
            format!(
                "\"{text}\" is not a {noun} of {name}: enter its two-letter code (e.g. {examples})."
            ),
        ),
        Some(found) => {
            let upper = text.to_ascii_uppercase();
            if code_only && upper != found.code() && upper != found.iso_code() {
                problems.add(
                    path,
                    format!(
                        "Enter the code of {} ({}) instead of its name: labels print the code.",
                        found.name(),
                        found.code()
                    ),
                );
            }
        }
    }
}

fn check_postal_code(problems: &mut Problems, path: &JsonPath, country: CountryCode, text: &str) {
    if PostalCode::parse(country, text).is_none() {
        let (noun, sample) = postal_words(country);
        problems.add(
            path,
            format!(
                "\"{text}\" is not a valid {noun} of {}: write it as {sample}.",
                region_words(country).2
            ),
        );
    }
}

/// What a region of `country` is called, example codes, and the country's name in a sentence.
fn region_words(country: CountryCode) -> (&'static str, &'static str, &'static str) {
    match country.as_str() {
        "CA" => ("province or territory", "ON, QC, BC", "Canada"),
        _ => ("state", "NY, CA, TX", "the United States"),
    }
}

fn postal_words(country: CountryCode) -> (&'static str, &'static str) {
    match country.as_str() {
        "CA" => (
            "postal code",
            "A1A 1A1, letter digit letter digit letter digit",
        ),
        _ => ("ZIP code", "12345 or 12345-6789"),
    }
}
