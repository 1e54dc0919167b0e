//! Customs paperwork for cross-border parcels: the commercial invoice (DDP), the UPU CN22 or
//! CN23 declaration and the packing slip, worked out from the station's record (the order, the
//! duties and taxes locked at checkout, the parcel's contents) and rendered as PDF (and the CN22
//! also as ZPL for the thermal printer).
//!
//! `paperwork` holds what the documents say, `render` lays them out. This module sits above
//! `station` (the record) and `service` (the dated FX tables and the label's barcode), so both
//! the app and `packdesk documents` use the one implementation.

pub mod build;
pub mod documents;
pub mod paperwork;
pub mod render;
pub mod sdr;
pub mod settings;
mod shares;
