//! Printing labels and documents: raw ZPL to thermal printers over TCP (`zpl`), PDFs through
//! the operating system's spooler (`spool`), the test pages (`test_page`), and delivering a job
//! of the station's print queue exactly once (`queue`).
//!
//! # Never twice
//!
//! A print job is *sent* once its last byte was written to the printer (or the spooler took
//! it). What a failure means depends on when it happened, and [`PrintError::nothing_sent`]
//! says which:
//! - before any byte left (unreachable, refused, `~HS` says paused or out of media, no spooler
//!   queue): the job stays queued and the next Print sends it — once;
//! - while writing: the printer may have printed part or all of it, so the job is marked
//!   *uncertain* and is never resent by itself; the packer looks at the printer and reprints
//!   on purpose if needed.
//!
//! Calls here block (sockets, child processes): run them off the UI thread.
//!
//! # Printing
//!
//! - **Thermal printers** (`station::print::zpl`): the transport is `zpl_toolchain_print_client` 0.1.8
//!   (MIT/Apache, TCP feature only: `socket2` + `thiserror`, synchronous, run in `spawn_blocking`). It
//!   gives connect/write/read timeouts and the STX/ETX framing of the `~HS` answer, which is what a
//!   home-made socket loop would have to get right. Its `HostStatus` parser is not used: it skips the
//!   unused second field of `~HS` string 2 and so reads "head open" from the wrong field; the three
//!   strings are parsed in `zpl::problems_of` by Zebra's documented layout (paper out, paused, head
//!   open, ribbon out in thermal-transfer mode, buffer full, temperature, RAM). A printer that does not
//!   answer `~HS` within 1.5 s is printed to anyway (message says its status was not reported). Note:
//!   Zebra documents that some printers stay silent to `~HS` when out of media or with the head open,
//!   so silence is not proof of readiness — the message tells the packer to check the printer.
//! - **Density**: SPEC.md has no density option and the service renders 203 dpi; for a printer set to
//!   300 dpi the station inserts `^MUd,200,300` after each `^XA` (Zebra's documented conversion; it
//!   scales positions, fonts and barcodes, not `^GF` bitmaps, which our labels do not use).
//! - **Office printers** (`spool`): CUPS through its command-line client `lp` (`lpstat -e` lists the
//!   queues) rather than the `printers` crate, because that crate links libcups: the binary would not
//!   start where CUPS is absent and the build would need libcups2-dev. Missing CUPS, no default queue,
//!   an unknown queue and a stopped scheduler each get their own sentence. Windows uses the `printers`
//!   crate (winspool, a cfg(windows) dependency; not compiled on this Linux machine — the PDF goes to
//!   the queue as is, which printers that take PDF directly print).
//! - **Print queue** (station DB, migration step 3): Print queues a job for a cached document
//!   and sends it. A job is `sending` before its first byte and `sent` after its last (or once the
//!   spooler took it). A failure before any byte (unreachable, `~HS` says paused/out of media, spooler
//!   refused) leaves it `queued`; the next Print finds the same job (a partial unique index allows one
//!   unsent job per document) and sends it once. A failure part-way, or `sending` found at start-up
//!   after a crash, makes it `uncertain`: never resent by itself, since the printer may have printed it;
//!   a later Print is a new job marked `reprint`. Test prints from Settings bypass the queue.
//! - **Offline reprint**: every label document is cached in `label_documents` when fetched (and an
//!   inline base64 PDF when received); Print and "Reprint label n" in the shipment history read only
//!   the cache, never the service.

mod queue;
mod spool;
mod test_page;
mod zpl;

use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use queue::print_queued;
pub use spool::{spool_pdf, spooler_queues};
pub use test_page::{test_label_zpl, test_page_pdf};
pub use zpl::{PrinterProblem, adapt_density, problems_of, send_zpl};

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
    pub fn document_kind(&self) -> crate::station::db::DocumentKind {
        match self {
            Self::Zpl(_) => crate::station::db::DocumentKind::Zpl,
            Self::Spooler(_) => crate::station::db::DocumentKind::Pdf,
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

/// Why a print did not happen, in words a packer can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    #[error("No printer is set for this: choose one under Settings (Printers), or save the file.")]
    NoPrinter,
    #[error(
        "The label printer {address} cannot be reached ({detail}). Is it on and on the network?"
    )]
    Unreachable { address: String, detail: String },
    #[error("The label printer {address} is not ready: {}. Fix it, then print again.", list(.problems))]
    NotReady {
        address: String,
        problems: Vec<PrinterProblem>,
    },
    #[error(
        "The label printer {address} stopped taking the label ({detail}). Look at the printer: \
         if nothing came out, reprint."
    )]
    Interrupted { address: String, detail: String },
    #[error("{0}")]
    Spooler(String),
    #[error(
        "The print spooler did not answer ({0}); the document may or may not be queued — look \
         at the printer's queue before printing again."
    )]
    SpoolerUncertain(String),
    #[error("The document to print is not in the station: {0}")]
    Document(String),
}

fn list(problems: &[PrinterProblem]) -> String {
    let words: Vec<&str> = problems.iter().map(PrinterProblem::describe).collect();
    words.join(", ")
}

impl PrintError {
    /// True when no byte reached the printer or spooler, so sending again cannot print twice.
    pub fn nothing_sent(&self) -> bool {
        !matches!(self, Self::Interrupted { .. } | Self::SpoolerUncertain(_))
    }
}
