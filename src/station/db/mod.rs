//! The station's own record of orders in a local SQLite database (SPEC.md has no read operation
//! for orders): what was submitted or imported, and what was sent and received for each
//! shipment — parcels, labels (with their documents cached for offline reprint), fulfilments and
//! cancellations — plus an event log of every body sent and received.
//!
//! # Using it
//!
//! - Open with [`StationDb::open`] (WAL, foreign keys, busy timeout, migrations by
//!   `PRAGMA user_version`) or [`StationDb::open_in_memory`] in tests. Every state change is one
//!   transaction. Writes take `&mut self`; keep the `StationDb` on the job runner's side and send
//!   results to the UI.
//! - Record orders: [`StationDb::record_submitted_order`] after `POST /v1/orders` answered 204;
//!   [`StationDb::import_file`] / [`StationDb::import_json`] for files (format on
//!   [`StationDb::import_file`] and in `assets/import/README.md`).
//! - The table: [`StationDb::list_orders`] gives one [`OrderRow`] per order from summary columns
//!   only; filter with [`OrderFilter::matches`], sort with [`sort_rows`], or do both with
//!   [`select`]. The scan box: [`StationDb::find_by_scan`].
//! - The detail: [`StationDb::order`] gives a [`StationOrder`] with items (ordered / in parcels /
//!   left), parcels, labels, fulfilments, the chosen rate and the locked landed cost. It also
//!   builds the request bodies: [`StationOrder::parcel_label_request`],
//!   [`StationOrder::fulfilment_update`], [`StationOrder::cancellation_update`].
//! - Packing flow: [`StationDb::start_parcel`] (quantities never more than left) →
//!   [`StationDb::record_label`] / [`StationDb::update_label`] (polls) →
//!   [`StationDb::record_label_documents`] → [`StationDb::record_fulfilment`].
//!   [`StationDb::void_parcel`] gives a parcel's units back; [`StationDb::record_cancellation`]
//!   cancels a shipment.
//! - Status is derived, never set: see [`status`](self::OrderStatus) and the `status` module.

mod check;
mod fulfil;
mod import;
mod label;
mod list;
mod parcel;
mod print_queue;
mod read;
mod record;
mod requests;
mod scan;
mod schema;
mod seed;
mod status;
mod types;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};
use time::OffsetDateTime;

use crate::api::FieldError;

pub use import::{EntryProblem, ImportReport};
pub use list::{OrderFilter, OrderRow, SortColumn, SortDirection, select, sort_rows};
pub use print_queue::{ClaimedPrint, PrintJob, PrintJobId, PrintOutcome, PrintState};
pub use requests::{LabelOptions, prefill_label_address};
pub use scan::ScanMatch;
pub use schema::SCHEMA_VERSION;
pub use types::*;

/// Something the station database could not do, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum StationError {
    #[error("the station database failed: {0}")]
    Db(#[from] rusqlite::Error),
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
    #[error("{}", join_problems(.0))]
    Invalid(Vec<FieldError>),
    #[error("the import file is not usable: {0}")]
    ImportFormat(String),
}

fn join_problems(problems: &[FieldError]) -> String {
    let texts: Vec<String> = problems.iter().map(ToString::to_string).collect();
    texts.join("; ")
}

/// The station database. See the module documentation for the flow.
pub struct StationDb {
    conn: Connection,
}

impl std::fmt::Debug for StationDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StationDb")
            .field("path", &self.conn.path())
            .finish()
    }
}

impl StationDb {
    /// Opens (creating if needed, with its directory) and migrates the database at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, StationError> {
        let path = path.as_ref();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StationError::Io {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let mut conn = Connection::open(path)?;
        schema::prepare(&mut conn)?;
        let mut db = Self { conn };
        db.settle_interrupted_prints()?;
        Ok(db)
    }

    /// A private database that lives as long as the value (tests, demos).
    pub fn open_in_memory() -> Result<Self, StationError> {
        let mut conn = Connection::open_in_memory()?;
        schema::prepare(&mut conn)?;
        Ok(Self { conn })
    }

    /// `station.sqlite3` in the platform's data directory, when the platform has one.
    pub fn default_path() -> Option<PathBuf> {
        super::project_dirs().map(|dirs| dirs.data_dir().join("station.sqlite3"))
    }

    /// The order's event log, oldest first: every body sent and received, and local steps.
    pub fn events(&self, order: OrderNumber) -> Result<Vec<Event>, StationError> {
        let order_id = order_row_id(&self.conn, order)?;
        let mut stmt = self.conn.prepare(
            "SELECT at, shipment_id, parcel_id, direction, kind, body_json
             FROM events WHERE order_id = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map([order_id], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, Option<String>>(1)?,
                row.get::<_, Option<i64>>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?,
                row.get::<_, String>(5)?,
            ))
        })?;
        let mut events = Vec::new();
        for row in rows {
            let (at, shipment_id, parcel_id, direction, kind, body) = row?;
            events.push(Event {
                at: from_unix(at)?,
                shipment_id,
                parcel_id: parcel_id.map(ParcelId),
                direction: Direction::parse(&direction)
                    .ok_or_else(|| StationError::Corrupt(format!("event direction {direction}")))?,
                kind,
                body: from_json(&body)?,
            });
        }
        Ok(events)
    }
}

/// The database id of an order, or `UnknownOrder`.
fn order_row_id(conn: &Connection, order: OrderNumber) -> Result<i64, StationError> {
    let reference = i64::try_from(order).map_err(|_| StationError::UnknownOrder(order))?;
    conn.query_row(
        "SELECT id FROM orders WHERE source_reference = ?1",
        [reference],
        |row| row.get(0),
    )
    .optional()?
    .ok_or(StationError::UnknownOrder(order))
}

/// One event row; `body` is serialized here so callers pass their typed values.
struct NewEvent<'a, T: serde::Serialize + ?Sized> {
    order_id: i64,
    shipment_id: Option<&'a str>,
    parcel_id: Option<ParcelId>,
    direction: Direction,
    kind: &'static str,
    body: &'a T,
}

fn insert_event<T: serde::Serialize + ?Sized>(
    conn: &Connection,
    event: NewEvent<'_, T>,
) -> Result<(), StationError> {
    conn.prepare_cached(
        "INSERT INTO events (at, order_id, shipment_id, parcel_id, direction, kind, body_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        now_unix(),
        event.order_id,
        event.shipment_id,
        event.parcel_id.map(|p| p.0),
        event.direction.as_str(),
        event.kind,
        to_json(event.body)?,
    ])?;
    Ok(())
}

fn now_unix() -> i64 {
    OffsetDateTime::now_utc().unix_timestamp()
}

fn from_unix(seconds: i64) -> Result<OffsetDateTime, StationError> {
    OffsetDateTime::from_unix_timestamp(seconds)
        .map_err(|e| StationError::Corrupt(format!("timestamp {seconds}: {e}")))
}

fn to_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, StationError> {
    serde_json::to_string(value).map_err(|e| StationError::Corrupt(format!("JSON encoding: {e}")))
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StationError> {
    serde_json::from_str(text).map_err(|e| StationError::Corrupt(format!("stored JSON: {e}")))
}
