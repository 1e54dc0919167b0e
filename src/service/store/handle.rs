//! The store as one value: its connection (SQLite) or connections (PostgreSQL), and the
//! transactions every call runs in.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::error::StoreError;
use super::pool::Pool;
use super::{checkpoint, connection, migrations};
use crate::sql::{self, Dialect, Location, Tx};

/// The transaction-scoped advisory lock every write on PostgreSQL takes first ("PDSERVIC" in
/// ASCII; the station's record has its own), so check-then-write rules (a tax transaction
/// locked once, a tracking serial given once, a parcel's quantities never more than left) hold
/// across instances exactly as on one SQLite file.
const WRITE_LOCK: i64 = 0x5044_5345_5256_4943;

/// A handle on the service database; cheap to clone and shared by every request handler.
///
/// On SQLite, one connection behind a mutex rather than a pool: SQLite runs one writer at a
/// time anyway, every call here is a short transaction, and a single connection never meets
/// `SQLITE_BUSY` from itself. `busy_timeout` still covers other connections to the same file (a
/// second process, or a second `Store::open` as in the concurrency test). On PostgreSQL, a
/// small pool: reads run side by side, writes wait for each other on the advisory lock, across
/// every instance that shares the database. Callers run these blocking methods on
/// `tokio::task::spawn_blocking`.
#[derive(Clone)]
pub struct Store {
    engine: Arc<Engine>,
}

enum Engine {
    Sqlite {
        conn: Mutex<sql::Connection>,
        /// The connection's current `PRAGMA synchronous`; only read or changed under `conn`'s
        /// lock.
        relaxed: AtomicBool,
    },
    Postgres(Box<Pool>),
}

/// How far a committed write must have reached the disk before the call returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Durability {
    /// `synchronous = FULL` (SQLite), `synchronous_commit = on` (PostgreSQL): survives a power
    /// cut (orders, labels).
    PowerCut,
    /// `synchronous = NORMAL` / `synchronous_commit = off`: survives a crash of the process; a
    /// power cut (or a crash of the PostgreSQL server) may lose the last few. Used for
    /// calculations: a lost one is re-quoted, and the next durable write syncs the log up to
    /// it, so an order can never outlive the calculation it names.
    ProcessCrash,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("dialect", &self.dialect())
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Self::open_with(path, checkpoint::Limits::DEFAULT)
    }

    /// Opens the store at `location`: a SQLite file, or a PostgreSQL database that several
    /// instances of the service may share. Migrates it.
    pub fn connect(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::Sqlite(path) => Self::open(path),
            Location::Postgres(target) => {
                let mut client = sql::connect_pg(target).map_err(sql::SqlError::Connection)?;
                migrations::apply_postgres(&mut client)?;
                let first = sql::Connection::postgres((**target).clone(), client, WRITE_LOCK);
                Ok(Store {
                    engine: Arc::new(Engine::Postgres(Box::new(Pool::new(
                        (**target).clone(),
                        WRITE_LOCK,
                        first,
                    )))),
                })
            }
        }
    }

    pub(super) fn open_with(path: &Path, limits: checkpoint::Limits) -> Result<Store, StoreError> {
        let mut conn = connection::prepare(rusqlite::Connection::open(path)?)?;
        checkpoint::move_off_commits(&mut conn, path, limits)?;
        Ok(Self::sqlite(conn))
    }

    /// A private database that lives as long as the store (tests, the demo).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Ok(Self::sqlite(connection::prepare(
            rusqlite::Connection::open_in_memory()?,
        )?))
    }

    fn sqlite(conn: rusqlite::Connection) -> Store {
        Store {
            engine: Arc::new(Engine::Sqlite {
                conn: Mutex::new(sql::Connection::sqlite(conn)),
                relaxed: AtomicBool::new(false),
            }),
        }
    }

    pub fn dialect(&self) -> Dialect {
        match *self.engine {
            Engine::Sqlite { .. } => Dialect::Sqlite,
            Engine::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Runs `work` in one write transaction (`BEGIN IMMEDIATE` on SQLite, behind the writers'
    /// advisory lock on PostgreSQL): committed when it returns `Ok`, rolled back otherwise.
    pub(super) fn write<T>(
        &self,
        work: impl FnOnce(&mut Tx<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.write_with(Durability::PowerCut, work)
    }

    pub(super) fn write_with<T>(
        &self,
        durability: Durability,
        work: impl FnOnce(&mut Tx<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let relaxed = durability == Durability::ProcessCrash;
        match &*self.engine {
            Engine::Sqlite {
                conn,
                relaxed: current,
            } => {
                // A panic elsewhere while holding the lock cannot leave a half-done transaction
                // behind (it was rolled back on unwind), so a poisoned lock is safe to take over.
                let mut conn = conn.lock().unwrap_or_else(PoisonError::into_inner);
                if current.load(Ordering::Relaxed) != relaxed
                    && let Some(sqlite) = conn.as_sqlite()
                {
                    let level = if relaxed { "NORMAL" } else { "FULL" };
                    sqlite.pragma_update(None, "synchronous", level)?;
                    current.store(relaxed, Ordering::Relaxed);
                }
                run_write(&mut conn, relaxed, work)
            }
            Engine::Postgres(pool) => pool.with(|conn| run_write(conn, relaxed, work)),
        }
    }

    /// Runs `work` in a read transaction so it sees one consistent snapshot.
    pub(super) fn read<T>(
        &self,
        work: impl FnOnce(&mut Tx<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match &*self.engine {
            Engine::Sqlite { conn, .. } => {
                let mut conn = conn.lock().unwrap_or_else(PoisonError::into_inner);
                work(&mut conn.read()?)
            }
            Engine::Postgres(pool) => pool.with(|conn| work(&mut conn.read()?)),
        }
    }

    /// Runs `work` on a PostgreSQL connection outside any transaction, for a statement that is
    /// one of its own (`sql::Connection::execute_alone`); `None` on SQLite.
    pub(super) fn on_postgres<T>(
        &self,
        work: impl FnOnce(&mut sql::Connection) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        match &*self.engine {
            Engine::Sqlite { .. } => Ok(None),
            Engine::Postgres(pool) => pool.with(work).map(Some),
        }
    }

    /// Runs `work` on the SQLite connection itself (pragmas, vacuum); `None` on PostgreSQL,
    /// which has no such thing to do.
    pub(super) fn on_sqlite<T>(
        &self,
        work: impl FnOnce(&mut rusqlite::Connection) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        match &*self.engine {
            Engine::Sqlite { conn, .. } => {
                let mut conn = conn.lock().unwrap_or_else(PoisonError::into_inner);
                conn.as_sqlite().map(work).transpose()
            }
            Engine::Postgres(_) => Ok(None),
        }
    }
}

fn run_write<T>(
    conn: &mut sql::Connection,
    relaxed: bool,
    work: impl FnOnce(&mut Tx<'_>) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let mut tx = if relaxed {
        conn.write_relaxed()?
    } else {
        conn.write()?
    };
    let value = work(&mut tx)?;
    tx.commit()?;
    Ok(value)
}
