//! The outbox seen from the app: the worker started on the app's runtime, its reports turned
//! into progress the status bar and the "Needs attention" tab show, and a person's resend or
//! discard.

use tokio::sync::broadcast::error::RecvError;

use super::command::{Done, OutboxProgress};
use crate::api::{Client, ClientError};
use crate::station::db::{OutboxEntry, OutboxId};
use crate::station::outbox::{Outbox, WorkerConfig};
use crate::ui::jobs::{Jobs, Progress, Reporter, SharedDb, with_db};

/// Starts the worker of the desk named `desk` and a task that forwards its reports with a
/// fresh snapshot.
pub fn start(
    jobs: &Jobs,
    db: SharedDb,
    client: Client,
    config: WorkerConfig,
    desk: String,
) -> Outbox {
    let runtime = jobs.runtime();
    let outbox = Outbox::spawn(&runtime, db.clone(), client, config, desk);
    let reports = outbox.subscribe();
    runtime.spawn(forward(db, reports, jobs.reporter()));
    outbox
}

async fn forward(
    db: SharedDb,
    mut reports: tokio::sync::broadcast::Receiver<crate::station::outbox::Report>,
    reporter: Reporter,
) {
    snapshot(&db, &reporter, None, None).await;
    loop {
        match reports.recv().await {
            Ok(report) => snapshot(&db, &reporter, report.entry, report.error).await,
            // Missed reports are covered by the snapshot of the next one.
            Err(RecvError::Lagged(_)) => snapshot(&db, &reporter, None, None).await,
            Err(RecvError::Closed) => return,
        }
    }
}

async fn snapshot(
    db: &SharedDb,
    reporter: &Reporter,
    entry: Option<OutboxEntry>,
    error: Option<ClientError>,
) {
    let read = with_db(db, |db| Ok((db.outbox_summary()?, db.outbox_open()?))).await;
    match read {
        Ok((summary, open)) => reporter.progress(Progress::Outbox(Box::new(OutboxProgress {
            summary,
            open,
            entry,
            error,
        }))),
        Err(failure) => tracing::warn!("outbox snapshot: {}", failure.message()),
    }
}

/// Sends an entry again, with the body as a person corrected it (`None`: unchanged).
pub async fn resend(
    db: SharedDb,
    outbox: Outbox,
    id: OutboxId,
    corrected: Option<serde_json::Value>,
) -> Done {
    let result = with_db(&db, move |db| db.outbox_resend(id, corrected)).await;
    outbox.wake();
    Done::Changed(result)
}

/// Discards an entry (the supervisor was unlocked when it was asked for).
pub async fn discard(db: SharedDb, outbox: Outbox, id: OutboxId, reason: String) -> Done {
    let result = with_db(&db, move |db| db.outbox_discard(id, &reason)).await;
    outbox.wake();
    Done::Changed(result)
}
