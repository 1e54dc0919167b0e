//! This desk's print queue: a small SQLite file of its own (`prints.sqlite3`), because what a
//! desk sends to its printers is nobody else's business and must not wait on the warehouse
//! server. Each job keeps the document's bytes as the server gave them, so a job left queued
//! (printer off) is sent later without asking again. The rules are those of `station::print`:
//! claimed (`sending`) before the first byte, `sent` after the last, `uncertain` when sending
//! broke off part-way or the app stopped while sending, and never resent by itself.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

use super::error::PrintError;
use super::printers::{PrintTarget, ZplTimeouts};
use super::spool::spool_pdf;
use super::zpl::send_zpl;
use crate::station::db::{ClaimedPrint, PrintJobId, PrintOutcome};

#[derive(Debug, thiserror::Error)]
pub enum DeskQueueError {
    #[error("the desk's print queue {path}: {source}")]
    Open {
        path: String,
        source: rusqlite::Error,
    },
    #[error("the desk's print queue: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("the desk's print queue: a job's printer does not read back ({0})")]
    Target(String),
}

/// The queue, shared by the jobs that print (each use is one short blocking call).
pub type SharedPrints = std::sync::Arc<Mutex<DeskPrintQueue>>;

/// The queue, open on its file.
pub struct DeskPrintQueue {
    conn: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS print_jobs (
    id INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    target_json TEXT NOT NULL,
    state TEXT NOT NULL,
    reprint INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS print_jobs_one_open ON print_jobs (document_id)
    WHERE state IN ('queued', 'sending');
";

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

impl DeskPrintQueue {
    /// Opens (or makes) the queue at `path`. Jobs left `sending` by a stop may have printed:
    /// they become `uncertain`.
    pub fn open(path: &Path) -> Result<Self, DeskQueueError> {
        let opened = || -> Result<Connection, rusqlite::Error> {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                let _ = std::fs::create_dir_all(dir);
            }
            let conn = Connection::open(path)?;
            conn.busy_timeout(std::time::Duration::from_secs(5))?;
            conn.execute_batch(SCHEMA)?;
            conn.execute(
                "UPDATE print_jobs SET state = 'uncertain', updated_at = ?1,
                     last_error = 'Packdesk stopped while sending it'
                 WHERE state = 'sending'",
                params![now()],
            )?;
            Ok(conn)
        };
        let conn = opened().map_err(|source| DeskQueueError::Open {
            path: path.display().to_string(),
            source,
        })?;
        Ok(Self { conn })
    }

    /// Queues `bytes` (the server's document `document`) for `target`. A job of that document
    /// not sent yet is reused (pointed at `target`), so pressing Print twice sends once; a
    /// document sent (or possibly sent) before makes a reprint.
    pub fn queue(
        &mut self,
        document: i64,
        bytes: &[u8],
        target: &PrintTarget,
    ) -> Result<PrintJobId, DeskQueueError> {
        let target_json =
            serde_json::to_string(target).map_err(|e| DeskQueueError::Target(e.to_string()))?;
        let tx = self.conn.transaction()?;
        let open: Option<i64> = tx
            .query_row(
                "SELECT id FROM print_jobs WHERE document_id = ?1 AND state IN ('queued', 'sending')",
                params![document],
                |row| row.get(0),
            )
            .optional()?;
        let id = match open {
            Some(id) => {
                tx.execute(
                    "UPDATE print_jobs SET target_json = ?1, updated_at = ?2
                     WHERE id = ?3 AND state = 'queued'",
                    params![target_json, now(), id],
                )?;
                id
            }
            None => {
                let reprint: bool = tx.query_row(
                    "SELECT EXISTS (SELECT 1 FROM print_jobs
                         WHERE document_id = ?1 AND state IN ('sent', 'uncertain'))",
                    params![document],
                    |row| row.get(0),
                )?;
                tx.query_row(
                    "INSERT INTO print_jobs (document_id, bytes, target_json, state, reprint,
                         created_at, updated_at)
                     VALUES (?1, ?2, ?3, 'queued', ?4, ?5, ?5) RETURNING id",
                    params![document, bytes, target_json, reprint, now()],
                    |row| row.get(0),
                )?
            }
        };
        tx.commit()?;
        Ok(PrintJobId(id))
    }

    /// Takes a queued job for sending; `None` when it is not queued any more.
    pub fn claim(&mut self, job: PrintJobId) -> Result<Option<ClaimedPrint>, DeskQueueError> {
        let tx = self.conn.transaction()?;
        let claimed = tx.execute(
            "UPDATE print_jobs SET state = 'sending', attempts = attempts + 1, updated_at = ?1
             WHERE id = ?2 AND state = 'queued'",
            params![now(), job.0],
        )?;
        if claimed == 0 {
            return Ok(None);
        }
        let (target_json, bytes): (String, Vec<u8>) = tx.query_row(
            "SELECT target_json, bytes FROM print_jobs WHERE id = ?1",
            params![job.0],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        let target = serde_json::from_str(&target_json)
            .map_err(|e| DeskQueueError::Target(e.to_string()))?;
        tx.commit()?;
        Ok(Some(ClaimedPrint {
            id: job,
            target,
            bytes,
        }))
    }

    /// Records how sending a claimed job ended.
    pub fn finish(
        &mut self,
        job: PrintJobId,
        outcome: &PrintOutcome,
    ) -> Result<(), DeskQueueError> {
        let (state, error) = match outcome {
            PrintOutcome::Sent => ("sent", None),
            PrintOutcome::NotSent(why) => ("queued", Some(why.as_str())),
            PrintOutcome::Uncertain(why) => ("uncertain", Some(why.as_str())),
        };
        self.conn.execute(
            "UPDATE print_jobs SET state = ?1, last_error = ?2, updated_at = ?3
             WHERE id = ?4 AND state = 'sending'",
            params![state, error, now(), job.0],
        )?;
        Ok(())
    }

    /// Each job's state (`queued`, `sending`, `sent`, `uncertain`) and whether it is a
    /// reprint, newest first (the tests, and a later "print queue" view).
    pub fn jobs(&self) -> Result<Vec<(PrintJobId, i64, String, bool)>, DeskQueueError> {
        let mut statement = self
            .conn
            .prepare("SELECT id, document_id, state, reprint FROM print_jobs ORDER BY id DESC")?;
        let rows = statement.query_map([], |row| {
            Ok((
                PrintJobId(row.get(0)?),
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

fn locked<T>(
    queue: &Mutex<DeskPrintQueue>,
    work: impl FnOnce(&mut DeskPrintQueue) -> Result<T, DeskQueueError>,
) -> Result<T, PrintError> {
    // A poisoned lock only means another thread panicked while holding it; SQLite's own
    // transactions keep the file whole, so carry on with it.
    let mut guard = queue
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    work(&mut guard).map_err(|e| PrintError::Document(e.to_string()))
}

/// Queues `bytes` and sends the job once (blocking). The queue's lock is held only to claim
/// and to record, never while talking to the printer.
pub fn queue_and_print(
    queue: &Mutex<DeskPrintQueue>,
    document: i64,
    bytes: &[u8],
    target: &PrintTarget,
    timeouts: ZplTimeouts,
) -> Result<String, PrintError> {
    let job = locked(queue, |q| q.queue(document, bytes, target))?;
    let Some(claimed) = locked(queue, |q| q.claim(job))? else {
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
    locked(queue, |q| q.finish(job, &outcome))?;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::station::print::{Dpi, ZplPrinter};

    fn target() -> PrintTarget {
        PrintTarget::Zpl(ZplPrinter {
            host: "127.0.0.1".into(),
            port: 9,
            dpi: Dpi::D203,
        })
    }

    #[test]
    fn one_open_job_per_document_a_reprint_after_it_was_sent_and_a_stop_makes_it_uncertain() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("prints.sqlite3");
        let mut queue = DeskPrintQueue::open(&path).unwrap();
        let first = queue.queue(7, b"^XA^XZ", &target()).unwrap();
        assert_eq!(queue.queue(7, b"^XA^XZ", &target()).unwrap(), first);
        let claimed = queue.claim(first).unwrap().unwrap();
        assert_eq!(claimed.bytes, b"^XA^XZ");
        assert!(queue.claim(first).unwrap().is_none(), "claimed once");
        queue.finish(first, &PrintOutcome::Sent).unwrap();
        let again = queue.queue(7, b"^XA^XZ", &target()).unwrap();
        assert_ne!(again, first);
        queue.claim(again).unwrap().unwrap();
        drop(queue);
        let queue = DeskPrintQueue::open(&path).unwrap();
        let jobs = queue.jobs().unwrap();
        assert_eq!(jobs[0], (again, 7, "uncertain".into(), true));
        assert_eq!(jobs[1], (first, 7, "sent".into(), false));
    }
}
