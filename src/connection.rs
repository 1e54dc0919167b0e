//! Turning an environment into a client, in one place with one error policy: the embedded
//! sandbox is started here (or the running one reused) and brings its own keys; any other
//! environment's key and token come from the OS credential store.
//!
//! The policy: a key that was never saved gives a client without it and a note that says to
//! enter it (the desk still works from its own record, and the first call says "API key
//! rejected — check Settings"); a credential store that does not answer is a refusal that says
//! so — never an empty key the service would reject, which would send the packer to re-type a
//! key that is fine.

use std::path::PathBuf;
use std::time::Duration;

use crate::api::{Client, ClientConfig, Secret};
use crate::service::server::{self, RunningService, ServeConfig};
use crate::station::secrets::{CredentialStore, SecretKind, SecretsError};
use crate::station::settings::{Environment, EnvironmentKind};

/// Where the embedded sandbox keeps its data, and how it behaves (tests slow its labels).
#[derive(Debug, Clone)]
pub struct EmbeddedService {
    pub data_dir: PathBuf,
    pub label_delay: Duration,
}

/// A client for an environment, the embedded service it started (a handle the caller keeps
/// alive), and a note for the status bar.
pub struct Connected {
    pub client: Client,
    /// What the client was made with: the app's own warehouse server delivers with it.
    pub config: ClientConfig,
    pub service: Option<RunningService>,
    pub note: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("The embedded service did not start: {0}")]
    Embedded(String),
    #[error("{0}")]
    Keyring(String),
    #[error("{0}")]
    Client(String),
}

/// Connects to `env`, starting the embedded sandbox from `embedded` when that is the
/// environment (one already running is reused with [`client_for`]).
pub async fn connect(
    env: &Environment,
    credentials: Option<&CredentialStore>,
    embedded: &EmbeddedService,
) -> Result<Connected, ConnectError> {
    if env.kind == EnvironmentKind::EmbeddedSandbox {
        let mut serve = ServeConfig::local(embedded.data_dir.clone());
        serve.label_delay = embedded.label_delay;
        let running = server::start(serve)
            .await
            .map_err(|e| ConnectError::Embedded(e.to_string()))?;
        return Ok(Connected {
            client: client_for(&running)?,
            config: config_for(&running),
            service: Some(running),
            note: None,
        });
    }
    let (api_key, access_token) = match credentials {
        Some(store) => {
            let (store, name) = (store.clone(), env.name.clone());
            tokio::task::spawn_blocking(move || {
                let read = |kind| {
                    store
                        .get(&name, kind)
                        .map_err(|e| ConnectError::Keyring(keyring_did_not_answer(kind, &name, &e)))
                };
                Ok::<_, ConnectError>((read(SecretKind::ApiKey)?, read(SecretKind::AccessToken)?))
            })
            .await
            .map_err(|e| ConnectError::Client(e.to_string()))??
        }
        None => (None, None),
    };
    let missing: Vec<&str> = [
        (SecretKind::ApiKey, api_key.is_none()),
        (SecretKind::AccessToken, access_token.is_none()),
    ]
    .into_iter()
    .filter(|(_, missing)| *missing)
    .map(|(kind, _)| kind.label())
    .collect();
    let note = (!missing.is_empty()).then(|| {
        format!(
            "No {} saved for {} — enter them in Settings.",
            missing.join(" and no "),
            env.name
        )
    });
    let mut config = ClientConfig::new(
        env.base_url.clone(),
        env.labels_url.clone(),
        api_key.unwrap_or_else(|| Secret::new("")),
        access_token.unwrap_or_else(|| Secret::new("")),
    );
    config.allow_plain_http = env.allow_plain_http;
    let client = Client::new(config.clone()).map_err(|e| ConnectError::Client(e.user_message()))?;
    Ok(Connected {
        client,
        config,
        service: None,
        note,
    })
}

/// A client for a running reference service, with the keys it generated.
pub fn client_for(running: &RunningService) -> Result<Client, ConnectError> {
    Client::new(config_for(running)).map_err(|e| ConnectError::Client(e.user_message()))
}

/// The client settings of a running reference service, with the keys it generated.
pub fn config_for(running: &RunningService) -> ClientConfig {
    ClientConfig::new(
        running.base_url.clone(),
        running.labels_url.clone(),
        running.credentials.api_key.clone(),
        running.credentials.access_token.clone(),
    )
}

/// What the packer reads when the credential store fails to give a secret.
pub fn keyring_did_not_answer(kind: SecretKind, environment: &str, error: &SecretsError) -> String {
    format!(
        "The system keyring did not answer, so the {} for {environment} could not be read \
         ({error}). Unlock the keyring (or sign in again), then try again.",
        kind.label()
    )
}
