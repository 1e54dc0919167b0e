//! The outbox's delivery worker: a task on the app's tokio runtime that claims the next due
//! entry of the station record's outbox (`db::outbox`), sends it with `api::Client`, and
//! records the answer together with the entry's new state in one transaction.
//!
//! - **One outbox for the whole warehouse.** Every desk sharing a PostgreSQL record runs a
//!   worker on the same `outbox` table. A worker claims an entry with
//!   `StationDb::outbox_claim_next`, which leases it to the desk (by its station name) for
//!   [`WorkerConfig::lease`] in one transaction under row locks (`FOR UPDATE SKIP LOCKED`), so
//!   two desks never take the same entry; recording the answer ends the lease. A send is cut off
//!   (as a timeout, retried later) before the lease runs out, so another desk never sends an
//!   entry while this one still does. A desk that dies mid-delivery leaves its lease to run out;
//!   then another desk takes the entry over and sends it again, which the service's
//!   idempotency makes harmless (below). A desk that closes gives its lease back
//!   ([`Outbox::stop`]). The per-order order holds across desks: an entry waits for an earlier
//!   open one of its order even while another desk holds that one. The worker sleeps until the
//!   next entry it could claim is due — its next attempt, or the end of another desk's lease —
//!   or [`WorkerConfig::idle`], since other desks' new entries do not wake it.
//! - Network errors, timeouts, 5xx and 429 are retried with exponential backoff (`backon`'s
//!   schedule) and jitter that adds up to as much again to each wait (see [`backoff`]); answers
//!   a retry cannot fix (401, 403, 404, 409, 422, ...) wait for a person.
//! - A create that answers 409 "already exists" after an earlier attempt counts as delivered:
//!   that attempt created it (its answer was lost, or the app stopped before recording it).
//! - A pending label is asked for again (same `trackReference`, so the same label) until it
//!   settles; once it is ready its PDF and ZPL documents are fetched and cached.
//! - Attempts are counted before sending, and the state moves only after the answer is
//!   recorded: an entry left in flight by a crash is sent again after the restart (or by
//!   another desk after the lease), which the service's idempotency makes harmless (see
//!   ARCHITECTURE.md, "What the station promises").
//!
//! # The outbox
//!
//! Every call that changes something at the service is first written to the station database's
//! `outbox` table (`station::db::outbox`, migration step 2) in the same transaction as
//! the station's own record of it: `submit_order` (order recorded + `POST /v1/orders` queued),
//! `fulfill_via_outbox` (fulfillment recorded + `PUT`), `cancel_via_outbox`, `pack_and_request_label`
//! (parcel recorded + split-parcel label request). Each entry has an idempotency key (`create:N`,
//! `fulfill:N:S:parcel`, `cancel:N:S`, `label:N:S:parcel`); writing the same key again adds nothing.
//! The worker (`station::outbox`, a task on the app's tokio runtime) sends due entries with
//! `api::Client`: network errors, timeouts, 5xx and 429 are retried with exponential backoff and
//! jitter (a wait `d` becomes a random one in `[d, 2d)`); 401/403/404/409/422 wait in "needs attention" with the service's field errors, where
//! the Outbox tab lets a person correct the body and resend, or a supervisor discard. A create
//! is sent before anything else of its order, and updates of an order one after the other (each
//! carries a later `source_updated_at`). Split-parcel labels go through it from the packing flow
//! (see above). An order submitted from the quote panel whose create is refused shows the service's
//! field errors on the quote form too (`QuoteView::order_refused`); it is corrected in the Outbox tab.
//! Demo seeding stays direct: it records
//! an order only after the service answered 204, so it can neither lose nor duplicate one. Views never touch it: the worker's reports reach
//! the app as progress and the status bar shows queued / retrying (next time) / needs attention.

mod classify;
mod config;
mod documents;
mod shared_db;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use time::OffsetDateTime;
use tokio::sync::{Notify, broadcast};
use tokio::task::JoinHandle;

use crate::api::{Client, ClientError, LabelRequest, OrderCreateRequest, OrderUpdateRequest};
use crate::station::db::{Answer, OutboxAction, OutboxEntry, OutboxState, StationDb, StationError};

