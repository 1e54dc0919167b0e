//! The work behind the quote and settings panels: calculations and order submission, cart
//! files, the settings file, the credential store, the PIN hash and checks, the supervisor
//! lockout file, and connecting to the environment in use.

use std::path::PathBuf;
use std::time::Instant;

use super::{JobResult, SharedDb, with_db};
use crate::api::{
    Client, ClientError, OrderCreateRequest, Secret, TaxCalculationRequest, TaxCalculationResponse,
};
use crate::connection::{self, EmbeddedService};
use crate::service::server::RunningService;
use crate::station::pin::{self, PersistedLockout, SupervisorLock, UnlockResult};
use crate::station::secrets::{CredentialStore, SecretKind};
use crate::station::settings::{Environment, EnvironmentKind, Settings};

/// Why "Submit as order" failed.
#[derive(Debug, Clone)]
pub enum SubmitFailure {
    /// The service refused or could not be reached: nothing was created.
    Service(ClientError),
    /// The service created the order but the station could not record it.
    Station(String),
}

pub async fn calculate(client: Client, request: TaxCalculationRequest) -> JobResult {
    JobResult::QuoteCalculated(client.landed_cost(&request).await)
}

/// Records the order and queues its `POST /v1/orders` in one transaction, so it shows in the
/// orders table at once; the outbox worker sends it.
pub async fn submit(
    db: SharedDb,
    outbox: crate::station::outbox::Outbox,
    cart: TaxCalculationRequest,
    quote: TaxCalculationResponse,
    body: OrderCreateRequest,
) -> JobResult {
    let recorded = with_db(&db, move |db| db.submit_order(&cart, &quote, &body)).await;
    outbox.wake();
    JobResult::QuoteSubmitted(recorded.map(drop).map_err(|f| {
        SubmitFailure::Station(format!(
            "The station could not record the order, so nothing was sent: {}",
            f.message()
        ))
    }))
}

/// Asks for a cart file and reads it; `None` when the dialog was closed.
pub async fn load_cart() -> JobResult {
    let picked = rfd::AsyncFileDialog::new()
        .set_title("Load cart")
        .add_filter("JSON", &["json"])
        .pick_file()
        .await;
    let result = match picked {
        None => Ok(None),
        Some(handle) => tokio::fs::read_to_string(handle.path())
            .await
            .map(Some)
            .map_err(|e| format!("Could not read {}: {e}", handle.path().display())),
    };
    JobResult::CartLoaded(result)
}

/// Asks where to save the cart and writes it; the file name, or `None` when closed.
pub async fn save_cart(text: String) -> JobResult {
    let picked = rfd::AsyncFileDialog::new()
        .set_title("Save cart")
        .set_file_name("cart.json")
        .add_filter("JSON", &["json"])
        .save_file()
        .await;
    let result = match picked {
        None => Ok(None),
        Some(handle) => {
            let path = handle.path().to_path_buf();
            tokio::fs::write(&path, text)
                .await
                .map(|()| Some(path.display().to_string()))
                .map_err(|e| format!("Could not write {}: {e}", path.display()))
        }
    };
    JobResult::CartSaved(result)
}

/// Writes the settings file; the embedded environment's addresses are not kept (they change
/// with every start).
pub async fn save_settings(path: PathBuf, settings: Settings) -> JobResult {
    let mut on_disk = settings.clone();
    for env in &mut on_disk.environments {
        if env.kind == EnvironmentKind::EmbeddedSandbox {
            env.base_url.clear();
            env.labels_url.clear();
        }
    }
    let written = tokio::task::spawn_blocking(move || on_disk.save(&path))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r.map_err(|e| e.to_string()));
    JobResult::SettingsSaved {
        settings: Box::new(settings),
        result: written,
    }
}

pub async fn save_secret(
    store: Option<CredentialStore>,
    environment: String,
    kind: SecretKind,
    secret: Secret,
) -> JobResult {
    let result = match store {
        None => Err("No credential store is available, so it cannot be saved.".to_string()),
        Some(store) => {
            let (env, value) = (environment.clone(), secret.clone());
            tokio::task::spawn_blocking(move || store.set(&env, kind, &value))
                .await
                .map_err(|e| e.to_string())
                .and_then(|r| r.map_err(|e| e.to_string()))
                .map(|()| secret)
        }
    };
    JobResult::SecretSaved {
        environment,
        kind,
        result,
    }
}

