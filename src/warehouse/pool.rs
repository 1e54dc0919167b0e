//! The server's connections to the record: a few `StationDb`s, each used by one request at a
//! time on the blocking pool (both engines' clients are synchronous), named for the desk and
//! person the request authenticated, so every event the request writes says who did it.

use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::Semaphore;

use crate::station::db::{Location, StationDb, StationError};
use crate::station::model::Actor;
use crate::warehouse::feed::Nudge;

/// Connections opened at most on PostgreSQL (SQLite gets one); requests beyond them wait.
pub const DEFAULT_CONNECTIONS: usize = 8;

#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    #[error(transparent)]
    Station(#[from] StationError),
    #[error("a request's database work stopped unexpectedly: {0}")]
    Crashed(String),
}

/// Connections to one record, shared by the server's requests.
#[derive(Clone)]
pub struct Pool {
    inner: Arc<Inner>,
}

struct Inner {
    location: Location,
    idle: Mutex<Vec<StationDb>>,
    permits: Arc<Semaphore>,
    /// Nudged after each request's work, which may have written.
    after_each: OnceLock<Nudge>,
}

impl Pool {
    /// Opens (and migrates) the first connection now, so a wrong URL or an unreachable database
    /// is said at start; the others open as requests need them.
    pub fn open(location: Location, connections: usize) -> Result<Self, StationError> {
        let first = StationDb::connect(&location)?;
        // A SQLite file has one writer: with several connections each waiting writer sleeps
        // in SQLite's busy handler, a nap at a time, where one connection hands the file from
        // request to request at once (docs/perf/warehouse-server.md).
        let connections = match location {
            Location::Sqlite(_) => 1,
            Location::Postgres(_) => connections.max(1),
        };
        Ok(Self {
            inner: Arc::new(Inner {
                location,
                idle: Mutex::new(vec![first]),
                permits: Arc::new(Semaphore::new(connections)),
                after_each: OnceLock::new(),
            }),
        })
    }

    /// Has the change feed look at the record after each request's work (set once).
    pub fn nudge_after_each(&self, nudge: Nudge) {
        let _ = self.inner.after_each.set(nudge);
    }

    /// Where the record is, without a password.
    pub fn describe(&self) -> String {
        match &self.inner.location {
            Location::Sqlite(path) => path.display().to_string(),
            Location::Postgres(target) => target.to_string(),
        }
    }

    /// Runs `work` on a connection of its own, writing as `actor`.
    pub async fn run<T, F>(&self, actor: Actor, work: F) -> Result<T, PoolError>
    where
        T: Send + 'static,
        F: FnOnce(&mut StationDb) -> Result<T, StationError> + Send + 'static,
    {
        let permit = self
            .inner
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| PoolError::Crashed(e.to_string()))?;
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let taken = inner.idle.lock().map_or(None, |mut idle| idle.pop());
            let mut db = match taken {
                Some(db) => db,
                None => StationDb::connect(&inner.location)?,
            };
            db.set_actor(actor);
            let result = work(&mut db);
            // A connection that lost its server reconnects by itself at its next transaction,
            // so every connection goes back.
            db.set_actor(Actor::default());
            if let Ok(mut idle) = inner.idle.lock() {
                idle.push(db);
            }
            if let Some(nudge) = inner.after_each.get() {
                nudge.nudge();
            }
            result.map_err(PoolError::from)
        })
        .await
        .map_err(|e| PoolError::Crashed(e.to_string()))?
    }
}
