//! A USB HID scale read from its Linux hidraw device file, directly (no hidapi, no system
//! library). Each `read` of a hidraw file gives one report; a FIFO or a file standing in for
//! one may give several at once, which are then taken 6 bytes at a time.
//!
//! Scales send a report when the weight changes, not on request, so the reading stays the
//! last report until another comes. Before the first one the scale is asked for its report
//! (`HIDIOCGINPUT`, Linux 5.11): a scale that reports only changes would otherwise say nothing
//! until the weight moves. Only a scale that neither reports nor answers can "not answer".

use std::fs::File;
use std::io::{ErrorKind, Read as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::error::ScaleError;
use super::hid::{REPORT_ID, REPORT_LEN, parse_report};
use super::reading::Reading;

/// How often an idle device is looked at again.
const NAP: Duration = Duration::from_millis(20);
/// Reads per look, so a device that never stops talking cannot keep us here.
const MOST_READS: usize = 64;

pub(super) struct HidLink {
    file: File,
    path: PathBuf,
    last: Option<Reading>,
}

impl HidLink {
    pub(super) fn open(path: &Path) -> Result<Self, ScaleError> {
        let file = open_without_blocking(path).map_err(|e| ScaleError::Open {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        Ok(Self {
            file,
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
            && let Some(report) = ask_input_report(&self.file)
            && let Ok(Some(reading)) = parse_report(&report)
        {
            self.last = Some(reading);
        }
        loop {
            match self.newest()? {
                Some(Ok(reading)) => {
                    self.last = Some(reading.clone());
                    return Ok(reading);
                }
                Some(Err(bad)) => return Err(bad),
                None => {}
            }
            if let Some(last) = &self.last {
                return Ok(last.clone());
            }
            if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                return Err(ScaleError::NoAnswer);
            }
            std::thread::sleep(NAP);
        }
    }

    /// What the reports waiting now say, the newest last; `None` when none are waiting.
    fn newest(&mut self) -> Result<Option<Result<Reading, ScaleError>>, ScaleError> {
        let mut newest = None;
        let mut buffer = [0u8; 1024];
        for _ in 0..MOST_READS {
            match self.file.read(&mut buffer) {
                // A FIFO without a writer, or the end of a file: nothing new.
                Ok(0) => break,
                Ok(n) => {
                    for report in reports(&buffer[..n]) {
                        match parse_report(report) {
                            Ok(Some(reading)) => newest = Some(Ok(reading)),
                            Ok(None) => {}
                            Err(bad) => newest = Some(Err(bad)),
                        }
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => {
                    return Err(ScaleError::Gone {
                        path: self.path.display().to_string(),
                        reason: e.to_string(),
                    });
                }
            }
        }
        Ok(newest)
    }
}

fn reports(chunk: &[u8]) -> Vec<&[u8]> {
    let several = chunk.len() > REPORT_LEN
        && chunk.len().is_multiple_of(REPORT_LEN)
        && chunk.chunks(REPORT_LEN).all(|r| r[0] == REPORT_ID);
    if several {
        chunk.chunks(REPORT_LEN).collect()
    } else {
        vec![chunk]
    }
}

/// Without blocking, so a scale with nothing to say never holds up a timeout or a stop.
#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(_path: &Path) -> std::io::Result<File> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        "USB HID scales are read through Linux hidraw devices",
    ))
}

/// `HIDIOCGINPUT(len)`: `_IOC(_IOC_READ | _IOC_WRITE, 'H', 0x0A, len)` in the generic ioctl
/// encoding (x86, Arm, RISC-V; not that of MIPS, PowerPC or SPARC).
const fn hidiocginput(len: usize) -> u32 {
    (3 << 30) | ((len as u32) << 16) | ((b'H' as u32) << 8) | 0x0A
}

/// The scale's input report on request, or `None` when the file is not a hidraw device (a
/// test's FIFO), the kernel is older than 5.11 or the scale does not answer requests.
#[cfg(target_os = "linux")]
fn ask_input_report(file: &File) -> Option<Vec<u8>> {
    use std::os::fd::AsRawFd as _;
    // MIPS, PowerPC and SPARC put the direction bits elsewhere: not asked there.
    let generic_ioctl = cfg!(any(
        target_arch = "x86",
        target_arch = "x86_64",
        target_arch = "arm",
        target_arch = "aarch64",
        target_arch = "riscv64"
    ));
    if !generic_ioctl {
        return None;
    }
    let mut report = [0u8; REPORT_LEN];
    report[0] = REPORT_ID;
    let request = hidiocginput(REPORT_LEN) as libc::Ioctl;
    // SAFETY: the request's size field is `REPORT_LEN`, the length of `report`, which lives
    // across the call: the kernel writes at most that many bytes into it.
    let read = unsafe { libc::ioctl(file.as_raw_fd(), request, report.as_mut_ptr()) };
    let read = usize::try_from(read).ok().filter(|n| *n > 0)?;
    report.get(..read.min(REPORT_LEN)).map(<[u8]>::to_vec)
}

#[cfg(not(target_os = "linux"))]
fn ask_input_report(_file: &File) -> Option<Vec<u8>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_for_an_input_report_is_the_kernels_number() {
        // HIDIOCGINPUT(6) as <linux/hidraw.h> defines it, worked out by hand:
        // dir 3 (read|write) << 30, size 6 << 16, type 'H' (0x48) << 8, nr 0x0A.
        assert_eq!(hidiocginput(6), 0xC006_480A);
    }

    #[test]
    fn a_file_that_is_not_a_hidraw_device_has_no_report_to_give() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("not-a-device");
        std::fs::write(&path, [3u8, 4, 2, 0xFF, 0xA9, 0x01]).unwrap();
        let file = File::open(&path).unwrap();
        assert_eq!(ask_input_report(&file), None);
    }
}