/// The stored secrets of every environment, for the settings panel to show masked.
pub async fn stored_secrets(store: CredentialStore, environments: Vec<String>) -> JobResult {
    let found = tokio::task::spawn_blocking(move || {
        let mut found = Vec::new();
        for env in environments {
            for kind in [SecretKind::ApiKey, SecretKind::AccessToken] {
                found.push((env.clone(), kind, store.get(&env, kind).ok().flatten()));
            }
        }
        let warehouse = crate::station::secrets::WAREHOUSE;
        let kind = SecretKind::WarehousePassword;
        found.push((
            warehouse.to_string(),
            kind,
            store.get(warehouse, kind).ok().flatten(),
        ));
        found
    })
    .await
    .unwrap_or_default();
    JobResult::StoredSecrets(found)
}

/// Hashes a new supervisor PIN (argon2 takes a moment).
pub async fn hash_pin(pin: Secret) -> JobResult {
    let hashed = tokio::task::spawn_blocking(move || pin::hash_pin(pin.expose()))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r.map_err(|e| e.to_string()));
    JobResult::PinHashed(hashed)
}

/// What a PIN typed in Settings is checked for.
pub enum PinRequest {
    /// Unlock the supervisor's sections.
    Unlock,
    /// Set this new PIN (4–8 digits, checked by the panel).
    Change(Secret),
    Remove,
}

/// [`PinRequest`] without the new PIN, for the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinPurpose {
    Unlock,
    Change,
    Remove,
}

/// A PIN typed in Settings, checked.
pub struct PinChecked {
    /// The lock after the try: a wrong PIN counted, a right one unlocked.
    pub lock: SupervisorLock,
    pub purpose: PinPurpose,
    pub result: Result<UnlockResult, String>,
    /// For a change whose current PIN was right: the new PIN's hash, or why there is none.
    pub new_hash: Option<Result<String, String>>,
}

/// Checks a supervisor PIN against the lock (a wrong one counts as a wrong try; while locked
/// out none is checked), then for a change hashes the new PIN — argon2 both, so off the UI
/// thread.
pub async fn check_pin(lock: SupervisorLock, pin: Secret, request: PinRequest) -> JobResult {
    let before = lock.clone();
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
                Some(pin::hash_pin(new.expose()).map_err(|e| e.to_string()))
            }
            _ => None,
        };
        (lock, result, new_hash)
    })
    .await;
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
            result: Err(format!("The PIN could not be checked ({e}); try again.")),
            new_hash: None,
        },
    };
    JobResult::PinChecked(Box::new(checked))
}

/// Writes the settings with a new PIN (or none); the panel's draft is not saved with it.
pub async fn save_pin(path: PathBuf, settings: Settings) -> JobResult {
    match save_settings(path, settings).await {
        JobResult::SettingsSaved { result, .. } => JobResult::PinSaved(result),
        other => other,
    }
}

/// Keeps the wrong tries and the lockout in their file, so a restart gives no fresh tries.
pub async fn save_lockout(path: PathBuf, lockout: PersistedLockout) -> JobResult {
    let written = tokio::task::spawn_blocking(move || pin::save_lockout(&path, &lockout))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r.map_err(|e| e.to_string()));
    JobResult::LockoutSaved(written)
}

/// A client for `env`: its credentials from the store, or for the embedded sandbox a service
/// started now (when `data_dir` is given, i.e. none runs yet).
pub async fn connect(
    env: Environment,
    store: Option<CredentialStore>,
    embedded_data_dir: Option<PathBuf>,
) -> JobResult {
    JobResult::Connected(connect_inner(env, store, embedded_data_dir).await)
}

async fn connect_inner(
    env: Environment,
    store: Option<CredentialStore>,
    embedded_data_dir: Option<PathBuf>,
) -> Result<(Client, Option<RunningService>), String> {
    // `embedded_data_dir` is given when no embedded service runs yet (see `handle::panels`).
    let embedded = EmbeddedService {
        data_dir: embedded_data_dir.unwrap_or_default(),
        label_delay: std::time::Duration::ZERO,
    };
    let connected = connection::connect(&env, store.as_ref(), &embedded)
        .await
        .map_err(|e| e.to_string())?;
    Ok((connected.client, connected.service))
}
