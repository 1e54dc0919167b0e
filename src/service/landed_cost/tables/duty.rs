//! MFN duty tariffs (`assets/tables/duty/*.json`): ad valorem rates by HS prefix.

use std::collections::HashMap;

use rust_decimal::Decimal;
use serde::Deserialize;
use time::Date;

use super::dated::{self, Period, check_periods, dated};
use super::error::{TablesError, invalid};
use super::hs::HsTable;
use crate::api::{Jurisdiction, num};

/// One tariff: the duty file of a customs territory.
#[derive(Debug, Clone)]
pub struct Tariff {
    pub id: String,
    pub name: String,
    pub short_name: String,
    pub jurisdiction: Jurisdiction,
    rows: Vec<DutyRow>,
    /// Rows by their HS prefix (2, 4 or 6 digits), so a lookup reads a handful of rows instead
    /// of scanning the tariff (the engine benchmark spent half its time in that scan).
    by_prefix: HashMap<String, Vec<usize>>,
    /// Rows covering chapter ranges or the whole tariff: few, so they are scanned.
    broad: Vec<(Scope, usize)>,
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
#[derive(Debug, Clone, Copy)]
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
    #[cfg(test)]
    fn specificity(&self, hs6: &str) -> Option<usize> {
        Self::covers(scope(&self.hs)?, &self.hs, hs6)
    }

    fn covers(scope: Scope, hs: &str, hs6: &str) -> Option<usize> {
        match scope {
            Scope::All => Some(0),
            Scope::Chapters(a, b) => {
                let c = chapter(hs6.get(..2)?)?;
                (a <= c && c <= b).then_some(1)
            }
            Scope::Prefix(len) => hs6.starts_with(hs).then_some(len),
        }
    }

    /// What this row covers, for naming the line: `chapter 61`, `heading 6403`,
    /// `subheading 640399`, `chapters 01-24` or `all goods`.
    pub fn label(&self) -> RowScope<'_> {
        RowScope(&self.hs)
    }
}

/// A row's HS scope in words; written straight into the line name (no string of its own).
pub struct RowScope<'a>(&'a str);

impl std::fmt::Display for RowScope<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hs = self.0;
        match (hs.len(), hs.contains('-')) {
            (0, _) => f.write_str("all goods"),
            (_, true) => write!(f, "chapters {hs}"),
            (2, _) => write!(f, "chapter {hs}"),
            (4, _) => write!(f, "heading {hs}"),
            _ => write!(f, "subheading {hs}"),
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
        let mut by_prefix: HashMap<String, Vec<usize>> = HashMap::new();
        let mut broad = Vec::new();
        for (i, row) in raw.rows.iter().enumerate() {
            match scope(&row.hs) {
                Some(Scope::Prefix(_)) => by_prefix.entry(row.hs.clone()).or_default().push(i),
                Some(other) => broad.push((other, i)),
                None => {}
            }
        }
        Ok(Tariff {
            id: raw.tariff,
            name: raw.name,
            short_name: raw.short_name,
            jurisdiction: raw.jurisdiction,
            rows: raw.rows,
            by_prefix,
            broad,
        })
    }

    /// The most specific row in force on `date` for the subheading `hs6`.
    pub fn lookup(&self, hs6: &str, date: Date) -> Option<&DutyRow> {
        let prefixed = [2, 4, 6]
            .into_iter()
            .filter_map(|len| self.by_prefix.get(hs6.get(..len)?))
            .flatten()
            .filter_map(|&i| {
                let hs = &self.rows.get(i)?.hs;
                Some((i, DutyRow::covers(Scope::Prefix(hs.len()), hs, hs6)?))
            });
        let broad = self.broad.iter().filter_map(|&(scope, i)| {
            Some((i, DutyRow::covers(scope, &self.rows.get(i)?.hs, hs6)?))
        });
        prefixed
            .chain(broad)
            .filter_map(|(i, specificity)| Some((specificity, self.rows.get(i)?)))
            .filter(|(_, row)| dated::Dated::period(*row).contains(date))
            .max_by_key(|(specificity, row)| (*specificity, row.effective_from))
            .map(|(_, row)| row)
    }

    /// The same answer as [`Tariff::lookup`] by scanning every row: the index's reference.
    #[cfg(test)]
    pub fn lookup_by_scan(&self, hs6: &str, date: Date) -> Option<&DutyRow> {
        self.rows
            .iter()
            .filter(|row| dated::Dated::period(*row).contains(date))
            .filter_map(|row| Some((row.specificity(hs6)?, row.effective_from, row)))
            .max_by_key(|(specificity, from, _)| (*specificity, *from))
            .map(|(_, _, row)| row)
    }
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::super::Tables;

    /// The prefix index answers exactly what a scan of every row answers, for every subheading
    /// of the nomenclature, in every tariff, on dates either side of the dated rows.
    #[test]
    fn the_index_agrees_with_a_full_scan() {
        let tables = Tables::load().unwrap();
        let dates = [
            date!(2024 - 01 - 01),
            date!(2026 - 06 - 30),
            date!(2026 - 07 - 01),
            date!(2028 - 07 - 01),
        ];
        let mut compared = 0;
        for tariff in tables.tariffs.values() {
            for hs6 in tables.hs.subheadings() {
                for date in dates {
                    let indexed = tariff.lookup(hs6, date).map(|r| (&r.hs, r.effective_from));
                    let scanned = tariff
                        .lookup_by_scan(hs6, date)
                        .map(|r| (&r.hs, r.effective_from));
                    assert_eq!(indexed, scanned, "{} {hs6} {date}", tariff.id);
                    compared += 1;
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }
}
