//! The tables load and hold the values they should (pinned from their sources).

use packdesk::domain::CountryCode;
use packdesk::service::landed_cost::tables::{DeMinimisKind, Treatment};
use time::Date;
use time::macros::date;

use super::*;

const DAY: Date = date!(2026 - 10 - 15);

fn rate(country: &str, subdivision: Option<&str>, tax: &str) -> Decimal {
    let tables = engine().tables();
    let found = tables.taxes_at(CountryCode::parse(country).unwrap(), subdivision, DAY);
    found
        .iter()
        .find(|t| t.tax == tax)
        .map(|t| t.rate)
        .unwrap_or_else(|| panic!("{country} {tax}"))
}

#[test]
fn vat_and_gst_rates_are_pinned() {
    for (country, expected) in [
        ("DE", "19"),
        ("FR", "20"),
        ("GB", "20"),
        ("HU", "27"),
        ("FI", "25.5"),
        ("IE", "23"),
    ] {
        assert_eq!(rate(country, None, "VAT"), dec(expected), "{country}");
    }
    assert_eq!(rate("JP", None, "JCT"), dec("10"));
    assert_eq!(rate("AU", None, "GST"), dec("10"));
    assert_eq!(rate("NZ", None, "GST"), dec("15"));
    assert_eq!(rate("CH", None, "VAT"), dec("8.1"));
    assert_eq!(rate("CA", Some("QC"), "QST"), dec("9.975"));
    assert_eq!(rate("CA", Some("QC"), "GST"), dec("5"));
    assert_eq!(rate("CA", Some("ON"), "HST"), dec("13"));
    assert_eq!(rate("US", Some("NY"), "sales_tax"), dec("4"));
    assert_eq!(rate("US", Some("CA"), "sales_tax"), dec("7.25"));
    // Ontario's HST replaces the GST: one tax only.
    assert_eq!(
        engine()
            .tables()
            .taxes_at(CountryCode::parse("CA").unwrap(), Some("ON"), DAY)
            .len(),
        1
    );
    // Every EU-27 member, and the other required destinations, have a standard rate.
    for country in "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK GB NO CH IS AU NZ JP KR SG MX".split(' ') {
        assert!(!engine().tables().taxes_at(CountryCode::parse(country).unwrap(), None, DAY).is_empty(), "{country}");
    }
}

#[test]
fn dated_vat_history_is_kept() {
    let de = CountryCode::parse("DE").unwrap();
    let on = |day| engine().tables().taxes_at(de, None, day)[0].rate;
    assert_eq!(on(date!(2020 - 10 - 01)), dec("16"));
    assert_eq!(on(date!(2021 - 01 - 01)), dec("19"));
    let ee = CountryCode::parse("EE").unwrap();
    assert_eq!(
        engine().tables().taxes_at(ee, None, date!(2025 - 06 - 30))[0].rate,
        dec("22")
    );
    assert_eq!(
        engine().tables().taxes_at(ee, None, date!(2025 - 07 - 01))[0].rate,
        dec("24")
    );
}

#[test]
fn duty_rows_are_pinned() {
    let duty = |tariff: &str, hs6: &str| {
        engine()
            .tables()
            .duty_rate(tariff, hs6, DAY)
            .map(|r| r.rate)
            .unwrap()
    };
    for (hs6, expected) in [
        ("610910", "12"),
        ("640399", "8"),
        ("420221", "3"),
        ("420222", "9.7"),
        ("330499", "0"),
        ("847130", "0"),
        ("950300", "0"),
        ("711319", "2.5"),
        ("691200", "9"),
        ("490199", "0"),
    ] {
        assert_eq!(duty("EU", hs6), dec(expected), "EU {hs6}");
    }
    assert_eq!(duty("US", "610910"), dec("16.5"));
    assert_eq!(duty("US", "610990"), dec("32"));
    assert_eq!(duty("GB", "610910"), dec("12"));
    assert_eq!(duty("CA", "610910"), dec("18"));
    assert_eq!(duty("CH", "610910"), dec("0"));
    // A chapter without its own row falls back to the documented tariff default.
    assert_eq!(duty("EU", "560750"), dec("4.1"));
    assert_eq!(duty("EU", "020110"), dec("10.8"));
    // Every required tariff answers for a T-shirt.
    for tariff in [
        "EU", "GB", "US", "CA", "AU", "JP", "CH", "NO", "KR", "NZ", "SG", "MX",
    ] {
        assert!(
            engine().tables().duty_rate(tariff, "610910", DAY).is_some(),
            "{tariff}"
        );
    }
}

