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

mod desk_queue;
mod error;
// Visible to `db::print_queue`, which keeps each job's target without going through this
// module's re-exports (this module's queue uses the database).
pub(crate) mod printers;
mod queue;
mod spool;
mod test_page;
mod zpl;

pub use desk_queue::{DeskPrintQueue, DeskQueueError, SharedPrints, queue_and_print};
pub use error::{PrintError, PrinterProblem};
pub use printers::{Dpi, PrintTarget, RAW_PORT, SpoolerPrinter, ZplPrinter, ZplTimeouts};
pub use queue::print_queued;
pub use spool::{spool_pdf, spooler_queues};
pub use test_page::{test_label_zpl, test_page_pdf};
pub use zpl::{adapt_density, problems_of, send_zpl};
