//! Shipping label documents: a 4x6 in PDF and a ZPL II document for 203 dpi thermal printers,
//! with a UPU S10 tracking code as a Code 128 barcode. Pure rendering: no I/O, no storage.
//!
//! Both formats come from one layout ([`layout`]) in printer dots (812 x 1218 at 203 dpi), so
//! they show the same things in the same places; each backend only measures text its own way.

mod code128;
mod content;
mod document;
mod error;
mod layout;
mod pdf;
mod tracking;
mod zpl;

pub use code128::code128;
pub use document::{Dimensions, LabelDocument, LabelParty};
pub use error::LabelError;
pub use pdf::render_pdf;
pub use tracking::TrackingCode;
pub use zpl::{escape as zpl_escape, font0_width, render_zpl};
