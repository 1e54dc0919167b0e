//! The station database as the outbox worker and the app's jobs share it, and calling it from
//! async code.

use std::sync::{Arc, Mutex};

use crate::station::db::{StationDb, StationError};

/// The station database as the worker and the app's jobs share it.
pub type SharedDb = Arc<Mutex<StationDb>>;

/// Runs a station database call off the async threads.
pub async fn with_db<T, F>(db: &SharedDb, work: F) -> Result<T, StationError>
where
    T: Send + 'static,
    F: FnOnce(&mut StationDb) -> Result<T, StationError> + Send + 'static,
{
    let db = db.clone();
    tokio::task::spawn_blocking(move || {
        let mut guard = db
            .lock()
            .map_err(|_| StationError::Corrupt("the station database lock was poisoned".into()))?;
        work(&mut guard)
    })
    .await
    .unwrap_or_else(|e| {
        Err(StationError::Corrupt(format!(
            "a blocking task failed: {e}"
        )))
    })
}
