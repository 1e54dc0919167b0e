//! One reading of a scale: the weight exactly as the scale gave it, its unit, and the scale's
//! status, with the one rule for a weight field (`usable`) and the exact conversion into it.

use rust_decimal::Decimal;

use crate::domain::{Weight, WeightUnit};

/// The units Packdesk takes from a scale. A scale set to any other unit (carats, troy ounces,
/// …) is answered with `ScaleError::UnsupportedUnit`, naming it, so the packer switches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScaleUnit {
    Gram,
    Kilogram,
    Ounce,
    Pound,
}

impl ScaleUnit {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Gram => "g",
            Self::Kilogram => "kg",
            Self::Ounce => "oz",
            Self::Pound => "lb",
        }
    }

    /// The unit a scale prints after its weight (`kg`, `LB`, …), any case.
    pub fn parse(text: &str) -> Option<Self> {
        match text.to_ascii_lowercase().as_str() {
            "g" => Some(Self::Gram),
            "kg" => Some(Self::Kilogram),
            "oz" => Some(Self::Ounce),
            "lb" | "lbs" => Some(Self::Pound),
            _ => None,
        }
    }
}

/// What the scale says about the weight it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScaleStatus {
    Stable,
    InMotion,
    StableAtZero,
    UnderZero,
    OverCapacity,
    NeedsCalibration,
    NeedsRezeroing,
    /// The scale reports a fault of its own (memory errors, …), in its words.
    Fault(String),
}

impl ScaleStatus {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Stable => "stable",
            Self::InMotion => "in_motion",
            Self::StableAtZero => "zero",
            Self::UnderZero => "under_zero",
            Self::OverCapacity => "over_capacity",
            Self::NeedsCalibration => "needs_calibration",
            Self::NeedsRezeroing => "needs_rezeroing",
            Self::Fault(_) => "fault",
        }
    }

    /// Plain words for a packer: what the scale says and what to do about it.
    pub fn describe(&self) -> String {
        match self {
            Self::Stable => "stable".to_string(),
            Self::InMotion => "in motion: wait until it settles".to_string(),
            Self::StableAtZero => "at zero: put the parcel on the scale".to_string(),
            Self::UnderZero => "under zero: empty the scale and zero it".to_string(),
            Self::OverCapacity => {
                "over capacity: the parcel is too heavy for this scale".to_string()
            }
            Self::NeedsCalibration => {
                "needs calibration: the scale must be calibrated before it weighs".to_string()
            }
            Self::NeedsRezeroing => {
                "needs re-zeroing: empty the scale and press its zero key".to_string()
            }
            Self::Fault(what) => format!("scale fault: {what}"),
        }
    }

    /// The weight is not moving (it may still be zero).
    pub fn is_stable(&self) -> bool {
        matches!(self, Self::Stable | Self::StableAtZero)
    }
}

/// One reading. When the scale gives no number (over or under capacity), `weight` is zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub weight: Decimal,
    pub unit: ScaleUnit,
    pub status: ScaleStatus,
}

impl std::fmt::Display for Reading {
    /// As a packer reads it: "0.420 kg, stable".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}, {}",
            self.weight,
            self.unit.as_str(),
            self.status.describe()
        )
    }
}

impl Reading {
    /// Only a stable reading above zero may fill a weight field.
    pub fn usable(&self) -> bool {
        self.status == ScaleStatus::Stable && self.weight > Decimal::ZERO
    }

    /// The weight in the field's unit, converted exactly by `domain::Weight` (kg and oz are
    /// first turned into g and lb, exactly); trailing zeros the conversion adds are dropped, and
    /// a metric weight in pounds is the 28-digit quotient, left to the field to round.
    pub fn to_weight(&self, unit: WeightUnit) -> Weight {
        let (value, base) = match self.unit {
            ScaleUnit::Gram => (self.weight, WeightUnit::Gram),
            ScaleUnit::Kilogram => (
                self.weight.saturating_mul(Decimal::ONE_THOUSAND),
                WeightUnit::Gram,
            ),
            ScaleUnit::Pound => (self.weight, WeightUnit::Pound),
            // 1 oz = 1/16 lb by definition; a division by 16 always terminates.
            ScaleUnit::Ounce => (
                self.weight
                    .checked_div(Decimal::from(16))
                    .unwrap_or(Decimal::MAX),
                WeightUnit::Pound,
            ),
        };
        let converted = Weight::new(value, base).to(unit);
        Weight::new(converted.value.normalize(), unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::decimal::dec as d;

    fn reading(weight: &str, unit: ScaleUnit, status: ScaleStatus) -> Reading {
        Reading {
            weight: d(weight),
            unit,
            status,
        }
    }

    #[test]
    fn only_a_stable_weight_above_zero_is_usable() {
        assert!(reading("0.420", ScaleUnit::Kilogram, ScaleStatus::Stable).usable());
        assert!(!reading("0.418", ScaleUnit::Kilogram, ScaleStatus::InMotion).usable());
        assert!(!reading("0", ScaleUnit::Kilogram, ScaleStatus::StableAtZero).usable());
        assert!(!reading("0", ScaleUnit::Kilogram, ScaleStatus::Stable).usable());
        assert!(!reading("-0.010", ScaleUnit::Kilogram, ScaleStatus::UnderZero).usable());
        assert!(!reading("0", ScaleUnit::Pound, ScaleStatus::OverCapacity).usable());
    }

    #[test]
    fn conversions_into_the_field_are_exact() {
        let kg = reading("0.420", ScaleUnit::Kilogram, ScaleStatus::Stable);
        assert_eq!(kg.to_weight(WeightUnit::Gram).value, d("420"));
        assert_eq!(kg.to_weight(WeightUnit::Gram).unit, WeightUnit::Gram);
        let lb = reading("1.25", ScaleUnit::Pound, ScaleStatus::Stable);
        assert_eq!(lb.to_weight(WeightUnit::Gram).value, d("566.9904625"));
        assert_eq!(lb.to_weight(WeightUnit::Pound).value, d("1.25"));
        let oz = reading("20", ScaleUnit::Ounce, ScaleStatus::Stable);
        assert_eq!(oz.to_weight(WeightUnit::Pound).value, d("1.25"));
        assert_eq!(oz.to_weight(WeightUnit::Gram).value, d("566.9904625"));
        let g = reading("453.59237", ScaleUnit::Gram, ScaleStatus::Stable);
        assert_eq!(g.to_weight(WeightUnit::Pound).value, d("1"));
    }

    #[test]
    fn statuses_have_words_for_the_packer() {
        assert_eq!(ScaleStatus::StableAtZero.as_str(), "zero");
        assert!(
            ScaleStatus::InMotion
                .describe()
                .contains("wait until it settles")
        );
        assert!(
            ScaleStatus::OverCapacity
                .describe()
                .starts_with("over capacity")
        );
        assert_eq!(
            ScaleStatus::Fault("RAM error".into()).describe(),
            "scale fault: RAM error"
        );
        assert_eq!(ScaleUnit::parse("KG"), Some(ScaleUnit::Kilogram));
        assert_eq!(ScaleUnit::parse("ct"), None);
    }
}
