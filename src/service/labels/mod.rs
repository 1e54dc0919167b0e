//! Shipping label documents: a 4x6 in PDF and a ZPL II document for 203 dpi thermal printers,
//! with a UPU S10 tracking code as a Code 128 barcode. Pure rendering: no I/O, no storage.
//!
//! Both formats come from one layout ([`layout`]) in printer dots on `render::page`, the page
//! the CN22 is drawn on too, so they show the same things in the same places; each backend only
//! measures text its own way.

mod content;
mod document;
mod draw;
mod error;
mod layout;
mod tracking;

pub use document::{Dimensions, LabelDocument, LabelParty};
pub use draw::{render_pdf, render_zpl};
pub use error::LabelError;
pub use tracking::TrackingCode;
