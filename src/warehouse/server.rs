//! Starting and stopping the warehouse server: `packdesk warehouse serve` (and, later, the app's
//! in-process one-desk server) use the same `start`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::delivery::{Delivery, DeliveryError};
use super::feed::{ChangeFeed, FeedStopper, Nudge};
use super::http::{WarehouseState, router};
use super::pins::{LockoutPolicy, Pepper, PepperError};
use super::pool::{DEFAULT_CONNECTIONS, Pool};
use super::provider::{self, ProviderError};
use super::tls::{CertSource, TlsError, TlsListener};
use crate::api::ClientConfig;
use crate::sql::SessionLimits;
use crate::station::db::{Location, StationError};
use crate::station::outbox::WorkerConfig;

/// The record's file in the data directory when no `--database` is given.
pub const DATABASE_FILE: &str = "warehouse.sqlite3";

/// How the server speaks to desks.
#[derive(Debug, Clone)]
pub enum Transport {
    /// HTTPS with `source`'s certificate.
    Tls(CertSource),
    /// Plain HTTP: only on a loopback address (the desk and the server on one machine).
    PlainLoopback,
}

#[derive(Debug, Clone)]
pub struct WarehouseConfig {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    /// `None`: `warehouse.sqlite3` in the data directory.
    pub database: Option<Location>,
    pub transport: Transport,
    pub connections: usize,
    pub lockout: LockoutPolicy,
    pub session_idle: Duration,
    pub enrollment_valid: Duration,
    /// Every database session's limits (PostgreSQL), so no request holds what others wait on.
    pub db_limits: SessionLimits,
    /// The provider the outbox delivers to. `None`: the one `set-provider` wrote into the data
    /// directory, if any (without one, entries wait in the outbox).
    pub provider: Option<ClientConfig>,
    pub outbox: WorkerConfig,
    /// The app's own server for one desk (never `warehouse serve`): with nobody set up, the
    /// desk signs in as itself and the one-desk supervisor PIN guards supervisor work.
    pub one_desk: bool,
    /// Timers, connection and rate limits (`serving`).
    pub limits: crate::serving::Limits,
}

/// Defaults of the options (`--help` shows them).
pub const DEFAULT_SESSION_IDLE: Duration = Duration::from_secs(30 * 60);
pub const DEFAULT_ENROLLMENT_VALID: Duration = Duration::from_secs(24 * 3600);
pub const DEFAULT_DB_LIMITS: SessionLimits = SessionLimits {
    lock: Duration::from_secs(5),
    statement: Duration::from_secs(15),
    idle_in_transaction: Duration::from_secs(10),
};

