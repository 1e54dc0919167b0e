//! The station's domain model, with no SQL and no I/O: orders, shipments, parcels, labels and
//! fulfillments as the station records them (`types`), the status derived from them (`status`),
//! the checks an order must pass before it is recorded (`check`), and the request bodies built
//! from a recorded order (`requests`). `db` stores and returns these; `import` and the app's
//! jobs use them.

pub(crate) mod check;
mod claim;
mod person;
mod requests;
pub(crate) mod status;
// Visible to `station::error`, which names the ids without going through this re-export.
pub(super) mod types;

pub use claim::{CLAIM_LEASE, CLAIM_RENEW_EVERY, Claim, ClaimOutcome, Claimant};
pub use person::{Action, Actor, NewPerson, Person, PersonId, Role};
pub use requests::{LabelOptions, prefill_label_address};
pub use types::*;
