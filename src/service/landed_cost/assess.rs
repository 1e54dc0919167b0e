//! A national line's rate applied to one cart line: ad valorem terms on the customs value,
//! specific terms on the quantity they name (kilograms from the item's weight, items, pairs
//! of footwear and gloves, dozens), the floor and ceiling after. What the cart cannot tell
//! (litres, square metres, an agricultural component) is left out and said: the duty is then
//! the ad valorem part and not guaranteed. Nothing specific is dropped silently.

use rust_decimal::Decimal;

use super::tables::{RateExpr, Term, Unit};

/// The quantities of one cart line a specific duty can be charged on.
#[derive(Debug, Clone)]
pub struct Quantities {
    /// Customs value, in the request currency.
    pub value: Decimal,
    pub items: Decimal,
    /// Net mass in kilograms, when the item's weight is known and above zero.
    pub kg: Option<Decimal>,
    /// Pairs, when the goods come in pairs (footwear, gloves, hosiery): one item, one pair.
    pub pairs: Option<Decimal>,
}

/// The duty before rounding, and what was left out of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessed {
    pub amount: Decimal,
    /// What could not be computed (`litres`, `?EA`): empty when the duty is exact.
    pub left_out: Vec<String>,
}

/// `convert` turns an amount in a tariff's currency into the request currency.
pub fn assess(
    rate: &RateExpr,
    q: &Quantities,
    convert: &dyn Fn(Decimal, &str) -> Option<Decimal>,
) -> Assessed {
    let mut left_out = Vec::new();
    let sum = match total(&rate.sum, q, convert, &mut left_out) {
        Some(sum) => sum,
        // A specific term the cart cannot give: the ad valorem part only.
        None => ad_valorem(&rate.sum, q),
    };
    let mut amount = sum;
    for (bound, is_floor) in [(&rate.min, true), (&rate.max, false)] {
        let Some(terms) = bound else { continue };
        match total(terms, q, convert, &mut left_out) {
            Some(limit) if is_floor => amount = amount.max(limit),
            Some(limit) => amount = amount.min(limit),
            None => {}
        }
    }
    left_out.dedup();
    Assessed { amount, left_out }
}

/// The terms added up; `None` when a specific term's quantity is unknown (named in
/// `left_out`). Unknown components are named and count as nothing.
fn total(
    terms: &[Term],
    q: &Quantities,
    convert: &dyn Fn(Decimal, &str) -> Option<Decimal>,
    left_out: &mut Vec<String>,
) -> Option<Decimal> {
    let mut sum = Decimal::ZERO;
    let mut complete = true;
    for term in terms {
        match term {
            Term::AdValorem(percent) => sum += q.value * percent / Decimal::ONE_HUNDRED,
            Term::Specific {
                amount,
                currency,
                unit,
            } => {
                let (Some(quantity), Some(per_unit)) =
                    (quantity(unit, q), convert(*amount, currency))
                else {
                    left_out.push(missing(unit, q, currency));
                    complete = false;
                    continue;
                };
                sum += quantity * per_unit;
            }
            Term::Unknown(name) => left_out.push(format!("?{name}")),
        }
    }
    complete.then_some(sum)
}

fn ad_valorem(terms: &[Term], q: &Quantities) -> Decimal {
    terms
        .iter()
        .map(|t| match t {
            Term::AdValorem(percent) => q.value * percent / Decimal::ONE_HUNDRED,
            _ => Decimal::ZERO,
        })
        .sum()
}

fn quantity(unit: &Unit, q: &Quantities) -> Option<Decimal> {
    match unit {
        Unit::Kg => q.kg,
        Unit::Item => Some(q.items),
        Unit::Pair => q.pairs,
        Unit::Dozen => Some(q.items / Decimal::from(12)),
        Unit::Other(_) => None,
    }
}

