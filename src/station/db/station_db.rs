//! The station's record as one value: opening it on either engine, and finding an order's row.

use std::path::{Path, PathBuf};

use super::engine::{self, Connection, Location, Tx, params};
use crate::station::error::StationError;
use crate::station::model::OrderNumber;

/// The station's record, on SQLite or PostgreSQL. See the module documentation for the flow.
#[derive(Debug)]
pub struct StationDb {
    pub(super) conn: Connection,
}

impl StationDb {
    /// Opens (creating if needed, with its directory) and migrates the SQLite file at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, StationError> {
        Self::connect(&Location::Sqlite(path.as_ref().to_path_buf()))
    }

    /// Opens the record at `location` (a SQLite file or a PostgreSQL database) and migrates it.
    pub fn connect(location: &Location) -> Result<Self, StationError> {
        let mut db = Self {
            conn: Connection::open(location)?,
        };
        db.settle_interrupted_prints()?;
        Ok(db)
    }

    /// A private database that lives as long as the value (tests, demos).
    pub fn open_in_memory() -> Result<Self, StationError> {
        Ok(Self {
            conn: Connection::open_in_memory()?,
        })
    }

    /// Where the record lives, without a password (for the status bar and logs).
    pub fn describe(&self) -> String {
        self.conn.describe()
    }

    /// Whether the record could be reached at the last try; shared, so the app can read it
    /// while a job holds the database.
    pub fn health(&self) -> std::sync::Arc<engine::Health> {
        self.conn.health()
    }

    /// One trivial read: `Ok` once the record can be reached again (it reconnects by itself).
    pub fn ping(&mut self) -> Result<(), StationError> {
        let mut tx = self.conn.read()?;
        let _: i64 = tx.query_value("SELECT 1", params![])?;
        tx.commit()
    }

    /// Whether this record is shared by a warehouse (PostgreSQL) rather than this desk's file.
    pub fn is_shared(&self) -> bool {
        self.conn.dialect() == engine::Dialect::Postgres
    }

    /// `station.sqlite3` in the platform's data directory, when the platform has one.
    pub fn default_path() -> Option<PathBuf> {
        crate::station::project_dirs().map(|dirs| dirs.data_dir().join("station.sqlite3"))
    }
}

/// The database id of an order, or `UnknownOrder`.
pub(super) fn order_row_id(tx: &mut Tx<'_>, order: OrderNumber) -> Result<i64, StationError> {
    let reference = i64::try_from(order).map_err(|_| StationError::UnknownOrder(order))?;
    tx.query_opt(
        "SELECT id FROM orders WHERE source_reference = ?1",
        params![reference],
    )?
    .ok_or(StationError::UnknownOrder(order))?
    .get("id")
    .map_err(StationError::from)
}
