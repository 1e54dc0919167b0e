//! The store as one value: its connection, and the transactions every call runs in.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::error::StoreError;
use super::{checkpoint, connection};

/// A handle on the service database; cheap to clone and shared by every request handler.
///
/// One connection behind a mutex rather than a pool: SQLite runs one writer at a time anyway,
/// every call here is a short transaction, and a single connection never meets `SQLITE_BUSY`
/// from itself. `busy_timeout` still covers other connections to the same file (a second
/// process, or a second `Store::open` as in the concurrency test). Callers run these blocking
/// methods on `tokio::task::spawn_blocking`.
#[derive(Clone)]
pub struct Store {
    pub(super) conn: Arc<Mutex<Connection>>,
    /// The connection's current `PRAGMA synchronous`; only read or changed under `conn`'s lock.
    relaxed: Arc<AtomicBool>,
}

/// How far a committed write must have reached the disk before the call returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Durability {
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

    pub(super) fn open_with(path: &Path, limits: checkpoint::Limits) -> Result<Store, StoreError> {
        let mut conn = connection::prepare(Connection::open(path)?)?;
        checkpoint::move_off_commits(&mut conn, path, limits)?;
        Ok(Self::wrap(conn))
    }

    /// A private database that lives as long as the store (tests, the demo).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Ok(Self::wrap(connection::prepare(
            Connection::open_in_memory()?,
        )?))
    }

    fn wrap(conn: Connection) -> Store {
        Store {
            conn: Arc::new(Mutex::new(conn)),
            relaxed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction: committed when it returns `Ok`, rolled
    /// back otherwise (dropping a `Transaction` rolls it back).
    pub(super) fn write<T>(
        &self,
        work: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.write_with(Durability::PowerCut, work)
    }

    pub(super) fn write_with<T>(
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
    pub(super) fn read<T>(
        &self,
        work: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = self.conn.lock().unwrap_or_else(PoisonError::into_inner);
        let tx = conn.transaction_with_behavior(TransactionBehavior::Deferred)?;
        work(&tx)
    }
}
