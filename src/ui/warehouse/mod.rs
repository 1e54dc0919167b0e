//! The warehouse record: which database this desk uses (Settings → Warehouse: "This desk only"
//! or a PostgreSQL URL, its password in the OS credential store, "Test connection"), switching
//! to it without a restart, and saying in the status bar when it cannot be reached — while a
//! watcher tries it again every two seconds until it answers.
//!
//! State ([`WarehouseStatus`], the settings draft in `WarehouseDraft`), intents
//! ([`WarehouseIntent`], carried out by [`handle`]), jobs (`jobs`) and views (`view`) live here.

pub mod changes;
pub mod command;
pub mod jobs;
pub mod state;
pub mod view;

use crate::station::secrets::{SecretKind, WAREHOUSE};
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::orders::command::OrdersCommand;
use crate::ui::packing::command::PackingCommand;
use crate::ui::status::Level;

pub use command::{Done, WarehouseIntent};
pub use jobs::{HealthWatcher, status_of};
pub use state::{WarehouseDraft, WarehouseStatus};
pub use view::{warehouse_settings_ui, warehouse_status_ui};

/// Carries an intent out on the settings panel's section.
pub fn handle(draft: &mut WarehouseDraft, desk: &mut Desk<'_>, intent: WarehouseIntent) {
    match intent {
        WarehouseIntent::TestConnection { url, password } => {
            draft.testing = true;
            draft.tested = None;
            let store = desk.backend.credentials.clone();
            desk.spawn(move |_| jobs::test_connection(url, password, store));
        }
        WarehouseIntent::SavePassword(secret) => {
            let store = desk.backend.credentials.clone();
            desk.spawn(move |_| {
                crate::ui::settings::jobs::save_secret(
                    store,
                    WAREHOUSE.to_string(),
                    SecretKind::WarehousePassword,
                    secret,
                )
            });
        }
    }
}

/// "Test connection" answered (or was refused before it was tried).
pub fn tested(draft: &mut WarehouseDraft, result: Result<String, Failure>) {
    draft.testing = false;
    draft.tested = Some(result.map_err(|failure| failure.message()));
}

/// The watcher's news: the record became unreachable, or answers again.
pub fn health_changed(status: &mut WarehouseStatus, desk: &mut Desk<'_>, problem: Option<String>) {
    let was = status.unreachable.is_some();
    match (&problem, was) {
        (Some(reason), false) => {
            tracing::warn!(%reason, "warehouse database unreachable");
            desk.notice(
                Level::Error,
                "Warehouse database unreachable — nothing is recorded until it is back; retrying",
            );
        }
        (None, true) => {
            desk.notice(Level::Info, "Warehouse database reachable again.");
            desk.then(OrdersCommand::Reload);
        }
        _ => {}
    }
    status.unreachable = problem;
}

/// The settings were saved: use the database they name, if it is another one.
pub fn settings_saved(status: &mut WarehouseStatus, desk: &mut Desk<'_>, before: Option<String>) {
    // The command line's `--database` wins over the setting for as long as this run lasts.
    if desk.config.database.is_some() || desk.settings.warehouse_database == before {
        return;
    }
    let Some(db) = desk.db() else {
        return;
    };
    status.switching = true;
    let settings = desk.settings.clone();
    let default_sqlite = desk.config.station_db_path.clone();
    let store = desk.backend.credentials.clone();
    desk.spawn(move |_| jobs::switch_database(db, settings, default_sqlite, store));
}

/// The switch is done (or failed, and the old record stays in use).
pub fn switched(
    status: &mut WarehouseStatus,
    desk: &mut Desk<'_>,
    result: Result<WarehouseStatus, Failure>,
) {
    status.switching = false;
    match result {
        Ok(now) => {
            desk.notice(
                Level::Info,
                format!("Now using the station record at {}.", now.location),
            );
            *status = now;
            desk.then(PackingCommand::Close);
            desk.then(OrdersCommand::Reload);
            if let Some(outbox) = &desk.backend.outbox {
                outbox.wake();
            }
        }
        Err(failure) => desk.notice(
            Level::Error,
            format!(
                "{} The station keeps using {}.",
                failure.message(),
                status.location
            ),
        ),
    }
}
