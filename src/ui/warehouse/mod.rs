//! The warehouse record: which database this desk uses (Settings → Warehouse: "This desk only"
//! or a PostgreSQL URL, its password in the OS credential store, "Test connection"), switching
//! to it without a restart, and saying in the status bar when it cannot be reached — while a
//! watcher tries it again every two seconds until it answers.
//!
//! State ([`WarehouseStatus`], the settings draft in `WarehouseDraft`), intents
//! ([`WarehouseIntent`], carried out by [`handle`]), jobs (`jobs`) and views (`view`) live here.

mod jobs;
mod view;

use crate::api::Secret;
use crate::station::secrets::{SecretKind, WAREHOUSE};
use crate::ui::app::Core;
use crate::ui::state::Level;

pub use jobs::{HealthWatcher, status_of};
pub use view::{warehouse_settings_ui, warehouse_status_ui};

/// The record in use, as the status bar shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WarehouseStatus {
    /// e.g. `postgres://packer@db.local:5432/warehouse` or the SQLite file's path.
    pub location: String,
    /// On a shared PostgreSQL database (other desks see what this one does).
    pub shared: bool,
    /// Why the record cannot be reached now; `None` while it can.
    pub unreachable: Option<String>,
    /// Switching to another database is under way.
    pub switching: bool,
}

/// The Settings → Warehouse section as typed (write-only password).
#[derive(Clone, Default)]
pub struct WarehouseDraft {
    /// "Warehouse database" chosen (else "This desk only").
    pub shared: bool,
    pub url: String,
    pub(crate) new_password: String,
    /// The stored password, masked; `None` when none is stored.
    pub stored_password: Option<String>,
    pub inbox_folder: String,
    pub testing: bool,
    /// What "Test connection" found, in words; `Ok` when it connected.
    pub tested: Option<Result<String, String>>,
}

impl std::fmt::Debug for WarehouseDraft {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WarehouseDraft")
            .field("shared", &self.shared)
            .field("url", &self.url)
            .field("tested", &self.tested)
            .finish_non_exhaustive()
    }
}

impl WarehouseDraft {
    pub fn new(settings: &crate::station::settings::Settings) -> Self {
        Self {
            shared: settings.warehouse_database.is_some(),
            url: settings.warehouse_database.clone().unwrap_or_default(),
            inbox_folder: settings
                .inbox_folder
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            ..Self::default()
        }
    }

    /// What the draft means for the settings file: the URL (trimmed) when shared.
    pub fn database(&self) -> Option<String> {
        let url = self.url.trim();
        (self.shared && !url.is_empty()).then(|| url.to_string())
    }

    pub fn inbox(&self) -> Option<std::path::PathBuf> {
        let folder = self.inbox_folder.trim();
        (!folder.is_empty()).then(|| folder.into())
    }

    /// The problem with the URL as typed, said next to the field; `None` when usable.
    pub fn url_problem(&self) -> Option<String> {
        if !self.shared {
            return None;
        }
        if self.url.trim().is_empty() {
            return Some(
                "Enter the warehouse database's URL, e.g. postgres://packer@db.local:5432/warehouse"
                    .into(),
            );
        }
        match crate::station::db::Location::parse(&self.url) {
            Ok(crate::station::db::Location::Postgres(_)) => None,
            Ok(_) => Some(
                "Enter the warehouse database's URL: postgres://user@host:5432/database".into(),
            ),
            Err(e) => Some(capitalized(&e.to_string())),
        }
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What the section asked for.
#[derive(Clone, PartialEq, Eq)]
pub enum WarehouseIntent {
    /// Try to connect with this URL and password (typed, else the stored one); change nothing.
    TestConnection {
        url: String,
        password: Option<Secret>,
    },
    /// Keep this password in the credential store.
    SavePassword(Secret),
}

impl std::fmt::Debug for WarehouseIntent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TestConnection { url, password } => f
                .debug_struct("TestConnection")
                .field("url", url)
                .field("password", password)
                .finish(),
            Self::SavePassword(secret) => f.debug_tuple("SavePassword").field(secret).finish(),
        }
    }
}

/// Carries an intent out.
pub fn handle(core: &mut Core, intent: WarehouseIntent) {
    match intent {
        WarehouseIntent::TestConnection { url, password } => {
            if let Some(view) = &mut core.state.settings_panel {
                view.warehouse.testing = true;
                view.warehouse.tested = None;
            }
            let store = core.backend.credentials.clone();
            core.jobs
                .spawn(move |_| jobs::test_connection(url, password, store));
        }
        WarehouseIntent::SavePassword(secret) => {
            let store = core.backend.credentials.clone();
            core.jobs.spawn(move |_| {
                crate::ui::jobs::panels::save_secret(
                    store,
                    WAREHOUSE.to_string(),
                    SecretKind::WarehousePassword,
                    secret,
                )
            });
        }
    }
}

/// "Test connection" answered.
pub fn tested(core: &mut Core, result: Result<String, String>) {
    if let Some(view) = &mut core.state.settings_panel {
        view.warehouse.testing = false;
        view.warehouse.tested = Some(result);
    }
}

/// The watcher's news: the record became unreachable, or answers again.
pub fn health_changed(core: &mut Core, problem: Option<String>) {
    let was = core.state.warehouse.unreachable.is_some();
    match (&problem, was) {
        (Some(reason), false) => {
            tracing::warn!(%reason, "warehouse database unreachable");
            core.state.notice(
                Level::Error,
                "Warehouse database unreachable — nothing is recorded until it is back; retrying",
            );
        }
        (None, true) => {
            core.state
                .notice(Level::Info, "Warehouse database reachable again.");
            crate::ui::handle::reload_orders(core);
        }
        _ => {}
    }
    core.state.warehouse.unreachable = problem;
}

/// The settings were saved: use the database they name, if it is another one.
pub fn settings_saved(core: &mut Core, before: Option<String>) {
    // The command line's `--database` wins over the setting for as long as this run lasts.
    if core.config.database.is_some() || core.state.settings.warehouse_database == before {
        return;
    }
    let Some(db) = core.backend.db.clone() else {
        return;
    };
    core.state.warehouse.switching = true;
    let settings = core.state.settings.clone();
    let default_sqlite = core.config.station_db_path.clone();
    let store = core.backend.credentials.clone();
    core.jobs
        .spawn(move |_| jobs::switch_database(db, settings, default_sqlite, store));
}

/// The switch is done (or failed, and the old record stays in use).
pub fn switched(core: &mut Core, result: Result<WarehouseStatus, String>) {
    core.state.warehouse.switching = false;
    match result {
        Ok(status) => {
            core.state.notice(
                Level::Info,
                format!("Now using the station record at {}.", status.location),
            );
            core.state.warehouse = status;
            core.state.open = None;
            crate::ui::handle::reload_orders(core);
            if let Some(outbox) = &core.backend.outbox {
                outbox.wake();
            }
        }
        Err(why) => core.state.notice(
            Level::Error,
            format!(
                "{why} The station keeps using {}.",
                core.state.warehouse.location
            ),
        ),
    }
}