pub use classify::{Verdict, backoff, classify};
pub use config::WorkerConfig;
pub use shared_db::{SharedDb, with_db};

/// What the worker did with one entry: its state after the attempt and the error the service
/// or the network gave, if any. `entry` is `None` for the report sent when the worker starts.
#[derive(Debug, Clone)]
pub struct Report {
    pub entry: Option<OutboxEntry>,
    pub error: Option<ClientError>,
}

struct Shared {
    /// The desk's name: its leases and the Outbox tab's "last tried by" say it.
    desk: String,
    wake: Notify,
    client: Mutex<Client>,
    reports: broadcast::Sender<Report>,
    /// The entry this worker holds a lease on, to give back on [`Outbox::stop`].
    holding: Mutex<Option<OutboxEntry>>,
    /// Set by [`Outbox::stop`]: claim nothing more.
    stopped: AtomicBool,
}

/// A running worker; clones are handles to the same one.
#[derive(Clone)]
pub struct Outbox {
    shared: Arc<Shared>,
    db: SharedDb,
    task: Arc<JoinHandle<()>>,
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox").finish_non_exhaustive()
    }
}

impl Outbox {
    /// Starts the worker of the desk named `desk` on `runtime`; it first sends a report with
    /// no entry, then one per attempt.
    pub fn spawn(
        runtime: &tokio::runtime::Handle,
        db: SharedDb,
        client: Client,
        config: WorkerConfig,
        desk: String,
    ) -> Self {
        let (reports, _) = broadcast::channel(256);
        let shared = Arc::new(Shared {
            desk,
            wake: Notify::new(),
            client: Mutex::new(client),
            reports,
            holding: Mutex::new(None),
            stopped: AtomicBool::new(false),
        });
        let task = runtime.spawn(run(db.clone(), shared.clone(), config));
        Self {
            shared,
            db,
            task: Arc::new(task),
        }
    }

    /// Looks for due entries now (after something was queued or resent).
    pub fn wake(&self) {
        self.shared.wake.notify_one();
    }

    /// Reports from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Report> {
        self.shared.reports.subscribe()
    }

    /// Uses another client from the next attempt on (the environment or a credential changed).
    pub fn set_client(&self, client: Client) {
        if let Ok(mut slot) = self.shared.client.lock() {
            *slot = client;
        }
        self.wake();
    }

    /// Stops the worker where it is, as a crash would (tests): a lease it holds runs out.
    pub fn abort(&self) {
        self.task.abort();
    }

    /// Stops the worker (the app closing) and gives back the entry it was sending, so this
    /// desk after a restart, or another desk, sends it again at once instead of after the
    /// lease. (Whether the service got it is unknown; its idempotency makes a resend harmless.)
    pub async fn stop(&self) {
        self.shared.stopped.store(true, Ordering::SeqCst);
        self.task.abort();
        let shared = self.shared.clone();
        // Under the database lock, after any claim still running has noted what it took.
        let released = with_db(&self.db, move |db| match take_holding(&shared) {
            Some(entry) => db.outbox_release(&entry),
            None => Ok(()),
        })
        .await;
        if let Err(e) = released {
            tracing::warn!("outbox: giving back the entry being sent: {e}");
        }
    }

    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }
}

async fn run(db: SharedDb, shared: Arc<Shared>, config: WorkerConfig) {
    let _ = shared.reports.send(Report {
        entry: None,
        error: None,
    });
    loop {
        let claiming = shared.clone();
        let due = with_db(&db, move |db| claim(db, &claiming, config.lease)).await;
        match due {
            Ok(Some(entry)) => {
                let report = deliver(&db, &shared, &config, entry).await;
                take_holding(&shared);
                let _ = shared.reports.send(report);
            }
            Ok(None) => {
                let next = with_db(&db, |db| db.outbox_next_wake())
                    .await
                    .ok()
                    .flatten();
                let wait = next
                    .map(|at| until(at).min(config.idle))
                    .unwrap_or(config.idle);
                let _ = tokio::time::timeout(wait, shared.wake.notified()).await;
            }
            Err(e) => {
                tracing::warn!("outbox: {e}");
                let _ = tokio::time::timeout(config.idle, shared.wake.notified()).await;
            }
        }
    }
}

