//! Mettler Toledo MT-SICS: `SI` asks for the weight now, moving or not, and the answer is one
//! line: `S S      0.420 kg` (stable), `S D      0.418 kg` (dynamic), `S +` / `S -` (over and
//! under the range), `S I` (busy), or `ES`/`ET`/`EL` (errors).

use super::error::ScaleError;
use super::reading::{Reading, ScaleStatus, ScaleUnit};
use super::weight_text::{parse_number, split_unit, status_of};

/// "Send the weight immediately": polling with `S` would wait for stability and so never say
/// the parcel is still moving.
pub(super) const COMMAND: &[u8] = b"SI\r\n";

/// An answer is one line.
pub(super) fn complete(received: &[u8]) -> bool {
    received.contains(&b'\n')
}

/// One answer; `unit` stands in when the scale gives none (over or under its range).
pub(super) fn parse(answer: &str, unit: ScaleUnit) -> Result<Reading, ScaleError> {
    let line = answer.trim();
    let garbled = || ScaleError::Garbled(line.to_string());
    let refused = |meaning| ScaleError::Refused {
        answer: line.to_string(),
        meaning,
    };
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let no_weight = |status| Reading {
        weight: rust_decimal::Decimal::ZERO,
        unit,
        status,
    };
    match tokens.as_slice() {
        ["S", "+"] => Ok(no_weight(ScaleStatus::OverCapacity)),
        ["S", "-"] => Ok(no_weight(ScaleStatus::UnderZero)),
        ["S", "I"] => Err(refused(
            "it cannot weigh now (busy taring or zeroing); the next reading tries again",
        )),
        ["ES"] => Err(refused(
            "it did not understand the command: set it to MT-SICS",
        )),
        ["ET"] => Err(refused(
            "it received garbled characters: check the baud rate and parity",
        )),
        ["EL"] => Err(refused("it cannot carry out the command")),
        ["S", kind @ ("S" | "D"), rest @ ..] if !rest.is_empty() => {
            let (number, unit_text) = split_unit(&rest.concat());
            let weight = parse_number(&number).ok_or_else(garbled)?;
            if unit_text.is_empty() {
                return Err(garbled());
            }
            let unit = ScaleUnit::parse(&unit_text)
                .ok_or_else(|| ScaleError::UnsupportedUnit(unit_text.clone()))?;
            Ok(Reading {
                weight,
                unit,
                status: status_of(weight, *kind == "D"),
            })
        }
        _ => Err(garbled()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Result<Reading, ScaleError> {
        parse(line, ScaleUnit::Kilogram)
    }

    #[test]
    fn stable_moving_zero_and_negative_weights() {
        let stable = read("S S      0.420 kg\r\n").unwrap();
        assert_eq!(stable.weight.to_string(), "0.420");
        assert_eq!(stable.unit, ScaleUnit::Kilogram);
        assert_eq!(stable.status, ScaleStatus::Stable);
        let moving = read("S D      0.418 kg").unwrap();
        assert_eq!(moving.status, ScaleStatus::InMotion);
        assert_eq!(moving.weight.to_string(), "0.418");
        assert_eq!(
            read("S S 0.000 kg").unwrap().status,
            ScaleStatus::StableAtZero
        );
        let under = read("S S     -0.010 kg").unwrap();
        assert_eq!(
            (under.weight.to_string().as_str(), under.status),
            ("-0.010", ScaleStatus::UnderZero)
        );
        assert_eq!(read("S S   12.5 lb").unwrap().unit, ScaleUnit::Pound);
        assert_eq!(read("S S 425 g").unwrap().unit, ScaleUnit::Gram);
        assert_eq!(read("S S 14.8 oz").unwrap().unit, ScaleUnit::Ounce);
    }

    #[test]
    fn over_and_under_the_range_keep_the_last_unit() {
        let over = parse("S +", ScaleUnit::Pound).unwrap();
        assert_eq!(over.status, ScaleStatus::OverCapacity);
        assert_eq!(over.unit, ScaleUnit::Pound);
        assert_eq!(read("S -").unwrap().status, ScaleStatus::UnderZero);
    }

    #[test]
    fn errors_are_named() {
        for line in ["S I", "ES", "ET", "EL"] {
            assert!(
                matches!(read(line), Err(ScaleError::Refused { .. })),
                "{line}"
            );
        }
        assert!(read("ET").unwrap_err().to_string().contains("baud rate"));
        assert_eq!(
            read("S S 2.1 ct"),
            Err(ScaleError::UnsupportedUnit("ct".into()))
        );
        for line in ["", "S S", "S S 0.4x0 kg", "S S 0.420", "#@!", "S X 1 kg"] {
            assert!(
                matches!(read(line), Err(ScaleError::Garbled(_))),
                "{line:?}"
            );
        }
    }
}
