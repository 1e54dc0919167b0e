//! Drawing the settings panel.

use egui::{ComboBox, RichText, ScrollArea, Ui};

use super::extras::Extras;
use crate::api::Secret;
use crate::station::secrets::SecretKind;
use crate::station::settings::{Environment, EnvironmentKind, ScannerTerminator, Units};
use crate::ui::form::FieldErrors;
use crate::ui::form::{Fields, NARROW, WIDE};
use crate::ui::settings::check::environment_problems;
use crate::ui::settings::command::{SettingsCommand, SupervisorGate};
use crate::ui::settings::state::SettingsView;
use crate::ui::widgets::region;

const URL_WIDTH: f32 = 360.0;

/// What a locked section says first.
const LOCKED: &str =
    "Locked: read-only until a supervisor unlocks Settings with the PIN (at the top of Settings).";

const TERMINATORS: [(ScannerTerminator, &str); 4] = [
    (ScannerTerminator::Enter, "Enter"),
    (ScannerTerminator::Tab, "Tab"),
    (ScannerTerminator::Lf, "Line feed (LF)"),
    (ScannerTerminator::Eot, "End of transmission (EOT)"),
];

/// Draws the settings draft and returns what the person asked for. `gate` is how the supervisor
/// unlock stands: with a PIN set and no supervisor unlocked, the environment, warehouse and
/// printer sections are read-only.
pub fn settings_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    gate: SupervisorGate,
    extras: &mut dyn Extras,
) -> Vec<SettingsCommand> {
    let mut intents = Vec::new();
    let errors = problems(view);
    let mut fields = Fields::new(&errors);
    let locked = gate.locked();
    ScrollArea::vertical()
        .id_salt("settings_scroll")
        .show(ui, |ui| {
            if let Some(message) = &view.message {
                ui.label(RichText::new(message).strong());
            }
            if gate.pin_set {
                region(ui, "Supervisor unlock", |ui| extras.unlock_ui(ui));
                ui.separator();
            }
            region(ui, "Environment settings", |ui| {
                locked_line(ui, &gate);
                environments_ui(ui, view, locked, &mut fields, &mut intents);
            });
            ui.separator();
            region(ui, "Warehouse settings", |ui| {
                locked_line(ui, &gate);
                // Read-only as a whole while locked.
                ui.add_enabled_ui(!locked, |ui| {
                    let warehouse = super::warehouse::warehouse_settings_ui(
                        ui,
                        &mut view.warehouse,
                        &mut view.draft,
                        &mut fields,
                        view.credential_store_problem.as_deref(),
                    );
                    intents.extend(warehouse);
                });
            });
            ui.separator();
            region(ui, "Station settings", |ui| {
                station_ui(ui, view, &mut fields, &errors, &mut intents);
            });
            ui.separator();
            region(ui, "Printer settings", |ui| {
                locked_line(ui, &gate);
                ui.add_enabled_ui(!locked, |ui| {
                    super::printers::printers_ui(ui, view, &mut fields, &mut intents);
                });
            });
            ui.separator();
            region(ui, "Supervisor PIN settings", |ui| extras.pin_ui(ui));
            ui.separator();
            region(ui, "Scale settings", |ui| {
                super::scale::scale_ui(ui, view, &mut intents);
            });
            ui.separator();
            // The customs feature's own section (kept in the warehouse record, not this file).
            region(ui, "Customs documents settings", |ui| extras.customs_ui(ui));
        });
    intents
}

/// The problems to show: URL problems of what was typed (all of them after a save attempt),
/// the station name, the printers'.
fn problems(view: &SettingsView) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for (i, env) in view.draft.environments.iter().enumerate() {
        for (key, message) in environment_problems(env) {
            let typed = match key {
                "base_url" => !env.base_url.trim().is_empty(),
                _ => !env.labels_url.trim().is_empty(),
            };
            if typed || view.save_tried {
                errors.add(&format!("environments[{i}].{key}"), &message);
            }
        }
    }
    if view.draft.station_name.trim().is_empty() {
        errors.add(
            "station_name",
            "Enter a name for this station: it tells the stations apart in reports.",
        );
    }
    super::printers::printer_problems(view, &mut errors);
    if let Some(problem) = view.warehouse.url_problem() {
        errors.add("warehouse_server", &problem);
    }
    errors
}

