//! The NCI standard protocol (Avery Weigh-Tronix, and scales that copy it): `W` asks for the
//! weight; the answer is `LF <weight><unit> CR LF <status> CR LF ETX`, e.g.
//! `\n  0.420kg\r\nS00\r\n\x03`. The status line is `S` and two bytes (ASCII `0`–`?`) whose low
//! nibbles carry bits: the first motion, at zero, RAM error, EEPROM error; the second under
//! capacity, over capacity, ROM error, faulty calibration. Later bytes some models add are
//! ignored. Over capacity may also show as `^^^^^^` for the weight, under as `______` or
//! dashes. An unknown command is answered `\n?\r\n\x03`.

use rust_decimal::Decimal;

use super::error::ScaleError;
use super::reading::{Reading, ScaleStatus, ScaleUnit};
use super::weight_text::{parse_number, split_unit, status_of};

pub(super) const COMMAND: &[u8] = b"W\r";

const ETX: u8 = 0x03;

/// An answer ends with ETX.
pub(super) fn complete(received: &[u8]) -> bool {
    received.contains(&ETX)
}

/// One answer; `unit` stands in when the scale gives none (over or under capacity).
pub(super) fn parse(answer: &str, unit: ScaleUnit) -> Result<Reading, ScaleError> {
    let shown = answer.trim_matches(|c: char| c.is_whitespace() || c == ETX as char);
    let garbled = || ScaleError::Garbled(shown.to_string());
    let lines: Vec<&str> = answer
        .split(['\r', '\n', ETX as char])
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    if lines == ["?"] {
        return Err(ScaleError::Refused {
            answer: "?".to_string(),
            meaning: "it did not recognise the command: set it to the NCI protocol",
        });
    }
    let [weight_line, status_line, ..] = lines.as_slice() else {
        return Err(garbled());
    };
    let bits = status_bits(status_line).ok_or_else(garbled)?;
    if let Some(weight) = pounds_and_ounces(weight_line) {
        return Ok(Reading {
            weight,
            unit: ScaleUnit::Pound,
            status: status_of(weight, bits.motion),
        });
    }
    let (number, unit_text) = split_unit(weight_line);
    let unit = match unit_text.as_str() {
        "" => unit,
        text => ScaleUnit::parse(text).ok_or_else(|| ScaleError::UnsupportedUnit(text.into()))?,
    };
    let over_shown = !number.is_empty() && number.chars().all(|c| c == '^');
    let under_shown = !number.is_empty() && number.chars().all(|c| c == '_' || c == '-');
    let weight = if over_shown || under_shown {
        Decimal::ZERO
    } else {
        parse_number(&number).ok_or_else(garbled)?
    };
    let status = if let Some(faults) = bits.faults() {
        ScaleStatus::Fault(faults)
    } else if bits.faulty_calibration {
        ScaleStatus::NeedsCalibration
    } else if bits.over_capacity || over_shown {
        ScaleStatus::OverCapacity
    } else if bits.under_capacity || under_shown {
        ScaleStatus::UnderZero
    } else {
        status_of(weight, bits.motion)
    };
    Ok(Reading {
        weight,
        unit,
        status,
    })
}

/// A weight some US postal scales show as pounds and ounces (`1lb 5.0oz`), in pounds: exact,
/// since an ounce is a sixteenth of a pound.
fn pounds_and_ounces(line: &str) -> Option<Decimal> {
    let lower = line.to_ascii_lowercase();
    let (pounds, ounces) = lower.split_once("lb")?;
    let ounces = ounces.trim().strip_suffix("oz")?.trim();
    let pounds = parse_number(pounds.trim())?;
    let ounces = parse_number(ounces)?;
    Some(pounds + ounces / Decimal::from(16))
}

struct StatusBits {
    motion: bool,
    ram_error: bool,
    eeprom_error: bool,
    under_capacity: bool,
    over_capacity: bool,
    rom_error: bool,
    faulty_calibration: bool,
}

impl StatusBits {
    fn faults(&self) -> Option<String> {
        let named = [
            (self.ram_error, "RAM error"),
            (self.eeprom_error, "EEPROM error"),
            (self.rom_error, "ROM error"),
        ];
        let faults: Vec<&str> = named
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
        (!faults.is_empty()).then(|| faults.join(", "))
    }
}

