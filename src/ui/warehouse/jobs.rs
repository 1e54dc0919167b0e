//! The warehouse feature's I/O, off the UI thread: testing a connection, switching the record,
//! and watching whether it can be reached.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::command::Done;
use super::state::{WarehouseStatus, capitalized};
use crate::api::Secret;
use crate::station::db::engine::{SchemaStatus, test_connection as probe};
use crate::station::db::{Health, Location, StationDb, StationError};
use crate::station::secrets::{CredentialStore, SecretKind, WAREHOUSE};
use crate::station::settings::Settings;
use crate::station::warehouse;
use crate::ui::failure::Failure;
use crate::ui::jobs::{Progress, Reporter, SharedDb};

/// How often an unreachable record is tried again.
const RETRY_EVERY: Duration = Duration::from_secs(2);

/// Connects with `url` and the password (typed, else stored), changes nothing, and says what
/// it found in words.
pub async fn test_connection(
    url: String,
    password: Option<Secret>,
    store: Option<CredentialStore>,
) -> Done {
    let result = tokio::task::spawn_blocking(move || {
        let target = match Location::parse(&url).map_err(|e| e.to_string())? {
            Location::Postgres(target) => *target,
            Location::Sqlite(_) => {
                return Err("That is a file path; a warehouse database URL starts with postgres://".into());
            }
        };
        let password = match password {
            Some(typed) => Some(typed),
            None => store
                .as_ref()
                .map(|s| s.get(WAREHOUSE, SecretKind::WarehousePassword))
                .transpose()
                .map_err(|e| e.to_string())?
                .flatten(),
        };
        let target = match &password {
            Some(password) => target.with_password(password),
            None => target,
        };
        let shown = target.to_string();
        match probe(&target) {
            Ok(SchemaStatus::Empty) => Ok(format!(
                "Connected to {shown}. The database is empty: the first desk that uses it sets it up."
            )),
            Ok(SchemaStatus::Older { found, known }) => Ok(format!(
                "Connected to {shown}. Its schema is {found}, older than this Packdesk's {known}: it is brought up to date when this desk uses it."
            )),
            Ok(SchemaStatus::Current { version }) => Ok(format!(
                "Connected to {shown}: a Packdesk warehouse record (schema {version})."
            )),
            Err(e) => Err(sentence(&e)),
        }
    })
    .await
    .unwrap_or_else(|e| Err(e.to_string()));
    Done::Tested(result.map_err(Failure::Other))
}

/// Opens the record the settings name and, once it is open and migrated, puts it in place of
/// the one in use (the outbox worker and every job use the new one from then on).
pub async fn switch_database(
    db: SharedDb,
    settings: Settings,
    default_sqlite: PathBuf,
    store: Option<CredentialStore>,
) -> Done {
    let result = tokio::task::spawn_blocking(move || {
        let location = warehouse::location(None, &settings, &default_sqlite, store.as_ref())
            .map_err(|e| format!("The warehouse setting cannot be used: {e}."))?;
        let shown = location.to_string();
        let opened = StationDb::connect(&location).map_err(|e| {
            format!(
                "Could not open the station record at {shown}: {}",
                sentence(&e)
            )
        })?;
        let status = status_of(&opened);
        let mut in_use = db
            .lock()
            .map_err(|_| "The station database is unusable; restart Packdesk.".to_string())?;
        *in_use = opened;
        Ok(status)
    })
    .await
    .unwrap_or_else(|e| Err(e.to_string()));
    Done::Switched(result.map_err(Failure::Other))
}

/// What the status bar shows of a record.
pub fn status_of(db: &StationDb) -> WarehouseStatus {
    WarehouseStatus {
        location: db.describe(),
        shared: db.is_shared(),
        unreachable: None,
        switching: false,
    }
}

/// A database error as a sentence that says what to do.
fn sentence(error: &StationError) -> String {
    let mut sentence = capitalized(&error.to_string());
    if !sentence.ends_with('.') {
        sentence.push('.');
    }
    sentence
}

/// Watches the record's health: when a call found it unreachable, it is pinged every two
/// seconds (which reconnects) until it answers; each change is reported as
/// [`Progress::Warehouse`].
pub struct HealthWatcher {
    task: tokio::task::JoinHandle<()>,
}

impl HealthWatcher {
    pub fn start(runtime: &tokio::runtime::Handle, db: SharedDb, reporter: Reporter) -> Self {
        Self {
            task: runtime.spawn(watch(db, reporter)),
        }
    }
}

impl Drop for HealthWatcher {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn watch(db: SharedDb, reporter: Reporter) {
    let mut reported: Option<String> = None;
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        // Read without the database lock: a job may hold it while it waits for the network.
        let Some(health) = health_of(&db) else {
            continue;
        };
        let Some(problem) = health.problem() else {
            if reported.take().is_some() {
                reporter.progress(Progress::Warehouse(None));
            }
            continue;
        };
        if reported.is_none() {
            reported = Some(problem.clone());
            reporter.progress(Progress::Warehouse(Some(problem)));
        }
        tokio::time::sleep(RETRY_EVERY).await;
        let db = db.clone();
        let _ = tokio::task::spawn_blocking(move || {
            if let Ok(mut db) = db.lock() {
                let _ = db.ping();
            }
        })
        .await;
    }
}

fn health_of(db: &SharedDb) -> Option<Arc<Health>> {
    // `try_lock`: never wait behind a job; the handle is the same until the record is switched.
    db.try_lock().ok().map(|db| db.health())
}