/// The environments; while `locked`, one can still pick which one to look at, and nothing more.
fn environments_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    locked: bool,
    fields: &mut Fields,
    intents: &mut Vec<SettingsCommand>,
) {
    ui.heading("Environments");
    let active = view.draft.active_environment.clone();
    for (i, env) in view.draft.environments.iter().enumerate() {
        let in_use = if env.name == active { " · in use" } else { "" };
        let text = format!("{} ({}){in_use}", env.name, env.kind.label());
        if ui.selectable_label(view.selected == i, text).clicked() {
            view.selected = i;
        }
    }
    ui.add_enabled_ui(!locked, |ui| add_environment_ui(ui, view, fields));
    let index = view.selected;
    let Some(name) = view.draft.environments.get(index).map(|e| e.name.clone()) else {
        return;
    };
    region(ui, &format!("Environment {name}"), |ui| {
        ui.add_enabled_ui(!locked, |ui| {
            let Some(env) = view.draft.environments.get_mut(index) else {
                return;
            };
            environment_ui(ui, env, index, fields);
            let embedded = env.kind == EnvironmentKind::EmbeddedSandbox;
            let is_active = view.draft.active_environment == name;
            if ui
                .add_enabled(!is_active, egui::Button::new("Use this environment"))
                .clicked()
            {
                view.draft.active_environment = name.clone();
            }
            if !embedded {
                credentials_ui(ui, view, &name, fields, intents);
            }
        });
    });
}

fn add_environment_ui(ui: &mut Ui, view: &mut SettingsView, fields: &mut Fields) {
    ui.horizontal(|ui| {
        fields.text(
            ui,
            "New environment name",
            &mut view.new_environment,
            "new_environment",
            WIDE,
        );
        let name = view.new_environment.trim().to_string();
        let taken = view.draft.environments.iter().any(|e| e.name == name);
        if ui
            .add_enabled(
                !name.is_empty() && !taken,
                egui::Button::new("Add environment"),
            )
            .clicked()
        {
            view.draft.environments.push(Environment {
                name,
                kind: EnvironmentKind::Sandbox,
                base_url: String::new(),
                labels_url: String::new(),
                allow_plain_http: false,
            });
            view.selected = view.draft.environments.len().saturating_sub(1);
            view.new_environment.clear();
        }
    });
}

fn environment_ui(ui: &mut Ui, env: &mut Environment, index: usize, fields: &mut Fields) {
    ui.label(RichText::new(format!("{} — {}", env.name, env.kind.label())).strong());
    if env.kind == EnvironmentKind::EmbeddedSandbox {
        ui.label("The reference service built into Packdesk, on this computer, with demo orders.");
        if !env.base_url.is_empty() {
            ui.label(format!(
                "Base URL {} · label URL {}",
                env.base_url, env.labels_url
            ));
        }
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label("Kind");
        ComboBox::from_id_salt(("env_kind", index))
            .selected_text(env.kind.label())
            .show_ui(ui, |ui| {
                for kind in [EnvironmentKind::Sandbox, EnvironmentKind::Production] {
                    ui.selectable_value(&mut env.kind, kind, kind.label());
                }
            })
            .response
            .labelled_by(label.id);
    });
    fields.text(
        ui,
        "Base URL",
        &mut env.base_url,
        &format!("environments[{index}].base_url"),
        URL_WIDTH,
    );
    fields.text(
        ui,
        "Label URL",
        &mut env.labels_url,
        &format!("environments[{index}].labels_url"),
        URL_WIDTH,
    );
    ui.checkbox(
        &mut env.allow_plain_http,
        "Allow plain HTTP (test servers only)",
    );
}

