//! Indirect-tax rows: one row per tax that applies at a destination (VAT, GST, HST, PST, QST,
//! state sales tax), and the reduced or zero rates of some categories.

use rust_decimal::Decimal;
use serde::Deserialize;
use time::Date;

use super::dated::{self, Period, check_periods, dated};
use super::error::{TablesError, invalid};
use super::fields::{country, yes};
use super::hs::Category;
use crate::api::{Jurisdiction, SharedText, num};
use crate::domain::{CountryCode, Subdivision};

/// One tax of a destination (`vat_europe.json`, `vat_other.json`, `ca_sales_tax.json`,
/// `us_sales_tax.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct TaxRow {
    #[serde(deserialize_with = "country")]
    pub country: CountryCode,
    /// Short ISO 3166-2 code (`QC`, `NY`) for taxes of one province or state.
    #[serde(default)]
    pub subdivision: Option<String>,
    /// Short code of the tax (`VAT`, `GST`, `HST`, `QST`, `sales_tax`), referenced by reduced rates.
    pub tax: String,
    pub tax_name: SharedText,
    pub jurisdiction: Jurisdiction,
    #[serde(with = "num")]
    pub rate: Decimal,
    /// Whether separately charged shipping is taxed too.
    #[serde(default = "yes")]
    pub shipping_taxable: bool,
    #[serde(deserialize_with = "dated::date")]
    pub effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    pub effective_to: Option<Date>,
}

impl TaxRow {
    pub(super) fn key(&self) -> (CountryCode, &str, &str) {
        (
            self.country,
            self.subdivision.as_deref().unwrap_or(""),
            &self.tax,
        )
    }
}

/// A reduced or zero rate for a category (`vat_reduced.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct ReducedRow {
    #[serde(deserialize_with = "country")]
    pub country: CountryCode,
    #[serde(default)]
    pub subdivision: Option<String>,
    /// The tax it replaces; every tax of the destination when absent.
    #[serde(default)]
    pub tax: Option<String>,
    pub category: String,
    #[serde(with = "num")]
    pub rate: Decimal,
    /// Applies only to items whose net unit price, in the destination currency, is below this.
    #[serde(default, with = "num::opt")]
    pub unit_price_below: Option<Decimal>,
    #[serde(deserialize_with = "dated::date")]
    pub effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    pub effective_to: Option<Date>,
    pub legal: String,
}

dated!(TaxRow, ReducedRow);

impl ReducedRow {
    fn key(&self) -> (CountryCode, &str, &str, &str) {
        (
            self.country,
            self.subdivision.as_deref().unwrap_or(""),
            self.tax.as_deref().unwrap_or(""),
            &self.category,
        )
    }

    /// Whether this row can replace `tax`.
    pub fn applies_to(&self, tax: &TaxRow) -> bool {
        self.country == tax.country
            && (self.subdivision.is_none() || self.subdivision == tax.subdivision)
            && self.tax.as_ref().is_none_or(|t| *t == tax.tax)
    }
}

fn rate_ok(rate: Decimal) -> bool {
    rate >= Decimal::ZERO && rate <= Decimal::ONE_HUNDRED
}

fn check_subdivision(
    file: &str,
    country: CountryCode,
    code: Option<&str>,
) -> Result<(), TablesError> {
    match code {
        None => Ok(()),
        Some(code) => match Subdivision::parse(country, code) {
            Some(sub) if sub.code() == code => Ok(()),
            _ => Err(invalid(
                file,
                format!("unknown subdivision {country}-{code}"),
            )),
        },
    }
}

pub(super) fn check_components(file: &str, rows: &[TaxRow]) -> Result<(), TablesError> {
    for row in rows {
        check_subdivision(file, row.country, row.subdivision.as_deref())?;
        if !rate_ok(row.rate) {
            return Err(invalid(
                file,
                format!("{:?}: rate must be 0..=100", row.key()),
            ));
        }
    }
    check_periods(
        file,
        rows.iter().map(|r| {
            (
                r.key(),
                Period {
                    from: r.effective_from,
                    to: r.effective_to,
                },
            )
        }),
    )
}

pub(super) fn check_reduced(
    file: &str,
    rows: &[ReducedRow],
    taxes: &[TaxRow],
    categories: &[Category],
) -> Result<(), TablesError> {
    for row in rows {
        check_subdivision(file, row.country, row.subdivision.as_deref())?;
        if !rate_ok(row.rate) {
            return Err(invalid(
                file,
                format!("{:?}: rate must be 0..=100", row.key()),
            ));
        }
        if !categories.iter().any(|c| c.id == row.category) {
            return Err(invalid(
                file,
                format!("unknown category `{}`", row.category),
            ));
        }
        if !taxes.iter().any(|t| row.applies_to(t)) {
            return Err(invalid(
                file,
                format!("{:?}: no tax row it could apply to", row.key()),
            ));
        }
    }
    check_periods(
        file,
        rows.iter().map(|r| {
            (
                r.key(),
                Period {
                    from: r.effective_from,
                    to: r.effective_to,
                },
            )
        }),
    )
}
