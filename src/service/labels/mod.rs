//! Shipping label documents: a 4x6 in PDF and a ZPL II document for 203 dpi thermal printers,
//! with a UPU S10 tracking code as a Code 128 barcode. Pure rendering: no I/O, no storage.
//!
//! Both formats come from one layout ([`layout`]) in printer dots (812 x 1218 at 203 dpi), so
//! they show the same things in the same places; each backend only measures text its own way.

mod code128;
mod content;
mod layout;
mod pdf;
mod tracking;
mod zpl;

use rust_decimal::Decimal;
use time::Date;

use crate::domain::{CountryCode, Length, Weight};

pub use code128::code128;
pub use pdf::render_pdf;
pub use tracking::TrackingCode;
pub use zpl::render_zpl;

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

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LabelError {
    #[error("service indicator {0:?} must be two letters A-Z")]
    ServiceIndicator(String),
    #[error("S10 serial {0} must be below 100000000 (8 digits)")]
    SerialOutOfRange(u32),
    #[error("character {0:?} cannot be encoded in Code 128 subset B")]
    Unencodable(char),
    #[error("barcode: {0}")]
    Barcode(&'static str),
    #[error("embedded label font: {0}")]
    Font(String),
}