fn credentials_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    env: &str,
    fields: &mut Fields,
    intents: &mut Vec<SettingsCommand>,
) {
    ui.label(RichText::new("Credentials").strong());
    if let Some(problem) = &view.credential_store_problem {
        ui.colored_label(ui.visuals().error_fg_color, problem);
    }
    if let Some(note) = &view.credential_store_note {
        ui.label(RichText::new(note).weak());
    }
    let can_save = view.credential_store_problem.is_none();
    let stored = view.stored.get(env).cloned().unwrap_or_default();
    for (kind, input, shown) in [
        (SecretKind::ApiKey, &mut view.new_api_key, stored.api_key),
        (
            SecretKind::AccessToken,
            &mut view.new_access_token,
            stored.access_token,
        ),
    ] {
        let label = match kind {
            SecretKind::ApiKey => "API key",
            SecretKind::AccessToken => "Access token",
            SecretKind::WarehousePassword => "Warehouse database password",
            SecretKind::DeskToken => "Desk token",
        };
        ui.horizontal(|ui| {
            fields.password(
                ui,
                &format!("New {}", kind.label()),
                input,
                &format!("secret.{label}"),
                WIDE,
            );
            ui.label(match &shown {
                Some(masked) => format!("Stored: {masked}"),
                None => "Nothing stored yet".into(),
            });
            let button = ui.add_enabled(
                can_save && !input.trim().is_empty(),
                egui::Button::new(format!("Save {}", kind.label())),
            );
            if button.clicked() {
                intents.push(SettingsCommand::SaveSecret {
                    environment: env.to_string(),
                    kind,
                    secret: Secret::new(input.trim()),
                });
                input.clear();
            }
        });
    }
}

fn station_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    fields: &mut Fields,
    errors: &FieldErrors,
    intents: &mut Vec<SettingsCommand>,
) {
    ui.heading("Station");
    let draft = &mut view.draft;
    ui.horizontal_wrapped(|ui| {
        fields.text(
            ui,
            "Station name",
            &mut draft.station_name,
            "station_name",
            WIDE,
        );
        fields.text(
            ui,
            "Location code",
            &mut draft.location_code,
            "location_code",
            NARROW,
        );
        fields.text(
            ui,
            "Default carrier",
            &mut draft.default_carrier,
            "default_carrier",
            WIDE,
        );
        fields.text(
            ui,
            "Brand code",
            &mut draft.brand_code,
            "brand_code",
            NARROW,
        );
    });
    ui.horizontal(|ui| {
        ui.label("Preferred units");
        ui.radio_value(&mut draft.units, Units::Metric, "Metric (g, cm)");
        ui.radio_value(&mut draft.units, Units::Imperial, "Imperial (lb, in)");
        ui.separator();
        // One row with the units: the panel is long already.
        let label = ui.label("Sign out after idle minutes (0: never)");
        ui.add(egui::DragValue::new(&mut draft.idle_sign_out_minutes).range(0..=480))
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let label = ui.label("Scanner ends each code with");
        let shown = TERMINATORS
            .iter()
            .find(|(t, _)| *t == draft.scanner_terminator)
            .map_or("Enter", |(_, name)| name);
        ComboBox::from_id_salt("scanner_terminator")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (terminator, name) in TERMINATORS {
                    ui.selectable_value(&mut draft.scanner_terminator, terminator, name);
                }
            })
            .response
            .labelled_by(label.id);
    });
    let blocking = errors.paths().any(|p| {
        p.starts_with("environments")
            || p.starts_with("printers")
            || p == "station_name"
            || p == "warehouse_server"
    });
    let save = ui.add_enabled(!view.saving, egui::Button::new("Save settings"));
    if save.clicked() {
        let all_problems = view
            .draft
            .environments
            .iter()
            .any(|e| !environment_problems(e).is_empty());
        if blocking || all_problems {
            view.save_tried = true;
            view.message = Some("Fix the fields marked in red, then save.".into());
        } else {
            view.saving = true;
            view.message = None;
            intents.push(SettingsCommand::Save(Box::new(view.draft.clone())));
        }
    }
}

/// The first line of a section a supervisor unlocks, while it is locked.
fn locked_line(ui: &mut Ui, gate: &SupervisorGate) {
    if gate.locked() {
        ui.label(RichText::new(LOCKED).color(ui.visuals().warn_fg_color));
    }
}
