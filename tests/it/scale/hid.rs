//! USB HID scales: found in a fake `/sys` tree (a scale and a keyboard), read from a regular
//! file and from a FIFO standing in for `/dev/hidrawN`.

use std::ffi::CString;
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt as _;
use std::path::Path;
use std::time::Duration;

use packdesk::station::scale::*;

use super::d;

const WITHIN: Duration = Duration::from_secs(10);
const STABLE_425_G: [u8; 6] = [3, 4, 2, 0, 0xA9, 0x01];
const MOVING_415_G: [u8; 6] = [3, 3, 2, 0, 0x9F, 0x01];
const STABLE_1_25_LB: [u8; 6] = [3, 4, 12, 0xFE, 0x7D, 0x00];
const OVER_CAPACITY: [u8; 6] = [3, 6, 12, 0xFE, 0x00, 0x00];

/// One `hidrawN` entry of a fake `/sys`, with its descriptor and `uevent`.
fn hidraw(sys: &Path, node: &str, descriptor: &[u8], uevent: &str) {
    let device = sys.join("class/hidraw").join(node).join("device");
    std::fs::create_dir_all(&device).unwrap();
    std::fs::write(device.join("report_descriptor"), descriptor).unwrap();
    std::fs::write(device.join("uevent"), uevent).unwrap();
}

#[test]
fn scales_are_found_by_their_usage_page_and_keyboards_are_not() {
    let root = tempfile::tempdir().unwrap();
    let (sys, dev) = (root.path().join("sys"), root.path().join("dev"));
    // A DYMO M10's descriptor opens with Usage Page (Weighing Devices), Usage (Scale).
    let dymo = [0x05, 0x8D, 0x09, 0x01, 0xA1, 0x01, 0x85, 0x03];
    let keyboard = [0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x05, 0x07];
    hidraw(&sys, "hidraw0", &keyboard, "HID_NAME=Cherry Keyboard\n");
    hidraw(
        &sys,
        "hidraw2",
        &dymo,
        "DRIVER=hid-generic\nHID_NAME=DYMO M10 10 kg Digital Postal Scale\nHID_PHYS=usb-0000:00:14.0-2/input0\n",
    );
    // The two-byte form of the usage page, and no name.
    hidraw(
        &sys,
        "hidraw10",
        &[0x06, 0x8D, 0x00, 0x09, 0x01],
        "DRIVER=hid-generic\n",
    );
    std::fs::create_dir_all(sys.join("class/hidraw/hidraw3/device")).unwrap();

    assert_eq!(
        discover_hid_in(&sys, &dev),
        [
            HidScale {
                path: dev.join("hidraw2"),
                name: "DYMO M10 10 kg Digital Postal Scale".into()
            },
            HidScale {
                path: dev.join("hidraw10"),
                name: "USB scale (hidraw10)".into()
            },
        ]
    );
    assert!(discover_hid_in(&root.path().join("nowhere"), &dev).is_empty());
    // This machine's own: whatever is plugged in, discovery does not fail.
    let _ = discover_hid();
}

#[test]
fn the_newest_report_in_a_device_file_is_the_reading() {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("hidraw0");
    std::fs::write(&device, [MOVING_415_G, STABLE_425_G].concat()).unwrap();
    let config = ScaleConfig::Hid {
        path: device.clone(),
    };
    let reading = read_once(&config, WITHIN).unwrap();
    assert_eq!(
        reading,
        Reading {
            weight: d("425"),
            unit: ScaleUnit::Gram,
            status: ScaleStatus::Stable
        }
    );

    std::fs::write(&device, [3, 4, 10, 0, 1, 0]).unwrap();
    assert_eq!(
        read_once(&config, WITHIN),
        Err(ScaleError::UnsupportedUnit("troy ounces".into()))
    );
    std::fs::write(&device, []).unwrap();
    assert_eq!(
        read_once(&config, Duration::from_millis(300)),
        Err(ScaleError::NoAnswer)
    );
    let missing = ScaleConfig::Hid {
        path: dir.path().join("hidraw9"),
    };
    assert!(matches!(
        read_once(&missing, WITHIN),
        Err(ScaleError::Open { .. })
    ));
}

#[test]
fn the_watcher_follows_a_hid_scale_report_by_report() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("hidraw0");
    let name = CString::new(fifo.as_os_str().as_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    // Read and write, so opening does not wait for a reader and the FIFO never hangs up.
    let mut scale = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .unwrap();

    let (send, received) = std::sync::mpsc::channel();
    let _watcher = ScaleWatcher::start(ScaleConfig::Hid { path: fifo }, move |event| {
        let _ = send.send(event);
    });
    let next_reading = || loop {
        match received.recv_timeout(Duration::from_secs(20)).unwrap() {
            ScaleEvent::Reading(reading) => return reading,
            ScaleEvent::Problem(_) => {}
        }
    };
    scale.write_all(&STABLE_1_25_LB).unwrap();
    let reading = next_reading();
    assert_eq!(
        (reading.weight.to_string().as_str(), reading.unit),
        ("1.25", ScaleUnit::Pound)
    );
    assert!(reading.usable());

    scale.write_all(&OVER_CAPACITY).unwrap();
    while next_reading().status != ScaleStatus::OverCapacity {}
}
