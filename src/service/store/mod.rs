//! The reference service's persistent store: calculations, orders and labels in SQLite.
//!
//! Every public write is one `BEGIN IMMEDIATE` transaction that also appends to `events`, so a
//! request is applied completely or not at all and every change has its history. Business rules
//! (SPEC 4.2–4.4 plus the ones issue 3 adds) live here; wire-format validation happens before,
//! in `domain::validate`, but nothing here relies on it: bad input gives `Invalid`, never a panic.
//!
//! Decisions where the spec is silent (each has a test):
//! - An order must list every shipment of its calculation, each once: the calculation is the cart
//!   that was paid, so a missing shipment would silently drop items, duties and taxes.
//! - A `tax_transaction_id` locks one order shipment only; reusing a quote for a second order is a
//!   `Conflict` (it usually means a double submission under a new `source_reference`).
//! - Shipment states: `open` (created) → `fulfilled` | `canceled`. Fulfilling a canceled shipment,
//!   adding fulfilments to it, or canceling a shipment that has any fulfilment is a `Conflict`.
//!   Repeating `canceled` or `fulfilled` is idempotent.
//! - `refunded_amount` and `refunded_quantity` are running totals (not increments), so a retried
//!   update is harmless; they may go down again (a correction), never below zero.
//! - A fulfilment sent again with the same tracking number and the same items is a retry and
//!   counts once; the same tracking number with other items is a `Conflict`.
//! - Label rendering failures are `Invalid` with an empty field path: the renderer fails on input
//!   it cannot print, and the message says what.
//!
//! # The service store
//!
//! One SQLite connection behind a mutex (SQLite has one writer anyway), WAL, `synchronous=FULL` for
//! orders and labels and `NORMAL` for calculations (a quote lost to a power cut is quoted again; the
//! next FULL commit syncs the log up to it, so no order outlives its quote — an fsync per quote cost a
//! third of the service's throughput, BENCHMARKS.md), every request one `BEGIN IMMEDIATE` transaction
//! that also appends to `events`.
//!
//! Quotes are the hot path, and each is stored before it is answered (an order is checked against it).
//! They do not go through the mutex one by one: the handler hands the quote to one writer thread
//! (`store::CalculationWriter`) and awaits its commit; the thread stores whatever queued meanwhile in one
//! transaction (group commit). Every quote of a batch is checked before any is written — against the
//! database and the quotes before it — so a bad one fails alone with nothing to undo. The JSON stored
//! is the bytes that crossed the wire — the request as received, the response as sent — so nothing is
//! serialized twice, and a rate row is only an index (`tax_transaction_id` → calculation, shipment,
//! rate): its landed cost is read from the stored response when an order locks it (schema step 2 dropped
//! the per-rate copy, which doubled what every quote wrote). Checkpoints, which copy the log into the
//! database file and sync it, would stall whichever commit crossed SQLite's threshold; a thread with its
//! own connection runs them (`store::checkpoint`, `PASSIVE`), and only a log four times over the
//! threshold makes the committing connection finish one itself (under sustained writes only the writer
//! can arrange the moment a log starts over). Measured in BENCHMARKS.md.
//!
//! Label documents are rendered inside the transaction that records the label, so "generated once", the quantities a parcel takes and
//! its tracking serial cannot race. Decisions where SPEC.md is silent are in `src/service/store/mod.rs`:
//! an order covers every shipment of its calculation; a `tax_transaction_id` is used by one order; the
//! same fulfilment (tracking number and items) sent twice counts once; refunds are running totals; the
//! same `trackReference` returns the same parcel label.

mod calculation;
mod checkpoint;
mod codec;
mod create;
mod labels;
mod migrations;
mod rows;
mod types;
mod update;
mod view;
mod writer;

#[cfg(test)]
mod tests;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rusqlite::{Connection, Transaction, TransactionBehavior};

use crate::api::FieldError;

pub use calculation::NewCalculation;
pub use types::{
    DocFormat, FulfillmentView, ItemView, LabelContext, LabelDocs, LabelItem, LabelKind,
    LabelRecord, LabelSummary, OrderView, ParcelRequest, ShipmentState, ShipmentView,
};
pub use writer::{CalculationWriter, Quote};

