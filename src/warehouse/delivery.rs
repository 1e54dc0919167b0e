//! The server's outbox worker: it alone sends the warehouse's orders, label requests,
//! fulfillments and cancellations to the provider, with the credentials only the server holds.
//! The lease and exactly-once rules are the outbox's own (`station::outbox`), so several
//! instances on one PostgreSQL database deliver each entry once. When a label arrives, its
//! customs paperwork is made here too and kept in the record, for the desks to download.

use std::sync::{Arc, Mutex};

use tokio::sync::broadcast::error::RecvError;
use tokio::task::JoinHandle;

use crate::api::{Client, ClientConfig, ClientError};
use crate::customs::documents::{self, Made};
use crate::station::db::{
    Location, OrderNumber, OutboxAction, OutboxEntry, OutboxState, ParcelId, StationDb,
    StationError,
};
use crate::station::outbox::{Outbox, Report, SharedDb, WorkerConfig, with_db};
use crate::warehouse::feed::Nudge;

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    #[error("the provider's settings: {0}")]
    Provider(#[from] ClientError),
    #[error("cannot open the record for the outbox: {0}")]
    Record(#[from] StationError),
}

/// A running outbox worker and the paperwork that follows its labels.
pub struct Delivery {
    outbox: Outbox,
    paperwork: JoinHandle<()>,
}

impl Delivery {
    /// Starts the worker, named `worker` in the record's leases and the Outbox tab, on its
    /// own connection to `location` (so its sends never wait on the desks' requests).
    pub async fn start(
        location: Location,
        provider: ClientConfig,
        config: WorkerConfig,
        worker: String,
        nudge: Nudge,
    ) -> Result<Self, DeliveryError> {
        let client = Client::new(provider)?;
        let db = tokio::task::spawn_blocking(move || StationDb::connect(&location))
            .await
            .map_err(|e| StationError::Corrupt(format!("a blocking task failed: {e}")))??;
        let db: SharedDb = Arc::new(Mutex::new(db));
        let outbox = Outbox::spawn(
            &tokio::runtime::Handle::current(),
            db.clone(),
            client,
            config,
            worker,
        );
        let paperwork = tokio::spawn(follow_labels(db, outbox.subscribe(), nudge));
        Ok(Self { outbox, paperwork })
    }

    /// A handle that wakes the worker (a desk just queued or resent an entry).
    pub fn outbox(&self) -> Outbox {
        self.outbox.clone()
    }

    /// Reports of every attempt from now on (tests, the log).
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Report> {
        self.outbox.subscribe()
    }

    /// Stops the worker and gives back the entry it was sending (another instance, or this
    /// one after a restart, sends it again at once).
    pub async fn stop(self) {
        self.paperwork.abort();
        self.outbox.stop().await;
    }
}

/// Makes the customs paperwork of each label the worker delivers, and has the change feed look
/// at once after each attempt (the worker wrote its outcome; desks wait for labels).
async fn follow_labels(
    db: SharedDb,
    mut reports: tokio::sync::broadcast::Receiver<Report>,
    nudge: Nudge,
) {
    loop {
        let entry = match reports.recv().await {
            Ok(Report {
                entry: Some(entry), ..
            }) => entry,
            Ok(_) => continue,
            // Missed reports: their labels get paperwork when a desk asks for it.
            Err(RecvError::Lagged(missed)) => {
                tracing::warn!("paperwork: {missed} outbox reports missed");
                continue;
            }
            Err(RecvError::Closed) => return,
        };
        if let Some(label) = delivered_label(&entry) {
            make_paperwork(&db, label).await;
        }
        nudge.nudge();
    }
}

/// The order and parcel of a delivered label request.
fn delivered_label(entry: &OutboxEntry) -> Option<(OrderNumber, ParcelId)> {
    if entry.action == OutboxAction::ParcelLabel && entry.state == OutboxState::Delivered {
        entry.parcel.map(|parcel| (entry.order, parcel))
    } else {
        None
    }
}

async fn make_paperwork(db: &SharedDb, (order, parcel): (OrderNumber, ParcelId)) {
    let made = with_db(db, move |db| {
        let Some(record) = db.order(order)? else {
            return Ok(None);
        };
        let Some(label) = record
            .parcel(parcel)
            .and_then(|(_, p)| p.latest_label())
            .map(|l| l.id)
        else {
            return Ok(None);
        };
        if !db.customs_documents(label)?.is_empty() {
            return Ok(None);
        }
        Ok(Some(documents::make_for_label(db, order, parcel, label)))
    })
    .await;
    match made {
        Ok(Some(Ok(Made::Made { documents, .. }))) => {
            tracing::info!(order = %order, parcel = parcel.0, "customs paperwork made: {} documents", documents.len());
        }
        Ok(Some(Ok(Made::Missing(missing)))) => {
            tracing::warn!(order = %order, "customs paperwork not made, the settings miss {} fields", missing.len());
        }
        Ok(Some(Ok(Made::NotNeeded(_)))) | Ok(None) => {}
        Ok(Some(Err(e))) => tracing::warn!(order = %order, "customs paperwork: {e}"),
        Err(e) => tracing::warn!(order = %order, "customs paperwork: {e}"),
    }
}
