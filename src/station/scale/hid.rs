//! The USB HID point-of-sale scale's input report (usage page 0x8D, "Weighing Devices"), the
//! one Dymo M5/M10/M25, Stamps.com and Mettler PS60 scales send: report id 3, status, unit,
//! a signed power-of-ten exponent, the weight as a little-endian u16. Weight = raw × 10^exp,
//! worked out exactly.

use rust_decimal::Decimal;

use super::error::ScaleError;
use super::reading::{Reading, ScaleStatus, ScaleUnit};

pub(super) const REPORT_ID: u8 = 3;
// Windows reads whole reports through hidapi and never counts their bytes.
#[cfg_attr(target_os = "windows", allow(dead_code))]
pub(super) const REPORT_LEN: usize = 6;

/// The reading in one report; `None` for a report of another kind (another report id).
pub(super) fn parse_report(report: &[u8]) -> Result<Option<Reading>, ScaleError> {
    let garbled = || ScaleError::Garbled(hex(report));
    let [id, status, unit, exponent, low, high, ..] = *report else {
        return if report.first().is_some_and(|id| *id != REPORT_ID) {
            Ok(None)
        } else {
            Err(garbled())
        };
    };
    if id != REPORT_ID {
        return Ok(None);
    }
    let status = match status {
        1 => ScaleStatus::Fault("the scale reports a fault".to_string()),
        2 => ScaleStatus::StableAtZero,
        3 => ScaleStatus::InMotion,
        4 => ScaleStatus::Stable,
        5 => ScaleStatus::UnderZero,
        6 => ScaleStatus::OverCapacity,
        7 => ScaleStatus::NeedsCalibration,
        8 => ScaleStatus::NeedsRezeroing,
        _ => return Err(garbled()),
    };
    let unit = unit_of(unit)?;
    let raw = Decimal::from(u16::from_le_bytes([low, high]));
    let magnitude = scaled(raw, exponent as i8).ok_or_else(garbled)?;
    // The report carries the size of a weight under zero and says "under zero" in the status.
    let weight = if status == ScaleStatus::UnderZero {
        -magnitude
    } else {
        magnitude
    };
    Ok(Some(Reading {
        weight,
        unit,
        status,
    }))
}

/// HID POS "Scale Weight Units" (usage table 0x8D, 0x50–0x5C as 1–12).
fn unit_of(code: u8) -> Result<ScaleUnit, ScaleError> {
    let other = match code {
        2 => return Ok(ScaleUnit::Gram),
        3 => return Ok(ScaleUnit::Kilogram),
        11 => return Ok(ScaleUnit::Ounce),
        12 => return Ok(ScaleUnit::Pound),
        1 => "milligrams",
        4 => "carats",
        5 => "taels",
        6 => "grains",
        7 => "pennyweights",
        8 => "metric tons",
        9 => "avoirdupois tons",
        10 => "troy ounces",
        _ => return Err(ScaleError::UnsupportedUnit(format!("unit code {code}"))),
    };
    Err(ScaleError::UnsupportedUnit(other.to_string()))
}

/// `raw × 10^exponent` exactly; `None` past what a `Decimal` holds.
fn scaled(raw: Decimal, exponent: i8) -> Option<Decimal> {
    if exponent <= 0 {
        let mut value = raw;
        value.set_scale(u32::from(exponent.unsigned_abs())).ok()?;
        Some(value)
    } else {
        (0..exponent).try_fold(raw, |value, _| value.checked_mul(Decimal::TEN))
    }
}

fn hex(bytes: &[u8]) -> String {
    let shown: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    shown.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(report: &[u8]) -> Reading {
        parse_report(report).unwrap().unwrap()
    }

    #[test]
    fn grams_and_pounds_with_their_exponent() {
        let grams = read(&[3, 4, 2, 0, 0xA9, 0x01]);
        assert_eq!(grams.weight.to_string(), "425");
        assert_eq!(
            (grams.unit, grams.status.clone()),
            (ScaleUnit::Gram, ScaleStatus::Stable)
        );
        assert!(grams.usable());
        let pounds = read(&[3, 4, 12, 0xFE, 0x7D, 0x00]);
        assert_eq!(pounds.weight.to_string(), "1.25");
        assert_eq!(pounds.unit, ScaleUnit::Pound);
        let ounces = read(&[3, 4, 11, 0xFF, 0x69, 0x00]);
        assert_eq!(
            (ounces.weight.to_string().as_str(), ounces.unit),
            ("10.5", ScaleUnit::Ounce)
        );
        let tens = read(&[3, 4, 2, 1, 0x2A, 0x00]);
        assert_eq!(tens.weight.normalize().to_string(), "420");
    }

    #[test]
    fn every_status() {
        let status = |byte| read(&[3, byte, 2, 0, 0, 0]).status;
        assert_eq!(status(2), ScaleStatus::StableAtZero);
        assert_eq!(status(3), ScaleStatus::InMotion);
        assert_eq!(status(6), ScaleStatus::OverCapacity);
        assert_eq!(status(7), ScaleStatus::NeedsCalibration);
        assert_eq!(status(8), ScaleStatus::NeedsRezeroing);
        assert!(matches!(status(1), ScaleStatus::Fault(_)));
        let moving = read(&[3, 3, 2, 0, 0x9F, 0x01]);
        assert_eq!(
            (moving.weight.to_string().as_str(), moving.usable()),
            ("415", false)
        );
        let under = read(&[3, 5, 2, 0, 0x0A, 0x00]);
        assert_eq!(
            (under.weight.to_string().as_str(), under.status),
            ("-10", ScaleStatus::UnderZero)
        );
    }

    #[test]
    fn other_reports_units_and_garbage() {
        assert_eq!(parse_report(&[4, 1, 0, 0]), Ok(None));
        assert_eq!(
            parse_report(&[3, 4, 10, 0, 1, 0]),
            Err(ScaleError::UnsupportedUnit("troy ounces".into()))
        );
        assert_eq!(
            parse_report(&[3, 4, 0, 0, 1, 0]),
            Err(ScaleError::UnsupportedUnit("unit code 0".into()))
        );
        assert_eq!(
            parse_report(&[3, 9, 2, 0, 1, 0]),
            Err(ScaleError::Garbled("03 09 02 00 01 00".into()))
        );
        assert!(matches!(
            parse_report(&[3, 4, 2]),
            Err(ScaleError::Garbled(_))
        ));
        assert!(matches!(parse_report(&[]), Err(ScaleError::Garbled(_))));
        // 10^-40 and 10^127 are past a Decimal.
        assert!(matches!(
            parse_report(&[3, 4, 2, 0xD8, 1, 0]),
            Err(ScaleError::Garbled(_))
        ));
        assert!(matches!(
            parse_report(&[3, 4, 2, 0x7F, 1, 0]),
            Err(ScaleError::Garbled(_))
        ));
    }
}
