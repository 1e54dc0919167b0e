//! A 4 x 6 in page laid out once in dots of a 203 dpi printer (812 x 1218, top-left origin):
//! the shipping label and the CN22 are each a list of [`Element`]s, drawn by two backends, a
//! PDF page ([`pdf`]) and a ZPL II format ([`zpl`]). Each backend measures text its own way
//! ([`Measure`]), so a layout asks the backend it is drawn for, and lines wrap or shrink where
//! that backend's font needs them to.

mod elements;
mod pdf;
mod zpl;

pub use elements::{Element, HEIGHT, Measure, QUIET_MODULES, TextBlock, WIDTH, centred_barcode};
pub use pdf::pdf;
pub use zpl::{Font0, escape as zpl_escape, zpl};
