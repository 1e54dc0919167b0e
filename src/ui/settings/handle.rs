//! The settings panel's commands carried out, and their results reported back to the panel.
//! With a supervisor PIN set, what changes the service, the keys, the station record and the
//! printers is carried out only while a supervisor is unlocked (the panel shows it read-only
//! otherwise; this is the check that counts). Saved settings take effect in the shell
//! ([`Command::UseSettings`]), which owns the connection and the station record.

use crate::station::db::Action;
use crate::ui::access::Access;
use std::time::Instant;

use super::command::Done;
use super::command::SettingsCommand;
use super::jobs;
use super::state::SettingsView;
use crate::station::settings::{EnvironmentKind, Settings};
use crate::ui::access::SupervisorState;
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;

/// The settings panel for the current settings (kept while it is open).
pub fn open(panel: &mut Option<SettingsView>, desk: &mut Desk<'_>) {
    if panel.is_some() {
        return;
    }
    let mut view = SettingsView::new(desk.settings.clone());
    match &desk.backend.credentials {
        Some(store) => {
            view.credential_store_note = store.persistence_note().map(str::to_string);
            let names = view
                .draft
                .environments
                .iter()
                .map(|e| e.name.clone())
                .collect();
            let store = store.clone();
            desk.spawn(move |_| jobs::stored_secrets(store, names));
        }
        None => {
            view.credential_store_problem =
                Some(desk.shell.credential_note.clone().unwrap_or_else(|| {
                    "No credential store is available: keys cannot be saved on this computer."
                        .into()
                }));
        }
    }
    *panel = Some(view);
}

/// Said when a supervisor's setting is asked for while locked (the panel prevents it).
const SUPERVISOR_ONLY: &str =
    "Only a supervisor can change this: unlock Settings with the supervisor PIN first.";

/// Carries a command out.
pub fn handle(
    panel: &mut Option<SettingsView>,
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
    intent: SettingsCommand,
) {
    match intent {
        SettingsCommand::Save(settings) => save(panel, supervisor, desk, *settings),
        SettingsCommand::SaveSecret {
            environment,
            kind,
            secret,
        } => {
            if supervisor_refuses(supervisor, &desk.access) {
                if let Some(view) = panel {
                    view.secret_failed(SUPERVISOR_ONLY);
                }
                return;
            }
            let store = desk.backend.credentials.clone();
            desk.spawn(move |_| jobs::save_secret(store, environment, kind, secret));
        }
        SettingsCommand::Enroll {
            url,
            fingerprint,
            code,
        } => {
            let Some(view) = panel else {
                return;
            };
            if supervisor_refuses(supervisor, &desk.access) {
                view.warehouse
                    .enrolled(Err(Failure::Other(SUPERVISOR_ONLY.into())));
                return;
            }
            view.warehouse.enrolling_started();
            let store = desk.backend.credentials.clone();
            desk.spawn(move |_| jobs::enroll(url, fingerprint, code, store));
        }
        SettingsCommand::ReadScale(config) => {
            desk.spawn(move |_| jobs::read_scale(config));
        }
        SettingsCommand::DetectScales => {
            desk.spawn(|_| jobs::detect_scales());
        }
        SettingsCommand::TestPrint(target) => {
            if supervisor_refuses(supervisor, &desk.access) {
                if let Some(view) = panel {
                    view.test_printed(Err(Failure::Other(SUPERVISOR_ONLY.into())));
                }
                return;
            }
            let station = desk.settings.station_name.clone();
            desk.spawn(move |_| jobs::test_print(target, station));
        }
    }
}

/// Whether a supervisor's setting must be refused now (a PIN is set and nobody unlocked);
/// when it may go ahead, that counts as supervisor activity.
fn supervisor_refuses(supervisor: &mut SupervisorState, access: &Access) -> bool {
    let now = Instant::now();
    if supervisor.locks_settings(access, now) {
        return true;
    }
    if let Some(lock) = &mut supervisor.lock {
        lock.touch(now);
    }
    false
}

