//! The calculation writer: one thread that stores calculations in batches (group commit).
//!
//! Every quote is stored before it is answered (an order names it later), and quotes are the
//! service's hottest path. A transaction per quote on the blocking pool cost a thread hand-off
//! and a write-ahead-log commit each; here the request hands its calculation to one thread and
//! awaits the commit, and that thread stores whatever has queued meanwhile in one transaction.
//! Under load a batch holds many quotes; alone, a quote waits for nothing but its own commit.
//!
//! A commit costs about as much as storing two quotes (the log's pages and the checkpoint's
//! copy of them), and under load quotes arrive one at a time, about as fast as the writer
//! stores them: batches stayed at one or two. So when the next quote came soon after the last
//! commit (the service is busy), the writer gathers a little longer before committing
//! ([`Gather`]), as PostgreSQL's `commit_delay` does; a quote that comes to an idle writer is
//! committed at once.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use bytes::Bytes;
use tokio::sync::oneshot;

use super::calculation::NewCalculation;
use super::error::StoreError;
use super::handle::Store;
use crate::api::{TaxCalculationRequest, TaxCalculationResponse};

/// Most calculations in one transaction: bounds how long the first of a batch waits.
const MAX_BATCH: usize = 128;

/// A calculation as it crossed the wire, owned so it can move to the writer thread.
pub struct Quote {
    pub request: TaxCalculationRequest,
    pub response: TaxCalculationResponse,
    /// The body the merchant sent (valid JSON: it was parsed into `request`).
    pub request_json: Bytes,
}

/// A quote as the writer thread gets it. The writer stores it (the store checks its own rules,
/// takes the answer's ids and encodes the answer's compact form, all off the
/// request's thread) and hands it back with the commit's result: the request's thread frees
/// what it built, since memory freed by another thread is handed back to its owner, work for
/// both threads.
struct Row {
    request: TaxCalculationRequest,
    response: TaxCalculationResponse,
    request_json: Bytes,
}

struct Job {
    row: Row,
    done: oneshot::Sender<(Result<(), StoreError>, Row)>,
}

/// A handle on the writer thread; cheap to clone. The thread ends when every handle is gone.
#[derive(Clone, Debug)]
pub struct CalculationWriter {
    queue: Sender<Job>,
}

impl CalculationWriter {
    pub fn start(store: Store) -> std::io::Result<CalculationWriter> {
        let (queue, jobs) = mpsc::channel();
        std::thread::Builder::new()
            .name("calc-writer".to_string())
            .spawn(move || run(&store, &jobs))?;
        Ok(CalculationWriter { queue })
    }

    /// Stores `quote`, returning once its transaction is committed.
    pub async fn save(&self, quote: Quote) -> Result<(), StoreError> {
        let Quote {
            request,
            response,
            request_json,
        } = quote;
        let row = Row {
            request,
            response,
            request_json,
        };
        let (done, committed) = oneshot::channel();
        self.queue
            .send(Job { row, done })
            .map_err(|_| StoreError::Unavailable("the calculation writer has stopped".into()))?;
        let (result, row) = committed.await.map_err(|_| {
            StoreError::Unavailable("the calculation writer stopped before committing".into())
        })?;
        drop(row);
        result
    }
}

/// When a batch waits for more quotes before committing, and for how long.
#[derive(Clone, Copy, Debug)]
struct Gather {
    /// A quote that comes within this of the last commit finds the service busy.
    busy_within: Duration,
    /// How long a busy batch gathers quotes after its first, at most.
    window: Duration,
    /// Batches committed at once after a window that gathered nothing, doubled for each such
    /// window in a row up to `longest_rest`: one client sending quotes back to back looks
    /// busy, but nobody else's quote is coming, and it should rarely wait for one.
    rest_after_miss: u32,
    longest_rest: u32,
}

/// Under load the next quote comes sooner than `busy_within` (a few commits' time); a window of
/// a few commits' time gathers several quotes, and the checkpoints' cost per quote falls with
/// the batch (docs/perf/quote-store.md). A quote one connection sends after its
/// answer may also come within `busy_within`: its windows catch nothing, and the rests between
/// them grow until one in a thousand of its quotes waits.
const GATHER: Gather = Gather {
    busy_within: Duration::from_micros(300),
    window: Duration::from_micros(400),
    rest_after_miss: 16,
    longest_rest: 1024,
};

/// The writer's gathering, batch after batch.
#[derive(Debug)]
struct Gathering {
    policy: Gather,
    /// Busy batches still to commit at once.
    resting: u32,
    /// The rest the next empty window starts.
    next_rest: u32,
}

