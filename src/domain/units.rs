//! Weights and lengths that always carry their unit, with exact decimal conversions
//! (1 lb = 453.59237 g by definition, 1 in = 2.54 cm).

use std::fmt;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Grams in one avoirdupois pound (exact, international yard and pound agreement of 1959).
pub const GRAMS_PER_POUND: Decimal = Decimal::from_parts(45359237, 0, 0, false, 5);
/// Centimetres in one inch (exact).
pub const CM_PER_INCH: Decimal = Decimal::from_parts(254, 0, 0, false, 2);

/// On the wire as the label API spells it (`grams` | `pounds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum WeightUnit {
    #[serde(rename = "grams")]
    Gram,
    #[serde(rename = "pounds")]
    Pound,
}

impl WeightUnit {
    /// The landed-cost API's spelling (SPEC 2.7): `g` | `lb`.
    pub fn parse_cart(text: &str) -> Option<Self> {
        match text {
            "g" => Some(Self::Gram),
            "lb" => Some(Self::Pound),
            _ => None,
        }
    }

    /// The label API's spelling (SPEC 2.18): `grams` | `pounds`.
    pub fn parse_label(text: &str) -> Option<Self> {
        match text {
            "grams" => Some(Self::Gram),
            "pounds" => Some(Self::Pound),
            _ => None,
        }
    }

    pub fn cart_code(&self) -> &'static str {
        match self {
            Self::Gram => "g",
            Self::Pound => "lb",
        }
    }

    pub fn label_code(&self) -> &'static str {
        match self {
            Self::Gram => "grams",
            Self::Pound => "pounds",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum LengthUnit {
    #[serde(rename = "cm")]
    Centimetre,
    #[serde(rename = "in")]
    Inch,
}

impl LengthUnit {
    /// SPEC 2.18 spelling: `cm` | `in`.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "cm" => Some(Self::Centimetre),
            "in" => Some(Self::Inch),
            _ => None,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::Centimetre => "cm",
            Self::Inch => "in",
        }
    }
}

/// A weight with its unit: `{"value": "1.25", "unit": "pounds"}` on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub struct Weight {
    #[schema(value_type = String)]
    pub value: Decimal,
    pub unit: WeightUnit,
}

impl Weight {
    pub fn new(value: Decimal, unit: WeightUnit) -> Self {
        Self { value, unit }
    }

    pub fn grams(&self) -> Decimal {
        match self.unit {
            WeightUnit::Gram => self.value,
            WeightUnit::Pound => self.value.saturating_mul(GRAMS_PER_POUND),
        }
    }

    pub fn pounds(&self) -> Decimal {
        match self.unit {
            WeightUnit::Gram => self
                .value
                .checked_div(GRAMS_PER_POUND)
                .unwrap_or(Decimal::MAX),
            WeightUnit::Pound => self.value,
        }
    }

    pub fn to(&self, unit: WeightUnit) -> Weight {
        let value = match unit {
            WeightUnit::Gram => self.grams(),
            WeightUnit::Pound => self.pounds(),
        };
        Weight { value, unit }
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.value.normalize(), self.unit.cart_code())
    }
}

/// A length with its unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Length {
    pub value: Decimal,
    pub unit: LengthUnit,
}

impl Length {
    pub fn new(value: Decimal, unit: LengthUnit) -> Self {
        Self { value, unit }
    }

    pub fn centimetres(&self) -> Decimal {
        match self.unit {
            LengthUnit::Centimetre => self.value,
            LengthUnit::Inch => self.value.saturating_mul(CM_PER_INCH),
        }
    }

    pub fn inches(&self) -> Decimal {
        match self.unit {
            LengthUnit::Centimetre => self.value.checked_div(CM_PER_INCH).unwrap_or(Decimal::MAX),
            LengthUnit::Inch => self.value,
        }
    }

    pub fn to(&self, unit: LengthUnit) -> Length {
        let value = match unit {
            LengthUnit::Centimetre => self.centimetres(),
            LengthUnit::Inch => self.inches(),
        };
        Length { value, unit }
    }
}

impl fmt::Display for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.value.normalize(), self.unit.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::decimal::dec as d;

    #[test]
    fn conversions_are_exact() {
        assert_eq!(
            Weight::new(d("2"), WeightUnit::Pound).grams(),
            d("907.18474")
        );
        assert_eq!(
            Weight::new(d("453.59237"), WeightUnit::Gram).pounds(),
            d("1")
        );
        assert_eq!(
            Length::new(d("10"), LengthUnit::Inch).centimetres(),
            d("25.4")
        );
        assert_eq!(
            Length::new(d("25.4"), LengthUnit::Centimetre).inches(),
            d("10")
        );
        let round_trip = Weight::new(d("1.25"), WeightUnit::Pound)
            .to(WeightUnit::Gram)
            .to(WeightUnit::Pound);
        assert_eq!(round_trip.value.normalize(), d("1.25"));
    }

    #[test]
    fn absurd_values_saturate_instead_of_panicking() {
        assert_eq!(
            Weight::new(Decimal::MAX, WeightUnit::Pound).grams(),
            Decimal::MAX
        );
        assert_eq!(
            Length::new(Decimal::MAX, LengthUnit::Inch).centimetres(),
            Decimal::MAX
        );
    }

    #[test]
    fn unit_spellings_differ_between_cart_and_label() {
        assert_eq!(WeightUnit::parse_cart("lb"), Some(WeightUnit::Pound));
        assert_eq!(WeightUnit::parse_cart("pounds"), None);
        assert_eq!(WeightUnit::parse_label("grams"), Some(WeightUnit::Gram));
        assert_eq!(WeightUnit::parse_label("g"), None);
        assert_eq!(LengthUnit::parse("in"), Some(LengthUnit::Inch));
        assert_eq!(LengthUnit::parse("mm"), None);
    }
}
