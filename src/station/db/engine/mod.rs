//! The station's record on the two engines of `crate::sql`: opening and migrating it, who
//! writes (every event a transaction records names its [`Actor`]), and hearing other desks.
//!
//! Every statement runs inside a [`Tx`] from [`Connection::write`] or [`Connection::read`];
//! where the engines truly differ a query asks [`Tx::dialect`]. The SQL layer itself (values,
//! rows, PostgreSQL connections, the writers' lock) is `crate::sql`, shared with the reference
//! service's store.
//!
//! # The station record on two engines
//!
//! A desk keeps the station record in its own SQLite file, or shares one PostgreSQL database with
//! every desk of the warehouse (`--database URL`, Settings → Warehouse). One API, `StationDb`, on
//! both; `tests/it/station/` shows every behaviour on both.
//!
//! - **Migrations**: `refinery` (maintained; drivers for
//!   both `rusqlite` and `postgres`) replaces the two hand-written runners (station and service
//!   store): one numbered file per step and engine (`src/station/db/migrations/{sqlite,postgres}/`,
//!   the same numbers on both), each applied in its own transaction with its history row. On
//!   PostgreSQL the runner holds a session advisory lock, so ten desks starting at once migrate once
//!   (`station::warehouse::ten_desks_starting_at_once_migrate_once`). A desk older than the schema
//!   refuses with "update Packdesk". SQLite files from before refinery (steps counted in
//!   `PRAGMA user_version`) are adopted, and their `user_version` set past anything an old build
//!   knows, so that build refuses them instead of re-applying its steps.
//! - **When the database goes away**: a transaction cut off was never committed, so nothing is
//!   half-recorded; one cut off while its `COMMIT` was in flight may have been, which the error
//!   says (`CommitUnknown`): the desk's repeat with its idempotency key is recorded once
//!   (`db::once`). The failed action says so (`Failure::WarehouseUnreachable`, Retry/F5 repeats
//!   it). The connection notes its
//!   health in a shared cell (`sql::Health`) that the app's watcher reads without the database
//!   lock; while it is unreachable the watcher pings every 2 s (a ping reconnects), the status bar
//!   says so, and it clears by itself
//!   (`ui::warehouse::a_warehouse_database_that_goes_away_says_so_records_nothing_and_comes_back`).
//!   A desk that starts while the database is down keeps trying, saying so.
//! - **Switching** the record in Settings opens and migrates the new one first, then puts it in
//!   place of the old behind the same `Arc<Mutex<StationDb>>`, so the outbox worker and every job use
//!   it from then on; a failure keeps the old one.
//! - **Per-desk state on a shared record**: printing stays per desk. A print job left `sending` is
//!   settled as `uncertain` at start-up on the desk's own file (it was this desk's); on a shared
//!   record only when it has been `sending` for two minutes (another desk may be sending it now).
//!   Demo orders are seeded only into a desk's own file.

mod listen;
mod migrate;

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use crate::sql;
use crate::station::error::StationError;
use crate::station::model::Actor;

pub(crate) use crate::sql::params;
pub use crate::sql::{
    ColumnIndex, ConnectionProblem, Dialect, FromValue, Health, Location, LocationError, PgTarget,
    Row, ToValue, Value,
};
pub use listen::{CHANGES_CHANNEL, ChangeListener};
pub use migrate::{SchemaStatus, latest_schema_version, test_connection};

/// Writers of the whole warehouse take this transaction-scoped advisory lock first, so they
/// commit one after the other as SQLite's writers do. Any fixed number works; this one spells
/// "PACKDESK" in ASCII so a DBA reading `pg_locks` can tell whose it is.
const WRITE_LOCK: i64 = 0x5041_434b_4445_534b;

/// A connection to the station's record on either engine, and who writes through it.
#[derive(Debug)]
pub struct Connection {
    conn: sql::Connection,
    /// Who writes through this connection: every event a transaction records names them.
    actor: Arc<Actor>,
}

