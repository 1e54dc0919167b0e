//! One small SQL interface over the station's two engines: SQLite (a file, one desk) and
//! PostgreSQL (a warehouse of desks).
//!
//! Every statement runs inside a [`Tx`] from [`Connection::write`] or [`Connection::read`];
//! where the engines truly differ a query asks [`Tx::dialect`].
//!
//! # The station record on two engines
//!
//! A desk keeps the station record in its own SQLite file, or shares one PostgreSQL database with
//! every desk of the warehouse (`--database URL`, Settings → Warehouse). One API, `StationDb`, on
//! both; `tests/it/station/` shows every behaviour on both.
//!
//! - **One small SQL layer, not an ORM** (`station::db::engine`): `Connection::write`/`read` give a
//!   `Tx` with `execute`/`query`/`query_row`/`query_map` over four value kinds (integer, text, bytes,
//!   NULL), a row's columns read by the names the SELECT gives them (`row.get("shipment_id")`; an
//!   expression gets a lower-case `AS` alias). Queries are written once with `?N` parameters in the
//!   SQL both engines speak (`RETURNING`, `ON CONFLICT`, `COALESCE`, `CAST(… AS BIGINT)` around
//!   `SUM`, `lower()` for case-blind SKUs, `COUNT(*) FILTER`); for PostgreSQL `?N` becomes `$N` once
//!   and each statement is prepared once per connection. The one query that differs (SQLite needs a planner hint for a
//!   common SKU) asks `Tx::dialect()`.
//! - **Writers are serialized on both engines.** SQLite has one writer (`BEGIN IMMEDIATE`); on
//!   PostgreSQL every write transaction first takes one transaction-scoped advisory lock. So every
//!   check-then-write of the station (quantities never more than left, a fulfillment once per parcel,
//!   an order number once) holds across desks exactly as on one desk, without reasoning about each
//!   query's isolation. A desk's writes take milliseconds and a warehouse makes a few per second, so
//!   the lock is not contended. Claims and the shared outbox's leases take row locks of their own
//!   instead (`Connection::write_row_locked`), so they never queue behind an import. Reads are one snapshot each (`REPEATABLE READ, READ ONLY`, which never fails with a
//!   serialization error).
//! - **Crates**: `rusqlite` (as before) and the synchronous `postgres` client (the blocking face of
//!   `tokio-postgres`): the record is used from blocking jobs on both engines, so one calling
//!   convention serves both and no SQL call site became `async`. `sqlx` was the other candidate (one
//!   async API over both engines, with a migrator) and was not taken: its SQLite driver links its own
//!   `libsqlite3-sys`, which cannot coexist with `rusqlite` 0.41's (Cargo allows one crate linking
//!   `sqlite3`), so the service store would have had to move too, and every station call site would
//!   have become async for no gain on a desk. **Migrations**: `refinery` (maintained; drivers for
//!   both `rusqlite` and `postgres`) replaces the two hand-written runners (station and service
//!   store): one numbered file per step and engine (`src/station/db/migrations/{sqlite,postgres}/`,
//!   the same numbers on both), each applied in its own transaction with its history row. On
//!   PostgreSQL the runner holds a session advisory lock, so ten desks starting at once migrate once
//!   (`station::warehouse::ten_desks_starting_at_once_migrate_once`). A desk older than the schema
//!   refuses with "update Packdesk". SQLite files from before refinery (steps counted in
//!   `PRAGMA user_version`) are adopted, and their `user_version` set past anything an old build
//!   knows, so that build refuses them instead of re-applying its steps.
//! - **Connecting** (`engine::pg`): TLS (rustls, the certificate checked against the system's trust
//!   store, as for the service's HTTPS) for any host off loopback; `sslmode=disable` is refused there.
//!   Connect timeout 5 s and TCP keepalives, so a dead network never hangs a packer's action. A
//!   failure is said in words (`ConnectionProblem`: unreachable, wrong password, not allowed,
//!   database missing, TLS) — the same words in Settings' Test connection and at start-up.
//! - **When the database goes away**: a transaction cut off was never committed, so nothing is
//!   half-recorded; the failed action says "Warehouse database unreachable — nothing was recorded;
//!   retrying" (`Failure::WarehouseUnreachable`, Retry/F5 repeats it). The connection notes its
//!   health in a shared cell (`engine::Health`) that the app's watcher reads without the database
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
mod location;
mod migrate;
mod pg;
mod row;
mod value;

