//! The rules, once: types that cannot hold bad values and the validation shared by the app's
//! forms and the service's 422 answers. No I/O and no UI here.

pub mod country;
pub mod currency;
pub mod hs_code;
pub mod phone;
pub mod postal_code;
pub mod status;
pub mod units;
pub mod validate;

pub use country::{CountryCode, Subdivision};
pub use currency::Currency;
pub use hs_code::HsCode;
pub use phone::PhoneNumber;
pub use postal_code::PostalCode;
pub use status::{FulfillmentStatus, ShipmentStatus};
pub use units::{Length, LengthUnit, Weight, WeightUnit};
