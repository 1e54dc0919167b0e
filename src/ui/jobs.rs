//! Background work: the tokio runtime the app owns, and the results that come back to the UI.
//!
//! A job is an async block spawned on the runtime; it does its network (the warehouse server
//! through `ui::record`, the landed-cost service) and file work and ends with one [`JobResult`], sent over a channel followed
//! by `request_repaint`. Long jobs also send [`Progress`]. Nothing here touches `AppState`:
//! `route::apply` hands each result to its feature, on the UI thread.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use super::failure::Failure;

/// What a job ends with: one feature's result, applied by that feature.
pub enum JobResult {
    Shell(super::shell::command::Done),
    /// One feature's result (`ui` lists them, in `FeatureDone`).
    Feature(super::FeatureDone),
}

/// What a long job reports before it ends.
pub enum Progress {
    Shell(super::shell::command::Progress),
    /// One feature's progress (`ui` lists them, in `FeatureProgress`).
    Feature(super::FeatureProgress),
    /// The outbox after the worker's latest attempt (the outbox and the packing view follow it).
    Outbox(Box<super::outbox_report::OutboxProgress>),
    /// The station record became unreachable (why), or answers again (`None`).
    Warehouse(Option<String>),
    /// The live stream (re)opened without knowing where it was: read everything again.
    Resync,
    /// Orders another desk (or this one) changed in the record, newest change last.
    Changes(Vec<crate::station::db::OrderNumber>),
    /// The inbox folder's watcher imported files, or cannot read the folder.
    Inbox(Result<Vec<crate::station::import::FileReport>, Failure>),
    /// The desk's scale: a reading, or why there is none.
    Scale(crate::station::scale::ScaleEvent),
}

/// A task that runs until it is dropped (a watcher the shell starts and keeps in `Backend`).
pub struct Background(tokio::task::JoinHandle<()>);

impl Background {
    pub fn spawn(
        runtime: &tokio::runtime::Handle,
        task: impl Future<Output = ()> + Send + 'static,
    ) -> Self {
        Self(runtime.spawn(task))
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.0.abort();
    }
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
    pub fn progress(&self, progress: impl Into<Progress>) {
        let _ = self.sender.send(Received::Progress(progress.into()));
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
    pub fn spawn<F, R>(&self, job: impl FnOnce(Reporter) -> F)
    where
        F: Future<Output = R> + Send + 'static,
        R: Into<JobResult>,
    {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let reporter = self.reporter.clone();
        let future = job(reporter.clone());
        self.runtime.spawn(async move {
            let result = future.await;
            reporter.done(result.into());
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

/// A job ends with its feature's own result type.
impl<T> From<T> for JobResult
where
    super::FeatureDone: From<T>,
{
    fn from(done: T) -> Self {
        Self::Feature(super::FeatureDone::from(done))
    }
}

impl From<super::shell::command::Done> for JobResult {
    fn from(done: super::shell::command::Done) -> Self {
        Self::Shell(done)
    }
}

impl From<super::shell::command::Progress> for Progress {
    fn from(progress: super::shell::command::Progress) -> Self {
        Self::Shell(progress)
    }
}

/// A long job reports with its feature's own progress type.
impl<T> From<T> for Progress
where
    super::FeatureProgress: From<T>,
{
    fn from(progress: T) -> Self {
        Self::Feature(super::FeatureProgress::from(progress))
    }
}