use std::sync::{Arc, Mutex};

use crate::station::error::StationError;
use crate::station::model::Actor;

pub use crate::station::error::ConnectionProblem;
pub use listen::{CHANGES_CHANNEL, ChangeListener};
pub use location::{Location, LocationError, PgTarget};
pub use migrate::{SchemaStatus, latest_schema_version, test_connection};
pub use row::{ColumnIndex, Row};
pub use value::{FromValue, ToValue, Value};

/// `params![a, b]`: the parameters of one statement, in order.
macro_rules! params {
    () => {
        &[] as &[&dyn $crate::station::db::engine::ToValue]
    };
    ($($param:expr),+ $(,)?) => {
        &[$(&$param as &dyn $crate::station::db::engine::ToValue),+]
            as &[&dyn $crate::station::db::engine::ToValue]
    };
}
pub(crate) use params;

/// Which SQL a [`Tx`] speaks, for the few queries that differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// Whether the record could be reached at the last try, readable without the connection (the
/// status bar asks while a job holds the connection).
#[derive(Debug, Default)]
pub struct Health {
    unreachable: Mutex<Option<String>>,
}

impl Health {
    /// Why the record could not be reached at the last try; `None` when it could.
    pub fn problem(&self) -> Option<String> {
        self.unreachable
            .lock()
            .map_or_else(|p| p.into_inner().clone(), |p| p.clone())
    }

    fn note<T>(&self, result: &Result<T, StationError>) {
        let problem = match result {
            Err(StationError::Unreachable(reason)) => Some(reason.clone()),
            Err(_) => return,
            Ok(_) => None,
        };
        let mut slot = self
            .unreachable
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *slot = problem;
    }
}

/// A connection to the station's record on either engine.
pub struct Connection {
    kind: Kind,
    health: Arc<Health>,
    /// Who writes through this connection: every event a transaction records names them.
    actor: Arc<Actor>,
}

enum Kind {
    Sqlite(rusqlite::Connection),
    Postgres(Box<pg::PgConnection>),
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            Kind::Sqlite(conn) => f
                .debug_struct("Sqlite")
                .field("path", &conn.path())
                .finish(),
            Kind::Postgres(conn) => f
                .debug_struct("Postgres")
                .field("target", &conn.target().to_string())
                .finish(),
        }
    }
}

