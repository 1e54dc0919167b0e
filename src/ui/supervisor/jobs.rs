//! The supervisor's work off the UI thread: argon2 checks and hashes of the PIN (deliberately
//! slow), and the files that keep a new PIN and the lockout.

use std::path::PathBuf;
use std::time::Instant;

use super::command::{Done, PinChecked, PinPurpose, PinRequest};
use crate::api::Secret;
use crate::station::pin::{self, PersistedLockout, SupervisorLock, UnlockResult};
use crate::station::settings::Settings;
use crate::ui::failure::Failure;
use crate::ui::record::Record;

/// The desk's own session on its own server is unlocked for supervisor work too (the server
/// checks the same PIN, carried from the settings, and is what actually allows the work); a
/// person's session has nothing to unlock.
async fn server_unlock(record: Option<Record>, pin: &str) {
    let Some(record) = record.filter(|r| r.own_server) else {
        return;
    };
    let pin = pin.to_owned();
    let unlocked = record
        .call(|c, s| {
            let pin = pin.clone();
            async move { c.unlock(&s, &pin).await }
        })
        .await;
    if let Err(failure) = unlocked {
        tracing::warn!(
            "the server did not unlock this desk's session: {}",
            failure.message()
        );
    }
}

/// The server's supervisor PIN follows a change made here.
async fn server_pin(record: Option<Record>, current: Option<String>, new: String) {
    let Some(record) = record.filter(|r| r.own_server) else {
        return;
    };
    let changed = record
        .call(|c, s| {
            let (current, new) = (current.clone(), new.clone());
            async move { c.set_supervisor_pin(&s, current.as_deref(), &new).await }
        })
        .await;
    if let Err(failure) = changed {
        tracing::warn!(
            "the server's supervisor PIN was not changed: {}",
            failure.message()
        );
    }
}

/// The desk's own session goes back to packing only.
pub async fn server_lock(record: Record) {
    if let Err(failure) = record.call(|c, s| async move { c.lock(&s).await }).await {
        tracing::debug!("the server's unlock was not ended: {}", failure.message());
    }
}

/// Checks a PIN typed into the unlock dialog.
pub async fn unlock(lock: SupervisorLock, pin: String, record: Option<Record>) -> Done {
    let before = lock.clone();
    let typed = pin.clone();
    let checked = tokio::task::spawn_blocking(move || {
        let mut lock = lock;
        let result = lock.try_unlock(&pin, Instant::now());
        (lock, result)
    })
    .await;
    if let Ok((_, UnlockResult::Unlocked)) = &checked {
        server_unlock(record, &typed).await;
    }
    match checked {
        Ok((lock, result)) => Done::Unlocked {
            lock,
            result: Ok(result),
        },
        Err(e) => Done::Unlocked {
            lock: before,
            result: Err(Failure::Other(format!(
                "The PIN could not be checked ({e}); try again."
            ))),
        },
    }
}

/// Hashes a new supervisor PIN (argon2 takes a moment).
pub async fn hash_pin(pin: Secret, record: Option<Record>) -> Done {
    server_pin(record, None, pin.expose().to_owned()).await;
    let hashed = tokio::task::spawn_blocking(move || pin::hash_pin(pin.expose()))
        .await
        .map_err(|e| Failure::Other(format!("The PIN could not be hashed ({e}); try again.")))
        .and_then(|r| r.map_err(|e| Failure::Other(e.to_string())));
    Done::PinHashed(hashed)
}

/// Checks a supervisor PIN against the lock (a wrong one counts as a wrong try; while locked
/// out none is checked), then for a change hashes the new PIN — argon2 both, so off the UI
/// thread.
pub async fn check_pin(
    lock: SupervisorLock,
    pin: Secret,
    request: PinRequest,
    record: Option<Record>,
) -> Done {
    let before = lock.clone();
    let typed = pin.expose().to_owned();
    let changed_to = match &request {
        PinRequest::Change(new) => Some(new.expose().to_owned()),
        _ => None,
    };
    let (purpose, new_pin) = match request {
        PinRequest::Unlock => (PinPurpose::Unlock, None),
        PinRequest::Change(new) => (PinPurpose::Change, Some(new)),
        PinRequest::Remove => (PinPurpose::Remove, None),
    };
    let checked = tokio::task::spawn_blocking(move || {
        let mut lock = lock;
        let result = lock.try_unlock(pin.expose(), Instant::now());
        let new_hash = match (&result, new_pin) {
            (UnlockResult::Unlocked, Some(new)) => {
                Some(pin::hash_pin(new.expose()).map_err(|e| Failure::Other(e.to_string())))
            }
            _ => None,
        };
        (lock, result, new_hash)
    })
    .await;
    if let Ok((_, UnlockResult::Unlocked, _)) = &checked {
        match changed_to {
            Some(new) => server_pin(record, Some(typed), new).await,
            None => server_unlock(record, &typed).await,
        }
    }
    let checked = match checked {
        Ok((lock, result, new_hash)) => PinChecked {
            lock,
            purpose,
            result: Ok(result),
            new_hash,
        },
        Err(e) => PinChecked {
            lock: before,
            purpose,
            result: Err(Failure::Other(format!(
                "The PIN could not be checked ({e}); try again."
            ))),
            new_hash: None,
        },
    };
    Done::PinChecked(Box::new(checked))
}

/// Writes the settings with a new PIN (or none); the panel's draft is not saved with it.
pub async fn save_pin(path: PathBuf, settings: Settings) -> Done {
    Done::PinSaved(crate::ui::settings_file::write_settings(path, settings).await)
}

/// Keeps the wrong tries and the lockout in their file, so a restart gives no fresh tries.
pub async fn save_lockout(path: PathBuf, lockout: PersistedLockout) -> Done {
    let written = tokio::task::spawn_blocking(move || pin::save_lockout(&path, &lockout))
        .await
        .map_err(|e| Failure::File(e.to_string()))
        .and_then(|r| r.map_err(|e| Failure::File(e.to_string())));
    Done::LockoutSaved(written)
}