/// What the cart lacks for a term, in words for the line's name.
fn missing(unit: &Unit, q: &Quantities, currency: &str) -> String {
    match unit {
        Unit::Kg if q.kg.is_none() => "the net weight".to_string(),
        Unit::Pair if q.pairs.is_none() => "the number of pairs".to_string(),
        Unit::Other(name) => format!("the quantity in {}", name.replace('_', " ")),
        _ => format!("an exchange rate from {currency}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::decimal::dec;

    fn rate(text: &str) -> RateExpr {
        RateExpr::parse(text).unwrap()
    }

    fn same(amount: Decimal, _currency: &str) -> Option<Decimal> {
        Some(amount)
    }

    fn cart(value: &str, items: &str, kg: Option<&str>, pairs: Option<&str>) -> Quantities {
        Quantities {
            value: dec(value),
            items: dec(items),
            kg: kg.map(dec),
            pairs: pairs.map(dec),
        }
    }

    #[test]
    fn footwear_pays_per_pair_plus_percent() {
        // HTS 6404.19.20 style: 0.9 USD/pair + 20 %. Three pairs worth 45.00:
        // 3 x 0.90 = 2.70; 20 % x 45.00 = 9.00; duty 11.70.
        let a = assess(
            &rate("0.9 USD/pair + 20%"),
            &cart("45.00", "3", Some("1.2"), Some("3")),
            &same,
        );
        assert_eq!(a.amount, dec("11.70"));
        assert!(a.left_out.is_empty());
    }

    #[test]
    fn a_per_kg_food_duty_uses_the_net_weight() {
        // 0.044 USD/kg + 6 %: 2 jars of 0.350 kg worth 12.00 -> 0.7 kg x 0.044 = 0.0308;
        // 6 % x 12.00 = 0.72; duty 0.7508 (rounded by the caller to 0.75).
        let a = assess(
            &rate("0.044 USD/kg + 6%"),
            &cart("12.00", "2", Some("0.700"), None),
            &same,
        );
        assert_eq!(a.amount, dec("0.7508"));
    }

    #[test]
    fn not_less_than_lifts_a_low_ad_valorem_duty_to_its_floor() {
        // 10 % but not less than 250 JPY/kg: 2 kg worth 3,000 -> 10 % = 300; floor 500; 500.
        let a = assess(
            &rate("10% min 250 JPY/kg"),
            &cart("3000", "1", Some("2"), None),
            &same,
        );
        assert_eq!(a.amount, dec("500"));
        // Worth 8,000: 10 % = 800 is above the floor of 500.
        let a = assess(
            &rate("10% min 250 JPY/kg"),
            &cart("8000", "1", Some("2"), None),
            &same,
        );
        assert_eq!(a.amount, dec("800"));
    }

    #[test]
    fn a_ceiling_caps_the_duty() {
        // 8 % but not more than 1 EUR/item: 4 items worth 100 -> 8.00 capped at 4.00.
        let a = assess(
            &rate("8% max 1 EUR/item"),
            &cart("100", "4", None, None),
            &same,
        );
        assert_eq!(a.amount, dec("4"));
    }

    #[test]
    fn a_quantity_the_cart_cannot_give_leaves_the_ad_valorem_part_and_says_so() {
        // Wine per litre + 5 %: litres are not in a cart -> 5 % x 20 = 1, not guaranteed.
        let a = assess(
            &rate("0.5 USD/l + 5%"),
            &cart("20", "1", Some("1"), None),
            &same,
        );
        assert_eq!(a.amount, dec("1"));
        assert_eq!(a.left_out, ["the quantity in l"]);
        // Pairs of something that is not footwear are not derivable either.
        let a = assess(
            &rate("0.9 USD/pair + 20%"),
            &cart("45", "3", None, None),
            &same,
        );
        assert_eq!((a.amount, a.left_out.len()), (dec("9"), 1));
        // An EU agricultural component is named and not computed.
        let a = assess(&rate("8.3% + ?EA"), &cart("100", "1", None, None), &same);
        assert_eq!(
            (a.amount, a.left_out.clone()),
            (dec("8.3"), vec!["?EA".to_string()])
        );
    }

    #[test]
    fn dozens_and_foreign_currency_amounts_convert_exactly() {
        // 0.375 USD/dozen + 4.5 % on 24 items worth 48.00 in EUR at 0.5 EUR per USD:
        // 2 dozen x 0.1875 = 0.375; 4.5 % x 48 = 2.16; 2.535.
        let half = |amount: Decimal, currency: &str| {
            (currency == "USD").then(|| amount * Decimal::new(5, 1))
        };
        let a = assess(
            &rate("0.375 USD/dozen + 4.5%"),
            &cart("48.00", "24", None, None),
            &half,
        );
        assert_eq!(a.amount, dec("2.535"));
    }
}