/// Saves the settings. The PIN is the one in force (it changes only behind the current PIN),
/// and while locked the supervisor's sections must be as they are: the panel keeps them
/// read-only, but an unlock can run out between typing and saving.
fn save(
    panel: &mut Option<SettingsView>,
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
    mut settings: Settings,
) {
    if let Some(why) = desk.access.why_not(Action::ChangeSettings) {
        if let Some(view) = panel {
            view.save_failed(&format!("Not saved: {why}"));
        }
        return;
    }
    settings
        .supervisor_pin_hash
        .clone_from(&desk.settings.supervisor_pin_hash);
    let changes_supervisor_part = supervisor_part(&settings) != supervisor_part(desk.settings);
    if changes_supervisor_part && supervisor_refuses(supervisor, &desk.access) {
        if let Some(view) = panel {
            view.save_failed(
                "Not saved: the supervisor unlock ran out. Unlock with the supervisor PIN, then \
                 save again (what was typed is kept).",
            );
        }
        return;
    }
    if let Some(view) = panel {
        view.saving = true;
    }
    let path = desk.config.settings_path.clone();
    desk.spawn(move |_| jobs::save_settings(path, settings));
}

/// The settings only a supervisor changes once a PIN is set. The embedded environment's
/// addresses change with every start, so they are left out.
fn supervisor_part(settings: &Settings) -> Settings {
    let mut part = Settings {
        environments: settings.environments.clone(),
        active_environment: settings.active_environment.clone(),
        label_printer: settings.label_printer.clone(),
        document_printer: settings.document_printer.clone(),
        warehouse_server: settings.warehouse_server.clone(),
        warehouse_fingerprint: settings.warehouse_fingerprint.clone(),
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

/// Applies a result of the panel's jobs.
pub fn apply(panel: &mut Option<SettingsView>, desk: &mut Desk<'_>, done: Done) {
    match done {
        Done::Enrolled(result) => {
            if let Some(view) = panel {
                view.warehouse.enrolled(result);
            }
        }
        Done::Saved { settings, result } => match result {
            Ok(()) => {
                if let Some(view) = panel {
                    view.saved();
                }
                // The desk's own log says what changed (the settings file is the desk's).
                let changed = jobs::changed_fields(desk.settings, &settings);
                tracing::info!(?changed, "settings saved");
                desk.then(Command::UseSettings(settings));
            }
            Err(failure) => {
                if let Some(view) = panel {
                    view.save_failed(&failure.message());
                }
            }
        },
        Done::SecretSaved {
            environment,
            kind,
            result,
        } => {
            if let Some(view) = panel {
                match &result {
                    Ok(secret) => view.secret_saved(&environment, kind, secret),
                    Err(failure) => view.secret_failed(&failure.message()),
                }
            }
            if result.is_ok() && desk.settings.active().name == environment {
                desk.then(Command::Reconnect);
            }
        }
        Done::StoredSecrets(found) => {
            if let Some(view) = panel {
                for (environment, kind, secret) in found {
                    view.show_stored_secret(&environment, kind, secret.as_ref());
                }
            }
        }
        Done::ScaleRead(result) => {
            if let Some(view) = panel {
                view.scale_reading = false;
                view.scale_message = Some(match result {
                    Ok(reading) => reading.to_string(),
                    Err(failure) => failure.message(),
                });
            }
        }
        Done::ScalesDetected(found) => {
            if let Some(view) = panel {
                view.scale_message = Some(if found.is_empty() {
                    "No USB scale found: is it plugged in and readable (/dev/hidraw*)?".into()
                } else {
                    format!("{} scale(s) found.", found.len())
                });
                view.scales_detected = found;
            }
        }
        Done::TestPrinted(result) => {
            if let Some(view) = panel {
                view.test_printed(result);
            }
        }
    }
}
