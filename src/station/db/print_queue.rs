//! The print queue: every print is a row, claimed before its first byte leaves and marked
//! sent after its last, so a printer coming back never gets the same job twice (see
//! `station::print` for what each failure means and migration step 3).

use super::encoding::{now_unix, to_json};
use super::engine::{Tx, params};
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::DocumentId;
use crate::station::print::printers::PrintTarget;

/// One print job in the station's print queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PrintJobId(pub i64);

impl std::fmt::Display for PrintJobId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrintState {
    /// Not sent yet (never tried, or a try failed before any byte left).
    Queued,
    /// Being sent now.
    Sending,
    /// Every byte was written to the printer or the spooler took it.
    Sent,
    /// Sending broke off part-way (or the app stopped while sending): it may have printed.
    /// Never resent by itself.
    Uncertain,
}

impl PrintState {
    fn as_str(&self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Sending => "sending",
            Self::Sent => "sent",
            Self::Uncertain => "uncertain",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        [Self::Queued, Self::Sending, Self::Sent, Self::Uncertain]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// A print job as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintJob {
    pub id: PrintJobId,
    pub document: DocumentId,
    pub state: PrintState,
    pub reprint: bool,
    pub attempts: u32,
    pub last_error: Option<String>,
}

/// A job claimed for sending: it is `Sending` until [`StationDb::finish_print`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedPrint {
    pub id: PrintJobId,
    pub target: PrintTarget,
    pub bytes: Vec<u8>,
}

/// How sending a claimed job ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrintOutcome {
    Sent,
    /// Failed before any byte left: stays queued for the next try.
    NotSent(String),
    /// Failed part-way: may have printed.
    Uncertain(String),
}

