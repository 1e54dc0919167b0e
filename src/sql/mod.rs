//! One small SQL interface over two engines, SQLite (a file) and PostgreSQL (a database several
//! processes share), used by both stores: the station's record (`station::db`) and the reference
//! service's store (`service::store`).
//!
//! - **Not an ORM**: [`Connection::write`] / [`Connection::read`] give a [`Tx`] with
//!   `execute` / `query` / `query_row` / `query_map` over four value kinds (integer, text, bytes,
//!   NULL), a row's columns read by the names the SELECT gives them (`row.get("shipment_id")`; an
//!   expression gets a lower-case `AS` alias). Queries are written once with `?N` parameters in
//!   the SQL both engines speak (`RETURNING`, `ON CONFLICT`, `COALESCE`, `CAST(… AS BIGINT)`
//!   around `SUM`, `COUNT(*) FILTER`); for PostgreSQL `?N` becomes `$N` once and each statement
//!   is prepared once per connection. A query that must differ asks [`Tx::dialect`].
//! - **Writers are serialized on both engines.** SQLite has one writer (`BEGIN IMMEDIATE`); on
//!   PostgreSQL every write transaction first takes one transaction-scoped advisory lock (each
//!   store its own number), so a check-then-write holds across processes exactly as in one,
//!   without reasoning about each query's isolation. Work that only touches rows its own
//!   statements lock skips it ([`Connection::write_row_locked`]). Reads are one snapshot each
//!   (`REPEATABLE READ, READ ONLY`, which never fails with a serialization error).
//! - **Crates**: `rusqlite` and the synchronous `postgres` client (the blocking face of
//!   `tokio-postgres`): both stores are used from blocking threads, so one calling convention
//!   serves both engines. `sqlx` was not taken: its SQLite driver links its own
//!   `libsqlite3-sys`, which cannot coexist with `rusqlite`'s (Cargo allows one crate linking
//!   `sqlite3`), and every call site would have become async for no gain.
//! - **Connecting** (`pg`): TLS (rustls, checked against the system's trust store) for any host
//!   off loopback; `sslmode=disable` is refused there. Connect timeout 5 s and TCP keepalives.
//!   A failure is said in words ([`ConnectionProblem`]). A connection found closed is opened
//!   again by the next transaction; a transaction cut off was never committed.
//! - **Migrations**: [`migrate`] (`refinery`), one numbered file per step and engine.

mod error;
pub mod location;
pub mod migrate;
mod pg;
mod row;
mod value;

use std::sync::{Arc, Mutex};

pub use error::{ConnectionProblem, SqlError};
pub use location::{Location, LocationError, PgTarget, SessionLimits};
pub use pg::{classify as classify_pg_error, connect as connect_pg};
pub use row::{ColumnIndex, Row};
pub use value::{FromValue, ToValue, Value};

/// `params![a, b]`: the parameters of one statement, in order.
macro_rules! params {
    () => {
        &[] as &[&dyn $crate::sql::ToValue]
    };
    ($($param:expr),+ $(,)?) => {
        &[$(&$param as &dyn $crate::sql::ToValue),+]
            as &[&dyn $crate::sql::ToValue]
    };
}
pub(crate) use params;

/// Which SQL a [`Tx`] speaks, for the few queries that differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// Whether the database could be reached at the last try, readable without the connection (a
/// status bar asks while a job holds the connection).
#[derive(Debug, Default)]
pub struct Health {
    unreachable: Mutex<Option<String>>,
}

impl Health {
    /// Why the database could not be reached at the last try; `None` when it could.
    pub fn problem(&self) -> Option<String> {
        self.unreachable
            .lock()
            .map_or_else(|p| p.into_inner().clone(), |p| p.clone())
    }

