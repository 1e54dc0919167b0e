//! The station's own record of orders (SPEC.md has no read operation for orders), on a SQLite
//! file (one desk) or a PostgreSQL database (a warehouse; see `engine`): what was submitted or
//! imported, and what was sent and received for each shipment — parcels, labels (with their
//! documents cached for offline reprint), fulfillments and cancellations — plus an event log of
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
//!   left), parcels, labels, fulfillments, the chosen rate and the locked landed cost. It also
//!   builds the request bodies: [`StationOrder::parcel_label_request`],
//!   [`StationOrder::fulfillment_update`], [`StationOrder::cancellation_update`].
//! - Packing flow: [`StationDb::start_parcel`] (quantities never more than left) →
//!   [`StationDb::record_label`] / [`StationDb::update_label`] (polls) →
//!   [`StationDb::record_label_documents`] → [`StationDb::record_fulfillment`]. Customs
//!   paperwork generated for a ready label is cached with its documents
//!   ([`StationDb::record_customs_documents`], each with its [`Paper`]); code that wants the
//!   shipping label itself picks it with [`LabelRecord::label_document`].
//! - Settings every desk of a warehouse shares: [`StationDb::warehouse_setting`] /
//!   [`StationDb::set_warehouse_setting`].
//!   [`StationDb::void_parcel`] gives a parcel's units back; [`StationDb::record_cancellation`]
//!   cancels a shipment.
//! - Status is derived, never set: see [`OrderStatus`] and `model::status`.

mod access;
mod changes;
mod claims;
mod customs;
mod encoding;
pub mod engine;
mod event_log;
mod fulfill;
mod import;
mod label;
mod list;
mod once;
mod one_desk;
pub use one_desk::UNPEPPERED;
mod outbox;
mod parcel;
mod people;
mod print_queue;
mod read;
mod record;
mod scan;
mod station_db;

pub use access::{DeskListing, DeskRecord, SessionRecord, SignInCandidate, SignInLock};
pub use changes::ChangeCursor;
pub use engine::{ChangeListener, ConnectionProblem, Health, Location, LocationError, PgTarget};
pub use import::Recorded;
pub use list::OrderRow;
pub use once::{Once, Written};
pub use outbox::{
    Answer, NewOutboxEntry, OutboxAction, OutboxEntry, OutboxId, OutboxState, OutboxSummary,
    idempotency_key,
};
pub use people::{NewPin, WarehouseEvent};
pub use print_queue::{ClaimedPrint, PrintJob, PrintJobId, PrintOutcome, PrintState};
pub use scan::{COMMON_SKU_ITEMS, SKU_ORDERS_LIMIT, ScanMatch};
pub use station_db::StationDb;
// The model's types are what the storage stores and returns.
pub use crate::station::error::StationError;
pub use crate::station::model::*;
