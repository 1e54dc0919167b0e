//! The status bar: online or offline (with Retry), start-up and seeding, and the latest
//! message, each saying what to do next.

use egui::{Color32, RichText};

use crate::ui::command::Command;
use crate::ui::state::AppState;
use crate::ui::status::{Connection, Level, Startup};
use crate::ui::widgets::WARNING;

const ONLINE: Color32 = Color32::from_rgb(40, 150, 70);

pub fn status_bar_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        match &state.shell.connection {
            Connection::Online => {
                dot_ui(ui, ONLINE);
                ui.label(RichText::new("Online").color(ONLINE));
            }
            Connection::Unknown => {
                dot_ui(ui, ui.visuals().weak_text_color());
                ui.label(RichText::new("Not connected yet").weak());
            }
            Connection::Offline(why) => {
                let red = ui.visuals().error_fg_color;
                dot_ui(ui, red);
                ui.label(RichText::new("Offline").color(red).strong());
                if ui.button("Retry (F5)").clicked() {
                    commands.push(Command::Retry);
                }
                ui.label(RichText::new(why).color(red));
            }
        }
        ui.separator();
        super::warehouse::warehouse_status_ui(ui, &state.features.warehouse);
        crate::ui::outbox::outbox_status_ui(ui, state, commands);
        ui.separator();
        match &state.shell.startup {
            Startup::Seeding { done, total } => {
                ui.spinner();
                ui.label(format!(
                    "Seeding demo orders through the API… {done} of {total}"
                ));
                ui.separator();
            }
            Startup::Starting(what) => {
                ui.spinner();
                ui.label(what);
                ui.separator();
            }
            _ => {}
        }
        for note in [&state.shell.credential_note, &state.shell.settings_problem]
            .into_iter()
            .flatten()
        {
            ui.label(RichText::new(note).color(WARNING));
            ui.separator();
        }
        if let Some(notice) = state.shell.notices.last() {
            let color = match notice.level {
                Level::Info => ui.visuals().text_color(),
                Level::Warning => WARNING,
                Level::Error => ui.visuals().error_fg_color,
            };
            ui.label(RichText::new(&notice.text).color(color));
            if ui.small_button("Dismiss").clicked() {
                commands.push(Command::DismissNotices);
            }
        }
    });
}

/// A coloured dot before the connection state.
fn dot_ui(ui: &mut egui::Ui, color: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().circle_filled(rect.center(), 5.0, color);
}