    fn note<T>(&self, result: &Result<T, SqlError>) {
        let problem = match result {
            Err(SqlError::Unreachable(reason) | SqlError::CommitUnknown(reason)) => {
                Some(reason.clone())
            }
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

/// A connection on either engine, set up and migrated by the store that opened it.
pub struct Connection {
    kind: Kind,
    health: Arc<Health>,
}

enum Kind {
    Sqlite(rusqlite::Connection),
    Postgres(Box<pg::PgConnection>),
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("at", &self.describe())
            .finish()
    }
}

impl Connection {
    /// A SQLite connection the store has set up (pragmas, schema).
    pub fn sqlite(conn: rusqlite::Connection) -> Self {
        Self {
            kind: Kind::Sqlite(conn),
            health: Arc::default(),
        }
    }

    /// A PostgreSQL client, connected to `target` ([`connect_pg`]) and migrated. Write
    /// transactions take the advisory lock `write_lock` first.
    pub fn postgres(target: PgTarget, client: postgres::Client, write_lock: i64) -> Self {
        Self {
            kind: Kind::Postgres(Box::new(pg::PgConnection::new(target, client, write_lock))),
            health: Arc::default(),
        }
    }

    pub fn dialect(&self) -> Dialect {
        match self.kind {
            Kind::Sqlite(_) => Dialect::Sqlite,
            Kind::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Whether the database could be reached at the last try (shared; read it from anywhere).
    pub fn health(&self) -> Arc<Health> {
        self.health.clone()
    }

    /// The SQLite connection itself, for what only SQLite has (pragmas, checkpoints).
    pub fn as_sqlite(&mut self) -> Option<&mut rusqlite::Connection> {
        match &mut self.kind {
            Kind::Sqlite(conn) => Some(conn),
            Kind::Postgres(_) => None,
        }
    }

    /// The PostgreSQL database this connection reaches; `None` on SQLite.
    pub fn pg_target(&self) -> Option<&PgTarget> {
        match &self.kind {
            Kind::Sqlite(_) => None,
            Kind::Postgres(conn) => Some(conn.target()),
        }
    }

    /// Where this connection points, without a password (for logs and status bars).
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::Sqlite(conn) => conn.path().unwrap_or("memory").to_owned(),
            Kind::Postgres(conn) => conn.target().to_string(),
        }
    }

    /// A transaction that changes the database; writers wait for each other.
    pub fn write(&mut self) -> Result<Tx<'_>, SqlError> {
        self.begin(pg::Purpose::Write)
    }

    /// A write whose commit may return before it reaches the disk (a crash of the database
    /// server, not of this process, can lose it): PostgreSQL's `synchronous_commit = off`, set
    /// in the round trip that takes the writers' lock. On SQLite the connection's own
    /// `synchronous` decides, so this is [`Connection::write`].
    pub fn write_relaxed(&mut self) -> Result<Tx<'_>, SqlError> {
        self.begin(pg::Purpose::RelaxedWrite)
    }

    /// A transaction that changes only rows its own statements lock (a claim, a lease, an
    /// insert under a unique key): on PostgreSQL it skips the writers' lock, so it never waits
    /// for another process's long write. On SQLite it is a write like any other.
    pub fn write_row_locked(&mut self) -> Result<Tx<'_>, SqlError> {
        self.begin(pg::Purpose::RowLocked)
    }

    /// Runs one statement as a transaction of its own; how many rows it changed. On PostgreSQL
    /// that is one round trip, without `BEGIN`, the writers' lock or `COMMIT`: for appends that
    /// check nothing but their own unique keys, whose statement sets what else it needs
    /// (`set_config('synchronous_commit', 'off', true)`). On SQLite it is a write like any other.
    pub fn execute_alone(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<u64, SqlError> {
        let result = match &mut self.kind {
            Kind::Sqlite(_) => {
                let mut tx = self.begin(pg::Purpose::Write)?;
                let changed = tx.execute(sql, params)?;
                tx.commit()?;
                return Ok(changed);
            }
            Kind::Postgres(conn) => {
                let values: Vec<Value> = params.iter().map(|p| p.to_value()).collect();
                conn.execute_alone(sql, &values)
            }
        };
        self.health.note(&result);
        result
    }

    /// A transaction that only reads, from one consistent snapshot.
    pub fn read(&mut self) -> Result<Tx<'_>, SqlError> {
        self.begin(pg::Purpose::Read)
    }

    fn begin(&mut self, purpose: pg::Purpose) -> Result<Tx<'_>, SqlError> {
        let behavior = match purpose {
            pg::Purpose::Write | pg::Purpose::RelaxedWrite | pg::Purpose::RowLocked => {
                rusqlite::TransactionBehavior::Immediate
            }
            pg::Purpose::Read => rusqlite::TransactionBehavior::Deferred,
        };
        let kind = match &mut self.kind {
            Kind::Sqlite(conn) => conn
                .transaction_with_behavior(behavior)
                .map(TxKind::Sqlite)
                .map_err(SqlError::from),
            Kind::Postgres(conn) => conn.begin(purpose).map(TxKind::Postgres),
        };
        self.health.note(&kind);
        Ok(Tx {
            kind: kind?,
            health: self.health.clone(),
        })
    }
}