#[test]
fn eu_low_value_duty_rules_change_on_their_dates() {
    let cn = CountryCode::parse("CN").unwrap();
    let rule = |day| {
        engine()
            .tables()
            .de_minimis("EU", DeMinimisKind::Duty, cn, day)
    };
    let before = rule(date!(2026 - 06 - 30)).unwrap();
    assert_eq!(
        (before.treatment, before.threshold),
        (Treatment::Exempt, dec("150"))
    );
    let flat = rule(date!(2026 - 07 - 01)).unwrap();
    assert_eq!(
        (flat.treatment, flat.threshold, flat.flat_amount),
        (Treatment::FlatPerSubheading, dec("150"), Some(dec("3")))
    );
    assert!(rule(date!(2028 - 06 - 30)).is_some());
    assert!(rule(date!(2028 - 07 - 01)).is_none());
    // VAT from the first euro since 2021-07-01.
    assert!(
        engine()
            .tables()
            .de_minimis("EU", DeMinimisKind::Tax, cn, DAY)
            .is_none()
    );
}

#[test]
fn other_low_value_thresholds_are_pinned() {
    let c = |code: &str| CountryCode::parse(code).unwrap();
    let t = |territory: &str, kind, from: &str, day| {
        engine()
            .tables()
            .de_minimis(territory, kind, c(from), day)
            .map(|r| (r.threshold, r.currency.clone()))
    };
    use DeMinimisKind::{Duty, Tax};
    assert_eq!(t("GB", Duty, "CN", DAY), Some((dec("135"), "GBP".into())));
    assert_eq!(t("GB", Tax, "CN", DAY), None);
    assert_eq!(t("CA", Duty, "US", DAY), Some((dec("150"), "CAD".into())));
    assert_eq!(t("CA", Tax, "MX", DAY), Some((dec("40"), "CAD".into())));
    assert_eq!(t("CA", Duty, "CN", DAY), Some((dec("20"), "CAD".into())));
    assert_eq!(t("CA", Tax, "GB", DAY), Some((dec("20"), "CAD".into())));
    assert_eq!(t("AU", Duty, "CN", DAY), Some((dec("1000"), "AUD".into())));
    assert_eq!(t("AU", Tax, "CN", DAY), None);
    assert_eq!(
        t("US", Duty, "CN", date!(2025 - 08 - 28)),
        Some((dec("800"), "USD".into()))
    );
    assert_eq!(t("US", Duty, "CN", date!(2025 - 08 - 29)), None);
}

#[test]
fn every_table_names_its_source_and_dates() {
    let sources = engine().tables().sources();
    assert!(sources.len() >= 20);
    for info in sources {
        assert!(!info.source.is_empty(), "{}", info.file);
        assert!(info.retrieved >= info.effective, "{}", info.file);
    }
    assert!(
        sources
            .iter()
            .any(|s| s.file == "tables/duty/eu.json" && s.source.contains("Common Customs Tariff"))
    );
    assert!(
        sources
            .iter()
            .any(|s| s.file == "tables/duty/us.json" && s.source.contains("HTSUS"))
    );
    assert!(
        sources
            .iter()
            .any(|s| s.file == "tables/duty/ca.json" && s.source.contains("CBSA"))
    );
    assert!(sources.iter().any(|s| s.file == "tables/fx_rates.json" && s.source.contains("European Central Bank")));
}

#[test]
fn exchange_rates_cover_the_required_currencies() {
    let fx = engine().tables().fx_on(DAY).unwrap();
    for code in
        "EUR USD GBP CAD AUD NZD JPY CHF NOK SEK DKK PLN CZK HUF KRW SGD MXN ISK KWD BHD CNY HKD"
            .split(' ')
    {
        assert!(
            fx.per_eur(code).is_some_and(|r| r > Decimal::ZERO),
            "{code}"
        );
    }
    // BHD is pegged at 0.376 per USD: 1 USD in BHD is exactly that.
    assert_eq!(
        fx.convert(dec("1"), "USD", "BHD").unwrap().round_dp(6),
        dec("0.376")
    );
}
