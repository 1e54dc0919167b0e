//! What one label shows.

use rust_decimal::Decimal;
use time::Date;

use super::tracking::TrackingCode;
use crate::domain::{CountryCode, Length, Weight};

/// Sender or recipient as printed on the label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelParty {
    pub name: String,
    pub company: Option<String>,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    /// State or province code; may be empty where the country has none.
    pub province: String,
    pub zipcode: String,
    pub country: CountryCode,
    pub phone: Option<String>,
}

/// Parcel dimensions. Printed in the unit of `length`; the others are converted to it if they
/// differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dimensions {
    pub length: Length,
    pub width: Length,
    pub height: Length,
}

/// Everything one label shows.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelDocument {
    pub order_number: String,
    pub tracking_code: TrackingCode,
    pub track_reference: String,
    /// Shipping service, e.g. "Express DDP" or the shipping rate id.
    pub service: String,
    pub from: LabelParty,
    pub to: LabelParty,
    pub weight: Option<Weight>,
    pub dimensions: Option<Dimensions>,
    /// Split parcels: SKU and quantity of each line. Empty for a full-order label.
    pub skus: Vec<(String, Decimal)>,
    pub brand_code: Option<String>,
    pub created: Date,
}
