//! Where the app keeps its files and which credential store it uses.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::paths::Paths;
use crate::station::outbox::WorkerConfig;
use crate::station::secrets::CredentialStore;

/// Which credential store holds the API keys and access tokens.
#[derive(Debug, Clone)]
pub enum CredentialSource {
    /// The operating system's store (Keychain, Credential Manager, Secret Service, ...).
    Native,
    /// A fresh keyring-core in-memory mock store: tests only.
    Mock,
    /// This store (tests hand in a mock store holding their credentials).
    Given(CredentialStore),
}

/// How the app is set up: paths, credentials, and the embedded service.
#[derive(Debug, Clone)]
pub struct AppConfig {
    pub settings_path: PathBuf,
    /// The supervisor unlock's wrong tries and lockout, kept across restarts.
    pub supervisor_lock_path: PathBuf,
    /// This desk's own record (SQLite), used unless a warehouse database is set.
    pub station_db_path: PathBuf,
    /// `--database` from the command line: no longer how a desk reaches a warehouse (start-up
    /// says what to do instead).
    pub database: Option<String>,
    /// `--warehouse URL` from the command line: the warehouse server this desk is enrolled at
    /// (overrides Settings → Warehouse).
    pub warehouse: Option<String>,
    /// The app's own one-desk server's data directory (its PIN pepper), beside the record.
    pub desk_server_dir: PathBuf,
    /// This desk's print queue (its own file: `station::print::DeskPrintQueue`).
    pub print_queue_path: PathBuf,
    /// Data directory of the embedded reference service (its database and credentials).
    pub embedded_data_dir: PathBuf,
    pub credentials: CredentialSource,
    /// Seed the demo orders when the embedded environment starts with an empty station.
    pub seed_demo_orders: bool,
    /// How long the embedded service keeps new labels `pending` (tests exercise polling).
    pub embedded_label_delay: Duration,
    /// How patient the outbox worker is (tests shorten the retries).
    pub outbox: WorkerConfig,
    /// The desk's offset from UTC for the times it shows. Asked of the system while the
    /// process has one thread (`time` refuses later, as reading it races with `setenv`).
    pub local_offset: Option<time::UtcOffset>,
}

impl AppConfig {
    /// The platform's directories (e.g. `~/.config/packdesk`, `~/.local/share/packdesk`),
    /// or `.packdesk` in the working directory when the platform has none.
    pub fn platform() -> Self {
        Self::from_paths(&Paths::platform())
    }

    /// The app's files where `paths` says.
    pub fn from_paths(paths: &Paths) -> Self {
        Self {
            settings_path: paths.settings.clone(),
            supervisor_lock_path: paths.supervisor_lock.clone(),
            station_db_path: paths.station_db.clone(),
            database: None,
            warehouse: None,
            desk_server_dir: paths.desk_server.clone(),
            print_queue_path: paths.print_queue.clone(),
            embedded_data_dir: paths.embedded_service.clone(),
            credentials: CredentialSource::Native,
            seed_demo_orders: true,
            embedded_label_delay: Duration::ZERO,
            outbox: WorkerConfig::default(),
            local_offset: time::UtcOffset::current_local_offset().ok(),
        }
    }

    /// Everything under one directory, with the mock credential store (tests, demos).
    pub fn in_directory(dir: &Path) -> Self {
        Self {
            settings_path: dir.join("settings.json"),
            supervisor_lock_path: dir.join(crate::paths::SUPERVISOR_LOCK_FILE),
            station_db_path: dir.join("station.sqlite3"),
            database: None,
            warehouse: None,
            desk_server_dir: dir.join("desk-server"),
            print_queue_path: dir.join("prints.sqlite3"),
            embedded_data_dir: dir.join("embedded-service"),
            credentials: CredentialSource::Mock,
            seed_demo_orders: true,
            embedded_label_delay: Duration::ZERO,
            outbox: WorkerConfig::default(),
            local_offset: None,
        }
    }
}
