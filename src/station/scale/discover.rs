//! Finding USB scales among the hidraw devices: Linux lists each under
//! `/sys/class/hidraw/hidrawN/device/`, with the HID report descriptor the device sent and its
//! `uevent` (`HID_NAME=`). A scale is a device whose descriptor selects usage page 0x8D
//! ("Weighing Devices"). Windows and macOS have no `/sys`: there hidapi lists the devices
//! with their usage page (`hid_native::discover`).

use std::path::{Path, PathBuf};

/// A USB HID scale: the device file to read and the name it gives itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HidScale {
    pub path: PathBuf,
    pub name: String,
}

pub(super) const WEIGHING_DEVICES: u32 = 0x8D;

/// The scales plugged in now.
#[cfg(not(any(target_os = "windows", target_os = "macos")))]
pub fn discover_hid() -> Vec<HidScale> {
    discover_hid_in(Path::new("/sys"), Path::new("/dev"))
}

/// The scales of the `/sys` tree at `sys_root`, with device files under `dev_root`, in
/// `hidrawN` order. Unreadable entries are skipped: discovery offers what it can.
pub fn discover_hid_in(sys_root: &Path, dev_root: &Path) -> Vec<HidScale> {
    let Ok(entries) = std::fs::read_dir(sys_root.join("class/hidraw")) else {
        return Vec::new();
    };
    let mut found: Vec<(u32, HidScale)> = entries
        .flatten()
        .filter_map(|entry| {
            let node = entry.file_name().to_str()?.to_string();
            let number: u32 = node.strip_prefix("hidraw")?.parse().ok()?;
            let device = entry.path().join("device");
            let descriptor = std::fs::read(device.join("report_descriptor")).ok()?;
            if !selects_usage_page(&descriptor, WEIGHING_DEVICES) {
                return None;
            }
            let name = std::fs::read_to_string(device.join("uevent"))
                .ok()
                .and_then(|uevent| hid_name(&uevent))
                .unwrap_or_else(|| format!("USB scale ({node})"));
            let path = dev_root.join(&node);
            Some((number, HidScale { path, name }))
        })
        .collect();
    found.sort_by_key(|(number, _)| *number);
    found.into_iter().map(|(_, scale)| scale).collect()
}

fn hid_name(uevent: &str) -> Option<String> {
    uevent
        .lines()
        .find_map(|line| line.strip_prefix("HID_NAME="))
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
}

/// Whether a Usage Page item of the descriptor names `page`. The descriptor is walked item by
/// item (HID 1.11, 6.2.2), so a data byte that happens to read 0x05 0x8D is not taken for one.
fn selects_usage_page(descriptor: &[u8], page: u32) -> bool {
    let mut at = 0;
    while let Some(&prefix) = descriptor.get(at) {
        // A long item: its data size, its tag, then the data.
        if prefix == 0xFE {
            let size = descriptor.get(at + 1).map_or(0, |s| usize::from(*s));
            at += 3 + size;
            continue;
        }
        let size = match prefix & 0x03 {
            3 => 4,
            n => usize::from(n),
        };
        let Some(data) = descriptor.get(at + 1..at + 1 + size) else {
            return false;
        };
        // Global item (type 1), tag 0: Usage Page.
        if prefix & 0xFC == 0x04 {
            let value = data
                .iter()
                .rev()
                .fold(0u32, |value, byte| (value << 8) | u32::from(*byte));
            if value == page {
                return true;
            }
        }
        at += 1 + size;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_page_items_of_every_size_are_found() {
        assert!(selects_usage_page(&[0x05, 0x8D, 0x09, 0x02], 0x8D));
        assert!(selects_usage_page(&[0x06, 0x8D, 0x00, 0xA1, 0x01], 0x8D));
        assert!(selects_usage_page(&[0x07, 0x8D, 0, 0, 0], 0x8D));
        // A keyboard; then 0x05 0x8D inside a Logical Maximum's data is not a usage page.
        assert!(!selects_usage_page(
            &[0x05, 0x01, 0x09, 0x06, 0xA1, 0x01],
            0x8D
        ));
        assert!(!selects_usage_page(&[0x26, 0x05, 0x8D], 0x8D));
        assert!(!selects_usage_page(&[0x06, 0x8D], 0x8D));
    }

    #[test]
    fn names_come_from_the_uevent() {
        let uevent = "DRIVER=hid-generic\nHID_ID=0003:00000922:00008003\nHID_NAME=DYMO M10 10 kg Digital Postal Scale\n";
        assert_eq!(
            hid_name(uevent).as_deref(),
            Some("DYMO M10 10 kg Digital Postal Scale")
        );
        assert_eq!(hid_name("HID_NAME=\n"), None);
    }
}
