//! What other desks do, seen here within a second: on PostgreSQL a listener wakes on each
//! committed change (`LISTEN`; schema step 7's trigger), falling back to polling every half
//! second while its connection is down and reopening it every few seconds; on a desk's own
//! SQLite file it polls (another process, `packdesk import` say, may write to it). Either way
//! the changed orders are read from the events and reported as [`Progress::Changes`]; the
//! table shows their rows again and an open order reloads.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::station::db::{ChangeCursor, ChangeListener, StationDb};
use crate::ui::jobs::{Progress, Reporter, SharedDb};

const POLL_EVERY: Duration = Duration::from_millis(500);
const LISTEN_WAIT: Duration = Duration::from_secs(1);
/// Even with a listener, look now and then: a notification lost with a reconnect is then late
/// by this much at worst.
const SAFETY_POLL: Duration = Duration::from_secs(10);
const REOPEN_LISTENER_EVERY: Duration = Duration::from_secs(5);

/// The watcher's thread; dropped, it stops within a second.
pub struct ChangeWatcher {
    stop: Arc<AtomicBool>,
}

impl ChangeWatcher {
    pub fn start(runtime: &tokio::runtime::Handle, db: SharedDb, reporter: Reporter) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        // A blocking thread: the listener waits on its socket.
        drop(runtime.spawn_blocking(move || watch(&db, &reporter, &stopped)));
        Self { stop }
    }
}

impl Drop for ChangeWatcher {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn with<T>(db: &SharedDb, work: impl FnOnce(&mut StationDb) -> T) -> Option<T> {
    db.lock().ok().map(|mut db| work(&mut db))
}

fn watch(db: &SharedDb, reporter: &Reporter, stop: &AtomicBool) {
    let mut cursor: Option<ChangeCursor> = None;
    let mut listener: Option<ChangeListener> = None;
    let mut listener_tried: Option<Instant> = None;
    let mut looked = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        let Some(at) = cursor.as_mut() else {
            cursor = with(db, |db| db.change_cursor().ok()).flatten();
            if cursor.is_none() {
                std::thread::sleep(POLL_EVERY);
            }
            continue;
        };
        if listener.is_none() && listener_tried.is_none_or(|t| t.elapsed() >= REOPEN_LISTENER_EVERY)
        {
            listener_tried = Some(Instant::now());
            listener = match with(db, |db| db.change_listener()).flatten() {
                Some(Ok(l)) => Some(l),
                Some(Err(e)) => {
                    tracing::debug!("not listening for changes ({e}); polling");
                    None
                }
                None => None,
            };
        }
        let look = match listener.as_mut() {
            Some(l) => match l.wait(LISTEN_WAIT) {
                Ok(notified) => notified || looked.elapsed() >= SAFETY_POLL,
                Err(e) => {
                    tracing::info!("change notifications lost ({e}); polling until they return");
                    listener = None;
                    true
                }
            },
            None => {
                std::thread::sleep(POLL_EVERY);
                true
            }
        };
        if !look {
            continue;
        }
        looked = Instant::now();
        match with(db, |db| db.changes_since(at)) {
            Some(Ok(changed)) if !changed.is_empty() => {
                reporter.progress(Progress::Changes(changed));
            }
            Some(Err(e)) => tracing::debug!("changes not read: {e}"),
            _ => {}
        }
    }
}