impl Gathering {
    fn new(policy: Gather) -> Self {
        Self {
            policy,
            resting: 0,
            next_rest: policy.rest_after_miss,
        }
    }

    /// How long to gather after a first quote that came `idle` after the last commit.
    fn window_after(&mut self, idle: Duration) -> Option<Duration> {
        if idle >= self.policy.busy_within {
            return None;
        }
        if self.resting > 0 {
            self.resting -= 1;
            return None;
        }
        Some(self.policy.window)
    }

    /// A window gathered `more` quotes beside its first.
    fn gathered(&mut self, more: usize) {
        if more == 0 {
            self.resting = self.next_rest;
            self.next_rest = (self.next_rest * 2).min(self.policy.longest_rest);
        } else {
            self.next_rest = self.policy.rest_after_miss;
        }
    }
}

fn run(store: &Store, jobs: &Receiver<Job>) {
    let mut gathering = Gathering::new(GATHER);
    let mut committed_at = Instant::now();
    while let Ok(first) = jobs.recv() {
        let window = gathering.window_after(committed_at.elapsed());
        let deadline = window.map(|window| Instant::now() + window);
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            let next = match (jobs.try_recv(), deadline) {
                (Err(TryRecvError::Empty), Some(deadline)) => jobs
                    .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                    .ok(),
                (next, _) => next.ok(),
            };
            match next {
                Some(job) => batch.push(job),
                None => break,
            }
        }
        if window.is_some() {
            gathering.gathered(batch.len() - 1);
        }
        let results = store_batch(store, &batch);
        for (Job { row, done }, result) in batch.into_iter().zip(results) {
            // A request whose client has gone no longer listens; its quote is stored anyway.
            let _ = done.send((result, row));
        }
        committed_at = Instant::now();
    }
}

fn store_batch(store: &Store, batch: &[Job]) -> Vec<Result<(), StoreError>> {
    let calculations: Vec<_> = batch
        .iter()
        .map(|Job { row, .. }| NewCalculation {
            request: &row.request,
            response: &row.response,
            request_json: &row.request_json,
        })
        .collect();
    store
        .save_calculations(&calculations)
        .unwrap_or_else(|err| {
            let message = err.to_string();
            batch
                .iter()
                .map(|_| Err(StoreError::Unavailable(message.clone())))
                .collect()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOON: Duration = Duration::from_micros(30);

    #[test]
    fn an_idle_writer_commits_a_quote_at_once() {
        let mut gathering = Gathering::new(GATHER);
        assert_eq!(gathering.window_after(GATHER.busy_within), None);
        assert_eq!(gathering.window_after(Duration::from_secs(1)), None);
    }

    #[test]
    fn a_busy_writer_gathers_while_its_windows_catch_quotes() {
        let mut gathering = Gathering::new(GATHER);
        for _ in 0..100 {
            assert_eq!(gathering.window_after(SOON), Some(GATHER.window));
            gathering.gathered(3);
        }
    }

    #[test]
    fn windows_that_catch_nothing_rest_the_gathering_longer_each_time() {
        let mut gathering = Gathering::new(GATHER);
        assert_eq!(gathering.window_after(SOON), Some(GATHER.window));
        gathering.gathered(0);
        for _ in 0..GATHER.rest_after_miss {
            assert_eq!(gathering.window_after(SOON), None);
        }
        assert_eq!(gathering.window_after(SOON), Some(GATHER.window));
        gathering.gathered(0);
        for _ in 0..2 * GATHER.rest_after_miss {
            assert_eq!(gathering.window_after(SOON), None);
        }
        assert_eq!(gathering.window_after(SOON), Some(GATHER.window));
    }

    /// Busy batches committed at once after each of `misses` empty windows in a row.
    fn rests(gathering: &mut Gathering, misses: usize) -> Vec<u32> {
        (0..misses)
            .map(|_| {
                assert_eq!(gathering.window_after(SOON), Some(GATHER.window));
                gathering.gathered(0);
                let mut rested = 0;
                while gathering.window_after(SOON).is_none() {
                    rested += 1;
                }
                rested
            })
            .collect()
    }

    #[test]
    fn rests_double_to_the_longest_and_a_window_that_catches_starts_them_over() {
        let mut gathering = Gathering::new(GATHER);
        assert_eq!(
            rests(&mut gathering, 9),
            [16, 32, 64, 128, 256, 512, 1024, 1024, 1024]
        );
        assert_eq!(gathering.window_after(SOON), Some(GATHER.window));
        gathering.gathered(2);
        assert_eq!(rests(&mut gathering, 2), [16, 32]);
    }
}
