//! What the store could not do.

use crate::api::FieldError;
use crate::sql::SqlError;

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
    Database(SqlError),
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
            other => StoreError::Database(SqlError::Sqlite(other)),
        }
    }
}

/// A lost PostgreSQL connection is `Unavailable` (nothing was committed; the client may retry);
/// a value that does not read back is `Corrupt`.
impl From<SqlError> for StoreError {
    fn from(error: SqlError) -> Self {
        match error {
            SqlError::Sqlite(e) => StoreError::from(e),
            SqlError::Unreachable(reason) => {
                StoreError::Unavailable(format!("the database is unreachable ({reason})"))
            }
            commit @ SqlError::CommitUnknown(_) => StoreError::Unavailable(commit.to_string()),
            SqlError::Connection(problem) => StoreError::Unavailable(problem.to_string()),
            SqlError::Busy(reason) => {
                StoreError::Unavailable(format!("the database was busy ({reason})"))
            }
            SqlError::Corrupt(reason) => StoreError::Corrupt(reason),
            other @ (SqlError::Duplicate(_) | SqlError::Postgres(_)) => StoreError::Database(other),
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
