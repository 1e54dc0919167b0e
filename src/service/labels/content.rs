//! The words on a label, independent of where and how they are drawn.

use rust_decimal::Decimal;

use crate::domain::{Length, Weight};

use super::document::{Dimensions, LabelParty};

/// Address lines in printing order.
pub(crate) struct PartyLines {
    pub name: String,
    /// Company, street lines and the city line(s), none empty.
    pub address: Vec<String>,
    /// Country name in capitals with its code, e.g. `GERMANY (DE)`: the UPU asks for the
    /// destination country in capitals on the last line.
    pub country: String,
    pub phone: Option<String>,
}

pub(crate) fn party_lines(party: &LabelParty) -> PartyLines {
    let mut address = Vec::new();
    let mut push = |text: &str| {
        let text = clean(text);
        if !text.is_empty() {
            address.push(text);
        }
    };
    if let Some(company) = &party.company {
        push(company);
    }
    push(&party.line1);
    if let Some(line2) = &party.line2 {
        push(line2);
    }
    let city = clean(&party.city);
    let province = clean(&party.province);
    let zipcode = clean(&party.zipcode);
    // Postal conventions differ: North America and Australia put state and ZIP after the
    // city, the UK the postcode on its own line, most others the postcode before the city.
    match party.country.as_str() {
        "US" | "CA" => push(&format!("{city}, {province} {zipcode}")),
        "AU" => push(&format!("{} {province} {zipcode}", city.to_uppercase())),
        "GB" | "IE" => {
            push(&city.to_uppercase());
            push(&province);
            push(&zipcode);
        }
        _ => {
            push(&format!("{zipcode} {city}"));
            push(&province);
        }
    }
    let name = party.country.name();
    let country = if name.is_empty() {
        party.country.to_string()
    } else {
        format!("{} ({})", name.to_uppercase(), party.country)
    };
    PartyLines {
        name: clean(&party.name),
        address,
        country,
        phone: party.phone.as_deref().map(clean).filter(|p| !p.is_empty()),
    }
}

/// The weight with its unit (`1250 g`, `2.75 lb`), or a dash. A weight summed from items in
/// mixed units can carry many decimals (0.8 lb = 362.873896 g); two are plenty to ship by.
pub(crate) fn weight_text(weight: Option<&Weight>) -> String {
    weight.map_or_else(
        || "-".to_owned(),
        |w| Weight::new(w.value.round_dp(2), w.unit).to_string(),
    )
}

/// `30 x 20 x 10 cm`, all in the unit of the length, or a dash.
pub(crate) fn dimensions_text(dimensions: Option<&Dimensions>) -> String {
    let Some(dims) = dimensions else {
        return "-".to_owned();
    };
    let unit = dims.length.unit;
    // A converted value can have many decimals (1 cm = 0.3937... in); two are plenty to pack.
    let value = |length: &Length| {
        if length.unit == unit {
            length.value.normalize()
        } else {
            length.to(unit).value.round_dp(2).normalize()
        }
    };
    format!(
        "{} x {} x {} {}",
        value(&dims.length),
        value(&dims.width),
        value(&dims.height),
        unit.code()
    )
}

/// One printed SKU line: quantity and SKU.
pub(crate) struct SkuRow {
    pub quantity: String,
    pub sku: String,
}

/// At most `capacity` rows; when the list is longer the last row says `+N more` instead.
pub(crate) fn sku_rows(skus: &[(String, Decimal)], capacity: usize) -> Vec<SkuRow> {
    let row = |(sku, quantity): &(String, Decimal)| SkuRow {
        quantity: format!("{}x", quantity.normalize()),
        sku: clean(sku),
    };
    if skus.len() <= capacity {
        return skus.iter().map(row).collect();
    }
    let shown = capacity.saturating_sub(1);
    let mut rows: Vec<SkuRow> = skus.iter().take(shown).map(row).collect();
    rows.push(SkuRow {
        quantity: String::new(),
        sku: format!("+{} more", skus.len() - shown),
    });
    rows
}

/// Total units of a split parcel.
pub(crate) fn total_units(skus: &[(String, Decimal)]) -> Decimal {
    skus.iter().map(|(_, quantity)| *quantity).sum()
}

/// One line of text: control characters (tabs, line breaks) become spaces, runs of spaces one.
pub(crate) fn clean(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{CountryCode, LengthUnit, WeightUnit};

    use crate::decimal::dec as d;

    fn party(country: &str) -> LabelParty {
        LabelParty {
            name: " Zoë\tMüller ".into(),
            company: Some(String::new()),
            line1: "Hauptstr. 5".into(),
            line2: None,
            city: "Berlin".into(),
            province: String::new(),
            zipcode: "10115".into(),
            country: CountryCode::parse(country).unwrap(),
            phone: Some("+49 30 1234567".into()),
        }
    }

    #[test]
    fn addresses_follow_the_country_convention() {
        let de = party_lines(&party("DE"));
        assert_eq!(de.name, "Zoë Müller");
        assert_eq!(de.address, vec!["Hauptstr. 5", "10115 Berlin"]);
        assert_eq!(de.country, "GERMANY (DE)");
        let mut us = party("US");
        us.city = "New York".into();
        us.province = "NY".into();
        us.zipcode = "10001".into();
        assert_eq!(
            party_lines(&us).address,
            vec!["Hauptstr. 5", "New York, NY 10001"]
        );
    }

    #[test]
    fn units_are_always_printed() {
        let grams = Weight::new(d("1250.0"), WeightUnit::Gram);
        assert_eq!(weight_text(Some(&grams)), "1250 g");
        assert_eq!(weight_text(None), "-");
        let summed = Weight::new(d("722.873896"), WeightUnit::Gram);
        assert_eq!(weight_text(Some(&summed)), "722.87 g");
        let cm = |v: &str| Length::new(d(v), LengthUnit::Centimetre);
        let dims = Dimensions {
            length: cm("30"),
            width: cm("20.5"),
            height: Length::new(d("2"), LengthUnit::Inch),
        };
        assert_eq!(dimensions_text(Some(&dims)), "30 x 20.5 x 5.08 cm");
    }

    #[test]
    fn long_sku_lists_end_with_a_count_of_the_rest() {
        let skus: Vec<(String, Decimal)> = (1..=5).map(|i| (format!("SKU-{i}"), d("2"))).collect();
        let rows = sku_rows(&skus, 5);
        assert_eq!(rows.len(), 5);
        let rows = sku_rows(&skus, 3);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[1].sku, "SKU-2");
        assert_eq!(rows[1].quantity, "2x");
        assert_eq!(rows[2].sku, "+3 more");
        assert_eq!(total_units(&skus), d("10"));
    }
}