impl WarehouseConfig {
    /// Loopback on a free port, self-signed TLS, defaults elsewhere (tests).
    pub fn local(data_dir: PathBuf) -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            transport: Transport::Tls(CertSource::SelfSigned {
                data_dir: data_dir.clone(),
            }),
            data_dir,
            database: None,
            connections: DEFAULT_CONNECTIONS,
            lockout: LockoutPolicy::default(),
            session_idle: DEFAULT_SESSION_IDLE,
            enrollment_valid: DEFAULT_ENROLLMENT_VALID,
            db_limits: DEFAULT_DB_LIMITS,
            provider: None,
            outbox: WorkerConfig::default(),
            one_desk: false,
            limits: crate::serving::Limits::in_process(),
        }
    }

    /// The record this configuration names, with the limits on PostgreSQL.
    pub fn location(&self) -> Location {
        match &self.database {
            None => Location::Sqlite(self.data_dir.join(DATABASE_FILE)),
            Some(Location::Postgres(target)) => Location::Postgres(Box::new(
                (**target).clone().with_session_limits(self.db_limits),
            )),
            Some(other) => other.clone(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum WarehouseServeError {
    #[error("cannot create the data directory {path}: {source}")]
    DataDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Pepper(#[from] PepperError),
    #[error(
        "the PIN pepper in {path} is not the one this warehouse's PINs are hashed with: copy the \
         file from the data directory of the server that first served this database"
    )]
    PepperMismatch { path: PathBuf },
    #[error("cannot open the warehouse record: {0}")]
    Record(#[from] StationError),
    #[error(transparent)]
    Tls(#[from] TlsError),
    #[error(
        "plain HTTP is for loopback only ({addr} is reachable from other machines): leave out \
         --plain-http, and desks are enrolled with the certificate's fingerprint"
    )]
    PlainOffLoopback { addr: SocketAddr },
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error(transparent)]
    Provider(#[from] ProviderError),
    #[error("the outbox worker: {0}")]
    Delivery(#[from] DeliveryError),
    #[error("the server stopped with an error: {0}")]
    Serve(String),
}

/// A warehouse server accepting requests.
pub struct RunningWarehouse {
    pub addr: SocketAddr,
    /// `https://127.0.0.1:8443` (or `http://` on loopback without TLS).
    pub base_url: String,
    /// The certificate's SHA-256 (`AB:CD:…`), which desks are enrolled with; `None` without TLS.
    pub fingerprint: Option<String>,
    /// Where the record is, without a password.
    pub record: String,
    /// The provider the outbox delivers to; `None`: none is set, entries wait.
    pub provider: Option<String>,
    _feed: FeedStopper,
    delivery: Option<Delivery>,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

impl RunningWarehouse {
    /// The outbox worker's handle, when it runs (the app's own server switches its provider
    /// with the environment in use).
    pub fn outbox(&self) -> Option<crate::station::outbox::Outbox> {
        self.delivery.as_ref().map(Delivery::outbox)
    }

    /// Stops accepting connections, lets requests in flight finish, then returns.
    pub async fn shutdown(self) -> Result<(), WarehouseServeError> {
        drop(self._feed);
        if let Some(delivery) = self.delivery {
            delivery.stop().await;
        }
        let _ = self.shutdown.send(());
        self.task
            .await
            .map_err(|e| WarehouseServeError::Serve(e.to_string()))
    }
}

pub async fn start(config: WarehouseConfig) -> Result<RunningWarehouse, WarehouseServeError> {
    if matches!(config.transport, Transport::PlainLoopback) && !config.addr.ip().is_loopback() {
        return Err(WarehouseServeError::PlainOffLoopback { addr: config.addr });
    }
    std::fs::create_dir_all(&config.data_dir).map_err(|source| WarehouseServeError::DataDir {
        path: config.data_dir.clone(),
        source,
    })?;
    let pepper = Pepper::load_or_create(&config.data_dir)?;
    let location = config.location();
    let connections = config.connections;
    let pool = tokio::task::spawn_blocking(move || -> Result<_, StationError> {
        let pool = Pool::open(location.clone(), connections)?;
        let feed = ChangeFeed::start(location)?;
        Ok((pool, feed))
    })
    .await
    .map_err(|e| WarehouseServeError::Serve(e.to_string()))??;
    let (pool, feed) = pool;
    pool.nudge_after_each(feed.nudge());
    // From here, any way out of `start` (or the server's end) stops the feed's thread.
    let feed_stopper = feed.stopper();
    let checking = pepper.clone();
    let agrees = pool
        .run(Default::default(), move |db| checking.agrees_with(db))
        .await
        .map_err(|e| WarehouseServeError::Serve(e.to_string()))?;
    if !agrees {
        return Err(WarehouseServeError::PepperMismatch {
            path: config.data_dir.join(super::pins::PEPPER_FILE),
        });
    }
    let record = pool.describe();
    let listener =
        TcpListener::bind(config.addr)
            .await
            .map_err(|source| WarehouseServeError::Bind {
                addr: config.addr,
                source,
            })?;
    let addr = listener
        .local_addr()
        .map_err(|source| WarehouseServeError::Bind {
            addr: config.addr,
            source,
        })?;
    let (delivery, provider_url) = match start_delivery(&config, addr, feed.nudge()).await? {
        Some((delivery, url)) => (Some(delivery), Some(url)),
        None => (None, None),
    };
    let state = Arc::new(WarehouseState {
        pool,
        feed,
        pepper,
        lockout: config.lockout,
        session_idle: config.session_idle,
        enrollment_valid: config.enrollment_valid,
        outbox: delivery.as_ref().map(Delivery::outbox),
        one_desk: config.one_desk,
    });
    let app = router(state);
    let (shutdown, stopped) = oneshot::channel::<()>();
    let stop = async move {
        let _ = stopped.await;
    };
    let limits = config.limits;
    let (task, base_url, fingerprint) = match &config.transport {
        Transport::Tls(source) => {
            let cert = source.load()?;
            let listener = TlsListener::new(listener, cert.acceptor).map_err(|source| {
                WarehouseServeError::Bind {
                    addr: config.addr,
                    source,
                }
            })?;
            let task = tokio::spawn(crate::serving::serve(listener, app, limits, stop));
            (task, format!("https://{addr}"), Some(cert.fingerprint))
        }
        Transport::PlainLoopback => {
            let task = tokio::spawn(crate::serving::serve(listener, app, limits, stop));
            (task, format!("http://{addr}"), None)
        }
    };
    tracing::info!(%base_url, %record, "warehouse server listening");
    Ok(RunningWarehouse {
        addr,
        base_url,
        fingerprint,
        record,
        provider: provider_url,
        _feed: feed_stopper,
        delivery,
        shutdown,
        task,
    })
}

/// The outbox worker, when a provider is given or set in the data directory.
async fn start_delivery(
    config: &WarehouseConfig,
    addr: SocketAddr,
    nudge: Nudge,
) -> Result<Option<(Delivery, String)>, WarehouseServeError> {
    let provider = match &config.provider {
        Some(given) => Some(given.clone()),
        None => provider::load(&config.data_dir)?,
    };
    let Some(provider) = provider else {
        tracing::warn!(
            "no provider is set: orders, labels, fulfillments and cancellations wait in the \
             outbox until `packdesk warehouse set-provider` names one and the server restarts"
        );
        return Ok(None);
    };
    let url = provider.base_url.clone();
    tracing::info!(provider = %url, "the outbox delivers to the provider");
    // Each instance's leases say which one holds an entry (the Outbox tab's "tried by").
    let worker = format!("warehouse server {addr}");
    let delivery =
        Delivery::start(config.location(), provider, config.outbox, worker, nudge).await?;
    Ok(Some((delivery, url)))
}
