//! Packdesk: the packing-station app and its reference landed-cost, order and label service.
//! See ARCHITECTURE.md for the module map and the invariants that hold.

pub mod api;
pub mod cli;
pub mod demo;
pub mod domain;
pub mod logging;
pub mod paths;
pub mod redact;
pub mod service;
pub mod station;
pub mod ui;
