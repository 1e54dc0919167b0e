//! The printers a station prints to, and where one print job goes.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::station::model::DocumentKind;

/// The TCP port of raw printing on ZPL printers (JetDirect / RAW).
pub const RAW_PORT: u16 = 9100;

/// Print density of a thermal printer. The service renders ZPL at 203 dpi; a 300 dpi printer
/// is told to scale it (see [`adapt_density`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Dpi {
    #[default]
    #[serde(rename = "203")]
    D203,
    #[serde(rename = "300")]
    D300,
}

impl Dpi {
    pub fn label(&self) -> &'static str {
        match self {
            Self::D203 => "203 dpi (8 dots/mm)",
            Self::D300 => "300 dpi (12 dots/mm)",
        }
    }
}

/// A thermal label printer that takes raw ZPL over TCP.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ZplPrinter {
    pub host: String,
    #[serde(default = "raw_port")]
    pub port: u16,
    #[serde(default)]
    pub dpi: Dpi,
}

fn raw_port() -> u16 {
    RAW_PORT
}

impl ZplPrinter {
    pub fn address(&self) -> String {
        let host = self.host.trim();
        // An IPv6 literal needs brackets before the port.
        if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]:{}", self.port)
        } else {
            format!("{host}:{}", self.port)
        }
    }
}

/// An office printer reached through the OS spooler (CUPS, the Windows spooler).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct SpoolerPrinter {
    /// The queue's name; `None` or blank: the system's default printer.
    pub queue: Option<String>,
}

impl SpoolerPrinter {
    pub fn queue_name(&self) -> Option<&str> {
        self.queue
            .as_deref()
            .map(str::trim)
            .filter(|q| !q.is_empty())
    }
}

/// Where one print job goes, kept with the job in the print queue.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PrintTarget {
    Zpl(ZplPrinter),
    Spooler(SpoolerPrinter),
}

impl PrintTarget {
    /// The document kind this target prints.
    pub fn document_kind(&self) -> DocumentKind {
        match self {
            Self::Zpl(_) => DocumentKind::Zpl,
            Self::Spooler(_) => DocumentKind::Pdf,
        }
    }
}

/// Timeouts of a ZPL printer connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZplTimeouts {
    pub connect: Duration,
    pub write: Duration,
    /// How long to wait for the `~HS` answer; a printer silent for this long is printed to
    /// anyway (not every ZPL printer answers).
    pub status: Duration,
}

impl Default for ZplTimeouts {
    fn default() -> Self {
        Self {
            connect: Duration::from_secs(4),
            write: Duration::from_secs(15),
            status: Duration::from_millis(1500),
        }
    }
}
