//! Values in SDR (the IMF's Special Drawing Right), for the UPU rule that picks the form: a
//! CN22 for contents up to 300 SDR, a CN23 above.
//!
//! The SDR is a basket of fixed currency amounts (`assets/tables/sdr_basket.json`, from the
//! IMF); its value on a day is the sum of those amounts at that day's ECB reference rates, the
//! same dated rows the landed-cost engine converts with.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::Deserialize;
use time::Date;

use crate::api::num;
use crate::service::landed_cost::tables::Tables;

const BASKET: &str = include_str!("../../assets/tables/sdr_basket.json");

/// The UPU limit of a CN22 in SDR (the Letter Post Regulations): above it, a CN23.
pub const CN22_LIMIT_SDR: Decimal = Decimal::from_parts(300, 0, 0, false, 0);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SdrError {
    #[error("the SDR basket table does not parse: {0}")]
    Table(String),
    #[error("no SDR basket is in force on {0}")]
    NoBasket(Date),
    #[error("no exchange rates are in force on {0}")]
    NoRates(Date),
    #[error("no exchange rate for {0}")]
    NoRate(String),
}

#[derive(Debug, Deserialize)]
struct BasketFile {
    rows: Vec<BasketRow>,
}

#[derive(Debug, Deserialize)]
struct BasketRow {
    effective_from: String,
    amounts: BTreeMap<String, Amount>,
}

#[derive(Debug, Deserialize)]
struct Amount(#[serde(with = "num")] Decimal);

/// An amount in SDR with the day of the exchange rates used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InSdr {
    /// Rounded to 2 places.
    pub value: Decimal,
    /// Euros per SDR on `rates_of` (6 places), as printed beside the value.
    pub eur_per_sdr: Decimal,
    /// The publication day of the ECB rates used (the last one on or before the date asked).
    pub rates_of: Date,
}

/// `amount` of `currency` in SDR on `date`.
pub fn to_sdr(
    tables: &Tables,
    amount: Decimal,
    currency: &str,
    date: Date,
) -> Result<InSdr, SdrError> {
    let basket = basket_on(date)?;
    let fx = tables.fx_on(date).ok_or(SdrError::NoRates(date))?;
    let mut eur_per_sdr = Decimal::ZERO;
    for (code, Amount(units)) in &basket.amounts {
        let per_eur = fx
            .per_eur(code)
            .filter(|r| !r.is_zero())
            .ok_or_else(|| SdrError::NoRate(code.clone()))?;
        eur_per_sdr += units / per_eur;
    }
    let in_eur = fx
        .convert(amount, currency, "EUR")
        .ok_or_else(|| SdrError::NoRate(currency.to_owned()))?;
    Ok(InSdr {
        value: (in_eur / eur_per_sdr).round_dp(2),
        eur_per_sdr: eur_per_sdr.round_dp(6),
        rates_of: fx.published(),
    })
}

fn basket_on(date: Date) -> Result<BasketRow, SdrError> {
    let file: BasketFile =
        serde_json::from_str(BASKET).map_err(|e| SdrError::Table(e.to_string()))?;
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let mut in_force = None;
    for row in file.rows {
        let from = Date::parse(&row.effective_from, format)
            .map_err(|e| SdrError::Table(format!("{}: {e}", row.effective_from)))?;
        if from <= date {
            in_force = Some(row);
        }
    }
    in_force.ok_or(SdrError::NoBasket(date))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn the_sdr_is_its_basket_at_the_days_ecb_rates() {
        let tables = Tables::load().unwrap();
        // 2025-01-02: USD 1.0321, JPY 162.04, GBP 0.83118, CNY 7.5338 per EUR. The basket is
        // 0.37379 + 0.57813/1.0321 + 1.0993/7.5338 + 13.452/162.04 + 0.08087/0.83118 EUR
        // = 1.2601669 EUR.
        let one = to_sdr(&tables, Decimal::ONE, "EUR", date!(2025 - 01 - 02)).unwrap();
        assert_eq!(one.eur_per_sdr, "1.260167".parse().unwrap());
        assert_eq!(one.rates_of, date!(2025 - 01 - 02));
        // About 1.30 USD per SDR, as the IMF published for that day.
        let usd = to_sdr(
            &tables,
            "1302.0".parse().unwrap(),
            "USD",
            date!(2025 - 01 - 02),
        );
        assert_eq!(usd.unwrap().value.round(), Decimal::from(1001));
    }

    #[test]
    fn a_currency_without_rates_is_said() {
        let tables = Tables::load().unwrap();
        assert_eq!(
            to_sdr(&tables, Decimal::ONE, "XXX", date!(2025 - 06 - 02)),
            Err(SdrError::NoRate("XXX".into()))
        );
        assert_eq!(
            to_sdr(&tables, Decimal::ONE, "EUR", date!(2021 - 06 - 02)),
            Err(SdrError::NoBasket(date!(2021 - 06 - 02)))
        );
    }
}
