//! How start-up reaches the warehouse record: the warehouse server this desk is enrolled at
//! (`--warehouse URL` or Settings → Warehouse), or, with none, the app's own one-desk server,
//! started here in-process on this desk's SQLite file (as the embedded landed-cost service is).
//! Either way the UI gets a [`Record`]: the typed client, the desk's token and its session.
//!
//! Preparing the own server's file (its schema, the demo's customs settings, the supervisor
//! PIN the desk's settings kept before the server did, the desk's enrollment) is the
//! administrator's side, done here on this machine's own file before any request, like
//! `packdesk import`; the UI itself never opens the file.

use std::net::SocketAddr;
use std::time::Duration;

use crate::api::ClientConfig;
use crate::station::db::{Location, StationDb, StationError};
use crate::station::secrets::{CredentialStore, OWN_SERVER, Secret, SecretKind};
use crate::ui::config::AppConfig;
use crate::ui::record::Record;
use crate::warehouse::client::{DeskToken, Trust, WarehouseClient, WarehouseClientError};
use crate::warehouse::{RunningWarehouse, Transport, WarehouseConfig};

/// The name this desk has at its own server.
pub const OWN_DESK: &str = "This desk";

/// What the own server's file gets before it serves (see the module docs).
pub struct Preparation {
    /// The desk's settings' supervisor PIN hash (unpeppered), carried once.
    pub pin_hash: Option<String>,
    /// The demo's exporter, so cross-border demo parcels get their paperwork.
    pub demo_customs: bool,
}

/// The app's own server and the desk's way to it.
pub struct OwnServer {
    pub running: RunningWarehouse,
    pub record: Record,
    /// The file held no order when it was prepared (the demo orders go into an empty one).
    pub empty: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("The desk's record {path} cannot be opened: {source}")]
    Record { path: String, source: StationError },
    #[error("This desk's own warehouse server did not start: {0}")]
    Start(String),
    #[error("The warehouse server {0}")]
    Server(String),
    #[error(
        "This desk is not enrolled at the warehouse server {0}: in Settings (Warehouse), enter \
         the enrollment code a supervisor made for it"
    )]
    NotEnrolled(String),
    #[error("The credential store: {0}")]
    Credentials(String),
}

/// Starts the app's own one-desk server on `config.station_db_path`, delivering to `provider`.
pub async fn start_own(
    config: &AppConfig,
    provider: ClientConfig,
    preparation: Preparation,
    credentials: Option<&CredentialStore>,
) -> Result<OwnServer, LinkError> {
    let location = Location::Sqlite(config.station_db_path.clone());
    let prepared = location.clone();
    let empty = blocking(move || prepare(&prepared, &preparation)).await?;
    let server = WarehouseConfig {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        database: Some(location.clone()),
        transport: Transport::PlainLoopback,
        provider: Some(provider),
        outbox: config.outbox,
        one_desk: true,
        ..WarehouseConfig::local(config.desk_server_dir.clone())
    };
    let running = crate::warehouse::start(server)
        .await
        .map_err(|e| LinkError::Start(e.to_string()))?;
    let client = WarehouseClient::new(&running.base_url, &Trust::System)
        .map_err(|e| LinkError::Start(e.to_string()))?;
    // Without a store that answers (a headless machine), the desk is enrolled at its own server
    // anew at each start, which its own file allows.
    let kept = read_token(credentials, OWN_SERVER).unwrap_or_else(|e| {
        tracing::warn!("this desk's token at its own server is not read: {e}");
        None
    });
    let describe = format!("this desk ({})", config.station_db_path.display());
    if let Some(token) = kept {
        let record = Record::new(client.clone(), token, describe.clone(), true);
        match record.open_desk_session().await {
            // People set up (409) is fine: someone signs in.
            Ok(_) | Err(WarehouseClientError::Conflict(_)) => {
                return Ok(OwnServer {
                    running,
                    record,
                    empty,
                });
            }
            // A token of an earlier file (or a mock store's): enrolled again below.
            Err(WarehouseClientError::Unauthorized(_)) => {}
            Err(e) => return Err(LinkError::Start(e.to_string())),
        }
    }
    let code = blocking(move || {
        let mut db = StationDb::connect(&location)?;
        db.revoke_desk(OWN_DESK, crate::warehouse::clock::now_ms())?;
        crate::warehouse::admin::issue_enrollment_code(&mut db, OWN_DESK, Duration::from_secs(60))
            .map(|(code, _)| code)
    })
    .await?;
    let enrolled = client
        .enroll(&code)
        .await
        .map_err(|e| LinkError::Start(e.to_string()))?;
    let token = DeskToken(enrolled.desk_token);
    keep_token(credentials, OWN_SERVER, &token);
    let record = Record::new(client, token, describe, true);
    match record.open_desk_session().await {
        Ok(_) | Err(WarehouseClientError::Conflict(_)) => Ok(OwnServer {
            running,
            record,
            empty,
        }),
        Err(e) => Err(LinkError::Start(e.to_string())),
    }
}

