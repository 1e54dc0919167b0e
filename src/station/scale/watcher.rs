//! Reading the desk's scale all the time, on a thread of its own: each reading or problem is
//! handed to a callback (the app wakes its frame there). A scale that goes away is opened
//! again every second until it is back; a problem is said once, not at every try.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::config::ScaleConfig;
use super::connection::ScaleConnection;
use super::error::ScaleError;
use super::reading::Reading;

/// How often the scale is asked: the weight follows the parcel without flooding the app.
pub const POLL_EVERY: Duration = Duration::from_millis(200);
/// How long an answer may take before the scale counts as silent.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(2);
/// How often a scale that went away is opened again.
pub const REOPEN_EVERY: Duration = Duration::from_secs(1);

/// What the watcher reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScaleEvent {
    Reading(Reading),
    /// Why there is no reading now, in words for the packer ("the scale does not answer").
    Problem(String),
}

/// A background thread that keeps reading the configured scale and sends each reading or
/// problem; reconnects by itself after the device goes away (every second); stops when
/// dropped (within a tenth of a second or so: reads wait in short slices).
pub struct ScaleWatcher {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl ScaleWatcher {
    /// Starts reading `config`'s scale. With no scale set up nothing runs and nothing is said.
    pub fn start(config: ScaleConfig, report: impl Fn(ScaleEvent) + Send + 'static) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = (config != ScaleConfig::None)
            .then(|| {
                let stop = Arc::clone(&stop);
                std::thread::Builder::new()
                    .name("scale-watcher".to_string())
                    .spawn(move || watch(&config, &report, &stop))
                    .map_err(|e| tracing::error!("cannot start the scale watcher: {e}"))
                    .ok()
            })
            .flatten();
        Self { stop, thread }
    }
}

impl Drop for ScaleWatcher {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

fn watch(config: &ScaleConfig, report: &dyn Fn(ScaleEvent), stop: &AtomicBool) {
    let mut teller = Teller { report, said: None };
    while !stop.load(Ordering::Relaxed) {
        let mut connection = match ScaleConnection::open(config) {
            Ok(connection) => connection,
            Err(error) => {
                teller.problem(&error);
                pause(REOPEN_EVERY, stop);
                continue;
            }
        };
        loop {
            let result = connection.read_unless(ANSWER_WITHIN, stop);
            if stop.load(Ordering::Relaxed) {
                return;
            }
            match result {
                Ok(reading) => {
                    teller.reading(reading);
                    pause(POLL_EVERY, stop);
                }
                // Open again, after the device had a moment to come back.
                Err(error @ ScaleError::Gone { .. }) => {
                    teller.problem(&error);
                    pause(REOPEN_EVERY, stop);
                    break;
                }
                // It already waited its time; ask again at once.
                Err(error @ ScaleError::NoAnswer) => teller.problem(&error),
                Err(error) => {
                    teller.problem(&error);
                    pause(POLL_EVERY, stop);
                }
            }
        }
    }
}

/// Hands events on, saying a problem once until a reading comes between.
struct Teller<'a> {
    report: &'a dyn Fn(ScaleEvent),
    said: Option<String>,
}

impl Teller<'_> {
    fn reading(&mut self, reading: Reading) {
        self.said = None;
        (self.report)(ScaleEvent::Reading(reading));
    }

    fn problem(&mut self, error: &ScaleError) {
        let text = error.to_string();
        if self.said.as_ref() != Some(&text) {
            (self.report)(ScaleEvent::Problem(text.clone()));
            self.said = Some(text);
        }
    }
}

/// Sleeps `length`, or less once `stop` is set (`Drop` unparks the thread).
fn pause(length: Duration, stop: &AtomicBool) {
    let until = Instant::now() + length;
    while !stop.load(Ordering::Relaxed) {
        let now = Instant::now();
        if now >= until {
            return;
        }
        std::thread::park_timeout(until - now);
    }
}
