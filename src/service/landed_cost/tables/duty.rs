//! MFN duty tariffs (`assets/tables/duty/*.json`): ad valorem rates by HS prefix.

use rust_decimal::Decimal;
use serde::Deserialize;
use time::Date;

use super::dated::{self, Period, check_periods, dated};
use super::{HsTable, TablesError, invalid};
use crate::api::{Jurisdiction, num};

/// One tariff: the duty file of a customs territory.
#[derive(Debug, Clone)]
pub struct Tariff {
    pub id: String,
    pub name: String,
    pub short_name: String,
    pub jurisdiction: Jurisdiction,
    rows: Vec<DutyRow>,
}

/// A rate for every code starting with `hs` (or in a chapter range, or the whole tariff).
#[derive(Debug, Clone, Deserialize)]
pub struct DutyRow {
    pub hs: String,
    #[serde(with = "num")]
    pub rate: Decimal,
    #[serde(deserialize_with = "dated::date")]
    pub effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    pub effective_to: Option<Date>,
}

dated!(DutyRow);

#[derive(Debug, Deserialize)]
pub(super) struct TariffFile {
    tariff: String,
    name: String,
    short_name: String,
    jurisdiction: Jurisdiction,
    rows: Vec<DutyRow>,
}

/// What a row's `hs` covers.
enum Scope {
    All,
    Chapters(u8, u8),
    Prefix(usize),
}

fn scope(hs: &str) -> Option<Scope> {
    if hs.is_empty() {
        return Some(Scope::All);
    }
    if let Some((a, b)) = hs.split_once('-') {
        let (a, b) = (chapter(a)?, chapter(b)?);
        return (a <= b).then_some(Scope::Chapters(a, b));
    }
    (matches!(hs.len(), 2 | 4 | 6) && hs.bytes().all(|b| b.is_ascii_digit()))
        .then_some(Scope::Prefix(hs.len()))
}

/// Parses a two-digit HS chapter number.
pub fn chapter(text: &str) -> Option<u8> {
    (text.len() == 2 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

impl DutyRow {
    /// How specifically this row covers `hs6`, or `None` when it does not: a longer prefix
    /// beats a chapter, a chapter beats a chapter range, which beats the tariff default.
    fn specificity(&self, hs6: &str) -> Option<usize> {
        match scope(&self.hs)? {
            Scope::All => Some(0),
            Scope::Chapters(a, b) => {
                let c = chapter(hs6.get(..2)?)?;
                (a <= c && c <= b).then_some(1)
            }
            Scope::Prefix(len) => hs6.starts_with(&self.hs).then_some(len),
        }
    }

    /// The prefix this row matched, for naming the line (`6109`, `01-24`, or `all goods`).
    pub fn label(&self) -> &str {
        if self.hs.is_empty() {
            "all goods"
        } else {
            &self.hs
        }
    }
}

impl Tariff {
    pub(super) fn parse(file: &str, raw: TariffFile, hs: &HsTable) -> Result<Tariff, TablesError> {
        for row in &raw.rows {
            match scope(&row.hs) {
                None => {
                    return Err(invalid(
                        file,
                        format!("`{}` is not an HS prefix or chapter range", row.hs),
                    ));
                }
                Some(Scope::Prefix(_)) if !hs.contains(&row.hs) => {
                    return Err(invalid(file, format!("unknown HS code `{}`", row.hs)));
                }
                _ => {}
            }
            if row.rate < Decimal::ZERO || row.rate > Decimal::ONE_THOUSAND {
                return Err(invalid(
                    file,
                    format!("`{}`: rate must be 0..=1000", row.hs),
                ));
            }
        }
        check_periods(
            file,
            raw.rows.iter().map(|r| {
                (
                    r.hs.as_str(),
                    Period {
                        from: r.effective_from,
                        to: r.effective_to,
                    },
                )
            }),
        )?;
        Ok(Tariff {
            id: raw.tariff,
            name: raw.name,
            short_name: raw.short_name,
            jurisdiction: raw.jurisdiction,
            rows: raw.rows,
        })
    }

    /// The most specific row in force on `date` for the subheading `hs6`.
    pub fn lookup(&self, hs6: &str, date: Date) -> Option<&DutyRow> {
        self.rows
            .iter()
            .filter(|row| dated::Dated::period(*row).contains(date))
            .filter_map(|row| Some((row.specificity(hs6)?, row.effective_from, row)))
            .max_by_key(|(specificity, from, _)| (*specificity, *from))
            .map(|(_, _, row)| row)
    }
}
