//! Exchange rates (`fx_rates.json`): ECB reference rates in units per EUR, one row per
//! publication day, plus USD pegs of currencies the ECB does not publish.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::Deserialize;
use time::Date;

use super::dated::{self, Dated as _, Period, check_periods, dated, in_force};
use super::error::{TablesError, invalid};
use crate::api::num;
use crate::domain::Currency;

#[derive(Debug, Clone, Deserialize)]
struct Rate(#[serde(with = "num")] Decimal);

#[derive(Debug, Clone, Deserialize)]
struct FxRow {
    #[serde(deserialize_with = "dated::date")]
    effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    effective_to: Option<Date>,
    rates: BTreeMap<String, Rate>,
}

#[derive(Debug, Clone, Deserialize)]
struct Peg {
    currency: String,
    #[serde(with = "num")]
    per_usd: Decimal,
    #[serde(deserialize_with = "dated::date")]
    effective_from: Date,
    #[serde(default, deserialize_with = "dated::opt_date")]
    effective_to: Option<Date>,
}

dated!(FxRow, Peg);

#[derive(Debug, Deserialize)]
pub(super) struct FxFile {
    base: String,
    rows: Vec<FxRow>,
    pegs: Vec<Peg>,
}

/// The dated FX table.
#[derive(Debug, Clone)]
pub struct FxTable {
    rows: Vec<FxRow>,
    pegs: Vec<Peg>,
}

/// The rates in force on one day.
#[derive(Debug, Clone, Copy)]
pub struct FxDay<'a> {
    table: &'a FxTable,
    row: &'a FxRow,
    date: Date,
}

impl FxTable {
    pub(super) fn parse(file: &str, raw: FxFile) -> Result<FxTable, TablesError> {
        if raw.base != "EUR" {
            return Err(invalid(file, "base must be EUR"));
        }
        let known = |code: &str| Currency::parse(code).is_some_and(|c| c.code() == code);
        for row in &raw.rows {
            for (code, Rate(rate)) in &row.rates {
                if !known(code) || *rate <= Decimal::ZERO {
                    return Err(invalid(
                        file,
                        format!("{}: bad rate for `{code}`", row.effective_from),
                    ));
                }
            }
            if !row.rates.contains_key("USD") {
                return Err(invalid(
                    file,
                    format!(
                        "{}: every row needs USD (pegs derive from it)",
                        row.effective_from
                    ),
                ));
            }
        }
        for peg in &raw.pegs {
            if !known(&peg.currency) || peg.per_usd <= Decimal::ZERO {
                return Err(invalid(file, format!("bad peg for `{}`", peg.currency)));
            }
        }
        check_periods(
            file,
            raw.rows.iter().map(|r| {
                (
                    (),
                    Period {
                        from: r.effective_from,
                        to: r.effective_to,
                    },
                )
            }),
        )?;
        check_periods(
            file,
            raw.pegs.iter().map(|p| {
                (
                    p.currency.as_str(),
                    Period {
                        from: p.effective_from,
                        to: p.effective_to,
                    },
                )
            }),
        )?;
        Ok(FxTable {
            rows: raw.rows,
            pegs: raw.pegs,
        })
    }

    /// The rates in force on `date`: the latest publication on or before it.
    pub fn on(&self, date: Date) -> Option<FxDay<'_>> {
        // Rows are sorted by start (checked at load): the one in force is the last started
        // that has not ended, found from the end instead of by a scan of every publication.
        let started = self.rows.partition_point(|r| r.effective_from <= date);
        let rows = self.rows.get(..started)?;
        let in_force = rows.iter().rev().find(|r| r.period().contains(date));
        in_force.map(|row| FxDay {
            table: self,
            row,
            date,
        })
    }

    /// Whether `code` has a rate on some day (for checking other tables).
    pub fn knows(&self, code: &str) -> bool {
        code == "EUR"
            || self.rows.iter().any(|r| r.rates.contains_key(code))
            || self.pegs.iter().any(|p| p.currency == code)
    }
}

impl FxDay<'_> {
    /// Units of `code` per 1 EUR.
    pub fn per_eur(&self, code: &str) -> Option<Decimal> {
        if code == "EUR" {
            return Some(Decimal::ONE);
        }
        if let Some(Rate(rate)) = self.row.rates.get(code) {
            return Some(*rate);
        }
        let peg = in_force(
            self.table.pegs.iter().filter(|p| p.currency == code),
            self.date,
        )?;
        let Rate(usd) = self.row.rates.get("USD")?;
        usd.checked_mul(peg.per_usd)
    }

    /// `amount` in `from` expressed in `to` (unrounded).
    pub fn convert(&self, amount: Decimal, from: &str, to: &str) -> Option<Decimal> {
        if from == to {
            return Some(amount);
        }
        amount
            .checked_mul(self.per_eur(to)?)?
            .checked_div(self.per_eur(from)?)
    }

    /// The publication day of the rates.
    pub fn published(&self) -> Date {
        self.row.effective_from
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::landed_cost::Tables;

    /// The search from the end finds the row `in_force` finds by a full scan, every day from
    /// before the first publication to after the last.
    #[test]
    fn the_rates_of_a_day_are_those_in_force() {
        let tables = Tables::load().unwrap();
        let fx = &tables.fx;
        let first = fx.rows.first().unwrap().effective_from;
        let last = fx.rows.last().unwrap().effective_from;
        let mut date = first - time::Duration::days(3);
        while date <= last + time::Duration::days(40) {
            let scanned = in_force(&fx.rows, date).map(|r| r.effective_from);
            assert_eq!(fx.on(date).map(|d| d.row.effective_from), scanned, "{date}");
            date += time::Duration::days(1);
        }
    }
}
