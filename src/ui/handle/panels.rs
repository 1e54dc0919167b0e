//! The quote and settings panels' intents, carried out; their results, reported back to the
//! panels; and switching the connection when the environment or its credentials change.
//! With a supervisor PIN set, what changes the service, the keys, the station record and the
//! printers is carried out only while a supervisor is unlocked (the panel shows it read-only
//! otherwise; this is the check that counts).

use std::time::Instant;

use crate::station::settings::{EnvironmentKind, Settings};
use crate::ui::app::Core;
use crate::ui::jobs::JobResult;
use crate::ui::jobs::panels::{self, SubmitFailure};
use crate::ui::quote::QuoteIntent;
use crate::ui::settings::{SettingsIntent, SettingsView};
use crate::ui::state::{Connection, Level, Startup};

use super::reload_orders;

pub fn quote(core: &mut Core, intent: QuoteIntent) {
    let client = core.backend.client.clone();
    let view = &mut core.state.quote;
    match intent {
        QuoteIntent::Calculate(request) => match client {
            Some(client) => core.jobs.spawn(move |_| panels::calculate(client, request)),
            None => {
                view.calculating = false;
                view.message = Some("The station is still starting; try again in a moment.".into());
            }
        },
        QuoteIntent::SubmitOrder(body) => {
            let (Some(outbox), Some(db), Some(quote)) = (
                core.backend.outbox.clone(),
                core.backend.db.clone(),
                view.result.clone(),
            ) else {
                view.submitting = false;
                view.message = Some("Calculate the cart first.".into());
                return;
            };
            core.jobs
                .spawn(move |_| panels::submit(db, outbox, quote.request, quote.response, body));
        }
        QuoteIntent::LoadCart => core.jobs.spawn(|_| panels::load_cart()),
        QuoteIntent::SaveCart(text) => core.jobs.spawn(move |_| panels::save_cart(text)),
    }
}

/// The settings panel for the current settings (kept while it is open).
pub fn open_settings(core: &mut Core) {
    if core.state.settings_panel.is_some() {
        return;
    }
    let mut view = SettingsView::new(core.state.settings.clone());
    match &core.backend.credentials {
        Some(store) => {
            view.credential_store_note = store.persistence_note().map(str::to_string);
            let names = view
                .draft
                .environments
                .iter()
                .map(|e| e.name.clone())
                .collect();
            let store = store.clone();
            core.jobs
                .spawn(move |_| panels::stored_secrets(store, names));
        }
        None => {
            view.credential_store_problem =
                Some(core.state.credential_note.clone().unwrap_or_else(|| {
                    "No credential store is available: keys cannot be saved on this computer."
                        .into()
                }));
        }
    }
    core.state.settings_panel = Some(view);
}

/// Said when a supervisor's setting is asked for while locked (the panel prevents it).
const SUPERVISOR_ONLY: &str =
    "Only a supervisor can change this: unlock Settings with the supervisor PIN first.";

pub fn settings(core: &mut Core, intent: SettingsIntent) {
    match intent {
        SettingsIntent::Save(settings) => save(core, *settings),
        SettingsIntent::SaveSecret {
            environment,
            kind,
            secret,
        } => {
            if supervisor_refuses(core) {
                if let Some(view) = &mut core.state.settings_panel {
                    view.secret_failed(SUPERVISOR_ONLY);
                }
                return;
            }
            let store = core.backend.credentials.clone();
            core.jobs
                .spawn(move |_| panels::save_secret(store, environment, kind, secret));
        }
        SettingsIntent::SetPin { .. }
        | SettingsIntent::RemovePin { .. }
        | SettingsIntent::Unlock(_)
        | SettingsIntent::Lock => super::cancel::settings_intent(core, intent),
        SettingsIntent::Warehouse(intent) => {
            if supervisor_refuses(core) {
                match intent {
                    crate::ui::warehouse::WarehouseIntent::TestConnection { .. } => {
                        crate::ui::warehouse::tested(core, Err(SUPERVISOR_ONLY.into()));
                    }
                    _ => {
                        if let Some(view) = &mut core.state.settings_panel {
                            view.secret_failed(SUPERVISOR_ONLY);
                        }
                    }
                }
                return;
            }
            crate::ui::warehouse::handle(core, intent);
        }
        SettingsIntent::TestPrint(target) => {
            if supervisor_refuses(core) {
                if let Some(view) = &mut core.state.settings_panel {
                    view.test_printed(Err(SUPERVISOR_ONLY.into()));
                }
                return;
            }
            let station = core.state.settings.station_name.clone();
            core.jobs
                .spawn(move |_| crate::ui::jobs::output::test_print(target, station));
        }
    }
}

