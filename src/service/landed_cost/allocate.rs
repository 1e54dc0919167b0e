//! Splitting an amount across lines in proportion to weights, in whole minor units, so that
//! the parts always sum exactly to the amount (largest-remainder method).
//!
//! Each part first gets the floor of its exact share; the units left over go one each to the
//! parts with the largest remainders, ties to the earlier part. All arithmetic is on integers
//! of minor units, so the result is exact and the same on every run.

use rust_decimal::Decimal;

/// Why an allocation could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AllocateError {
    #[error("an amount has more digits than fit the calculation")]
    TooLarge,
    #[error("a negative amount or weight cannot be allocated")]
    Negative,
}

/// `value` as an integer count of units of `10^-minor_units`; it must already be rounded.
fn to_units(value: Decimal, minor_units: u32) -> Result<i128, AllocateError> {
    let mut scaled = value;
    scaled.rescale(minor_units);
    if scaled != value || scaled.scale() != minor_units {
        return Err(AllocateError::TooLarge);
    }
    Ok(scaled.mantissa())
}

fn from_units(units: i128, minor_units: u32) -> Result<Decimal, AllocateError> {
    Decimal::try_from_i128_with_scale(units, minor_units).map_err(|_| AllocateError::TooLarge)
}

/// Splits `amount` (rounded to `minor_units`) in proportion to `weights` (also rounded to
/// `minor_units`). When every weight is zero the amount is split equally. The parts sum to
/// `amount` exactly.
pub fn allocate(
    amount: Decimal,
    weights: &[Decimal],
    minor_units: u32,
) -> Result<Vec<Decimal>, AllocateError> {
    if weights.is_empty() {
        return Ok(Vec::new());
    }
    let total_units = to_units(amount, minor_units)?;
    let mut units = weights
        .iter()
        .map(|w| to_units(*w, minor_units))
        .collect::<Result<Vec<_>, _>>()?;
    if total_units < 0 || units.iter().any(|u| *u < 0) {
        return Err(AllocateError::Negative);
    }
    if units.iter().all(|u| *u == 0) {
        units.iter_mut().for_each(|u| *u = 1);
    }
    let weight_sum = units
        .iter()
        .try_fold(0i128, |acc, u| acc.checked_add(*u))
        .ok_or(AllocateError::TooLarge)?;

    let mut parts = Vec::with_capacity(units.len());
    let mut remainders = Vec::with_capacity(units.len());
    for (index, weight) in units.iter().enumerate() {
        let product = total_units
            .checked_mul(*weight)
            .ok_or(AllocateError::TooLarge)?;
        parts.push(product / weight_sum);
        remainders.push((product % weight_sum, index));
    }
    let given: i128 = parts.iter().sum();
    let leftover = usize::try_from(total_units - given).map_err(|_| AllocateError::TooLarge)?;
    // Largest remainder first; equal remainders keep their order.
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, index) in remainders.iter().take(leftover) {
        if let Some(part) = parts.get_mut(*index) {
            *part += 1;
        }
    }
    parts
        .into_iter()
        .map(|p| from_units(p, minor_units))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use crate::decimal::dec as d;

    #[test]
    fn remainders_go_to_the_largest_fractions_then_the_earliest() {
        // 10.00 over 1:1:1 -> 3.333.. each; the one spare cent goes to the first line.
        assert_eq!(
            allocate(d("10.00"), &[d("1"), d("1"), d("1")], 2).unwrap(),
            [d("3.34"), d("3.33"), d("3.33")]
        );
        // 1.00 over 30:70 -> 0.30 / 0.70 exactly.
        assert_eq!(
            allocate(d("1.00"), &[d("30"), d("70")], 2).unwrap(),
            [d("0.30"), d("0.70")]
        );
        // 5.00 over 20 / 25 / 55: 5 * 20/100 = 1.00, 5 * 25/100 = 1.25, 5 * 55/100 = 2.75.
        assert_eq!(
            allocate(d("5.00"), &[d("20"), d("25"), d("55")], 2).unwrap(),
            [d("1.00"), d("1.25"), d("2.75")]
        );
        // 0.05 over 1:1 -> 0.025 each: the first gets the spare cent.
        assert_eq!(
            allocate(d("0.05"), &[d("1"), d("1")], 2).unwrap(),
            [d("0.03"), d("0.02")]
        );
        // JPY: 100 over 1:2 -> 33.33 / 66.67 -> 33 / 67 (0.67 beats 0.33).
        assert_eq!(
            allocate(d("100"), &[d("1"), d("2")], 0).unwrap(),
            [d("33"), d("67")]
        );
        // All weights zero: equal split.
        assert_eq!(
            allocate(d("1.00"), &[d("0"), d("0"), d("0")], 2).unwrap(),
            [d("0.34"), d("0.33"), d("0.33")]
        );
        assert!(allocate(d("1.005"), &[d("1")], 2).is_err());
        assert!(allocate(d("-1.00"), &[d("1")], 2).is_err());
    }

    proptest! {
        #[test]
        fn parts_sum_exactly_and_stay_proportional(
            amount in 0i64..10_000_000,
            weights in prop::collection::vec(0i64..1_000_000, 1..12),
            minor in 0u32..4,
        ) {
            let amount = Decimal::new(amount, minor);
            let weights: Vec<Decimal> = weights.into_iter().map(|w| Decimal::new(w, minor)).collect();
            let parts = allocate(amount, &weights, minor).unwrap();
            prop_assert_eq!(parts.iter().copied().sum::<Decimal>(), amount);
            let unit = Decimal::new(1, minor);
            let total: Decimal = weights.iter().copied().sum();
            for (part, weight) in parts.iter().zip(&weights) {
                prop_assert!(*part >= Decimal::ZERO);
                if total > Decimal::ZERO {
                    let exact = amount * weight / total;
                    prop_assert!((*part - exact).abs() < unit, "part {} exact {}", part, exact);
                }
            }
            prop_assert_eq!(allocate(amount, &weights, minor).unwrap(), parts);
        }
    }
}