/// The bits of `S` + two status bytes; `None` when the line is not one.
fn status_bits(line: &str) -> Option<StatusBits> {
    let bytes = line.as_bytes();
    if bytes.len() < 3 || bytes[0] != b'S' || !bytes[1..].iter().all(|b| (0x30..=0x3F).contains(b))
    {
        return None;
    }
    let (first, second) = (bytes[1] & 0x0F, bytes[2] & 0x0F);
    Some(StatusBits {
        motion: first & 1 != 0,
        ram_error: first & 4 != 0,
        eeprom_error: first & 8 != 0,
        under_capacity: second & 1 != 0,
        over_capacity: second & 2 != 0,
        rom_error: second & 4 != 0,
        faulty_calibration: second & 8 != 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(answer: &str) -> Result<Reading, ScaleError> {
        parse(answer, ScaleUnit::Pound)
    }

    #[test]
    fn stable_moving_and_zero() {
        let stable = read("\n  0.420kg\r\nS00\r\n\x03").unwrap();
        assert_eq!(stable.weight.to_string(), "0.420");
        assert_eq!(stable.unit, ScaleUnit::Kilogram);
        assert_eq!(stable.status, ScaleStatus::Stable);
        let moving = read("\n  0.418kg\r\nS10\r\n\x03").unwrap();
        assert_eq!(moving.status, ScaleStatus::InMotion);
        let zero = read("\n 0.000 kg\r\nS20\r\n\x03").unwrap();
        assert_eq!(zero.status, ScaleStatus::StableAtZero);
        let pounds = read("\n   1.25 LB\r\nS00\r\n\x03").unwrap();
        assert_eq!(
            (pounds.weight.to_string().as_str(), pounds.unit),
            ("1.25", ScaleUnit::Pound)
        );
        // Pounds and ounces, as US postal scales show them: 1 lb 5 oz is 1.3125 lb exactly.
        let postal = read("\n 1lb 5.0oz\r\nS00\r\n\x03").unwrap();
        assert_eq!(
            (postal.weight, postal.unit, postal.status),
            (
                "1.3125".parse().unwrap(),
                ScaleUnit::Pound,
                ScaleStatus::Stable
            )
        );
        // Spacing and line ends as loose as scales make them.
        assert_eq!(read("0.5kg\nS00\x03").unwrap().status, ScaleStatus::Stable);
        // A third status byte some models send is ignored.
        assert_eq!(
            read("\n2.0lb\r\nS000\r\n\x03").unwrap().status,
            ScaleStatus::Stable
        );
    }

    #[test]
    fn capacity_calibration_and_faults() {
        let over = read("\n^^^^^^\r\nS02\r\n\x03").unwrap();
        assert_eq!(
            (over.status, over.unit),
            (ScaleStatus::OverCapacity, ScaleUnit::Pound)
        );
        assert_eq!(
            read("\n 99.9kg\r\nS02\r\n\x03").unwrap().status,
            ScaleStatus::OverCapacity
        );
        assert_eq!(
            read("\n______\r\nS01\r\n\x03").unwrap().status,
            ScaleStatus::UnderZero
        );
        assert_eq!(
            read("\n------\r\nS00\r\n\x03").unwrap().status,
            ScaleStatus::UnderZero
        );
        assert_eq!(
            read("\n -0.02kg\r\nS00\r\n\x03").unwrap().status,
            ScaleStatus::UnderZero
        );
        assert_eq!(
            read("\n 0.00kg\r\nS08\r\n\x03").unwrap().status,
            ScaleStatus::NeedsCalibration
        );
        // `<` is 0x3C: EEPROM and RAM errors together.
        assert_eq!(
            read("\n 0.00kg\r\nS<4\r\n\x03").unwrap().status,
            ScaleStatus::Fault("RAM error, EEPROM error, ROM error".into())
        );
    }

    #[test]
    fn unknown_commands_units_and_garbage_are_named() {
        assert!(matches!(
            read("\n?\r\n\x03"),
            Err(ScaleError::Refused { .. })
        ));
        assert_eq!(
            read("\n 1.0ozt\r\nS00\r\n\x03"),
            Err(ScaleError::UnsupportedUnit("ozt".into()))
        );
        for answer in [
            "\x03",
            "\n 0.420kg\r\n\x03",
            "\n 0.4#0kg\r\nS00\r\n\x03",
            "\nkg\r\nS00\x03",
            "\n1kg\r\nSAB\r\n\x03",
        ] {
            assert!(
                matches!(read(answer), Err(ScaleError::Garbled(_))),
                "{answer:?}"
            );
        }
    }
}
