//! The schema on both engines, applied by `refinery` from `src/station/db/migrations/{sqlite,
//! postgres}/`: one numbered file per step and engine, the same numbers on both, each applied in
//! its own transaction with its row in `refinery_schema_history`. Add a step by adding a file to
//! both folders; never edit one that has shipped (refinery refuses a changed checksum).
//!
//! Ten desks starting at once migrate once: on PostgreSQL the runner holds a session advisory
//! lock; on SQLite a desk that lost the race finds the step applied and goes on. A desk older
//! than the schema refuses plainly ("update Packdesk") instead of writing rows it does not
//! understand. The runner is `crate::sql::migrate`, shared with the reference service's store;
//! it adopts files from before refinery, whose steps 1–4 (counted in `PRAGMA user_version`) are
//! the same SQL as V1–V4.

use crate::sql::migrate::{self, latest};
use crate::sql::{PgTarget, connect_pg};
use crate::station::error::StationError;

mod sqlite_steps {
    refinery::embed_migrations!("src/station/db/migrations/sqlite");
}

mod postgres_steps {
    refinery::embed_migrations!("src/station/db/migrations/postgres");
}

/// Held while PostgreSQL migrates ("PDMIGRAT" in ASCII), distinct from the writers' lock.
const MIGRATION_LOCK: i64 = 0x5044_4d49_4752_4154;

/// The schema version this build writes (the same number on both engines).
pub fn latest_schema_version() -> i64 {
    latest(&sqlite_steps::migrations::runner())
}

/// What "Test connection" found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaStatus {
    /// Nothing of Packdesk's yet: the first desk to connect sets it up.
    Empty,
    /// Written by an older Packdesk: this desk upgrades it when it connects.
    Older {
        found: i64,
        known: i64,
    },
    Current {
        version: i64,
    },
}

/// Sets a SQLite connection up (WAL, foreign keys, busy timeout) and migrates it.
pub(super) fn prepare_sqlite(
    mut conn: rusqlite::Connection,
) -> Result<rusqlite::Connection, StationError> {
    // WAL lets the UI read while a job writes; FULL sync makes a committed fulfillment survive
    // a power cut, which matters more here than write speed.
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")?;
    conn.set_prepared_statement_cache_capacity(64);
    migrate::sqlite(&mut conn, &sqlite_steps::migrations::runner())?;
    Ok(conn)
}

/// Migrates a PostgreSQL database under the migration lock.
pub(super) fn prepare_postgres(client: &mut postgres::Client) -> Result<(), StationError> {
    migrate::postgres(client, postgres_steps::migrations::runner(), MIGRATION_LOCK)?;
    Ok(())
}

/// Connects without changing anything and compares the schema with this build's.
pub fn test_connection(target: &PgTarget) -> Result<SchemaStatus, StationError> {
    let mut client = connect_pg(target).map_err(StationError::Connection)?;
    let found = migrate::applied_postgres(&mut client)?;
    let known = latest(&postgres_steps::migrations::runner());
    migrate::refuse_newer(found, known)?;
    Ok(match found {
        0 => SchemaStatus::Empty,
        found if found < known => SchemaStatus::Older { found, known },
        version => SchemaStatus::Current { version },
    })
}
