//! Serial scales read on demand: each protocol's answers, on a pseudo-terminal.

use std::time::Duration;

use packdesk::domain::WeightUnit;
use packdesk::station::scale::*;

use super::d;
use super::sim::SimScale;

/// Generous: a test fails on a wrong answer, not on a slow machine.
const WITHIN: Duration = Duration::from_secs(10);

fn open(scale: &SimScale) -> ScaleConnection {
    ScaleConnection::open(&scale.config()).unwrap()
}

#[test]
fn a_sics_scale_in_motion_then_stable() {
    let scale = SimScale::start(
        Protocol::Sics,
        &["S D      0.418 kg\r\n", "S S      0.420 kg\r\n"],
    );
    let mut connection = open(&scale);
    let moving = connection.read(WITHIN).unwrap();
    assert_eq!(
        moving,
        Reading {
            weight: d("0.418"),
            unit: ScaleUnit::Kilogram,
            status: ScaleStatus::InMotion
        }
    );
    assert!(!moving.usable());
    let stable = connection.read(WITHIN).unwrap();
    assert_eq!(stable.weight.to_string(), "0.420");
    assert_eq!(stable.status, ScaleStatus::Stable);
    assert!(stable.usable());
    assert_eq!(stable.to_weight(WeightUnit::Gram).value, d("420"));
    assert_eq!(scale.commands(), ["SI\r\n", "SI\r\n"]);
}

#[test]
fn a_sics_scale_at_zero_and_past_its_range() {
    let scale = SimScale::start(
        Protocol::Sics,
        &["S S      0.000 kg\r\n", "S +\r\n", "S -\r\n"],
    );
    let zero = read_once(&scale.config(), WITHIN).unwrap();
    assert_eq!(zero.status, ScaleStatus::StableAtZero);
    assert!(!zero.usable());
    let over = read_once(&scale.config(), WITHIN).unwrap();
    assert_eq!(over.status, ScaleStatus::OverCapacity);
    assert_eq!(over.status.as_str(), "over_capacity");
    let under = read_once(&scale.config(), WITHIN).unwrap();
    assert_eq!(under.status, ScaleStatus::UnderZero);
}

#[test]
fn a_garbled_answer_is_said_and_the_next_reading_works() {
    let scale = SimScale::start(
        Protocol::Sics,
        &["S S   0.4#0 kg\r\n", "S S      0.420 kg\r\n"],
    );
    let mut connection = open(&scale);
    let garbled = connection.read(WITHIN).unwrap_err();
    assert_eq!(garbled, ScaleError::Garbled("S S   0.4#0 kg".into()));
    assert!(garbled.to_string().contains("makes no sense"), "{garbled}");
    assert!(!garbled.is_unreachable());
    assert!(connection.read(WITHIN).unwrap().usable());

    let scale = SimScale::start(
        Protocol::Nci,
        &["\n 0.4?0kg\r\nS00\r\n\x03", "\n  0.420kg\r\nS00\r\n\x03"],
    );
    let mut connection = open(&scale);
    assert!(matches!(
        connection.read(WITHIN),
        Err(ScaleError::Garbled(_))
    ));
    assert_eq!(connection.read(WITHIN).unwrap().weight.to_string(), "0.420");
}

#[test]
fn a_scales_own_errors_are_said_in_words() {
    let scale = SimScale::start(Protocol::Sics, &["ET\r\n", "S I\r\n"]);
    let mut connection = open(&scale);
    let error = connection.read(WITHIN).unwrap_err();
    assert!(error.to_string().contains("check the baud rate"), "{error}");
    let busy = connection.read(WITHIN).unwrap_err();
    assert!(matches!(busy, ScaleError::Refused { .. }), "{busy}");
}

#[test]
fn a_silent_scale_does_not_answer_and_is_read_again_when_it_speaks() {
    let scale = SimScale::start(Protocol::Sics, &["S S      1.25 lb\r\n"]);
    scale.set_silent(true);
    let mut connection = open(&scale);
    assert_eq!(
        connection.read(Duration::from_millis(500)),
        Err(ScaleError::NoAnswer)
    );
    scale.set_silent(false);
    let reading = connection.read(WITHIN).unwrap();
    assert_eq!(
        (reading.weight, reading.unit),
        (d("1.25"), ScaleUnit::Pound)
    );
}

#[test]
fn an_nci_scale_in_motion_stable_zero_and_past_its_capacity() {
    let scale = SimScale::start(
        Protocol::Nci,
        &[
            "\n  0.418kg\r\nS10\r\n\x03",
            "\n  0.420kg\r\nS00\r\n\x03",
            "\n  0.000kg\r\nS20\r\n\x03",
            "\n^^^^^^\r\nS02\r\n\x03",
            "\n______\r\nS01\r\n\x03",
            "\n?\r\n\x03",
        ],
    );
    let mut connection = open(&scale);
    let mut read = || connection.read(WITHIN);
    assert_eq!(read().unwrap().status, ScaleStatus::InMotion);
    let stable = read().unwrap();
    assert_eq!(
        (
            stable.weight.to_string().as_str(),
            stable.unit,
            stable.usable()
        ),
        ("0.420", ScaleUnit::Kilogram, true)
    );
    assert_eq!(read().unwrap().status, ScaleStatus::StableAtZero);
    let over = read().unwrap();
    // No unit in the answer: the one last read stands in.
    assert_eq!(
        (over.status, over.unit),
        (ScaleStatus::OverCapacity, ScaleUnit::Kilogram)
    );
    assert_eq!(read().unwrap().status, ScaleStatus::UnderZero);
    assert!(matches!(read(), Err(ScaleError::Refused { .. })));
    assert!(scale.commands().iter().all(|c| c == "W\r"));
}

#[test]
fn a_port_that_is_not_there_is_named() {
    let config = ScaleConfig::Serial {
        path: "/nonexistent/ttyUSB9".into(),
        baud: 9600,
        parity: Parity::Even,
        protocol: Protocol::Nci,
    };
    let error = read_once(&config, WITHIN).unwrap_err();
    assert!(matches!(&error, ScaleError::Open { path, .. } if path == "/nonexistent/ttyUSB9"));
    assert!(
        error
            .to_string()
            .starts_with("cannot open /nonexistent/ttyUSB9: "),
        "{error}"
    );
    assert_eq!(
        read_once(&ScaleConfig::None, WITHIN),
        Err(ScaleError::NotConfigured)
    );
}
