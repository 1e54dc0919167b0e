//! Destinations (currency, tariff, valuation basis), de minimis rules and trade agreements.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::Deserialize;
use time::Date;

use super::dated::{self, Dated, Period, check_periods, dated};
use super::duty::Tariff;
use super::duty::chapter;
use super::error::{TablesError, invalid};
use super::fields::{countries, country};
use super::fx::FxTable;
use super::hs::HsTable;
use super::tax::TaxRow;
use crate::api::num;
use crate::domain::CountryCode;

/// Whether shipping is part of the customs value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Valuation {
    #[serde(rename = "CIF")]
    Cif,
    #[serde(rename = "FOB")]
    Fob,
}

/// A destination the engine prices (`destinations.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct DestinationRow {
    #[serde(deserialize_with = "country")]
    pub country: CountryCode,
    /// Duty file and de minimis territory.
    pub tariff: String,
    /// Local currency.
    pub currency: String,
    pub valuation: Valuation,
    pub tax_base_includes_duty: bool,
    #[serde(deserialize_with = "dated::date")]
    pub effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    pub effective_to: Option<Date>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeMinimisKind {
    Duty,
    Tax,
}

/// What the threshold is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// The consignment's goods value without shipping.
    GoodsValue,
    /// The import tax computed for the consignment.
    TaxAmount,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Treatment {
    Exempt,
    /// `flat_amount` per distinct HS6 subheading replaces the ad valorem duty.
    FlatPerSubheading,
}

/// A low-value relief (`de_minimis.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct DeMinimisRow {
    pub territory: String,
    pub kind: DeMinimisKind,
    pub basis: Basis,
    #[serde(with = "num")]
    pub threshold: Decimal,
    pub currency: String,
    pub treatment: Treatment,
    #[serde(default, with = "num::opt")]
    pub flat_amount: Option<Decimal>,
    #[serde(default, deserialize_with = "countries")]
    pub ship_from_in: Vec<CountryCode>,
    #[serde(default, deserialize_with = "countries")]
    pub ship_from_not_in: Vec<CountryCode>,
    #[serde(deserialize_with = "dated::date")]
    pub effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    pub effective_to: Option<Date>,
    pub legal: String,
}

impl DeMinimisRow {
    /// Whether the row's origin condition holds for a shipment from `from`.
    pub fn covers_origin(&self, from: CountryCode) -> bool {
        (self.ship_from_in.is_empty() || self.ship_from_in.contains(&from))
            && !self.ship_from_not_in.contains(&from)
    }

    fn key(&self) -> (&str, DeMinimisKindKey, String, String) {
        let join = |list: &[CountryCode]| {
            list.iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join(",")
        };
        (
            &self.territory,
            DeMinimisKindKey(self.kind == DeMinimisKind::Tax),
            join(&self.ship_from_in),
            join(&self.ship_from_not_in),
        )
    }

    /// Whether no shipment can meet both rows' origin conditions.
    fn disjoint(&self, other: &DeMinimisRow) -> bool {
        let exclusive = |a: &DeMinimisRow, b: &DeMinimisRow| {
            !a.ship_from_in.is_empty() && a.ship_from_in.iter().all(|c| !b.covers_origin(*c))
        };
        exclusive(self, other) || exclusive(other, self)
    }
}

/// Orders duty before tax, as the file does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct DeMinimisKindKey(bool);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgreementKind {
    CustomsUnion,
    Fta,
}

/// A trade agreement's area in one period (`preferential.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct AgreementRow {
    pub id: String,
    pub name: String,
    pub kind: AgreementKind,
    #[serde(deserialize_with = "countries")]
    pub members: Vec<CountryCode>,
    /// Chapter range covered, e.g. `25-97` for industrial goods; all goods when absent.
    #[serde(default)]
    pub chapters: Option<String>,
    #[serde(default)]
    pub excluded_hs: Vec<String>,
    #[serde(deserialize_with = "dated::date")]
    pub effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    pub effective_to: Option<Date>,
}

impl AgreementRow {
    pub fn has(&self, country: CountryCode) -> bool {
        self.members.contains(&country)
    }

