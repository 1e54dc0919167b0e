//! What a request can come to besides paperwork: data to fix first, or a record that cannot be
//! read as one.

use crate::customs::sdr::SdrError;
use crate::customs::settings::SettingsField;
use crate::station::db::ParcelId;

/// One piece of missing data: where it is fixed and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub at: MissingAt,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MissingAt {
    /// An item line of the order.
    Item {
        source_line_id: String,
    },
    Settings(SettingsField),
    /// The duties and taxes locked at checkout.
    Quote,
}

/// What is wrong with the record itself (not data a person can supply).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    #[error("order {0} has no shipment {1}")]
    NoShipment(u64, String),
    #[error("shipment {1} of order {0} has no parcel {2}")]
    NoParcel(u64, String, ParcelId),
    #[error("the order's currency {0} is not an ISO 4217 code")]
    Currency(String),
    #[error("country {0} is not an ISO 3166 code")]
    Country(String),
    #[error("item {0} has a weight unit Packdesk does not know: {1}")]
    WeightUnit(String, String),
    #[error("{0}")]
    Sdr(#[from] SdrError),
}
