//! Customs paperwork for cross-border parcels: the commercial invoice (DDP), the UPU CN22 or
//! CN23 declaration and the packing slip, worked out from the station's record (the order, the
//! duties and taxes locked at checkout, the parcel's contents) and rendered as PDF (and the CN22
//! also as ZPL for the thermal printer).
//!
//! `paperwork` holds what the documents say, `render` lays them out. This module sits above
//! `station` (the record) and `service` (the dated FX tables and the label's barcode), so both
//! the app and `packdesk documents` use the one implementation.
//!
//! A parcel's share of transport, duties and taxes is cumulative (`shares`), so parcels packed
//! one at a time still add up to the shipment's locked totals to the cent; every missing piece
//! is named with where it is fixed. `sdr` values the contents in SDR for the CN22's 300 SDR
//! limit; `documents` records them with the label's documents and plans what prints where;
//! `settings` holds the warehouse's exporter details (kept in the shared record).

pub mod build;
pub mod documents;
pub mod paperwork;
pub mod render;
pub mod sdr;
pub mod settings;
mod shares;