/// How long a write waits for another connection (another process on the same file) to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The order (or label) asked for does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// The request contradicts the stored state (duplicate, stale or forbidden move).
    #[error("conflict: {0}")]
    Conflict(String),
    /// Business rules failed; every problem with its JSON field path.
    #[error("invalid request: {}", join_errors(.0))]
    Invalid(Vec<FieldError>),
    #[error("database error: {0}")]
    Database(rusqlite::Error),
    /// The write could not be done at all (the disk, or the writer thread, failed).
    #[error("the store cannot take the write: {0}")]
    Unavailable(String),
    /// Stored data that cannot be read back (a bug or a hand-edited database).
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
}

/// A column that holds what its type cannot read (a decimal column that is not a decimal, an
/// unknown state) is stored data gone wrong, not a failing database.
impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        match error {
            rusqlite::Error::FromSqlConversionFailure(column, _, cause) => {
                StoreError::Corrupt(format!("column {column}: {cause}"))
            }
            other => StoreError::Database(other),
        }
    }
}

fn join_errors(errors: &[FieldError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A handle on the service database; cheap to clone and shared by every request handler.
///
/// One connection behind a mutex rather than a pool: SQLite runs one writer at a time anyway,
/// every call here is a short transaction, and a single connection never meets `SQLITE_BUSY`
/// from itself. `busy_timeout` still covers other connections to the same file (a second
/// process, or a second `Store::open` as in the concurrency test). Callers run these blocking
/// methods on `tokio::task::spawn_blocking`.
#[derive(Clone)]
pub struct Store {
    conn: Arc<Mutex<Connection>>,
    /// The connection's current `PRAGMA synchronous`; only read or changed under `conn`'s lock.
    relaxed: Arc<AtomicBool>,
}

/// How far a committed write must have reached the disk before the call returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Durability {
    /// `synchronous = FULL`: survives a power cut (orders, labels).
    PowerCut,
    /// `synchronous = NORMAL`: survives a crash of the process; a power cut may lose the last
    /// few. Used for calculations: a lost one is re-quoted, and the next durable write syncs
    /// the write-ahead log up to it, so an order can never outlive the calculation it names.
    ProcessCrash,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Self::open_with(path, checkpoint::Limits::DEFAULT)
    }

    fn open_with(path: &Path, limits: checkpoint::Limits) -> Result<Store, StoreError> {
        let mut conn = Self::prepare(Connection::open(path)?)?;
        checkpoint::move_off_commits(&mut conn, path, limits)?;
        Ok(Self::wrap(conn))
    }

    /// A private database that lives as long as the store (tests, the demo).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Ok(Self::wrap(Self::prepare(Connection::open_in_memory()?)?))
    }

    fn prepare(mut conn: Connection) -> Result<Connection, StoreError> {
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // WAL lets readers (the sqlite3 shell, backups) work while the service writes; an
        // in-memory database answers "memory" and keeps working without it.
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
        // FULL: a committed order survives a power cut, not only a crash of the process.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrations::apply(&mut conn)?;
        Ok(conn)
    }

    fn wrap(conn: Connection) -> Store {
        Store {
            conn: Arc::new(Mutex::new(conn)),
            relaxed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction: committed when it returns `Ok`, rolled
    /// back otherwise (dropping a `Transaction` rolls it back).
    fn write<T>(
        &self,
        work: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.write_with(Durability::PowerCut, work)
    }

    fn write_with<T>(
        &self,
        durability: Durability,
        work: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        // A panic elsewhere while holding the lock cannot leave a half-done transaction behind
        // (it was rolled back on unwind), so a poisoned lock is safe to take over.
        let mut conn = self.conn.lock().unwrap_or_else(PoisonError::into_inner);
        let relaxed = durability == Durability::ProcessCrash;
        if self.relaxed.load(Ordering::Relaxed) != relaxed {
            let level = if relaxed { "NORMAL" } else { "FULL" };
            conn.pragma_update(None, "synchronous", level)?;
            self.relaxed.store(relaxed, Ordering::Relaxed);
        }
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = work(&tx)?;
        tx.commit()?;
        Ok(value)
    }

    /// Runs `work` in a read transaction so it sees one consistent snapshot.
    fn read<T>(
        &self,
        work: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = self.conn.lock().unwrap_or_else(PoisonError::into_inner);
        let tx = conn.transaction_with_behavior(TransactionBehavior::Deferred)?;
        work(&tx)
    }
}
