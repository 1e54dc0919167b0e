//! Connecting to the environment in use (its credentials from the store, or the embedded
//! service started now: `crate::connection` is the one place that does either), and saved
//! settings taking effect: the connection, the station record and the inbox folder.

use std::path::PathBuf;

use super::command::Done;
use crate::api::Client;
use crate::connection::{self, EmbeddedService};
use crate::service::server::RunningService;
use crate::station::scale::{ScaleConfig, ScaleWatcher};
use crate::station::secrets::CredentialStore;
use crate::station::settings::{Environment, EnvironmentKind, Settings};
use crate::ui::core::Core;
use crate::ui::failure::Failure;
use crate::ui::import::jobs as import_jobs;
use crate::ui::jobs::Progress;
use crate::ui::status::{Connection, Level, Startup};

/// The saved settings take effect: station values, and the connection when the environment in
/// use or its addresses changed. The PIN in force stays: it changes only through its own flow.
pub fn use_settings(core: &mut Core, mut saved: Settings) {
    let before = core.state.settings.active().clone();
    let warehouse_before = (
        core.state.settings.warehouse_server.clone(),
        core.state.settings.warehouse_fingerprint.clone(),
    );
    // What the inbox watcher was started with.
    let inbox = |s: &Settings| (s.inbox_folder.clone(), s.import_max_mb);
    let inbox_before = inbox(&core.state.settings);
    let scale_before = core.state.settings.scale.clone();
    if let Some(running) = &core.backend.service {
        fill_embedded_urls(&mut saved, running);
    }
    saved
        .supervisor_pin_hash
        .clone_from(&core.state.settings.supervisor_pin_hash);
    core.state.settings = saved;
    if let Startup::Failed(_) = core.state.shell.startup {
        // The settings may fix what stopped the start (the warehouse database, say).
        super::startup::begin(core);
        return;
    }
    let warehouse_after = (
        core.state.settings.warehouse_server.clone(),
        core.state.settings.warehouse_fingerprint.clone(),
    );
    // The command line's `--warehouse` wins over the setting for as long as this run lasts.
    if core.config.warehouse.is_none() && warehouse_after != warehouse_before {
        core.state.features.warehouse.switching = true;
        super::startup::relink(core);
        return;
    }
    if inbox(&core.state.settings) != inbox_before {
        watch_inbox(core);
    }
    if core.state.settings.scale != scale_before {
        watch_scale(core);
    }
    let after = core.state.settings.active();
    if after.name != before.name
        || after.kind != before.kind
        || (after.kind != EnvironmentKind::EmbeddedSandbox
            && (after.base_url != before.base_url
                || after.labels_url != before.labels_url
                || after.allow_plain_http != before.allow_plain_http))
    {
        connect(core);
    }
}

/// Connects to the environment in use (starting the embedded service if it is not running).
pub fn connect(core: &mut Core) {
    let env = core.state.settings.active().clone();
    core.state.features.packing.open = None;
    if env.kind == EnvironmentKind::EmbeddedSandbox
        && let Some(running) = &core.backend.service
    {
        match crate::connection::client_for(running) {
            Ok(client) => {
                // The own server's outbox delivers through the environment in use.
                if let Some(outbox) = core.backend.own_server.as_ref().and_then(|s| s.outbox()) {
                    outbox.set_client(client.clone());
                }
                core.backend.client = Some(client);
            }
            Err(e) => core.state.shell.notice(Level::Error, e.to_string()),
        }
        core.state.shell.connection = Connection::Online;
        return;
    }
    let data_dir = (env.kind == EnvironmentKind::EmbeddedSandbox)
        .then(|| core.config.embedded_data_dir.clone());
    let store = core.backend.credentials.clone();
    core.state.shell.startup = Startup::Starting(format!("Connecting to {}…", env.name));
    core.jobs.spawn(move |_| connect_to(env, store, data_dir));
}

/// Watches the inbox folder of the settings (none: stops watching).
pub fn watch_inbox(core: &mut Core) {
    core.backend.inbox = None;
    let (Some(folder), Some(record)) = (
        core.state.settings.inbox_folder.clone(),
        core.backend.record.clone(),
    ) else {
        return;
    };
    let reporter = core.jobs.reporter();
    core.backend.inbox = Some(import_jobs::watch_inbox(
        &core.jobs.runtime(),
        record,
        folder,
        core.state.settings.import_max_bytes(),
        reporter,
    ));
}

/// Reads the scale of the settings (none: stops reading), its readings reported as progress.
pub fn watch_scale(core: &mut Core) {
    core.backend.scale = None;
    core.state.features.packing.scale = None;
    let config = core.state.settings.scale.clone();
    if config == ScaleConfig::None {
        return;
    }
    let reporter = core.jobs.reporter();
    core.backend.scale = Some(ScaleWatcher::start(config, move |event| {
        reporter.progress(Progress::Scale(event));
    }));
}

fn fill_embedded_urls(settings: &mut Settings, running: &RunningService) {
    for env in &mut settings.environments {
        if env.kind == EnvironmentKind::EmbeddedSandbox {
            env.base_url = running.base_url.clone();
            env.labels_url = running.labels_url.clone();
        }
    }
}

/// The connection asked for is made (or why not).
pub fn connected(core: &mut Core, result: Result<(Client, Option<RunningService>), Failure>) {
    match result {
        Ok((client, service)) => {
            if let Some(outbox) = core.backend.own_server.as_ref().and_then(|s| s.outbox()) {
                outbox.set_client(client.clone());
            }
            core.backend.client = Some(client);
            if let Some(running) = service {
                fill_embedded_urls(&mut core.state.settings, &running);
                core.backend.service = Some(running);
            }
            let shell = &mut core.state.shell;
            shell.connection = Connection::Unknown;
            shell.startup = Startup::Ready;
            let name = core.state.settings.active().name.clone();
            shell.notice(Level::Info, format!("Connected to {name}."));
        }
        Err(failure) => core.state.shell.startup = Startup::Failed(failure.message()),
    }
}

/// A client for `env`: its credentials from the store, or for the embedded sandbox a service
/// started now (when `data_dir` is given, i.e. none runs yet).
pub async fn connect_to(
    env: Environment,
    store: Option<CredentialStore>,
    embedded_data_dir: Option<PathBuf>,
) -> Done {
    Done::Connected(connect_inner(env, store, embedded_data_dir).await)
}

async fn connect_inner(
    env: Environment,
    store: Option<CredentialStore>,
    embedded_data_dir: Option<PathBuf>,
) -> Result<(Client, Option<RunningService>), Failure> {
    // `embedded_data_dir` is given when no embedded service runs yet (see `shell::connect`).
    let embedded = EmbeddedService {
        data_dir: embedded_data_dir.unwrap_or_default(),
        label_delay: std::time::Duration::ZERO,
    };
    let connected = connection::connect(&env, store.as_ref(), &embedded)
        .await
        .map_err(|e| Failure::from_connection(&e))?;
    Ok((connected.client, connected.service))
}
