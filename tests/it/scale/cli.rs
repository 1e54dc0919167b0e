//! `packdesk scale read` run as a process against a simulated scale: exactly the JSON lines
//! specified, and exit 1 with the reason for a port that is not there or a silent scale.

use packdesk::station::scale::Protocol;

use super::sim::SimScale;

/// `packdesk scale read ARGS...` with its own empty config directory; returns the exit code,
/// stdout and stderr.
fn packdesk_scale_read(args: &[&str]) -> (i32, String, String) {
    crate::support::packdesk(["scale", "read"].iter().chain(args))
}

#[test]
fn each_reading_is_one_json_line() {
    let scale = SimScale::start(
        Protocol::Sics,
        &["S D      0.418 kg\r\n", "S S      0.420 kg\r\n"],
    );
    let path = scale.path().display().to_string();
    let (code, out, err) =
        packdesk_scale_read(&["--serial", &path, "--protocol", "sics", "--count", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        "{\"weight\": \"0.418\", \"unit\": \"kg\", \"stable\": false, \"status\": \"in_motion\"}\n\
         {\"weight\": \"0.420\", \"unit\": \"kg\", \"stable\": true, \"status\": \"stable\"}\n"
    );
    for line in out.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }

    let scale = SimScale::start(
        Protocol::Nci,
        &["\n   1.25lb\r\nS00\r\n\x03", "\n   0.00lb\r\nS20\r\n\x03"],
    );
    let path = scale.path().display().to_string();
    let (code, out, err) = packdesk_scale_read(&[
        "--serial",
        &path,
        "--protocol",
        "nci",
        "--baud",
        "19200",
        "--parity",
        "even",
        "--count",
        "2",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        "{\"weight\": \"1.25\", \"unit\": \"lb\", \"stable\": true, \"status\": \"stable\"}\n\
         {\"weight\": \"0.00\", \"unit\": \"lb\", \"stable\": true, \"status\": \"zero\"}\n"
    );
}

#[test]
fn a_hid_scale_reads_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("hidraw0");
    std::fs::write(&device, [3, 4, 2, 0, 0xA9, 0x01]).unwrap();
    let path = device.display().to_string();
    let (code, out, err) = packdesk_scale_read(&["--hid", &path, "--count", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        "{\"weight\": \"425\", \"unit\": \"g\", \"stable\": true, \"status\": \"stable\"}\n"
    );
}

#[test]
fn a_port_that_is_not_there_exits_1_naming_it() {
    let (code, out, err) =
        packdesk_scale_read(&["--serial", "/nonexistent/ttyUSB9", "--protocol", "sics"]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(out, "");
    assert!(
        err.starts_with("packdesk scale: cannot open /nonexistent/ttyUSB9: "),
        "{err}"
    );
}

#[test]
fn a_silent_scale_exits_1_saying_so() {
    let scale = SimScale::start(Protocol::Sics, &["S S      0.420 kg\r\n"]);
    scale.set_silent(true);
    let path = scale.path().display().to_string();
    let (code, out, err) = packdesk_scale_read(&["--serial", &path, "--protocol", "sics"]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(out, "");
    assert_eq!(err, "packdesk scale: the scale does not answer\n");
    assert_eq!(scale.commands(), ["SI\r\n"]);
}
