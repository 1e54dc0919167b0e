//! Currencies (ISO 4217) with their minor units, and rounding to them.

use std::fmt;
use std::str::FromStr;

use rust_decimal::{Decimal, RoundingStrategy};

/// An active ISO 4217 currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Currency(iso_currency::Currency);

impl Currency {
    /// Accepts an ISO 4217 alphabetic code in either case; anything else is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        iso_currency::Currency::from_str(&text.trim().to_ascii_uppercase())
            .ok()
            .map(Self)
    }

    pub fn code(&self) -> String {
        self.0.code().to_string()
    }

    pub fn name(&self) -> String {
        self.0.name().to_string()
    }

    /// Digits after the decimal point: JPY 0, EUR 2, KWD 3. Currencies without a minor unit in
    /// ISO 4217 (e.g. XAU) count as 0.
    pub fn minor_units(&self) -> u32 {
        u32::from(self.0.exponent().unwrap_or(0))
    }

    /// Rounds to the currency's minor units, half away from zero (the rounding used for every
    /// charge line: 0.125 EUR -> 0.13, -0.125 EUR -> -0.13).
    pub fn round(&self, amount: Decimal) -> Decimal {
        amount.round_dp_with_strategy(self.minor_units(), RoundingStrategy::MidpointAwayFromZero)
    }

    /// Whether `amount` has no more decimals than the currency allows.
    pub fn fits_minor_units(&self, amount: Decimal) -> bool {
        amount.normalize().scale() <= self.minor_units()
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::decimal::dec;

    #[test]
    fn minor_units_follow_iso_4217() {
        assert_eq!(Currency::parse("JPY").unwrap().minor_units(), 0);
        assert_eq!(Currency::parse("eur").unwrap().minor_units(), 2);
        assert_eq!(Currency::parse("KWD").unwrap().minor_units(), 3);
        assert!(Currency::parse("EURO").is_none());
        assert!(Currency::parse("ZZZ").is_none());
    }

    #[test]
    fn rounding_is_half_away_from_zero_once() {
        let eur = Currency::parse("EUR").unwrap();
        assert_eq!(eur.round(dec("0.125")), dec("0.13"));
        assert_eq!(eur.round(dec("-0.125")), dec("-0.13"));
        assert_eq!(eur.round(dec("0.124999")), dec("0.12"));
        assert_eq!(
            Currency::parse("JPY").unwrap().round(dec("10.5")),
            dec("11")
        );
        assert_eq!(
            Currency::parse("KWD").unwrap().round(dec("1.0005")),
            dec("1.001")
        );
        assert!(eur.fits_minor_units(dec("1.50")));
        assert!(eur.fits_minor_units(dec("1.500")));
        assert!(!eur.fits_minor_units(dec("1.505")));
    }
}