/// The warehouse server at `url`, with this desk's token from the credential store.
pub async fn connect_remote(
    url: &str,
    fingerprint: Option<&str>,
    credentials: Option<&CredentialStore>,
) -> Result<Record, LinkError> {
    let client = client_at(url, fingerprint)?;
    let token = read_token(credentials, url)?.ok_or_else(|| LinkError::NotEnrolled(url.into()))?;
    let record = Record::new(client, token, url.to_owned(), false);
    match record.open_desk_session().await {
        // A warehouse server opens no desk sessions: people sign in.
        Ok(_) | Err(WarehouseClientError::Conflict(_) | WarehouseClientError::Forbidden(_)) => {
            Ok(record)
        }
        Err(WarehouseClientError::Unauthorized(_)) => Err(LinkError::NotEnrolled(url.into())),
        Err(e) => Err(LinkError::Server(format!("{url}: {e}"))),
    }
}

/// Enrolls this desk at `url` with a supervisor's one-time code; its token goes to the
/// credential store, where [`connect_remote`] finds it.
pub async fn enroll(
    url: &str,
    fingerprint: Option<&str>,
    code: &str,
    credentials: &CredentialStore,
) -> Result<(), LinkError> {
    let client = client_at(url, fingerprint)?;
    let enrolled = client
        .enroll(code)
        .await
        .map_err(|e| LinkError::Server(format!("{url}: {e}")))?;
    credentials
        .set(
            url,
            SecretKind::DeskToken,
            &Secret::new(enrolled.desk_token),
        )
        .map_err(|e| LinkError::Credentials(e.to_string()))
}

/// The client of the server at `url`, trusted by the certificate's fingerprint when one is
/// given, else by the system's trust store.
fn client_at(url: &str, fingerprint: Option<&str>) -> Result<WarehouseClient, LinkError> {
    let trust = match fingerprint.filter(|f| !f.trim().is_empty()) {
        Some(f) => Trust::Fingerprint(f.trim().to_owned()),
        None => Trust::System,
    };
    WarehouseClient::new(url, &trust).map_err(|e| LinkError::Server(e.to_string()))
}

/// Readies the file (see the module docs); whether it holds no order yet.
fn prepare(location: &Location, preparation: &Preparation) -> Result<bool, StationError> {
    let mut db = StationDb::connect(location)?;
    if let Some(hash) = &preparation.pin_hash {
        db.carry_one_desk_pin_hash(hash)?;
    }
    if preparation.demo_customs {
        use crate::customs::settings::{CustomsSettings, SETTINGS_KEY};
        if db.warehouse_setting(SETTINGS_KEY)?.is_none() {
            let demo = serde_json::to_value(CustomsSettings::demo())
                .map_err(|e| StationError::Corrupt(e.to_string()))?;
            db.set_warehouse_setting(SETTINGS_KEY, &demo)?;
        }
    }
    Ok(!db.has_orders()?)
}

fn read_token(
    credentials: Option<&CredentialStore>,
    under: &str,
) -> Result<Option<DeskToken>, LinkError> {
    let Some(store) = credentials else {
        return Ok(None);
    };
    store
        .get(under, SecretKind::DeskToken)
        .map(|secret| secret.map(|s| DeskToken(s.expose().to_owned())))
        .map_err(|e| LinkError::Credentials(e.to_string()))
}

/// Kept for the next start; without a store the desk is enrolled again then (its own server
/// only: the app can, on its own file).
fn keep_token(credentials: Option<&CredentialStore>, under: &str, token: &DeskToken) {
    if let Some(store) = credentials
        && let Err(e) = store.set(under, SecretKind::DeskToken, &Secret::new(token.0.clone()))
    {
        tracing::warn!("the desk token is not kept for the next start: {e}");
    }
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StationError> + Send + 'static,
) -> Result<T, LinkError> {
    let path = String::from("this desk's record");
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| LinkError::Start(e.to_string()))?
        .map_err(|source| LinkError::Record { path, source })
}
