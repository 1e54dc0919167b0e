//! A parcel's share of the shipment's transport, duties and taxes, in whole minor units.
//!
//! Parcels are packed one at a time, so each parcel's share must be final when its label is
//! printed, before the next parcel is known. Cumulative rounding does that: parcel k gets
//! `round(total × share of parcels 1..=k) − round(total × share of parcels 1..k)`. Each part is
//! fixed by the parcels up to it, and once the last unit is packed the cumulative share is
//! exactly 1, so the parts add up to the locked total to the cent.

use rust_decimal::Decimal;

use crate::domain::Currency;

/// How far through a shipment the parcels are, for one weighting of its lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// Per line: its weight (e.g. its duty, or its value) for the whole ordered quantity.
    pub weights: Vec<Decimal>,
    /// Per line: units ordered.
    pub ordered: Vec<u32>,
    /// Per line: units in the parcels before this one.
    pub before: Vec<u32>,
    /// Per line: units in the parcels up to and including this one.
    pub through: Vec<u32>,
}

impl Progress {
    /// The shares of the total before and through this parcel, each in `[0, 1]`. With every
    /// weight zero the lines count by units.
    fn shares(&self) -> (Decimal, Decimal) {
        let by_units = self.weights.iter().all(Decimal::is_zero);
        let weight = |i: usize| {
            if by_units {
                Decimal::from(self.ordered[i])
            } else {
                self.weights[i]
            }
        };
        let total: Decimal = (0..self.ordered.len()).map(weight).sum();
        if total.is_zero() {
            return (Decimal::ZERO, Decimal::ONE);
        }
        let part = |units: &[u32]| -> Decimal {
            (0..self.ordered.len())
                .filter(|&i| self.ordered[i] > 0)
                .map(|i| weight(i) * Decimal::from(units[i]) / Decimal::from(self.ordered[i]))
                .sum::<Decimal>()
                / total
        };
        (part(&self.before), part(&self.through))
    }

    /// This parcel's part of `total`, rounded to `currency`'s minor units.
    pub fn part_of(&self, total: Decimal, currency: Currency) -> Decimal {
        let (before, through) = self.shares();
        let at = |share: Decimal| {
            if share == Decimal::ONE {
                currency.round(total)
            } else {
                currency.round(total * share)
            }
        };
        at(through) - at(before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eur() -> Currency {
        Currency::parse("EUR").unwrap()
    }

    /// Three lines (weights 10, 20, 30; 3, 1, 2 units) packed in the given parcels.
    fn parts(total: &str, parcels: &[[u32; 3]]) -> Vec<Decimal> {
        let ordered = vec![3, 1, 2];
        let mut before = vec![0; 3];
        parcels
            .iter()
            .map(|parcel| {
                let through: Vec<u32> = before.iter().zip(parcel).map(|(b, p)| b + p).collect();
                let progress = Progress {
                    weights: vec![10.into(), 20.into(), 30.into()],
                    ordered: ordered.clone(),
                    before: before.clone(),
                    through: through.clone(),
                };
                before = through;
                progress.part_of(total.parse().unwrap(), eur())
            })
            .collect()
    }

    #[test]
    fn the_parcels_of_a_shipment_add_up_to_its_total_to_the_cent() {
        for total in ["10.00", "0.01", "33.33", "7.77", "1000.05"] {
            for split in [
                vec![[3, 1, 2]],
                vec![[1, 0, 0], [1, 0, 0], [1, 1, 2]],
                vec![[0, 0, 1], [3, 0, 0], [0, 1, 1]],
                vec![[1, 0, 1], [1, 1, 0], [1, 0, 1]],
            ] {
                let parts = parts(total, &split);
                let sum: Decimal = parts.iter().sum();
                assert_eq!(sum, total.parse::<Decimal>().unwrap(), "{total} {split:?}");
                assert!(parts.iter().all(|p| !p.is_sign_negative()), "{parts:?}");
            }
        }
    }

    #[test]
    fn a_parcel_takes_the_share_of_its_weight() {
        // Line 3 (weight 30 of 60) whole: half of 10.00.
        assert_eq!(parts("10.00", &[[0, 0, 2]])[0], "5.00".parse().unwrap());
        // One of the three units of line 1 (10 of 60, a third of it): 10/180 of 9.00.
        assert_eq!(parts("9.00", &[[1, 0, 0]])[0], "0.50".parse().unwrap());
    }

    #[test]
    fn lines_without_weight_count_by_units() {
        let progress = Progress {
            weights: vec![Decimal::ZERO; 2],
            ordered: vec![1, 3],
            before: vec![0, 0],
            through: vec![1, 0],
        };
        assert_eq!(progress.part_of(Decimal::from(8), eur()), Decimal::from(2));
    }
}
