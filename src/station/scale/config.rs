//! Which scale a desk reads and how: kept in the station's settings, so it serializes.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The desk's scale. Serialized as `{"kind": "serial", "path": …}`, `{"kind": "hid", …}` or
/// `{"kind": "none"}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ScaleConfig {
    #[default]
    None,
    /// A USB HID point-of-sale scale: its Linux `/dev/hidrawN`, or the device path hidapi
    /// gives it on Windows and macOS.
    Hid { path: PathBuf },
    /// A scale on a serial port (`/dev/ttyUSB0`, `COM3`). Even or odd parity means 7 data bits,
    /// none means 8: the two framings scales are set to (7E1, 8N1).
    Serial {
        path: String,
        baud: u32,
        parity: Parity,
        protocol: Protocol,
    },
}

/// What a serial scale speaks.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// Mettler Toledo MT-SICS.
    Sics,
    /// NCI standard protocol (Avery Weigh-Tronix and the many scales that copy it).
    Nci,
}

impl Protocol {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Sics => "sics",
            Self::Nci => "nci",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "sics" => Some(Self::Sics),
            "nci" => Some(Self::Nci),
            _ => None,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    #[default]
    None,
    Even,
    Odd,
}

impl Parity {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Even => "even",
            Self::Odd => "odd",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "none" => Some(Self::None),
            "even" => Some(Self::Even),
            "odd" => Some(Self::Odd),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_reads_back_as_written() {
        let serial = ScaleConfig::Serial {
            path: "/dev/ttyUSB0".into(),
            baud: 9600,
            parity: Parity::Even,
            protocol: Protocol::Nci,
        };
        let text = serde_json::to_string(&serial).unwrap();
        assert_eq!(
            text,
            r#"{"kind":"serial","path":"/dev/ttyUSB0","baud":9600,"parity":"even","protocol":"nci"}"#
        );
        assert_eq!(serde_json::from_str::<ScaleConfig>(&text).unwrap(), serial);
        assert_eq!(
            serde_json::from_str::<ScaleConfig>(r#"{"kind":"none"}"#).unwrap(),
            ScaleConfig::None
        );
        assert_eq!(Protocol::parse("sics"), Some(Protocol::Sics));
        assert_eq!(Parity::parse("mark"), None);
    }
}