    /// Whether the agreement's preference can cover the subheading `hs6`.
    pub fn covers_goods(&self, hs6: &str) -> bool {
        let in_chapters = match self.chapters.as_deref().and_then(|c| c.split_once('-')) {
            None => true,
            Some((a, b)) => match (chapter(a), chapter(b), hs6.get(..2).and_then(chapter)) {
                (Some(a), Some(b), Some(c)) => a <= c && c <= b,
                _ => false,
            },
        };
        in_chapters && !self.excluded_hs.iter().any(|p| hs6.starts_with(p.as_str()))
    }
}

dated!(DestinationRow, DeMinimisRow, AgreementRow);

fn period<T: Dated>(row: &T) -> Period {
    row.period()
}

pub(super) fn check_destinations(
    file: &str,
    rows: &[DestinationRow],
    tariffs: &BTreeMap<String, Tariff>,
    fx: &FxTable,
    taxes: &[TaxRow],
) -> Result<(), TablesError> {
    for row in rows {
        if !tariffs.contains_key(&row.tariff) {
            return Err(invalid(
                file,
                format!("{}: unknown tariff `{}`", row.country, row.tariff),
            ));
        }
        if !fx.knows(&row.currency) {
            return Err(invalid(
                file,
                format!("{}: no FX rate for `{}`", row.country, row.currency),
            ));
        }
        if !taxes.iter().any(|t| t.country == row.country) {
            return Err(invalid(
                file,
                format!("{}: no tax row for this destination", row.country),
            ));
        }
    }
    check_periods(file, rows.iter().map(|r| (r.country, period(r))))
}

pub(super) fn check_de_minimis(
    file: &str,
    rows: &[DeMinimisRow],
    tariffs: &BTreeMap<String, Tariff>,
    fx: &FxTable,
) -> Result<(), TablesError> {
    for row in rows {
        let name = format!(
            "{}/{:?} from {}",
            row.territory, row.kind, row.effective_from
        );
        if !tariffs.contains_key(&row.territory) {
            return Err(invalid(file, format!("{name}: unknown territory")));
        }
        if !fx.knows(&row.currency) {
            return Err(invalid(
                file,
                format!("{name}: no FX rate for `{}`", row.currency),
            ));
        }
        if row.threshold <= Decimal::ZERO {
            return Err(invalid(file, format!("{name}: threshold must be positive")));
        }
        let flat_ok = match row.treatment {
            Treatment::Exempt => row.flat_amount.is_none(),
            Treatment::FlatPerSubheading => {
                row.kind == DeMinimisKind::Duty
                    && row.basis == Basis::GoodsValue
                    && row.flat_amount.is_some_and(|a| a > Decimal::ZERO)
            }
        };
        if !flat_ok {
            return Err(invalid(
                file,
                format!("{name}: flat_amount goes with a duty flat_per_subheading rule only"),
            ));
        }
    }
    check_periods(file, rows.iter().map(|r| (r.key(), period(r))))?;
    // Rows of one territory and kind in force together must never both apply to a shipment.
    for (i, a) in rows.iter().enumerate() {
        for b in rows.iter().skip(i + 1) {
            if a.territory == b.territory
                && a.kind == b.kind
                && a.key() != b.key()
                && period(a).overlaps(&period(b))
                && !a.disjoint(b)
            {
                return Err(invalid(
                    file,
                    format!(
                        "{}/{:?}: rows from {} and {} can both apply",
                        a.territory, a.kind, a.effective_from, b.effective_from
                    ),
                ));
            }
        }
    }
    Ok(())
}

pub(super) fn check_agreements(
    file: &str,
    rows: &[AgreementRow],
    hs: &HsTable,
) -> Result<(), TablesError> {
    for row in rows {
        if row.members.len() < 2 {
            return Err(invalid(
                file,
                format!("{}: an agreement needs two members", row.id),
            ));
        }
        if let Some(range) = &row.chapters {
            let ok = range
                .split_once('-')
                .and_then(|(a, b)| Some((chapter(a)?, chapter(b)?)))
                .is_some_and(|(a, b)| a <= b);
            if !ok {
                return Err(invalid(
                    file,
                    format!("{}: chapters must look like 25-97", row.id),
                ));
            }
        }
        if let Some(bad) = row.excluded_hs.iter().find(|p| !hs.contains(p)) {
            return Err(invalid(
                file,
                format!("{}: unknown HS code `{bad}`", row.id),
            ));
        }
    }
    check_periods(file, rows.iter().map(|r| (r.id.as_str(), period(r))))
}
