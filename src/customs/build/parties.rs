//! The exporter (from the warehouse's settings) with its numbers, and the consignee as printed.

use rust_decimal::Decimal;
use time::Date;

use super::types::{BuildError, Missing, MissingAt};
use crate::api::{Address, LabelAddress};
use crate::customs::paperwork::{Identifier, Party};
use crate::customs::sdr::SdrError;
use crate::customs::settings::{CustomsSettings, SettingsField};
use crate::domain::{CountryCode, Currency};
use crate::service::landed_cost::tables::Tables;

/// The customs union whose low-value consignments carry the IOSS number.
const EU: &str = "EU-CU";
/// IOSS: EU consignments of intrinsic value up to EUR 150.
const IOSS_LIMIT_EUR: Decimal = Decimal::from_parts(150, 0, 0, false, 0);
/// The UK's low-value scheme: GB consignments up to GBP 135.
const UK_LIMIT_GBP: Decimal = Decimal::from_parts(135, 0, 0, false, 0);

pub(super) fn exporter(settings: &CustomsSettings, missing: &mut Vec<Missing>) -> Party {
    let e = &settings.exporter;
    let mut need = |field: SettingsField, what: &str| {
        missing.push(Missing {
            at: MissingAt::Settings(field),
            message: format!(
                "{what}: a supervisor sets it in Settings, under Customs documents ({}).",
                field.label()
            ),
        });
    };
    if e.company.trim().is_empty() {
        need(
            SettingsField::Company,
            "The exporter's company name is not set",
        );
    }
    if e.address1.trim().is_empty() || e.city.trim().is_empty() {
        need(
            SettingsField::Address,
            "The exporter's street and city are not set",
        );
    }
    let country = CountryCode::parse(&e.country_code);
    if country.is_none() {
        need(SettingsField::Country, "The exporter's country is not set");
    }
    if settings.signatory.trim().is_empty() {
        need(
            SettingsField::Signatory,
            "Nobody is named to sign the documents",
        );
    }
    let city_line = [e.postal_code.trim(), e.city.trim(), e.province.trim()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Party {
        name: e.company.trim().to_owned(),
        company: None,
        address_lines: [e.address1.trim(), e.address2.trim(), city_line.as_str()]
            .into_iter()
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect(),
        country_code: country.map(|c| c.as_str().to_owned()).unwrap_or_default(),
        country_name: country.map(|c| c.name().to_owned()).unwrap_or_default(),
    }
}

/// The exporter's numbers this consignment carries: EORI (required from the EU and GB), VAT
/// number, and the IOSS or UK VAT number when the destination's low-value scheme applies.
pub(super) fn identifiers(
    tables: &Tables,
    (settings, date): (&CustomsSettings, Date),
    (to, subtotal, currency): (CountryCode, Decimal, Currency),
    missing: &mut Vec<Missing>,
) -> Result<Vec<Identifier>, BuildError> {
    let e = &settings.exporter;
    let mut ids = Vec::new();
    let mut add = |label: &str, value: &str| {
        if !value.trim().is_empty() {
            ids.push(Identifier {
                label: label.into(),
                value: value.trim().to_owned(),
            });
        }
    };
    add("EORI", &e.eori);
    add("VAT No.", &e.vat_number);
    let from = CountryCode::parse(&e.country_code);
    let needs_eori =
        from.is_some_and(|c| c.as_str() == "GB" || tables.in_customs_union(EU, c, date));
    if needs_eori && e.eori.trim().is_empty() {
        missing.push(Missing {
            at: MissingAt::Settings(SettingsField::Eori),
            message: "Exports from the EU or GB need the exporter's EORI number: a supervisor \
                      sets it in Settings, under Customs documents (EORI number)."
                .into(),
        });
    }
    let rate = |to_code: &str| -> Result<Decimal, BuildError> {
        let fx = tables.fx_on(date).ok_or(SdrError::NoRates(date))?;
        fx.convert(subtotal, &currency.code(), to_code)
            .ok_or_else(|| BuildError::Sdr(SdrError::NoRate(currency.code())))
    };
    let scheme = if tables.in_customs_union(EU, to, date) && rate("EUR")? <= IOSS_LIMIT_EUR {
        Some((
            "IOSS No.",
            &e.ioss_number,
            SettingsField::IossNumber,
            "EU consignments of at most EUR 150",
        ))
    } else if to.as_str() == "GB" && rate("GBP")? <= UK_LIMIT_GBP {
        Some((
            "UK VAT No.",
            &e.uk_vat_number,
            SettingsField::UkVatNumber,
            "GB consignments of at most GBP 135",
        ))
    } else {
        None
    };
    if let Some((label, value, field, which)) = scheme {
        if value.trim().is_empty() {
            missing.push(Missing {
                at: MissingAt::Settings(field),
                message: format!(
                    "{which} carry the seller's {label}: a supervisor sets it in Settings, under \
                     Customs documents ({}).",
                    field.label()
                ),
            });
        }
        add(label, value);
    }
    Ok(ids)
}

pub(super) fn party_of_label(to: &LabelAddress) -> Party {
    let country = CountryCode::parse(&to.country);
    let city_line = [to.zipcode.trim(), to.city.trim(), to.province.trim()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Party {
        name: format!("{} {}", to.first_name.trim(), to.last_name.trim())
            .trim()
            .to_owned(),
        company: None,
        address_lines: [
            Some(to.line1.as_str()),
            to.line2.as_deref(),
            Some(&city_line),
        ]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect(),
        country_code: to.country.to_ascii_uppercase(),
        country_name: country.map(|c| c.name().to_owned()).unwrap_or_default(),
    }
}

pub(super) fn party_of_address(to: &Address) -> Party {
    let country = CountryCode::parse(&to.country_code);
    let part = |p: &Option<String>| p.as_deref().unwrap_or("").trim().to_owned();
    let city_line = [part(&to.postal_code), part(&to.city), part(&to.province)]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Party {
        name: part(&to.name),
        company: None,
        address_lines: [part(&to.address1), part(&to.address2), city_line]
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect(),
        country_code: to.country_code.to_ascii_uppercase(),
        country_name: country.map(|c| c.name().to_owned()).unwrap_or_default(),
    }
}
