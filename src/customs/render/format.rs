//! How figures and parties read on the documents.

use rust_decimal::Decimal;

use crate::customs::paperwork::{ParcelOf, Party};
use crate::domain::{Currency, Weight};

/// `amount` with at least its currency's minor units (`12.5` EUR prints `12.50`, `1200` JPY
/// `1200`). The paperwork rounds already; more decimals than that are printed, not hidden.
pub(super) fn money(amount: Decimal, currency: &str) -> String {
    let mut amount = amount.normalize();
    if let Some(minor) = Currency::parse(currency).map(|c| c.minor_units())
        && amount.scale() < minor
    {
        amount.rescale(minor);
    }
    amount.to_string()
}

/// `amount` and its currency code: `89.80 EUR`.
pub(super) fn money_with_code(amount: Decimal, currency: &str) -> String {
    format!("{} {currency}", money(amount, currency))
}

/// `650 g`, `1.2 lb`: two decimals are plenty to ship by (a sum over mixed units can have many).
pub(super) fn weight(weight: &Weight) -> String {
    Weight::new(weight.value.round_dp(2), weight.unit).to_string()
}

/// `Parcel 1 of 2`.
pub(super) fn parcel_of(parcel: ParcelOf) -> String {
    format!("Parcel {} of {}", parcel.n, parcel.m)
}

/// Name, company, address lines and `Country (CC)`, skipping empty ones.
pub(super) fn party_lines(party: &Party) -> Vec<String> {
    let mut lines = vec![party.name.trim().to_owned()];
    lines.extend(party.company.iter().map(|c| c.trim().to_owned()));
    lines.extend(party.address_lines.iter().map(|l| l.trim().to_owned()));
    let country = match (party.country_name.trim(), party.country_code.trim()) {
        ("", code) => code.to_owned(),
        (name, "") => name.to_owned(),
        (name, code) => format!("{name} ({code})"),
    };
    lines.push(country);
    lines.retain(|line| !line.is_empty());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::WeightUnit;

    use crate::decimal::dec as d;

    #[test]
    fn money_pads_to_the_minor_units() {
        assert_eq!(money(d("12.5"), "EUR"), "12.50");
        assert_eq!(money(d("12.500"), "EUR"), "12.50");
        assert_eq!(money(d("7"), "USD"), "7.00");
        assert_eq!(money(d("1200"), "JPY"), "1200");
        assert_eq!(money(d("1.5"), "KWD"), "1.500");
        // Not rounded away: the paperwork's figure is what is printed.
        assert_eq!(money(d("0.125"), "EUR"), "0.125");
        assert_eq!(money(d("3.1"), "XXX-unknown"), "3.1");
        assert_eq!(money_with_code(d("89.8"), "EUR"), "89.80 EUR");
    }

    #[test]
    fn weights_keep_their_unit() {
        assert_eq!(weight(&Weight::new(d("650"), WeightUnit::Gram)), "650 g");
        assert_eq!(weight(&Weight::new(d("1.20"), WeightUnit::Pound)), "1.2 lb");
        assert_eq!(
            weight(&Weight::new(d("362.873896"), WeightUnit::Gram)),
            "362.87 g"
        );
    }

    #[test]
    fn parties_skip_empty_lines() {
        let party = Party {
            name: "山田 太郎".into(),
            company: Some(" ".into()),
            address_lines: vec!["丸の内1-1".into(), "100-0005 千代田区 東京都".into()],
            country_code: "JP".into(),
            country_name: "Japan".into(),
        };
        assert_eq!(
            party_lines(&party),
            [
                "山田 太郎",
                "丸の内1-1",
                "100-0005 千代田区 東京都",
                "Japan (JP)"
            ]
        );
    }
}
