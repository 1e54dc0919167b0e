//! Scales, end to end on real parts: simulated SICS and NCI scales on pseudo-terminals (`sim`),
//! read on demand (`serial`) and by the watcher through silence, garbage and unplugging
//! (`watcher`); USB HID scales found in a fake `/sys` and read from a file or a FIFO standing
//! in for `/dev/hidrawN` (`hid`); and `packdesk scale read` run as a process (`cli`).

mod cli;
mod hid;
mod serial;
pub mod sim;
mod watcher;

use crate::decimal::dec as d;