/// Whether a supervisor's setting must be refused now (a PIN is set and nobody unlocked);
/// when it may go ahead, that counts as supervisor activity.
fn supervisor_refuses(core: &mut Core) -> bool {
    let now = Instant::now();
    if core.state.supervisor.locks_settings(now) {
        return true;
    }
    if let Some(lock) = &mut core.state.supervisor.lock {
        lock.touch(now);
    }
    false
}

/// Saves the settings. The PIN is the one in force (it changes only behind the current PIN),
/// and while locked the supervisor's sections must be as they are: the panel keeps them
/// read-only, but an unlock can run out between typing and saving.
fn save(core: &mut Core, mut settings: Settings) {
    settings.supervisor_pin_hash = core.state.settings.supervisor_pin_hash.clone();
    let changes_supervisor_part =
        supervisor_part(&settings) != supervisor_part(&core.state.settings);
    if changes_supervisor_part && supervisor_refuses(core) {
        if let Some(view) = &mut core.state.settings_panel {
            view.save_failed(
                "Not saved: the supervisor unlock ran out. Unlock with the supervisor PIN, then \
                 save again (what was typed is kept).",
            );
        }
        return;
    }
    if let Some(view) = &mut core.state.settings_panel {
        view.saving = true;
    }
    let path = core.config.settings_path.clone();
    core.jobs
        .spawn(move |_| panels::save_settings(path, settings));
}

/// The settings only a supervisor changes once a PIN is set. The embedded environment's
/// addresses change with every start, so they are left out.
fn supervisor_part(settings: &Settings) -> Settings {
    let mut part = Settings {
        environments: settings.environments.clone(),
        active_environment: settings.active_environment.clone(),
        label_printer: settings.label_printer.clone(),
        document_printer: settings.document_printer.clone(),
        warehouse_database: settings.warehouse_database.clone(),
        inbox_folder: settings.inbox_folder.clone(),
        ..Settings::default()
    };
    for env in &mut part.environments {
        if env.kind == EnvironmentKind::EmbeddedSandbox {
            env.base_url.clear();
            env.labels_url.clear();
        }
    }
    part
}

/// Applies a result of the panels' jobs.
pub fn apply(core: &mut Core, result: JobResult) {
    match result {
        JobResult::QuoteCalculated(answer) => {
            match &answer {
                Ok(response) => core.state.quote.calculated(response.clone()),
                Err(e) => core.state.quote.calculation_failed(e),
            }
            connection_from(core, answer.as_ref().err());
        }
        JobResult::QuoteSubmitted(result) => match result {
            Ok(()) => {
                core.state.quote.order_queued();
                reload_orders(core);
            }
            Err(SubmitFailure::Service(e)) => {
                core.state.quote.order_failed(&e);
                connection_from(core, Some(&e));
            }
            Err(SubmitFailure::Station(why)) => {
                core.state.quote.submitting = false;
                core.state.quote.message = Some(why);
            }
        },
        JobResult::CartLoaded(result) => match result {
            Ok(Some(text)) => core.state.quote.cart_loaded(&text),
            Ok(None) => {}
            Err(why) => core.state.quote.cart_file_failed(&why),
        },
        JobResult::CartSaved(result) => match result {
            Ok(Some(place)) => core.state.quote.cart_saved(&place),
            Ok(None) => {}
            Err(why) => core.state.quote.cart_file_failed(&why),
        },
        JobResult::SettingsSaved { settings, result } => match result {
            Ok(()) => {
                if let Some(view) = &mut core.state.settings_panel {
                    view.saved();
                }
                apply_settings(core, *settings);
            }
            Err(why) => {
                if let Some(view) = &mut core.state.settings_panel {
                    view.save_failed(&why);
                }
            }
        },
        JobResult::SecretSaved {
            environment,
            kind,
            result,
        } => {
            match &result {
                Ok(secret) => {
                    if let Some(view) = &mut core.state.settings_panel {
                        view.secret_saved(&environment, kind, secret);
                    }
                }
                Err(why) => {
                    if let Some(view) = &mut core.state.settings_panel {
                        view.secret_failed(why);
                    }
                }
            }
            if result.is_ok() && core.state.settings.active().name == environment {
                connect(core);
            }
        }
        JobResult::StoredSecrets(found) => {
            if let Some(view) = &mut core.state.settings_panel {
                for (environment, kind, secret) in found {
                    view.show_stored_secret(&environment, kind, secret.as_ref());
                }
            }
        }
        JobResult::TestPrinted(result) => {
            if let Some(view) = &mut core.state.settings_panel {
                view.test_printed(result);
            }
        }
        JobResult::PinHashed(result) => super::cancel::pin_hashed(core, result),
        JobResult::PinChecked(checked) => super::cancel::pin_checked(core, *checked),
        JobResult::PinSaved(result) => super::cancel::pin_saved(core, result),
        JobResult::LockoutSaved(result) => super::cancel::lockout_saved(core, result),
        JobResult::Connected(result) => match result {
            Ok((client, service)) => {
                if let Some(outbox) = &core.backend.outbox {
                    outbox.set_client(client.clone());
                }
                core.backend.client = Some(client);
                if let Some(running) = service {
                    fill_embedded_urls(&mut core.state.settings, &running);
                    core.backend.service = Some(running);
                }
                core.state.connection = Connection::Unknown;
                core.state.startup = Startup::Ready;
                let name = core.state.settings.active().name.clone();
                core.state
                    .notice(Level::Info, format!("Connected to {name}."));
            }
            Err(why) => core.state.startup = Startup::Failed(why),
        },
        // The packing results are applied in `results`.
        _ => {}
    }
}

