//! The record's newest event, watched: one thread per server instance wakes on PostgreSQL's
//! `NOTIFY` (whichever instance or tool wrote) or, on SQLite, when this server wrote (a
//! [`Nudge`]) and every 100 ms besides (another process may have), and publishes the newest
//! event id. Each desk's live stream (`http::routes::changes`) waits on it and reads
//! what changed from the events, so a lost notification costs a delay, never a change.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::station::db::{ChangeListener, Location, StationDb, StationError};

/// How often SQLite (no notifications) is looked at, and how long a PostgreSQL listener waits
/// before it looks anyway.
const POLL: Duration = Duration::from_millis(100);
const LISTEN_WAIT: Duration = Duration::from_secs(1);

/// The newest event id, as the feed last saw it.
#[derive(Clone)]
pub struct ChangeFeed {
    newest: watch::Receiver<i64>,
    stop: Arc<AtomicBool>,
    nudge: Nudge,
}

/// Tells the feed this server may just have written, so a SQLite feed looks now instead of at
/// its next poll (PostgreSQL's notifications need no nudge).
#[derive(Clone, Default)]
pub struct Nudge(Arc<(Mutex<bool>, Condvar)>);

impl Nudge {
    pub fn nudge(&self) {
        let (flag, ready) = &*self.0;
        if let Ok(mut nudged) = flag.lock() {
            *nudged = true;
            ready.notify_one();
        }
    }

    /// Waits until nudged or `at_most` has passed.
    fn wait(&self, at_most: Duration) {
        let (flag, ready) = &*self.0;
        let Ok(nudged) = flag.lock() else {
            std::thread::sleep(at_most);
            return;
        };
        if let Ok((mut nudged, _)) = ready.wait_timeout_while(nudged, at_most, |n| !*n) {
            *nudged = false;
        }
    }
}

impl ChangeFeed {
    /// Starts watching `location` on a thread of its own.
    pub fn start(location: Location) -> Result<Self, StationError> {
        let mut db = StationDb::connect(&location)?;
        let (send, newest) = watch::channel(db.newest_event()?);
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let nudge = Nudge::default();
        let nudged = nudge.clone();
        std::thread::Builder::new()
            .name("warehouse-change-feed".into())
            .spawn(move || watch_record(db, send, &stopping, &nudged))
            .map_err(|e| StationError::Warehouse(format!("cannot start the change feed: {e}")))?;
        Ok(Self {
            newest,
            stop,
            nudge,
        })
    }

    /// What the server's writers nudge.
    pub fn nudge(&self) -> Nudge {
        self.nudge.clone()
    }

    /// A receiver of the newest event id.
    pub fn subscribe(&self) -> watch::Receiver<i64> {
        self.newest.clone()
    }

    /// A guard that ends the watching thread (at its next wake) when it goes; the thread's end
    /// closes every live stream, so a server can stop while desks are listening.
    pub fn stopper(&self) -> FeedStopper {
        FeedStopper(self.stop.clone())
    }
}

pub struct FeedStopper(Arc<AtomicBool>);

impl Drop for FeedStopper {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn watch_record(mut db: StationDb, send: watch::Sender<i64>, stop: &AtomicBool, nudge: &Nudge) {
    let mut listener: Option<ChangeListener> = None;
    let mut said = false;
    while !stop.load(Ordering::Relaxed) {
        if listener.is_none() {
            listener = db.change_listener().and_then(Result::ok);
        }
        match listener.as_mut() {
            Some(open) => {
                if open.wait(LISTEN_WAIT).is_err() {
                    // Lost: poll until a new listener opens.
                    listener = None;
                    std::thread::sleep(POLL);
                }
            }
            None => nudge.wait(POLL),
        }
        match db.newest_event() {
            Ok(newest) => {
                said = false;
                send.send_if_modified(|held| {
                    let newer = newest > *held;
                    if newer {
                        *held = newest;
                    }
                    newer
                });
            }
            Err(e) if !said => {
                tracing::warn!(error = %e, "the change feed cannot read the record; retrying");
                said = true;
            }
            Err(_) => {}
        }
    }
}
