//! Background work: the tokio runtime the app owns, and the results that come back to the UI.
//!
//! A job is an async block spawned on the runtime; it does its network, database (through
//! `spawn_blocking`) and file work and ends with one [`JobResult`], sent over a channel followed
//! by `request_repaint`. Long jobs also send [`Progress`]. Nothing here touches `AppState`:
//! `handle::apply` does, on the UI thread.

pub mod label;
pub mod orders;
pub mod outbox;
pub mod output;
pub mod panels;
pub mod parcel_label;
pub mod preview;
pub mod startup;

use std::future::Future;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use crate::station::db::OutboxEntry;

use crate::station::db::{
    LabelId, OrderNumber, OrderRow, ParcelId, ScanMatch, StationDb, StationError, StationOrder,
};
use crate::station::pin::{SupervisorLock, UnlockResult};

use super::failure::Failure;

pub use label::{LabelDone, LabelFailed};
pub use startup::Started;

/// The station database, shared by jobs and the outbox worker (each use is one blocking call).
pub type SharedDb = crate::station::outbox::SharedDb;

/// What a job ends with.
pub enum JobResult {
    Started(Result<Box<Started>, Box<startup::StartFailed>>),
    /// Demo orders submitted and recorded.
    Seeded(Result<usize, String>),
    OrdersLoaded(Result<Vec<OrderRow>, String>),
    OrderLoaded {
        number: OrderNumber,
        result: Result<StationOrder, Failure>,
    },
    Scanned {
        code: String,
        result: Result<ScanMatch, String>,
    },
    Label(Result<Box<LabelDone>, Box<LabelFailed>>),
    /// A split-parcel label request written to the outbox (the worker's reports follow it).
    LabelQueued(Box<OutboxEntry>),
    Preview {
        label: LabelId,
        result: Result<egui::ColorImage, String>,
    },
    Fulfilled(Result<StationOrder, Failure>),
    Canceled(Result<StationOrder, Failure>),
    ParcelDiscarded(Result<StationOrder, Failure>),
    /// An outbox entry after a person resent or discarded it.
    OutboxChanged(Result<OutboxEntry, String>),
    Unlocked {
        lock: SupervisorLock,
        result: Result<UnlockResult, String>,
    },
    /// The file the label was saved to; `None` when the dialog was closed.
    Saved(Result<Option<PathBuf>, String>),
    /// Where the label was sent.
    Printed(Result<String, String>),
    /// A test page from Settings was sent (or why not).
    TestPrinted(Result<String, String>),
    QuoteCalculated(Result<crate::api::TaxCalculationResponse, crate::api::ClientError>),
    QuoteSubmitted(Result<(), panels::SubmitFailure>),
    /// Files imported (`None`: the file dialog was closed).
    Imported(Option<Vec<crate::ui::import::FileReport>>),
    /// What "Test connection" found, in words.
    WarehouseTested(Result<String, String>),
    /// Another station record is in use now (or why not).
    WarehouseSwitched(Result<crate::ui::warehouse::WarehouseStatus, String>),
    /// A cart file's text; `None` when the dialog was closed.
    CartLoaded(Result<Option<String>, String>),
    /// Where the cart was saved; `None` when the dialog was closed.
    CartSaved(Result<Option<String>, String>),
    SettingsSaved {
        settings: Box<crate::station::settings::Settings>,
        result: Result<(), String>,
    },
    SecretSaved {
        environment: String,
        kind: crate::station::secrets::SecretKind,
        result: Result<crate::api::Secret, String>,
    },
    StoredSecrets(
        Vec<(
            String,
            crate::station::secrets::SecretKind,
            Option<crate::api::Secret>,
        )>,
    ),
    PinHashed(Result<String, String>),
    /// A supervisor PIN typed in Settings was checked (and for a change the new one hashed).
    PinChecked(Box<panels::PinChecked>),
    /// The settings file with a new supervisor PIN (or none) was written (or why not).
    PinSaved(Result<(), String>),
    /// The supervisor lockout was written to its file (or why not).
    LockoutSaved(Result<(), String>),
    /// A client for the environment now in use (and the embedded service if one was started).
    Connected(
        Result<
            (
                crate::api::Client,
                Option<crate::service::server::RunningService>,
            ),
            String,
        >,
    ),
}

