//! The calculation writer: one thread that stores calculations in batches (group commit).
//!
//! Every quote is stored before it is answered (an order names it later), and quotes are the
//! service's hottest path. A transaction per quote on the blocking pool cost a thread hand-off
//! and a write-ahead-log commit each; here the request hands its calculation to one thread and
//! awaits the commit, and that thread stores whatever has queued meanwhile in one transaction.
//! Under load a batch holds many quotes; alone, a quote waits for nothing but its own commit.

use std::borrow::Cow;
use std::sync::mpsc::{self, Receiver, Sender};

use bytes::Bytes;
use tokio::sync::oneshot;

use super::calculation::{CalculationRow, check_rules};
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
    /// The body the service answers with.
    pub response_json: Bytes,
}

/// What the writer thread stores of a quote, its rules checked on the request's thread. That
/// thread also frees the request and response it built: memory freed by another thread is
/// handed back to its owner, work for both threads.
struct Row {
    id: String,
    currency_code: String,
    created_at: String,
    request_json: Bytes,
    response_json: Bytes,
}

struct Job {
    row: Row,
    done: oneshot::Sender<Result<(), StoreError>>,
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
            mut response,
            request_json,
            response_json,
        } = quote;
        check_rules(&request, &response)?;
        let row = Row {
            id: std::mem::take(&mut response.landedcost_request_id),
            currency_code: std::mem::take(&mut response.currency_code),
            created_at: std::mem::take(&mut response.created_at),
            request_json,
            response_json,
        };
        drop((request, response));
        let (done, committed) = oneshot::channel();
        self.queue
            .send(Job { row, done })
            .map_err(|_| StoreError::Unavailable("the calculation writer has stopped".into()))?;
        committed.await.map_err(|_| {
            StoreError::Unavailable("the calculation writer stopped before committing".into())
        })?
    }
}

fn run(store: &Store, jobs: &Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let results = store_batch(store, &batch);
        for (job, result) in batch.into_iter().zip(results) {
            // A request whose client has gone no longer listens; its quote is stored anyway.
            let _ = job.done.send(result);
        }
    }
}

fn store_batch(store: &Store, batch: &[Job]) -> Vec<Result<(), StoreError>> {
    let texts: Vec<_> = batch
        .iter()
        .map(|job| (text(&job.row.request_json), text(&job.row.response_json)))
        .collect();
    let rows: Vec<CalculationRow<'_>> = batch
        .iter()
        .zip(&texts)
        .map(|(job, (request_json, response_json))| CalculationRow {
            id: &job.row.id,
            currency_code: &job.row.currency_code,
            created_at: &job.row.created_at,
            request_json,
            response_json,
        })
        .collect();
    match store.save_rows(&rows.iter().collect::<Vec<_>>()) {
        Ok(results) => results,
        Err(err) => {
            let message = err.to_string();
            batch
                .iter()
                .map(|_| Err(StoreError::Unavailable(message.clone())))
                .collect()
        }
    }
}

/// The JSON as text. Always valid UTF-8 but for a value the parser skipped without reading (an
/// unknown field of the request), which is stored with the bad bytes replaced. `from_utf8`
/// first: it checks valid text faster than the lossy scan does.
fn text(json: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(json) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(json),
    }
}
