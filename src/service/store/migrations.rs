//! The schema, applied by `refinery` from `src/service/store/migrations/{sqlite,postgres}/`: one
//! numbered file per step and engine, the same numbers on both, each applied in its own
//! transaction with its row in `refinery_schema_history`. Add a step by adding a file to both
//! folders; never edit one that has shipped (refinery refuses a changed checksum). The
//! running is `crate::sql::migrate`, shared with the station's record: it adopts files from before
//! refinery, whose steps 1–2 (counted in `PRAGMA user_version`) are the same SQL as V1–V2.
//!
//! Conventions: money and quantities are exact decimal TEXT (never REAL); timestamps are
//! RFC 3339 TEXT in UTC; JSON documents are TEXT; `source_reference` is TEXT because SQLite
//! integers are signed 64-bit and the wire type is `u64`.

use rusqlite::Connection;

use super::error::StoreError;
use crate::sql::migrate::{self, MigrateError};

mod steps {
    refinery::embed_migrations!("src/service/store/migrations/sqlite");
}

mod postgres_steps {
    refinery::embed_migrations!("src/service/store/migrations/postgres");
}

/// Held while PostgreSQL migrates ("PDSVMIGR" in ASCII), so instances starting at once migrate
/// once; distinct from the writers' lock and from the station's.
const MIGRATION_LOCK: i64 = 0x5044_5356_4d49_4752;

/// The schema version this build writes.
#[cfg(test)]
pub(super) fn latest() -> i64 {
    migrate::latest(&steps::migrations::runner())
}

/// Applies the steps the database has not seen yet. A database written by a newer Packdesk
/// (more steps than this build knows) is refused rather than guessed at.
pub(super) fn apply(conn: &mut Connection) -> Result<(), StoreError> {
    migrate::sqlite(conn, &steps::migrations::runner()).map_err(from_migrate)
}

fn from_migrate(error: MigrateError) -> StoreError {
    match error {
        MigrateError::Sqlite(e) => StoreError::from(e),
        MigrateError::Sql(e) => StoreError::from(e),
        // A newer schema, or a step that failed or differs from this build's file.
        other @ (MigrateError::Newer { .. } | MigrateError::Refinery(_)) => {
            StoreError::Corrupt(other.to_string())
        }
    }
}

/// Migrates a PostgreSQL database under the migration lock.
pub(super) fn apply_postgres(client: &mut postgres::Client) -> Result<(), StoreError> {
    migrate::postgres(client, postgres_steps::migrations::runner(), MIGRATION_LOCK)
        .map_err(from_migrate)
}