/// Claims the next due entry for this desk and notes it as held (see [`Outbox::stop`]).
fn claim(
    db: &mut StationDb,
    shared: &Shared,
    lease: Duration,
) -> Result<Option<OutboxEntry>, StationError> {
    if shared.stopped.load(Ordering::SeqCst) {
        return Ok(None);
    }
    let claimed = db.outbox_claim_next(&shared.desk, lease)?;
    if let (Some(entry), Ok(mut holding)) = (&claimed, shared.holding.lock()) {
        *holding = Some(entry.clone());
    }
    Ok(claimed)
}

fn take_holding(shared: &Shared) -> Option<OutboxEntry> {
    shared.holding.lock().ok().and_then(|mut held| held.take())
}

fn until(at: OffsetDateTime) -> Duration {
    let left = at - OffsetDateTime::now_utc();
    Duration::try_from(left).unwrap_or(Duration::ZERO)
}

/// One attempt: counted, sent, and its answer or failure recorded.
async fn deliver(
    db: &SharedDb,
    shared: &Shared,
    config: &WorkerConfig,
    entry: OutboxEntry,
) -> Report {
    let id = entry.id;
    let entry = match with_db(db, move |db| db.outbox_begin_attempt(id)).await {
        Ok(entry) => entry,
        Err(e) => return failed_locally(entry, e),
    };
    let client = match shared.client.lock() {
        Ok(client) => client.clone(),
        Err(_) => return failed_locally(entry, StationError::Corrupt("client lock".into())),
    };
    let sent = tokio::time::timeout(config.send_limit(), send(&client, config, &entry))
        .await
        .unwrap_or(Err(ClientError::Timeout));
    let (recorded, error) = match sent {
        Ok(answer) => {
            let result = with_db(db, move |db| db.outbox_record_answer(id, &answer)).await;
            (result, None)
        }
        Err(error) => {
            let verdict = classify(&entry, &error, config);
            let result = match verdict.clone() {
                Verdict::Delivered(answer) => {
                    with_db(db, move |db| db.outbox_record_answer(id, &answer)).await
                }
                Verdict::Retry { at, why } => {
                    with_db(db, move |db| db.outbox_retry_at(id, &why, at)).await
                }
                Verdict::NeedsAttention { why, fields } => {
                    with_db(db, move |db| db.outbox_needs_attention(id, &why, &fields)).await
                }
            };
            (result, Some(error))
        }
    };
    let entry = match recorded {
        Ok(entry) => entry,
        Err(e) => return failed_locally(entry, e),
    };
    if entry.action == OutboxAction::ParcelLabel && entry.state == OutboxState::Delivered {
        documents::fetch_and_cache(&client, db, &entry).await;
    }
    Report {
        entry: Some(entry),
        error,
    }
}

fn failed_locally(entry: OutboxEntry, error: StationError) -> Report {
    tracing::warn!("outbox entry {}: {error}", entry.id);
    Report {
        entry: Some(entry),
        error: None,
    }
}

/// Sends the entry's body as the call it is.
async fn send(
    client: &Client,
    config: &WorkerConfig,
    entry: &OutboxEntry,
) -> Result<Answer, ClientError> {
    let decode = |e: serde_json::Error| ClientError::Encode(format!("stored body: {e}"));
    match entry.action {
        OutboxAction::CreateOrder => {
            let body: OrderCreateRequest =
                serde_json::from_value(entry.body.clone()).map_err(decode)?;
            client.create_order(&body).await.map(|()| Answer::Accepted)
        }
        OutboxAction::Fulfill | OutboxAction::Cancel => {
            let body: OrderUpdateRequest =
                serde_json::from_value(entry.body.clone()).map_err(decode)?;
            client.update_order(&body).await.map(|()| Answer::Accepted)
        }
        OutboxAction::ParcelLabel => {
            let body: LabelRequest = serde_json::from_value(entry.body.clone()).map_err(decode)?;
            let response = client.label(&body).await?;
            let polls = entry.attempts.saturating_sub(1);
            let wait = backoff(config.first_poll, config.longest_poll, polls, false);
            Ok(Answer::Label {
                response: Box::new(response),
                poll_at: OffsetDateTime::now_utc() + wait,
            })
        }
    }
}
