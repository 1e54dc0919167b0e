//! The middle of the window: the start-up screen (or why it failed, with Settings still usable
//! to fix it), else the tab shown.

use crate::station::db::Action;
use crate::ui::command::Command;
use crate::ui::state::AppState;
use crate::ui::status::{Startup, Tab};
use crate::ui::{orders, outbox, packing, people, quote, settings};

use super::compose::{OrdersExtras, PackingExtras, SettingsExtras};

/// The dialogs over the window (the open order's: cancel, override, reprint).
pub fn dialogs_ui(ctx: &egui::Context, state: &AppState, commands: &mut Vec<Command>) {
    packing::dialogs_ui(ctx, state, commands);
}

pub fn central_ui(ui: &mut egui::Ui, state: &mut AppState, commands: &mut Vec<Command>) {
    match &state.shell.startup {
        Startup::NotStarted | Startup::Starting(_) => {
            let text = match &state.shell.startup {
                Startup::Starting(what) => what.as_str(),
                _ => "Starting…",
            };
            ui.vertical_centered(|ui| {
                ui.add_space(80.0);
                ui.spinner();
                ui.heading(text);
            });
            return;
        }
        // Settings stay usable: they are where a failed start is fixed.
        Startup::Failed(why) if state.shell.tab != Tab::Settings => {
            ui.vertical_centered(|ui| {
                ui.add_space(80.0);
                ui.heading("Packdesk could not start");
                ui.label(why);
                ui.label(
                    "Check the environment or the warehouse database in Settings (Ctrl+3); \
                     saving the settings starts Packdesk again.",
                );
                if ui.button("Try again").clicked() {
                    commands.push(Command::RetryStart);
                }
            });
            return;
        }
        Startup::Ready | Startup::Seeding { .. } | Startup::Failed(_) => {}
    }
    if state.features.people.signing_in() {
        return people::view::sign_in_ui(ui, &state.features.people, commands);
    }
    match state.shell.tab {
        Tab::People => people::view::people_tab_ui(ui, state, commands),
        Tab::Orders => match &state.features.packing.open {
            Some(open) => {
                let extras = PackingExtras {
                    customs: &state.features.customs,
                };
                packing::order_ui(ui, state, open, &extras, commands);
            }
            None => {
                let extras = OrdersExtras {
                    import: &state.features.import,
                };
                orders::orders_ui(ui, state, &extras, commands);
            }
        },
        // The two panels edit their own view and return commands, routed like any command.
        Tab::Quote => {
            let refused = state.features.people.access().why_not(Action::SubmitOrder);
            let intents = quote::quote_ui(ui, &mut state.features.quote, refused.as_deref());
            commands.extend(intents.into_iter().map(Command::from));
        }
        Tab::Outbox => outbox::outbox_ui(ui, state, commands),
        Tab::Settings => match &mut state.features.settings_panel {
            Some(view) => {
                let gate = state
                    .features
                    .supervisor
                    .gate(&state.features.people.access(), std::time::Instant::now());
                let mut extras = SettingsExtras {
                    gate,
                    pin: &mut state.features.pin_section,
                    customs: &state.features.customs,
                    commands,
                };
                let intents = settings::settings_ui(ui, view, gate, &mut extras);
                commands.extend(intents.into_iter().map(Command::from));
            }
            None => {
                ui.spinner();
            }
        },
    }
}