impl Connection {
    /// Opens the record at `location` and brings its schema up to date (see `migrate`).
    pub fn open(location: &Location) -> Result<Self, StationError> {
        let kind = match location {
            Location::Sqlite(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|source| StationError::Io {
                        path: dir.to_path_buf(),
                        source,
                    })?;
                }
                Kind::Sqlite(migrate::prepare_sqlite(rusqlite::Connection::open(path)?)?)
            }
            Location::Postgres(target) => {
                // Migrated here rather than by `pg`, which `migrate` itself uses to connect.
                let mut client = pg::connect(target).map_err(StationError::Connection)?;
                migrate::prepare_postgres(&mut client)?;
                Kind::Postgres(Box::new(pg::PgConnection::new((**target).clone(), client)))
            }
        };
        Ok(Self {
            kind,
            health: Arc::default(),
            actor: Arc::default(),
        })
    }

    /// A private SQLite database that lives as long as the value (tests, demos).
    pub fn open_in_memory() -> Result<Self, StationError> {
        let conn = migrate::prepare_sqlite(rusqlite::Connection::open_in_memory()?)?;
        Ok(Self {
            kind: Kind::Sqlite(conn),
            health: Arc::default(),
            actor: Arc::default(),
        })
    }

    pub fn dialect(&self) -> Dialect {
        match self.kind {
            Kind::Sqlite(_) => Dialect::Sqlite,
            Kind::Postgres(_) => Dialect::Postgres,
        }
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
        self.health.clone()
    }

    /// A listener for other desks' changes on PostgreSQL; `None` on SQLite (poll instead).
    pub fn listener(&self) -> Option<Result<ChangeListener, StationError>> {
        match &self.kind {
            Kind::Sqlite(_) => None,
            Kind::Postgres(conn) => Some(ChangeListener::open(conn.target())),
        }
    }

    /// Where this connection points, without a password (for logs and the status bar).
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::Sqlite(conn) => conn.path().unwrap_or("memory").to_owned(),
            Kind::Postgres(conn) => conn.target().to_string(),
        }
    }

    /// A transaction that changes the record; writers wait for each other.
    pub fn write(&mut self) -> Result<Tx<'_>, StationError> {
        self.begin(pg::Purpose::Write)
    }

    /// A transaction that changes only rows its own statements lock (a claim, an outbox
    /// lease): on PostgreSQL it skips the writers' lock, so a claim never waits for another
    /// desk's import. On SQLite it is a write like any other (one writer at a time).
    pub fn write_row_locked(&mut self) -> Result<Tx<'_>, StationError> {
        self.begin(pg::Purpose::RowLocked)
    }

    /// A transaction that only reads, from one consistent snapshot.
    pub fn read(&mut self) -> Result<Tx<'_>, StationError> {
        self.begin(pg::Purpose::Read)
    }

    fn begin(&mut self, purpose: pg::Purpose) -> Result<Tx<'_>, StationError> {
        let behavior = match purpose {
            pg::Purpose::Write | pg::Purpose::RowLocked => rusqlite::TransactionBehavior::Immediate,
            pg::Purpose::Read => rusqlite::TransactionBehavior::Deferred,
        };
        let kind = match &mut self.kind {
            Kind::Sqlite(conn) => conn
                .transaction_with_behavior(behavior)
                .map(TxKind::Sqlite)
                .map_err(StationError::from),
            Kind::Postgres(conn) => conn.begin(purpose).map(TxKind::Postgres),
        };
        self.health.note(&kind);
        Ok(Tx {
            kind: kind?,
            health: self.health.clone(),
            actor: self.actor.clone(),
        })
    }
}

/// One transaction. Dropped without [`Tx::commit`], it rolls back: nothing half-recorded.
pub struct Tx<'c> {
    kind: TxKind<'c>,
    health: Arc<Health>,
    actor: Arc<Actor>,
}

