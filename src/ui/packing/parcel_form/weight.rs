//! Amounts as typed, and the unit-slip warning: a declared parcel weight far from what its items
//! weigh is most often a unit slip (pounds typed as grams, kilograms as grams, ...).

use rust_decimal::Decimal;

use super::fields::FieldKey;
use super::form::ParcelForm;
use crate::domain::units::GRAMS_PER_POUND;
use crate::domain::{Weight, WeightUnit};

/// A positive or zero decimal as typed; a comma is read as the decimal point when there is no
/// point (`1,5`). `None` for anything else.
pub fn parse_amount(text: &str) -> Option<Decimal> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let normalized;
    let text = if text.contains(',') && !text.contains('.') {
        normalized = text.replace(',', ".");
        normalized.as_str()
    } else {
        text
    };
    if !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    Decimal::from_str_exact(text).ok()
}

/// Ratios that name a slip, within this relative tolerance.
const TOLERANCE: Decimal = Decimal::from_parts(25, 0, 0, false, 2);
/// Beyond these the weight is "far" even without a named slip (packaging adds weight).
const FAR_ABOVE: i64 = 10;
const FAR_BELOW: Decimal = Decimal::from_parts(5, 0, 0, false, 1);

/// A warning when `declared` is far from `expected_grams` (the items' weight), naming the
/// likely slip when the ratio is about 453.6 (g/lb) or 1000 (g/kg).
pub fn weight_warning(declared: Weight, expected_grams: Decimal) -> Option<String> {
    if expected_grams <= Decimal::ZERO || declared.value <= Decimal::ZERO {
        return None;
    }
    let ratio = declared.grams().checked_div(expected_grams)?;
    let near = |target: Decimal| {
        let r = ratio.checked_div(target).unwrap_or(Decimal::ZERO);
        (r - Decimal::ONE).abs() <= TOLERANCE
    };
    let inverse = |target: Decimal| Decimal::ONE.checked_div(target).unwrap_or(Decimal::ZERO);
    let items = format!("the items weigh about {}", grams_text(expected_grams));
    let value = declared.value.normalize();
    let thousand = Decimal::from(1000);
    let hint = match declared.unit {
        WeightUnit::Pound if near(GRAMS_PER_POUND) => Some(format!(
            "{value} lb is about 454 times that: did you mean {value} g?"
        )),
        WeightUnit::Gram if near(inverse(GRAMS_PER_POUND)) => Some(format!(
            "{value} g is about 454 times less: did you mean {value} lb?"
        )),
        WeightUnit::Gram if near(inverse(thousand)) => Some(format!(
            "{value} g is about 1000 times less: was it kilograms ({} g)?",
            (declared.value * thousand).normalize()
        )),
        WeightUnit::Gram if near(thousand) => Some(format!(
            "{value} g is about 1000 times more: was it milligrams?"
        )),
        WeightUnit::Pound if near(inverse(Decimal::from(16))) => {
            Some(format!("{value} lb is about 16 times less: was it ounces?"))
        }
        _ if ratio > Decimal::from(FAR_ABOVE) || ratio < FAR_BELOW => Some(format!(
            "the declared {} is far from that: check the scale and the unit.",
            declared_text(declared)
        )),
        _ => None,
    }?;
    Some(format!("Check the weight — {items}; {hint}"))
}

fn grams_text(grams: Decimal) -> String {
    if grams >= Decimal::from(10) {
        format!("{} g", grams.round())
    } else {
        format!("{} g", grams.round_dp(1).normalize())
    }
}

fn declared_text(weight: Weight) -> String {
    format!("{} {}", weight.value.normalize(), weight.unit.cart_code())
}

/// `weight` as the weight field shows it in `unit`, without trailing zeros.
pub fn weight_text(weight: Weight, unit: WeightUnit) -> String {
    // Grams from pounds are exact; pounds from grams need not end, and a ten-thousandth of a
    // pound (45 mg) is finer than any parcel scale reads.
    let value = match unit {
        WeightUnit::Gram => weight.grams(),
        WeightUnit::Pound => weight.pounds().round_dp(4),
    };
    value.normalize().to_string()
}

impl ParcelForm {
    /// A stable reading from the scale fills the weight, unless the packer typed one for this
    /// parcel. Whether it filled it.
    pub fn scale_reading(&mut self, weight: Weight) -> bool {
        if self.weight_typed {
            return false;
        }
        self.weight = weight_text(weight, self.weight_unit);
        self.scale_weight = Some(weight);
        self.touched.insert(FieldKey::Weight);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::decimal::dec;

    #[test]
    fn amounts_as_typed() {
        assert_eq!(parse_amount(" 1.5 "), Some(dec("1.5")));
        assert_eq!(parse_amount("1,5"), Some(dec("1.5")));
        assert_eq!(parse_amount("1,500.5"), None);
        assert_eq!(parse_amount("-2"), None);
        assert_eq!(parse_amount("2 kg"), None);
        assert_eq!(parse_amount(""), None);
    }

    #[test]
    fn slips_are_named_and_plausible_weights_pass() {
        let g = |v: &str| Weight::new(dec(v), WeightUnit::Gram);
        let lb = |v: &str| Weight::new(dec(v), WeightUnit::Pound);
        let items = dec("540");
        assert_eq!(weight_warning(g("600"), items), None, "box adds weight");
        assert_eq!(weight_warning(lb("1.3"), items), None, "1.3 lb = 590 g");
        let slip = weight_warning(lb("540"), items).unwrap();
        assert!(slip.contains("did you mean 540 g"), "{slip}");
        let slip = weight_warning(g("1.2"), items).unwrap();
        assert!(slip.contains("did you mean 1.2 lb"), "{slip}");
        let slip = weight_warning(g("0.55"), items).unwrap();
        assert!(slip.contains("kilograms (550 g)"), "{slip}");
        let slip = weight_warning(g("540000"), items).unwrap();
        assert!(slip.contains("milligrams"), "{slip}");
        let far = weight_warning(g("9000"), items).unwrap();
        assert!(far.contains("far from"), "{far}");
        assert_eq!(weight_warning(g("600"), Decimal::ZERO), None);
    }
}