/// One transaction. Dropped without [`Tx::commit`], it rolls back: nothing half-recorded.
pub struct Tx<'c> {
    kind: TxKind<'c>,
    health: Arc<Health>,
}

enum TxKind<'c> {
    Sqlite(rusqlite::Transaction<'c>),
    Postgres(pg::PgTx<'c>),
}

impl Tx<'_> {
    pub fn dialect(&self) -> Dialect {
        match self.kind {
            TxKind::Sqlite(_) => Dialect::Sqlite,
            TxKind::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Runs a statement; returns how many rows it changed.
    pub fn execute(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<u64, SqlError> {
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
    pub fn query(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<Vec<Row>, SqlError> {
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
                            Value::from_sqlite(row.get_ref(index)?)
                                .map_err(|e| SqlError::Corrupt(format!("column {name}: {e}")))?,
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
    ) -> Result<Option<Row>, SqlError> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// The first row of a query that always has one (an aggregate, `EXISTS`, `RETURNING`).
    pub fn query_one(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<Row, SqlError> {
        self.query_opt(sql, params)?
            .ok_or_else(|| SqlError::Corrupt("a query that answers one row answered none".into()))
    }

    /// Every row of a query, each turned into a `T` by `f`.
    pub fn query_map<T, E: From<SqlError>>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnMut(&Row) -> Result<T, E>,
    ) -> Result<Vec<T>, E> {
        self.query(sql, params)?.iter().map(f).collect()
    }

    /// The first row of a query, turned into a `T` by `f`; `None` when there is none.
    pub fn query_row_opt<T, E: From<SqlError>>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnOnce(&Row) -> Result<T, E>,
    ) -> Result<Option<T>, E> {
        self.query_opt(sql, params)?.as_ref().map(f).transpose()
    }

    /// The first row of a query that always has one, turned into a `T` by `f`.
    pub fn query_row<T, E: From<SqlError>>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        f: impl FnOnce(&Row) -> Result<T, E>,
    ) -> Result<T, E> {
        f(&self.query_one(sql, params)?)
    }

    /// The first column of [`Tx::query_one`].
    pub fn query_value<T: FromValue>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
    ) -> Result<T, SqlError> {
        self.query_one(sql, params)?.get(0)
    }

    /// Makes the transaction's changes durable.
    pub fn commit(self) -> Result<(), SqlError> {
        let result = match self.kind {
            TxKind::Sqlite(tx) => tx.commit().map_err(SqlError::from),
            TxKind::Postgres(tx) => tx.commit(),
        };
        self.health.note(&result);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory() -> Connection {
        Connection::sqlite(rusqlite::Connection::open_in_memory().unwrap())
    }

    #[test]
    fn a_lone_statement_commits_by_itself_and_a_refused_one_leaves_nothing() -> Result<(), SqlError>
    {
        let mut conn = memory();
        conn.execute_alone("CREATE TABLE t (id TEXT PRIMARY KEY)", params![])?;
        assert_eq!(
            conn.execute_alone("INSERT INTO t VALUES ('a'), ('b')", params![])?,
            2
        );
        assert!(matches!(
            conn.execute_alone("INSERT INTO t VALUES ('c'), ('a')", params![]),
            Err(SqlError::Duplicate(_) | SqlError::Sqlite(_))
        ));
        let mut tx = conn.read()?;
        assert_eq!(
            tx.query_value::<i64>("SELECT COUNT(*) FROM t", params![])?,
            2
        );
        Ok(())
    }

    #[test]
    fn columns_are_read_by_name_or_position() -> Result<(), SqlError> {
        let mut conn = memory();
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
    fn an_unknown_column_name_is_an_error_that_names_it() -> Result<(), SqlError> {
        let mut conn = memory();
        let row = conn.read()?.query_one("SELECT 1 AS queued", params![])?;
        match row.get::<_, i64>("retrying") {
            Err(SqlError::Corrupt(why)) => {
                assert!(why.contains("no column named retrying"), "{why}");
                assert!(why.contains("queued"), "{why}");
            }
            other => panic!("expected Corrupt, got {other:?}"),
        }
        assert!(matches!(
            row.get::<_, i64>(1),
            Err(SqlError::Corrupt(why)) if why == "no column 1"
        ));
        match row.get::<_, String>("queued") {
            Err(SqlError::Corrupt(why)) => assert!(why.starts_with("column queued:"), "{why}"),
            other => panic!("expected Corrupt, got {other:?}"),
        }
        Ok(())
    }
}
