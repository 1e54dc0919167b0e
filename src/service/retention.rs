//! The background job that applies quote retention (`store::Store::purge_quotes`): once at start
//! and then every few minutes, old quotes no order uses are deleted a batch at a time with a
//! pause between batches (a request waits for one batch at most), then the freed pages go back.
//! The ids of deleted quotes, kept so that an order naming one is told it expired, are forgotten
//! [`EXPIRED_IDS_KEPT`] after they expired.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;

use time::OffsetDateTime;

use super::store::{PurgeStep, Store, StoreError};

/// Quotes deleted per transaction: a few milliseconds of writing.
const BATCH: usize = 200;
/// Between batches, so requests are not queued behind a long purge.
const PAUSE: Duration = Duration::from_millis(20);
/// How long an expired quote's id is remembered. Past that an order naming it hears that no
/// such quote exists, which also says to quote again; by then no checkout should still hold it.
pub const EXPIRED_IDS_KEPT: Duration = Duration::from_secs(90 * 86_400);
/// Between passes.
const EVERY: Duration = Duration::from_secs(300);
/// Free pages given back after a pass (4 KiB each); the rest follow next pass.
const RELEASE_PAGES: u32 = 25_000;

/// Stops the job when dropped.
pub struct RetentionJob {
    _stop: Sender<()>,
}

/// Starts the job: quotes older than `keep` (as `now` tells the time) and unused by any order go.
pub fn start(
    store: Store,
    keep: Duration,
    now: impl Fn() -> OffsetDateTime + Send + 'static,
) -> std::io::Result<RetentionJob> {
    let (stop, stopped) = channel();
    std::thread::Builder::new()
        .name("quote-retention".to_string())
        .spawn(move || run(&store, keep, &now, &stopped))?;
    Ok(RetentionJob { _stop: stop })
}

fn run(store: &Store, keep: Duration, now: &dyn Fn() -> OffsetDateTime, stopped: &Receiver<()>) {
    // What an order keeps stays before these points for good: the next pass starts there.
    let (mut quotes_after, mut events_after) = (0, 0);
    loop {
        let cutoff = now() - keep;
        let Some(deleted) = purge(stopped, &mut quotes_after, |after| {
            store.purge_quotes(cutoff, after, BATCH)
        }) else {
            return;
        };
        // The `calculation_saved` entries earlier versions wrote per quote, now that their
        // quotes are gone.
        if purge(stopped, &mut events_after, |after| {
            store.purge_quote_events(cutoff, after, BATCH)
        })
        .is_none()
        {
            return;
        }
        if forget(stopped, now() - EXPIRED_IDS_KEPT, store).is_none() {
            return;
        }
        if deleted > 0 {
            tracing::info!(deleted, "expired quotes deleted");
            if let Err(err) = store.release_free_pages(RELEASE_PAGES) {
                tracing::warn!("cannot give free pages back: {err}");
            }
        }
        if wait(stopped, EVERY) {
            return;
        }
    }
}

/// Runs `step` batch after batch from `after` until it is done or fails; how many it deleted,
/// or `None` when the job was stopped meanwhile.
fn purge(
    stopped: &Receiver<()>,
    after: &mut i64,
    step: impl Fn(i64) -> Result<PurgeStep, StoreError>,
) -> Option<usize> {
    let mut deleted = 0;
    loop {
        match step(*after) {
            Ok(done) => {
                deleted += done.deleted;
                *after = done.next;
                if done.done {
                    return Some(deleted);
                }
            }
            Err(err) => {
                tracing::warn!("quote retention stopped for this pass: {err}");
                return Some(deleted);
            }
        }
        if wait(stopped, PAUSE) {
            return None;
        }
    }
}

/// Forgets the ids of quotes that expired before `cutoff`, a batch at a time; `None` when the
/// job was stopped meanwhile.
fn forget(stopped: &Receiver<()>, cutoff: OffsetDateTime, store: &Store) -> Option<()> {
    loop {
        match store.forget_expired_ids(cutoff, BATCH) {
            Ok(forgotten) if forgotten < BATCH => return Some(()),
            Ok(_) => {}
            Err(err) => {
                tracing::warn!("expired quote ids not forgotten this pass: {err}");
                return Some(());
            }
        }
        if wait(stopped, PAUSE) {
            return None;
        }
    }
}

/// Sleeps `for_` unless the job is stopped; whether it was.
fn wait(stopped: &Receiver<()>, for_: Duration) -> bool {
    !matches!(stopped.recv_timeout(for_), Err(RecvTimeoutError::Timeout))
}
