//! An open scale of either kind, read on demand.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::config::ScaleConfig;
use super::error::ScaleError;
#[cfg(any(target_os = "windows", target_os = "macos"))]
use super::hid_native::HidLink;
#[cfg(not(any(target_os = "windows", target_os = "macos")))]
use super::hidraw::HidLink;
use super::reading::Reading;
use super::serial::SerialLink;

/// A scale, open. Reading blocks up to the timeout given: keep it off the UI thread.
pub struct ScaleConnection {
    link: Link,
}

enum Link {
    Serial(SerialLink),
    Hid(HidLink),
}

impl ScaleConnection {
    pub fn open(config: &ScaleConfig) -> Result<Self, ScaleError> {
        let link = match config {
            ScaleConfig::None => return Err(ScaleError::NotConfigured),
            ScaleConfig::Hid { path } => Link::Hid(HidLink::open(path)?),
            ScaleConfig::Serial {
                path,
                baud,
                parity,
                protocol,
            } => Link::Serial(SerialLink::open(path, *baud, *parity, *protocol)?),
        };
        Ok(Self { link })
    }

    /// The weight now, or why not within `timeout`.
    pub fn read(&mut self, timeout: Duration) -> Result<Reading, ScaleError> {
        self.read_unless(timeout, &AtomicBool::new(false))
    }

    /// As `read`, giving up early (with `NoAnswer`) once `stop` is set.
    pub(super) fn read_unless(
        &mut self,
        timeout: Duration,
        stop: &AtomicBool,
    ) -> Result<Reading, ScaleError> {
        match &mut self.link {
            Link::Serial(link) => link.read(timeout, stop),
            Link::Hid(link) => link.read(timeout, stop),
        }
    }
}

/// Opens the scale, reads it once, closes it.
pub fn read_once(config: &ScaleConfig, timeout: Duration) -> Result<Reading, ScaleError> {
    ScaleConnection::open(config)?.read(timeout)
}
