//! Delivering one job of the print queue: claim it, send it without holding the database, and
//! record how it ended.

use std::sync::Mutex;

use super::error::PrintError;
use super::printers::{PrintTarget, ZplTimeouts};
use super::spool::spool_pdf;
use super::zpl::send_zpl;
use crate::station::db::{PrintJobId, PrintOutcome, StationDb};

fn locked<T>(
    db: &Mutex<StationDb>,
    work: impl FnOnce(&mut StationDb) -> Result<T, crate::station::db::StationError>,
) -> Result<T, PrintError> {
    // A poisoned lock only means another thread panicked while holding it; SQLite's own
    // transactions keep the data whole, so carry on with it.
    let mut guard = db.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    work(&mut guard).map_err(|e| PrintError::Document(e.to_string()))
}

/// Sends a queued job once (blocking). The database lock is held only to claim and to record,
/// never while talking to the printer. A job already sent, uncertain or being sent elsewhere is
/// not sent again: that is an error saying so.
pub fn print_queued(
    db: &Mutex<StationDb>,
    job: PrintJobId,
    timeouts: ZplTimeouts,
) -> Result<String, PrintError> {
    let Some(claimed) = locked(db, |db| db.claim_print(job))? else {
        return Err(PrintError::Document(format!(
            "print job {job} was already sent or is being sent; use Reprint for another copy"
        )));
    };
    let result = match &claimed.target {
        PrintTarget::Zpl(printer) => send_zpl(printer, &claimed.bytes, timeouts),
        PrintTarget::Spooler(printer) => spool_pdf(printer, &claimed.bytes),
    };
    let outcome = match &result {
        Ok(_) => PrintOutcome::Sent,
        Err(e) if e.nothing_sent() => PrintOutcome::NotSent(e.to_string()),
        Err(e) => PrintOutcome::Uncertain(e.to_string()),
    };
    locked(db, |db| db.finish_print(job, &outcome))?;
    result
}