/// The saved settings take effect: station values, and the connection when the environment in
/// use or its addresses changed. The PIN in force stays: it changes only through its own flow.
fn apply_settings(core: &mut Core, mut saved: Settings) {
    let before = core.state.settings.active().clone();
    let database_before = core.state.settings.warehouse_database.clone();
    let inbox_before = core.state.settings.inbox_folder.clone();
    if let Some(running) = &core.backend.service {
        fill_embedded_urls(&mut saved, running);
    }
    saved
        .supervisor_pin_hash
        .clone_from(&core.state.settings.supervisor_pin_hash);
    core.state.settings = saved;
    if let Startup::Failed(_) = core.state.startup {
        // The settings may fix what stopped the start (the warehouse database, say).
        super::start(core);
        return;
    }
    crate::ui::warehouse::settings_saved(core, database_before);
    if core.state.settings.inbox_folder != inbox_before {
        watch_inbox(core);
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
fn connect(core: &mut Core) {
    let env = core.state.settings.active().clone();
    core.state.open = None;
    if env.kind == EnvironmentKind::EmbeddedSandbox
        && let Some(running) = &core.backend.service
    {
        match crate::connection::client_for(running) {
            Ok(client) => {
                // The outbox delivers through the environment in use, like every call.
                if let Some(outbox) = &core.backend.outbox {
                    outbox.set_client(client.clone());
                }
                core.backend.client = Some(client);
            }
            Err(e) => core.state.notice(Level::Error, e.to_string()),
        }
        core.state.connection = Connection::Online;
        return;
    }
    let data_dir = (env.kind == EnvironmentKind::EmbeddedSandbox)
        .then(|| core.config.embedded_data_dir.clone());
    let store = core.backend.credentials.clone();
    core.state.startup = Startup::Starting(format!("Connecting to {}…", env.name));
    core.jobs
        .spawn(move |_| panels::connect(env, store, data_dir));
}

/// Watches the inbox folder of the settings (none: stops watching).
pub fn watch_inbox(core: &mut Core) {
    core.backend.inbox = None;
    let (Some(folder), Some(db)) = (
        core.state.settings.inbox_folder.clone(),
        core.backend.db.clone(),
    ) else {
        return;
    };
    let reporter = core.jobs.reporter();
    core.backend.inbox = Some(crate::ui::import::InboxWatcher::start(
        &core.jobs.runtime(),
        db,
        folder,
        reporter,
    ));
}

fn fill_embedded_urls(settings: &mut Settings, running: &crate::service::server::RunningService) {
    for env in &mut settings.environments {
        if env.kind == EnvironmentKind::EmbeddedSandbox {
            env.base_url = running.base_url.clone();
            env.labels_url = running.labels_url.clone();
        }
    }
}

fn connection_from(core: &mut Core, error: Option<&crate::api::ClientError>) {
    core.state.connection = match error {
        None => Connection::Online,
        Some(e) if e.is_retryable() => Connection::Offline(e.user_message()),
        Some(_) => Connection::Online,
    };
    if let Some(crate::api::ClientError::Unauthorized) = error {
        core.state
            .notice(Level::Error, "API key rejected — check Settings");
    }
}