impl Connection {
    /// Opens the record at `location` and brings its schema up to date (see `migrate`).
    pub fn open(location: &Location) -> Result<Self, StationError> {
        let conn = match location {
            Location::Sqlite(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|source| StationError::Io {
                        path: dir.to_path_buf(),
                        source,
                    })?;
                }
                sql::Connection::sqlite(migrate::prepare_sqlite(rusqlite::Connection::open(path)?)?)
            }
            Location::Postgres(target) => {
                let mut client = sql::connect_pg(target).map_err(StationError::Connection)?;
                migrate::prepare_postgres(&mut client)?;
                sql::Connection::postgres((**target).clone(), client, WRITE_LOCK)
            }
        };
        Ok(Self {
            conn,
            actor: Arc::default(),
        })
    }

    /// A private SQLite database that lives as long as the value (tests, demos).
    pub fn open_in_memory() -> Result<Self, StationError> {
        let conn = migrate::prepare_sqlite(rusqlite::Connection::open_in_memory()?)?;
        Ok(Self {
            conn: sql::Connection::sqlite(conn),
            actor: Arc::default(),
        })
    }

    pub fn dialect(&self) -> Dialect {
        self.conn.dialect()
    }

    /// From now on, the transactions of this connection write as `actor`.
    pub fn set_actor(&mut self, actor: Actor) {
        self.actor = Arc::new(actor);
    }

    pub fn actor(&self) -> &Actor {
        &self.actor
    }

    /// Whether the record could be reached at the last try (shared; read it from anywhere).
    pub fn health(&self) -> Arc<Health> {
        self.conn.health()
    }

    /// A listener for other desks' changes on PostgreSQL; `None` on SQLite (poll instead).
    pub fn listener(&self) -> Option<Result<ChangeListener, StationError>> {
        self.conn.pg_target().map(ChangeListener::open)
    }

    /// Where this connection points, without a password (for logs and the status bar).
    pub fn describe(&self) -> String {
        self.conn.describe()
    }

    /// A transaction that changes the record; writers wait for each other.
    pub fn write(&mut self) -> Result<Tx<'_>, StationError> {
        let tx = self.conn.write()?;
        Ok(Tx::new(tx, &self.actor))
    }

    /// A transaction that changes only rows its own statements lock (a claim, an outbox
    /// lease): on PostgreSQL it skips the writers' lock, so a claim never waits for another
    /// desk's import. On SQLite it is a write like any other (one writer at a time).
    pub fn write_row_locked(&mut self) -> Result<Tx<'_>, StationError> {
        let tx = self.conn.write_row_locked()?;
        Ok(Tx::new(tx, &self.actor))
    }

    /// A transaction that only reads, from one consistent snapshot.
    pub fn read(&mut self) -> Result<Tx<'_>, StationError> {
        let tx = self.conn.read()?;
        Ok(Tx::new(tx, &self.actor))
    }
}

/// One transaction of the station's record: `crate::sql`'s, and who it writes as. Dropped
/// without [`Tx::commit`], it rolls back.
pub struct Tx<'c> {
    tx: sql::Tx<'c>,
    actor: Arc<Actor>,
}

impl<'c> Tx<'c> {
    fn new(tx: sql::Tx<'c>, actor: &Arc<Actor>) -> Self {
        Self {
            tx,
            actor: actor.clone(),
        }
    }

    /// Who this transaction writes as (the connection's actor when it began).
    pub fn actor(&self) -> &Actor {
        &self.actor
    }

    /// Makes the transaction's changes durable.
    pub fn commit(self) -> Result<(), StationError> {
        Ok(self.tx.commit()?)
    }

    // The row readers below fix the closures' error to the station's, so a closure may return
    // any `StationError` and `?` on a column needs no annotation.

    /// Every row of a query, each turned into a `T` by `f`.
    pub fn query_map<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnMut(&Row) -> Result<T, StationError>,
    ) -> Result<Vec<T>, StationError> {
        self.tx.query_map(sql, params, f)
    }

    /// The first row of a query, turned into a `T` by `f`; `None` when there is none.
    pub fn query_row_opt<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnOnce(&Row) -> Result<T, StationError>,
    ) -> Result<Option<T>, StationError> {
        self.tx.query_row_opt(sql, params, f)
    }

    /// The first row of a query that always has one, turned into a `T` by `f`.
    pub fn query_row<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnOnce(&Row) -> Result<T, StationError>,
    ) -> Result<T, StationError> {
        self.tx.query_row(sql, params, f)
    }
}

impl<'c> Deref for Tx<'c> {
    type Target = sql::Tx<'c>;

    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl DerefMut for Tx<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}
