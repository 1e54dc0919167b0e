//! The station's own record of orders (SPEC.md has no read operation for orders), on a SQLite
//! file (one desk) or a PostgreSQL database (a warehouse; see `engine`): what was submitted or
//! imported, and what was sent and received for each shipment — parcels, labels (with their
//! documents cached for offline reprint), fulfilments and cancellations — plus an event log of
//! every body sent and received, and the outbox. It only stores: the model's types and checks
//! are `station::model`, imports are `station::import`.
//!
//! # Using it
//!
//! - Open with [`StationDb::connect`] (a [`Location`]: file or `postgres://` URL; migrates) or
//!   [`StationDb::open`] for a file, [`StationDb::open_in_memory`] in tests. Every state change is
//!   one transaction. Calls take `&mut self` and may block on the network: keep the `StationDb`
//!   on the job runner's side and send results to the UI.
//! - Record orders: [`StationDb::record_submitted_order`] after `POST /v1/orders` answered 204;
//!   import files with `station::import` (format in `assets/import/README.md`).
//! - The table: [`StationDb::list_orders`] gives one [`OrderRow`] per order from summary columns
//!   only (the table filters them in memory, `ui::orders::filter`). The scan box:
//!   [`StationDb::find_by_scan`].
//! - The detail: [`StationDb::order`] gives a [`StationOrder`] with items (ordered / in parcels /
//!   left), parcels, labels, fulfilments, the chosen rate and the locked landed cost. It also
//!   builds the request bodies: [`StationOrder::parcel_label_request`],
//!   [`StationOrder::fulfilment_update`], [`StationOrder::cancellation_update`].
//! - Packing flow: [`StationDb::start_parcel`] (quantities never more than left) →
//!   [`StationDb::record_label`] / [`StationDb::update_label`] (polls) →
//!   [`StationDb::record_label_documents`] → [`StationDb::record_fulfilment`].
//!   [`StationDb::void_parcel`] gives a parcel's units back; [`StationDb::record_cancellation`]
//!   cancels a shipment.
//! - Status is derived, never set: see [`OrderStatus`] and `model::status`.

pub mod engine;
mod fulfil;
mod import;
mod label;
mod list;
mod outbox;
mod parcel;
mod print_queue;
mod read;
mod record;
mod scan;

use std::path::{Path, PathBuf};

use time::OffsetDateTime;

use engine::{Connection, Tx, params};

pub use engine::{ConnectionProblem, Health, Location, LocationError, PgTarget};
pub use import::Recorded;
pub use list::OrderRow;
pub use outbox::{
    Answer, NewOutboxEntry, OutboxAction, OutboxEntry, OutboxId, OutboxState, OutboxSummary,
    idempotency_key,
};
pub use print_queue::{ClaimedPrint, PrintJob, PrintJobId, PrintOutcome, PrintState};
pub use scan::{COMMON_SKU_ITEMS, SKU_ORDERS_LIMIT, ScanMatch};
// The model's types are what the storage stores and returns.
pub use crate::station::error::StationError;
pub use crate::station::model::*;

/// The station's record, on SQLite or PostgreSQL. See the module documentation for the flow.
#[derive(Debug)]
pub struct StationDb {
    conn: Connection,
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
        super::project_dirs().map(|dirs| dirs.data_dir().join("station.sqlite3"))
    }

    /// The order's event log, oldest first: every body sent and received, and local steps.
    pub fn events(&mut self, order: OrderNumber) -> Result<Vec<Event>, StationError> {
        let mut tx = self.conn.read()?;
        let order_id = order_row_id(&mut tx, order)?;
        let rows = tx.query(
            "SELECT at, shipment_id, parcel_id, direction, kind, body_json
             FROM events WHERE order_id = ?1 ORDER BY id",
            params![order_id],
        )?;
        let mut events = Vec::new();
        for row in rows {
            let at: i64 = row.get("at")?;
            let shipment_id: Option<String> = row.get("shipment_id")?;
            let parcel_id: Option<i64> = row.get("parcel_id")?;
            let direction: String = row.get("direction")?;
            let kind: String = row.get("kind")?;
            let body: String = row.get("body_json")?;
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
fn order_row_id(tx: &mut Tx<'_>, order: OrderNumber) -> Result<i64, StationError> {
    let reference = i64::try_from(order).map_err(|_| StationError::UnknownOrder(order))?;
    tx.query_opt(
        "SELECT id FROM orders WHERE source_reference = ?1",
        params![reference],
    )?
    .ok_or(StationError::UnknownOrder(order))?
    .get("id")
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
    tx: &mut Tx<'_>,
    event: NewEvent<'_, T>,
) -> Result<(), StationError> {
    tx.execute(
        "INSERT INTO events (at, order_id, shipment_id, parcel_id, direction, kind, body_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            now_unix(),
            event.order_id,
            event.shipment_id,
            event.parcel_id.map(|p| p.0),
            event.direction.as_str(),
            event.kind,
            to_json(event.body)?,
        ],
    )?;
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
