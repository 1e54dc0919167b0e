//! What the station's record could not do, in words a person can act on: the one error of
//! the model's checks and request builders (`model`), the storage (`db`) and imports. What went
//! wrong reaching a warehouse database is `crate::sql`'s, said here in the station's words.

use std::path::PathBuf;

use crate::api::FieldError;
pub use crate::sql::ConnectionProblem;

use super::model::types::{LabelId, OrderNumber, ParcelId};

/// Something the station database could not do, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum StationError {
    #[error("the station database failed: {0}")]
    Db(#[from] rusqlite::Error),
    /// The warehouse database (PostgreSQL) cannot be reached now; the connection is opened
    /// again by the next call. Whatever the failed call was writing was not recorded.
    #[error("the warehouse database is unreachable ({0})")]
    Unreachable(String),
    /// The connection was lost while the change was committing: it may or may not be
    /// recorded. Repeated with its idempotency key (`db::once`), it is recorded once.
    #[error(
        "the warehouse database connection was lost while the change was committing ({0}); it may or may not be recorded"
    )]
    CommitUnknown(String),
    /// Connecting was refused for a reason a person must fix (password, database name, TLS).
    #[error("{0}")]
    Connection(ConnectionProblem),
    #[error("the warehouse database failed: {0}")]
    Warehouse(String),
    /// Another writer held what this needed for longer than allowed; nothing was recorded.
    #[error("the warehouse database was busy ({0}); nothing was recorded, try again")]
    Busy(String),
    #[error("the station database could not be brought up to date: {0}")]
    Migration(String),
    #[error("could not read or write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the station database was written by a newer Packdesk (schema {found}, this one knows {known}); update Packdesk"
    )]
    NewerSchema { found: i64, known: i64 },
    #[error("stored data could not be read back ({0}); the station database may be damaged")]
    Corrupt(String),
    #[error("order {0} is not in the station")]
    UnknownOrder(OrderNumber),
    #[error("order {order} has no shipment {shipment_id}")]
    UnknownShipment {
        order: OrderNumber,
        shipment_id: String,
    },
    #[error("parcel {0} is not in the station")]
    UnknownParcel(ParcelId),
    #[error("label {0} is not in the station")]
    UnknownLabel(LabelId),
    #[error("order {0} is already in the station")]
    DuplicateOrder(OrderNumber),
    #[error("shipment {shipment_id} of order {order} is canceled, so it cannot be {action}")]
    ShipmentCanceled {
        order: OrderNumber,
        shipment_id: String,
        action: &'static str,
    },
    #[error(
        "shipment {shipment_id} of order {order} is fully fulfilled; there is nothing to cancel"
    )]
    ShipmentFulfilled {
        order: OrderNumber,
        shipment_id: String,
    },
    #[error("parcel {0} was voided; pack a new parcel")]
    ParcelVoided(ParcelId),
    #[error("parcel {0} is already fulfilled")]
    ParcelFulfilled(ParcelId),
    #[error("{0} is already someone's name or badge; choose another")]
    PersonTaken(String),
    #[error("that person is not in the warehouse record")]
    UnknownPerson,
    #[error("desk \"{0}\" is enrolled; revoke it first to enroll a desk under that name again")]
    DeskTaken(String),
    #[error("{}", join_problems(.0))]
    Invalid(Vec<FieldError>),
    /// A repeatable write's key came again with another request (see `db::once`).
    #[error(
        "idempotency key {key} was sent before with another request; make a new key for a new request"
    )]
    KeyReused { key: String },
    #[error("the import file is not usable: {0}")]
    ImportFormat(String),
    #[error(
        "the import file is larger than {} MB, the most one may be here: split it into smaller \
         files (the limit is in Settings → Warehouse, under Inbox folder)",
        .limit / 1_000_000
    )]
    ImportTooLarge { limit: u64 },
}

fn join_problems(problems: &[FieldError]) -> String {
    let texts: Vec<String> = problems.iter().map(ToString::to_string).collect();
    texts.join("; ")
}

impl From<crate::sql::migrate::MigrateError> for StationError {
    fn from(error: crate::sql::migrate::MigrateError) -> Self {
        match error {
            crate::sql::migrate::MigrateError::Newer { found, known } => {
                StationError::NewerSchema { found, known }
            }
            crate::sql::migrate::MigrateError::Sqlite(e) => StationError::Db(e),
            crate::sql::migrate::MigrateError::Refinery(s) => StationError::Migration(s),
            crate::sql::migrate::MigrateError::Sql(e) => StationError::from(e),
        }
    }
}

/// The SQL layer's failures in the station's words: a lost warehouse connection stays
/// `Unreachable`, and one lost while committing `CommitUnknown`.
impl From<crate::sql::SqlError> for StationError {
    fn from(error: crate::sql::SqlError) -> Self {
        use crate::sql::SqlError;
        match error {
            SqlError::Sqlite(e) => StationError::Db(e),
            SqlError::Unreachable(reason) => StationError::Unreachable(reason),
            SqlError::CommitUnknown(reason) => StationError::CommitUnknown(reason),
            SqlError::Connection(problem) => StationError::Connection(problem),
            SqlError::Duplicate(reason) | SqlError::Postgres(reason) => {
                StationError::Warehouse(reason)
            }
            SqlError::Busy(reason) => StationError::Busy(reason),
            SqlError::Corrupt(reason) => StationError::Corrupt(reason),
        }
    }
}
