//! The reference service's persistent store: calculations, orders and labels in SQLite.
//!
//! Every public write is one `BEGIN IMMEDIATE` transaction, so a request is applied completely or
//! not at all; every change to an order or its labels also appends to `events`, its history (a
//! stored quote is its own record: `calculation`). Business rules
//! (SPEC 4.2–4.4 and the decisions below) live here; wire-format validation happens before,
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
//! third of the service's throughput), every request one `BEGIN IMMEDIATE` transaction.
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
//! half of what the writer wrote. Checkpoints, which copy the log into the
//! database file and sync it, would stall whichever commit crossed SQLite's threshold; a thread with its
//! own connection runs them (`store::checkpoint`, `PASSIVE`), and only a log four times over the
//! threshold makes the committing connection finish one itself (under sustained writes only the writer
//! can arrange the moment a log starts over).
//!
//! # Batches and ids
//!
//! When a quote comes within 300 µs of the writer's last commit it gathers for up to 400 µs
//! more, resting longer after windows that caught none (one client sending quotes back to back
//! looks busy but has no company): a busy service commits a few quotes at a time and a lone quote
//! is not delayed. The writer also checks each quote's own rules (one that breaks them is refused
//! alone in its batch), takes its ids and encodes its compact answer, all off the request's
//! thread, and hands the quote back with the commit's result, so the request's thread frees what
//! it built (memory freed by another thread goes back to its owner, work for both). Quote ids are
//! time-ordered (UUID version 7), so their index grows at its right edge; random ids put every
//! insert on a random leaf and quoting slowed as quotes accumulated.
//!
//! A quote is one row. The response is stored rather than recomputed from the request when an
//! order comes, because an order must carry what the customer was quoted and paid even after the
//! rules or the engine changed. No history event is written for a quote (its row is its record).
//!
//! # How a quote is stored
//!
//! - **The answer** in a compact binary form on both engines (`compact`: each value once, in
//!   field order, a text the engine shares between lines written once; decoding gives back the
//!   same JSON bytes). On SQLite in `response_json`, LZ4-packed as the request is (`packed`), so
//!   that with the file's 8 KB pages three typical quotes share a page (a file made before keeps
//!   its 4 KB pages); the untyped column also reads what earlier versions stored (the compact form
//!   unpacked, JSON packed, JSON as TEXT), told apart by their first bytes. On PostgreSQL in
//!   `response_compact` (`bytea`, schema step 6), since `response_json` is typed text there and
//!   keeps the answers stored before (a check keeps exactly one of the two per row).
//! - **The request** LZ4-packed in a BLOB on SQLite. PostgreSQL compresses long text itself
//!   (TOAST), so there it stays TEXT, readable in `psql`: schema step 4 makes that compression
//!   LZ4 and keeps a compressed quote in its row rather than in the TOAST table; step 6 compresses
//!   the compact answer too and keeps three quotes to a page (`toast_tuple_target = 2700`, every
//!   column's storage MAIN, since EXTENDED columns leave the row before MAIN ones are compressed).
//!
//! # On PostgreSQL
//!
//! Several service instances share one database (`pool` keeps up to 8 connections each). Every
//! write takes the store's advisory lock, so "a tax transaction locked once", "a label made once"
//! and the tracking serial hold across instances as on one file. Calculations commit with
//! `synchronous_commit = off`, the counterpart of SQLite's `NORMAL`. A batch of quotes is the one
//! write without the lock: it checks nothing but its unique ids, so it is one `INSERT` of
//! `text[]` and `bytea[]` arrays committed by itself (`sql::Connection::execute_alone`, one round
//! trip where `BEGIN`, the lock, the insert and `COMMIT` took four); only when the unique keys
//! refuse one (`SqlError::Duplicate`) is the batch redone quote by quote, so each quote gets its
//! own answer. The same SQL runs on both engines: PostgreSQL's tables carry an explicit `rowid`
//! identity column where SQLite's implicit one orders rows.
//!
//! # Retention
//!
//! `retention`, run by `service::retention` every 5 minutes, deletes calculations older than
//! `--quote-retention-days` that no order uses, 200 per transaction with a pause between, visited
//! in storage order from a watermark (the ones orders keep are passed over once). Their ids stay
//! in `expired_calculations` for 90 days (`service::retention::EXPIRED_IDS_KEPT`, then deleted
//! oldest first) so an order naming one hears "expired", not "never existed". The file runs with
//! `auto_vacuum = INCREMENTAL` and gives the freed pages back after each pass. "Does an order use
//! it?" and the delete are one transaction, serialized with order creation, so an ordered quote is
//! never deleted.
//!
//! The measurements behind these choices are in `docs/perf/quote-store.md`.
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
