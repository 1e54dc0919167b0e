//! The reference service's persistent store: calculations, orders and labels in SQLite.
//!
//! Every public write is one `BEGIN IMMEDIATE` transaction, so a request is applied completely or
//! not at all; every change to an order or its labels also appends to `events`, its history (a
//! stored quote is its own record: `calculation`). Business rules
//! (SPEC 4.2–4.4 plus the ones issue 3 adds) live here; wire-format validation happens before,
//! in `domain::validate`, but nothing here relies on it: bad input gives `Invalid`, never a panic.
//!
//! Decisions where the spec is silent (each has a test):
//! - An order must list every shipment of its calculation, each once: the calculation is the cart
//!   that was paid, so a missing shipment would silently drop items, duties and taxes.
//! - A `tax_transaction_id` locks one order shipment only; reusing a quote for a second order is a
//!   `Conflict` (it usually means a double submission under a new `source_reference`).
//! - Shipment states: `open` (created) → `fulfilled` | `canceled`. Fulfilling a canceled shipment,
//!   adding fulfillments to it, or canceling a shipment that has any fulfillment is a `Conflict`.
//!   Repeating `canceled` or `fulfilled` is idempotent.
//! - `refunded_amount` and `refunded_quantity` are running totals (not increments), so a retried
//!   update is harmless; they may go down again (a correction), never below zero.
//! - A fulfillment sent again with the same tracking number and the same items is a retry and
//!   counts once; the same tracking number with other items is a `Conflict`.
//! - Label rendering failures are `Invalid` with an empty field path: the renderer fails on input
//!   it cannot print, and the message says what.
//!
//! # The service store
//!
//! One SQLite connection behind a mutex (SQLite has one writer anyway), WAL, `synchronous=FULL` for
//! orders and labels and `NORMAL` for calculations (a quote lost to a power cut is quoted again; the
//! next FULL commit syncs the log up to it, so no order outlives its quote — an fsync per quote cost a
//! third of the service's throughput, BENCHMARKS.md), every request one `BEGIN IMMEDIATE` transaction.
//!
//! Quotes are the hot path, and each is stored before it is answered (an order is checked against it).
//! They do not go through the mutex one by one: the handler hands the quote to one writer thread
//! (`store::CalculationWriter`) and awaits its commit; the thread stores whatever queued meanwhile in one
//! transaction (group commit). Every quote of a batch is checked before any is written — against the
//! database and the quotes before it — so a bad one fails alone with nothing to undo. The request stored
//! is the bytes that crossed the wire, and the answer its values in a compact form that gives back
//! the bytes sent (`store::compact`), so nothing is serialized twice. A quote is one row: its rate
//! options are read from the stored response when an order locks one (each `tax_transaction_id`
//! names its calculation, `service::ids`), and only then is the rate's row (`calculation_rates`, which the order's shipment refers to) written. Rate
//! rows written for every option of every quote were three rows and three index entries more per quote,
//! half of what the writer wrote (BENCHMARKS.md). Checkpoints, which copy the log into the
//! database file and sync it, would stall whichever commit crossed SQLite's threshold; a thread with its
//! own connection runs them (`store::checkpoint`, `PASSIVE`), and only a log four times over the
//! threshold makes the committing connection finish one itself (under sustained writes only the writer
//! can arrange the moment a log starts over). Measured in BENCHMARKS.md.
//!
//! Quotes no order uses are deleted after the retention period (`retention`), their ids kept so an
//! order for one is refused as expired; see ARCHITECTURE.md.
//!
//! Label documents are rendered inside the transaction that records the label, so "generated once", the quantities a parcel takes and
//! its tracking serial cannot race. Decisions where SPEC.md is silent are in `src/service/store/mod.rs`:
//! an order covers every shipment of its calculation; a `tax_transaction_id` is used by one order; the
//! same fulfillment (tracking number and items) sent twice counts once; refunds are running totals; the
//! same `trackReference` returns the same parcel label.

mod calculation;
mod checkpoint;
mod codec;
mod compact;
mod connection;
mod create;
mod error;
mod handle;
mod labels;
mod migrations;
mod packed;
mod pool;
mod retention;
mod rows;
mod types;
mod update;
mod view;
mod writer;

#[cfg(test)]
mod tests;

pub use calculation::NewCalculation;
pub use error::StoreError;
pub use handle::Store;
pub use retention::PurgeStep;
pub use types::{
    DocFormat, FulfillmentView, ItemView, LabelContext, LabelDocs, LabelItem, LabelKind,
    LabelRecord, LabelSummary, OrderView, ParcelRequest, ShipmentState, ShipmentView,
};
pub use writer::{CalculationWriter, Quote};
