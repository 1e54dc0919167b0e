//! Look-ups by date, for the engine and for anyone who wants to show a rule.

use time::Date;

use super::Tables;
use super::dated::in_force;
use super::duty::DutyRow;
use super::fx::FxDay;
use super::rules::{AgreementKind, AgreementRow, DeMinimisKind, DeMinimisRow, DestinationRow};
use super::tax::TaxRow;
use crate::domain::CountryCode;

impl Tables {
    /// The destination row in force for `country`, if the engine prices it.
    pub fn destination(&self, country: CountryCode, date: Date) -> Option<&DestinationRow> {
        in_force(
            self.destinations.iter().filter(|d| d.country == country),
            date,
        )
    }

    /// Every tax in force at a destination (`subdivision`: short code such as `QC`, for US and
    /// CA), one row per tax, in table order.
    pub fn taxes_at(
        &self,
        country: CountryCode,
        subdivision: Option<&str>,
        date: Date,
    ) -> Vec<&TaxRow> {
        let mut taxes: Vec<&TaxRow> = Vec::new();
        let applicable = self.taxes.iter().filter(|t| {
            t.country == country
                && t.subdivision
                    .as_deref()
                    .is_none_or(|s| Some(s) == subdivision)
        });
        for row in applicable {
            if taxes.iter().any(|t| t.tax == row.tax) {
                continue;
            }
            let same_tax = self.taxes.iter().filter(|t| {
                t.country == country && t.subdivision == row.subdivision && t.tax == row.tax
            });
            if let Some(found) = in_force(same_tax, date) {
                taxes.push(found);
            }
        }
        taxes
    }

    /// The MFN duty row of `tariff` (e.g. `EU`, `US`) that applies to `hs6` on `date`.
    pub fn duty_rate(&self, tariff: &str, hs6: &str, date: Date) -> Option<&DutyRow> {
        self.tariffs.get(tariff)?.lookup(hs6, date)
    }

    /// The low-value relief of `kind` for `territory` (a tariff id) on `date`, for a shipment
    /// from `from`.
    pub fn de_minimis(
        &self,
        territory: &str,
        kind: DeMinimisKind,
        from: CountryCode,
        date: Date,
    ) -> Option<&DeMinimisRow> {
        let rows = self
            .de_minimis
            .iter()
            .filter(|r| r.territory == territory && r.kind == kind && r.covers_origin(from));
        in_force(rows, date)
    }

    /// The exchange rates in force on `date`.
    pub fn fx_on(&self, date: Date) -> Option<FxDay<'_>> {
        self.fx.on(date)
    }

    /// The customs union in force on `date` that both countries belong to, e.g. `EU-CU`: goods
    /// between them cross no customs border (the engine's `Regime::CustomsUnion`).
    pub fn customs_union_of(
        &self,
        a: CountryCode,
        b: CountryCode,
        date: Date,
    ) -> Option<&AgreementRow> {
        self.agreements.iter().find(|row| {
            row.kind == AgreementKind::CustomsUnion
                && row.effective_from <= date
                && row.effective_to.is_none_or(|to| date <= to)
                && row.has(a)
                && row.has(b)
        })
    }

    /// Whether `country` is in the customs union `id` on `date` (e.g. an EU consignment).
    pub fn in_customs_union(&self, id: &str, country: CountryCode, date: Date) -> bool {
        self.agreements.iter().any(|row| {
            row.id == id
                && row.effective_from <= date
                && row.effective_to.is_none_or(|to| date <= to)
                && row.has(country)
        })
    }
}