/// What a long job reports before it ends.
pub enum Progress {
    Startup(String),
    Seeding {
        done: usize,
        total: usize,
    },
    /// The parcel is recorded and its label requested.
    ParcelRecorded {
        order: Box<StationOrder>,
        parcel: ParcelId,
    },
    /// The outbox after the worker's latest attempt.
    Outbox(Box<outbox::OutboxProgress>),
    /// The station record became unreachable (why), or answers again (`None`).
    Warehouse(Option<String>),
    /// The inbox folder's watcher imported files, or cannot read the folder.
    Inbox(Result<Vec<crate::ui::import::FileReport>, String>),
    /// The service answered `pending`; the job asks again after `next_in_ms`.
    LabelPending {
        parcel: ParcelId,
        attempt: u32,
        next_in_ms: u64,
    },
}

/// A message from a job.
pub enum Received {
    Done(Box<JobResult>),
    Progress(Progress),
}

/// Sends progress from inside a job.
#[derive(Clone)]
pub struct Reporter {
    sender: Sender<Received>,
    ctx: Arc<Mutex<Option<egui::Context>>>,
}

impl Reporter {
    pub fn progress(&self, progress: Progress) {
        let _ = self.sender.send(Received::Progress(progress));
        self.repaint();
    }

    fn done(&self, result: JobResult) {
        let _ = self.sender.send(Received::Done(Box::new(result)));
        self.repaint();
    }

    fn repaint(&self) {
        if let Ok(ctx) = self.ctx.lock()
            && let Some(ctx) = ctx.as_ref()
        {
            ctx.request_repaint();
        }
    }
}

/// The runtime, the channel and the count of jobs whose result the UI has not applied yet.
pub struct Jobs {
    runtime: tokio::runtime::Runtime,
    reporter: Reporter,
    receiver: Receiver<Received>,
    in_flight: Arc<AtomicUsize>,
}

impl Jobs {
    pub fn new() -> std::io::Result<Self> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("packdesk-jobs")
            .enable_all()
            .build()?;
        let (sender, receiver) = channel();
        Ok(Self {
            runtime,
            reporter: Reporter {
                sender,
                ctx: Arc::new(Mutex::new(None)),
            },
            receiver,
            in_flight: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// The context to repaint when a result arrives (known from the first frame on).
    pub fn set_context(&self, ctx: &egui::Context) {
        if let Ok(mut slot) = self.reporter.ctx.lock()
            && slot.is_none()
        {
            *slot = Some(ctx.clone());
        }
    }

    /// The context jobs repaint (for loading textures from their results).
    pub fn context(&self) -> Option<egui::Context> {
        self.reporter.ctx.lock().ok().and_then(|ctx| ctx.clone())
    }

    /// Runs a job; its result comes back through [`Jobs::try_recv`].
    pub fn spawn<F>(&self, job: impl FnOnce(Reporter) -> F)
    where
        F: Future<Output = JobResult> + Send + 'static,
    {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let reporter = self.reporter.clone();
        let future = job(reporter.clone());
        self.runtime.spawn(async move {
            let result = future.await;
            reporter.done(result);
        });
    }

    /// The next message, if one arrived.
    pub fn try_recv(&self) -> Option<Received> {
        let received = self.receiver.try_recv().ok()?;
        if matches!(received, Received::Done(_)) {
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
        }
        Some(received)
    }

    /// Jobs started whose result was not received yet.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// The runtime's handle (for the outbox worker, which runs as long as the app).
    pub fn runtime(&self) -> tokio::runtime::Handle {
        self.runtime.handle().clone()
    }

    /// A reporter for long-running tasks that send progress but never end.
    pub fn reporter(&self) -> Reporter {
        self.reporter.clone()
    }

    /// Runs a future to its end on the runtime (for shutting the embedded service down).
    pub fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}

/// Runs a station database call off the async threads.
pub async fn with_db<T, F>(db: &SharedDb, work: F) -> Result<T, Failure>
where
    T: Send + 'static,
    F: FnOnce(&mut StationDb) -> Result<T, StationError> + Send + 'static,
{
    let db = db.clone();
    let joined = tokio::task::spawn_blocking(move || {
        let mut guard = db.lock().map_err(|_| {
            Failure::Other(
                "The station database is unusable after an earlier error; restart Packdesk.".into(),
            )
        })?;
        work(&mut guard).map_err(|e| Failure::from_station(&e))
    })
    .await;
    joined.unwrap_or_else(|e| Err(Failure::Other(format!("A background task failed: {e}."))))
}
