//! A USB HID scale on Windows and macOS, read through `hidapi` (Windows' own HID API in Rust;
//! IOKit on macOS): there are no hidraw files to read there. Reports are the same as on
//! Linux (`hid::parse_report`); a device is named by the path hidapi enumerates it under.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hidapi::{HidApi, HidDevice};

use super::discover::{HidScale, WEIGHING_DEVICES};
use super::error::ScaleError;
use super::hid::parse_report;
use super::reading::Reading;

/// How long one read waits, so a stop is seen this often.
const NAP: Duration = Duration::from_millis(20);

pub(super) struct HidLink {
    device: HidDevice,
    path: PathBuf,
    last: Option<Reading>,
}

impl HidLink {
    pub(super) fn open(path: &Path) -> Result<Self, ScaleError> {
        let open_error = |reason: String| ScaleError::Open {
            path: path.display().to_string(),
            reason,
        };
        let c_path = CString::new(path.to_string_lossy().as_bytes())
            .map_err(|_| open_error("the path holds a NUL byte".to_string()))?;
        let api = HidApi::new().map_err(|e| open_error(e.to_string()))?;
        let device = api
            .open_path(&c_path)
            .map_err(|e| open_error(e.to_string()))?;
        Ok(Self {
            device,
            path: path.to_path_buf(),
            last: None,
        })
    }

    /// The newest report's reading, else the last one; waits up to `timeout` for a first.
    pub(super) fn read(
        &mut self,
        timeout: Duration,
        stop: &AtomicBool,
    ) -> Result<Reading, ScaleError> {
        let deadline = Instant::now() + timeout;
        if self.last.is_none()
            && let Some(reading) = self.ask()?
        {
            self.last = Some(reading);
        }
        loop {
            let mut report = [0u8; 64];
            let wait = if self.last.is_some() {
                0
            } else {
                NAP.as_millis() as i32
            };
            match self.device.read_timeout(&mut report, wait) {
                Ok(0) => {}
                Ok(n) => {
                    if let Some(reading) = parse_report(&report[..n])? {
                        self.last = Some(reading);
                        // Drain what else is waiting: the newest report is the weight now.
                        continue;
                    }
                }
                Err(e) => {
                    return Err(ScaleError::Gone {
                        path: self.path.display().to_string(),
                        reason: e.to_string(),
                    });
                }
            }
            if let Some(last) = &self.last {
                return Ok(last.clone());
            }
            if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                return Err(ScaleError::NoAnswer);
            }
        }
    }

    /// Asks the scale for its report, for scales that send one only when the weight changes.
    #[cfg(target_os = "macos")]
    fn ask(&self) -> Result<Option<Reading>, ScaleError> {
        use super::hid::{REPORT_ID, REPORT_LEN};
        let mut report = [0u8; REPORT_LEN];
        report[0] = REPORT_ID;
        match self.device.get_input_report(&mut report) {
            Ok(n) if n > 0 => parse_report(&report[..n.min(REPORT_LEN)]),
            // Not every scale answers a request: its next report will do.
            _ => Ok(None),
        }
    }

    /// Windows' native backend cannot ask for an input report; the scale's next one will do.
    #[cfg(not(target_os = "macos"))]
    fn ask(&self) -> Result<Option<Reading>, ScaleError> {
        Ok(None)
    }
}

/// The scales plugged in now, by usage page, as hidapi enumerates them.
pub fn discover_hid() -> Vec<HidScale> {
    let Ok(api) = HidApi::new() else {
        return Vec::new();
    };
    let mut found: Vec<HidScale> = api
        .device_list()
        .filter(|device| u32::from(device.usage_page()) == WEIGHING_DEVICES)
        .map(|device| {
            let name = [device.manufacturer_string(), device.product_string()]
                .into_iter()
                .flatten()
                .map(str::trim)
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            HidScale {
                path: PathBuf::from(device.path().to_string_lossy().into_owned()),
                name: if name.is_empty() {
                    "USB scale".to_string()
                } else {
                    name
                },
            }
        })
        .collect();
    // A device with several interfaces can be listed more than once.
    found.dedup_by(|a, b| a.path == b.path);
    found
}
