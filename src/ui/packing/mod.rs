//! Packing: the order open at the station, its parcel, its label, its fulfillment and its
//! cancellation.
//!
//! A split-parcel label is asked for through the outbox: `pack_and_request_label` records the parcel
//! and queues its request in one transaction, the job wakes the worker, and [`follow`] follows the
//! entry from the worker's reports (queued → requesting, `pending` → "asking again in …", delivered
//! → `jobs::parcel_label::ready` shows the cached documents and the preview). A refusal with field
//! errors (422, label `error`) voids the parcel (which closes its entry) so its units are free again
//! and the messages sit under their fields; other refusals (401, ...) keep the parcel, and Retry
//! queues the same entry again after the fix. A network failure keeps the parcel too: the worker
//! retries by itself and Retry (F5) makes it due now, with the same `trackReference`. A parcel picked
//! up again (after a restart) shows its entry's state (`follow::resumed`). Full-order labels (only
//! `orderNumber`) stay direct (`jobs::label`): they only fetch the order's one label, change nothing
//! at the service, and the client repeats them safely, so there is nothing to make durable; after a
//! failure Retry asks again.

mod cancel;
pub mod claim;
pub mod command;
pub mod follow;
mod handle;
pub(crate) mod jobs;
mod label;
mod open;
pub mod parcel_form;
mod results;
mod rules;
pub mod scale;
pub mod state;
pub mod unanswered;
mod view;

pub use command::{Done, LabelDone, LabelFailed, PackingCommand, Progress};
pub use handle::{apply, handle, progress};
pub use open::scan_into_parcel;
pub use state::{CancelFlow, ClaimState, LabelJob, OpenOrder, Packing, Preview, Request};
pub use view::{Extras, dialogs_ui, order_ui};