enum TxKind<'c> {
    Sqlite(rusqlite::Transaction<'c>),
    Postgres(pg::PgTx<'c>),
}

impl Tx<'_> {
    /// Who this transaction writes as (the connection's actor when it began).
    pub fn actor(&self) -> &Actor {
        &self.actor
    }

    pub fn dialect(&self) -> Dialect {
        match self.kind {
            TxKind::Sqlite(_) => Dialect::Sqlite,
            TxKind::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Runs a statement; returns how many rows it changed.
    pub fn execute(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<u64, StationError> {
        let values: Vec<Value> = params.iter().map(|p| p.to_value()).collect();
        match &mut self.kind {
            TxKind::Sqlite(tx) => {
                let changed = tx
                    .prepare_cached(sql)?
                    .execute(rusqlite::params_from_iter(values.iter()))?;
                Ok(changed as u64)
            }
            TxKind::Postgres(tx) => {
                let result = tx.execute(sql, &values);
                self.health.note(&result);
                result
            }
        }
    }

    /// Every row of a query.
    pub fn query(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<Vec<Row>, StationError> {
        let values: Vec<Value> = params.iter().map(|p| p.to_value()).collect();
        match &mut self.kind {
            TxKind::Sqlite(tx) => {
                let mut stmt = tx.prepare_cached(sql)?;
                let names: Arc<[String]> = stmt.column_names().map(str::to_owned).collect();
                let mut rows = stmt.query(rusqlite::params_from_iter(values.iter()))?;
                let mut out = Vec::new();
                while let Some(row) = rows.next()? {
                    let mut columns = Vec::with_capacity(names.len());
                    for (index, name) in names.iter().enumerate() {
                        columns.push(
                            Value::from_sqlite(row.get_ref(index)?).map_err(|e| {
                                StationError::Corrupt(format!("column {name}: {e}"))
                            })?,
                        );
                    }
                    out.push(Row::new(names.clone(), columns));
                }
                Ok(out)
            }
            TxKind::Postgres(tx) => {
                let result = tx.query(sql, &values);
                self.health.note(&result);
                result
            }
        }
    }

    /// The first row of a query, if any.
    pub fn query_opt(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
    ) -> Result<Option<Row>, StationError> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// The first row of a query that always has one (an aggregate, `EXISTS`, `RETURNING`).
    pub fn query_one(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<Row, StationError> {
        self.query_opt(sql, params)?.ok_or_else(|| {
            StationError::Corrupt("a query that answers one row answered none".into())
        })
    }

    /// Every row of a query, each turned into a `T` by `f`.
    pub fn query_map<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnMut(&Row) -> Result<T, StationError>,
    ) -> Result<Vec<T>, StationError> {
        self.query(sql, params)?.iter().map(f).collect()
    }

    /// The first row of a query, turned into a `T` by `f`; `None` when there is none.
    pub fn query_row_opt<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnOnce(&Row) -> Result<T, StationError>,
    ) -> Result<Option<T>, StationError> {
        self.query_opt(sql, params)?.as_ref().map(f).transpose()
    }

    /// The first row of a query that always has one, turned into a `T` by `f`.
    pub fn query_row<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnOnce(&Row) -> Result<T, StationError>,
    ) -> Result<T, StationError> {
        f(&self.query_one(sql, params)?)
    }

    /// The first column of [`Tx::query_one`].
    pub fn query_value<T: FromValue>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
    ) -> Result<T, StationError> {
        self.query_one(sql, params)?.get(0)
    }

    /// Makes the transaction's changes durable.
    pub fn commit(self) -> Result<(), StationError> {
        let result = match self.kind {
            TxKind::Sqlite(tx) => tx.commit().map_err(StationError::from),
            TxKind::Postgres(tx) => tx.commit(),
        };
        self.health.note(&result);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_read_by_name_or_position() -> Result<(), StationError> {
        let mut conn = Connection::open_in_memory()?;
        let mut tx = conn.read()?;
        let rows = tx.query(
            "SELECT 7 AS shipment_id, ?1 AS recipient, NULL AS province
             UNION ALL SELECT 8, 'Bo', 'QC'",
            params!["Ada"],
        )?;
        let first = &rows[0];
        assert_eq!(first.get::<_, i64>("shipment_id")?, 7);
        assert_eq!(first.get::<_, String>("recipient")?, "Ada");
        assert_eq!(first.get::<_, Option<String>>("province")?, None);
        assert_eq!(first.get::<_, String>(1)?, "Ada");
        // SQL names are case-blind unless quoted; PostgreSQL answers them lower-cased.
        assert_eq!(first.get::<_, i64>("SHIPMENT_ID")?, 7);
        assert_eq!(
            rows[1].get::<_, Option<String>>("province")?.as_deref(),
            Some("QC")
        );
        Ok(())
    }

    #[test]
    fn an_unknown_column_name_is_an_error_that_names_it() -> Result<(), StationError> {
        let mut conn = Connection::open_in_memory()?;
        let row = conn.read()?.query_one("SELECT 1 AS queued", params![])?;
        match row.get::<_, i64>("retrying") {
            Err(StationError::Corrupt(why)) => {
                assert!(why.contains("no column named retrying"), "{why}");
                assert!(why.contains("queued"), "{why}");
            }
            other => panic!("expected Corrupt, got {other:?}"),
        }
        assert!(matches!(
            row.get::<_, i64>(1),
            Err(StationError::Corrupt(why)) if why == "no column 1"
        ));
        match row.get::<_, String>("queued") {
            Err(StationError::Corrupt(why)) => assert!(why.starts_with("column queued:"), "{why}"),
            other => panic!("expected Corrupt, got {other:?}"),
        }
        Ok(())
    }
}
