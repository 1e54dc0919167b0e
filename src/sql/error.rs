//! What a statement, a transaction or a connection could not do, on either engine. Each store
//! turns it into its own error (`StationError`, `StoreError`), keeping the distinction that
//! matters to its callers: unreachable (nothing was recorded; retry), a commit whose outcome is
//! unknown (repeat only what is recorded once), and failed.

/// What the SQL layer could not do.
#[derive(Debug, thiserror::Error)]
pub enum SqlError {
    #[error("the SQLite database failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The PostgreSQL server cannot be reached now; the connection is opened again by the next
    /// transaction. Whatever the failed transaction was writing was not committed.
    #[error("the database is unreachable ({0})")]
    Unreachable(String),
    /// The connection was lost while `COMMIT` was in flight: the server may have committed
    /// before it went, so the write may or may not be recorded. A caller repeats it only when
    /// a repeat is recorded once (an idempotency key).
    #[error(
        "the database connection was lost while committing, so the change may or may not be recorded ({0})"
    )]
    CommitUnknown(String),
    /// Connecting was refused for a reason a person must fix (password, database name, TLS).
    #[error("{0}")]
    Connection(ConnectionProblem),
    /// PostgreSQL refused a row whose unique key another row has (SQLSTATE 23505). The
    /// transaction is aborted; nothing it wrote stays.
    #[error("the PostgreSQL database refused a duplicate: {0}")]
    Duplicate(String),
    /// A lock was not granted, or a statement ran, for longer than the session allows
    /// (`lock_timeout`, `statement_timeout`: SQLSTATE 55P03, 57014). Nothing was committed;
    /// trying again later may well succeed.
    #[error("the database was busy: {0}")]
    Busy(String),
    /// PostgreSQL refused a statement (another constraint, a bug in a query).
    #[error("the PostgreSQL database failed: {0}")]
    Postgres(String),
    /// A stored value that does not fit what reads it, or a row without the column asked for.
    #[error("stored data could not be read back ({0})")]
    Corrupt(String),
}

/// What went wrong reaching a PostgreSQL database, in words a person can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConnectionProblem {
    #[error(
        "cannot reach {target} ({reason}); is PostgreSQL running there, and are the host and port right?"
    )]
    Unreachable { target: String, reason: String },
    #[error(
        "PostgreSQL refused the password for user {user}; type the right one in Settings (Warehouse)"
    )]
    WrongPassword { user: String },
    #[error("PostgreSQL does not let user {user} in from here ({reason})")]
    NotAllowed { user: String, reason: String },
    #[error(
        "the database {database} does not exist on the server; create it (createdb {database}) or correct the URL"
    )]
    NoSuchDatabase { database: String },
    #[error("no secure (TLS) connection to {target}: {reason}")]
    Tls { target: String, reason: String },
    #[error("the server refused the connection: {0}")]
    Other(String),
}