impl StationDb {
    /// Queues a print of a cached document to `target`. When the document already has a job
    /// not yet sent, that job is returned (pointed at `target`) instead of a second one. A job
    /// for a document sent (or possibly sent) before is marked a reprint.
    pub fn queue_print(
        &mut self,
        document: DocumentId,
        target: &PrintTarget,
    ) -> Result<PrintJobId, StationError> {
        let mut tx = self.conn.write()?;
        // A job some desk stopped sending long ago would otherwise hold its document forever.
        settle_sending_before(&mut tx, now_unix() - ABANDONED_SEND_SECONDS)?;
        let target_json = to_json(target)?;
        let open: Option<i64> = tx.query_row_opt(
            "SELECT id FROM print_jobs WHERE document_id = ?1 AND state IN ('queued', 'sending')",
            params![document.0],
            |row| Ok(row.get("id")?),
        )?;
        let id = match open {
            Some(id) => {
                tx.execute(
                    "UPDATE print_jobs SET target_json = ?1, updated_at = ?2
                     WHERE id = ?3 AND state = 'queued'",
                    params![target_json, now_unix(), id],
                )?;
                id
            }
            None => {
                let known: bool = tx.query_value(
                    "SELECT EXISTS (SELECT 1 FROM label_documents WHERE id = ?1)",
                    params![document.0],
                )?;
                if !known {
                    return Err(StationError::Corrupt(format!(
                        "label document {document} is not in the station"
                    )));
                }
                let reprint: bool = tx.query_value(
                    "SELECT EXISTS (SELECT 1 FROM print_jobs
                         WHERE document_id = ?1 AND state IN ('sent', 'uncertain'))",
                    params![document.0],
                )?;
                tx.query_value(
                    "INSERT INTO print_jobs (document_id, target_json, state, reprint, created_at,
                         updated_at, attempts, last_error)
                     VALUES (?1, ?2, 'queued', ?3, ?4, ?4, 0, NULL) RETURNING id",
                    params![document.0, target_json, reprint, now_unix()],
                )?
            }
        };
        tx.commit()?;
        Ok(PrintJobId(id))
    }

    /// Takes a queued job for sending (`Sending`), with its bytes and target; `None` when it
    /// is not queued (already sent, uncertain, or being sent by someone else).
    pub fn claim_print(&mut self, job: PrintJobId) -> Result<Option<ClaimedPrint>, StationError> {
        let mut tx = self.conn.write()?;
        let claimed = tx.execute(
            "UPDATE print_jobs SET state = 'sending', attempts = attempts + 1, updated_at = ?1
             WHERE id = ?2 AND state = 'queued'",
            params![now_unix(), job.0],
        )?;
        if claimed == 0 {
            return Ok(None);
        }
        let (target_json, bytes): (String, Vec<u8>) = tx.query_row(
            "SELECT j.target_json, d.bytes FROM print_jobs j
             JOIN label_documents d ON d.id = j.document_id WHERE j.id = ?1",
            params![job.0],
            |row| Ok((row.get("target_json")?, row.get("bytes")?)),
        )?;
        let target = serde_json::from_str(&target_json)
            .map_err(|e| StationError::Corrupt(format!("print job {job} target: {e}")))?;
        tx.commit()?;
        Ok(Some(ClaimedPrint {
            id: job,
            target,
            bytes,
        }))
    }

    /// Records how sending a claimed job ended.
    pub fn finish_print(
        &mut self,
        job: PrintJobId,
        outcome: &PrintOutcome,
    ) -> Result<(), StationError> {
        let (state, error) = match outcome {
            PrintOutcome::Sent => (PrintState::Sent, None),
            PrintOutcome::NotSent(why) => (PrintState::Queued, Some(why.as_str())),
            PrintOutcome::Uncertain(why) => (PrintState::Uncertain, Some(why.as_str())),
        };
        let mut tx = self.conn.write()?;
        tx.execute(
            "UPDATE print_jobs SET state = ?1, last_error = ?2, updated_at = ?3
             WHERE id = ?4 AND state = 'sending'",
            params![state.as_str(), error, now_unix(), job.0],
        )?;
        tx.commit()
    }

    /// Jobs the app was sending when it stopped may have printed: they become `Uncertain`.
    /// Called when the database opens. On this desk's own file every job still `sending` was
    /// this desk's; on a shared record another desk may be sending one right now, so only jobs
    /// left `sending` for longer than a send can take are settled. Returns how many.
    pub(super) fn settle_interrupted_prints(&mut self) -> Result<u64, StationError> {
        let before = if self.is_shared() {
            now_unix() - ABANDONED_SEND_SECONDS
        } else {
            i64::MAX
        };
        let mut tx = self.conn.write()?;
        let settled = settle_sending_before(&mut tx, before)?;
        tx.commit()?;
        Ok(settled)
    }

    /// Print jobs, newest first (`only_document`: those of one document).
    pub fn print_jobs(
        &mut self,
        only_document: Option<DocumentId>,
    ) -> Result<Vec<PrintJob>, StationError> {
        // `CAST` tells PostgreSQL the parameter's type, which `?1 IS NULL` alone does not.
        let rows = self.conn.read()?.query_map(
            "SELECT id, document_id, state, reprint, attempts, last_error FROM print_jobs
             WHERE CAST(?1 AS BIGINT) IS NULL OR document_id = ?1 ORDER BY id DESC",
            params![only_document.map(|d| d.0)],
            |row| {
                Ok((
                    row.get::<_, i64>("id")?,
                    row.get::<_, i64>("document_id")?,
                    row.get::<_, String>("state")?,
                    row.get::<_, bool>("reprint")?,
                    row.get::<_, u32>("attempts")?,
                    row.get::<_, Option<String>>("last_error")?,
                ))
            },
        )?;
        rows.into_iter()
            .map(|row| {
                let (id, document, state, reprint, attempts, last_error) = row;
                Ok(PrintJob {
                    id: PrintJobId(id),
                    document: DocumentId(document),
                    state: PrintState::parse(&state)
                        .ok_or_else(|| StationError::Corrupt(format!("print job state {state}")))?,
                    reprint,
                    attempts,
                    last_error,
                })
            })
            .collect()
    }
}

/// A send takes seconds (connect, status, bytes, each with a timeout); a job `sending` for this
/// long was left by a desk that stopped.
const ABANDONED_SEND_SECONDS: i64 = 120;

fn settle_sending_before(tx: &mut Tx<'_>, before: i64) -> Result<u64, StationError> {
    Ok(tx.execute(
        "UPDATE print_jobs SET state = 'uncertain', updated_at = ?1,
             last_error = 'Packdesk stopped while sending it'
         WHERE state = 'sending' AND updated_at < ?2",
        params![now_unix(), before],
    )?)
}
