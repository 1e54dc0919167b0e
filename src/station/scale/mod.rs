//! Scales: the parcel's weight from the scale, stable, in its unit.
//!
//! Two kinds of scale, no system library for either:
//! - **serial** (`serial`, through the `serialport` crate without libudev): Mettler Toledo
//!   MT-SICS (`sics`) and the NCI standard protocol of Avery Weigh-Tronix and others (`nci`),
//!   asked for the weight and answering it;
//! - **USB HID point-of-sale** scales (`hid`, usage page 0x8D: Dymo, Stamps.com, Mettler PS60),
//!   on Linux read from the `/dev/hidrawN` file directly (`hidraw`) and found through `/sys`
//!   (`discover`); on Windows and macOS read and found through `hidapi` (`hid_native`).
//!
//! A `Reading` keeps the weight exactly as the scale sent it (`Decimal`) with its unit and the
//! scale's status; only a stable weight above zero may fill a weight field
//! (`Reading::usable`), converted exactly (`Reading::to_weight`). `read_once` and
//! `ScaleConnection` read on demand (the `packdesk scale read` command); `ScaleWatcher` keeps
//! reading on a thread of its own for the app, and opens a scale that went away again.
//!
//! Calls block (up to their timeout): run them off the UI thread.

mod config;
mod connection;
mod discover;
mod error;
mod hid;
#[cfg(any(target_os = "windows", target_os = "macos"))]
mod hid_native;
#[cfg(not(any(target_os = "windows", target_os = "macos")))]
mod hidraw;
mod nci;
mod reading;
mod serial;
mod sics;
mod watcher;
mod weight_text;

pub use config::{Parity, Protocol, ScaleConfig};
pub use connection::{ScaleConnection, read_once};
#[cfg(not(any(target_os = "windows", target_os = "macos")))]
pub use discover::discover_hid;
pub use discover::{HidScale, discover_hid_in};
pub use error::ScaleError;
#[cfg(any(target_os = "windows", target_os = "macos"))]
pub use hid_native::discover_hid;
pub use reading::{Reading, ScaleStatus, ScaleUnit};
pub use watcher::{ANSWER_WITHIN, POLL_EVERY, REOPEN_EVERY, ScaleEvent, ScaleWatcher};
