//! The schema, applied by `refinery` from `src/service/store/migrations/`: one numbered file per
//! step, each in its own transaction with its row in `refinery_schema_history`. Add a step by
//! adding a file; never edit one that has shipped (refinery refuses a changed checksum). The
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
    refinery::embed_migrations!("src/service/store/migrations");
}

/// The schema version this build writes.
#[cfg(test)]
pub(super) fn latest() -> i64 {
    migrate::latest(&steps::migrations::runner())
}

/// Applies the steps the database has not seen yet. A database written by a newer Packdesk
/// (more steps than this build knows) is refused rather than guessed at.
pub(super) fn apply(conn: &mut Connection) -> Result<(), StoreError> {
    migrate::sqlite(conn, &steps::migrations::runner()).map_err(|e| match e {
        MigrateError::Sqlite(e) => StoreError::from(e),
        MigrateError::Sql(e) => StoreError::from(e),
        // A newer schema, or a step that failed or differs from this build's file.
        other @ (MigrateError::Newer { .. } | MigrateError::Refinery(_)) => {
            StoreError::Corrupt(other.to_string())
        }
    })
}
