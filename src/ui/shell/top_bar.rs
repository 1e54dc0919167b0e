//! The top bar: the environment badge (production red and shouting), the station, the tabs and
//! the scan box.

use egui::{Color32, RichText};

use super::scan;
use crate::station::db::Action;
use crate::station::settings::EnvironmentKind;
use crate::ui::command::Command;
use crate::ui::people;
use crate::ui::state::AppState;
use crate::ui::status::{Startup, Tab};

const PRODUCTION: Color32 = Color32::from_rgb(200, 30, 30);
const SANDBOX: Color32 = Color32::from_rgb(196, 120, 0);
const EMBEDDED: Color32 = Color32::from_rgb(30, 110, 170);

/// The environment: always visible; production is red and shouting.
pub fn environment_badge_ui(ui: &mut egui::Ui, kind: EnvironmentKind, name: &str) {
    let (fill, text) = match kind {
        EnvironmentKind::Production => (PRODUCTION, format!("PRODUCTION — {name}")),
        EnvironmentKind::Sandbox => (SANDBOX, format!("Sandbox — {name}")),
        EnvironmentKind::EmbeddedSandbox => (EMBEDDED, kind.label().to_string()),
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .show(ui, |ui| {
            ui.label(RichText::new(text).color(Color32::WHITE).strong());
        });
}

/// Badge, title, tabs and the scan box.
pub fn top_bar_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    let (kind, name) = state.environment();
    if kind == EnvironmentKind::Production {
        // A red band over the whole window: nobody packs against production by mistake.
        let rect = ui.max_rect();
        ui.painter()
            .rect_filled(rect.with_max_y(rect.min.y + 3.0), 0.0, PRODUCTION);
    }
    ui.horizontal(|ui| {
        environment_badge_ui(ui, kind, name);
        ui.label(RichText::new("Packdesk").strong());
        ui.label(&state.settings.station_name);
        ui.separator();
        for (tab, title) in [
            (Tab::Orders, "Orders"),
            (Tab::Quote, "Quote"),
            (Tab::Settings, "Settings"),
            (Tab::Outbox, "Outbox"),
            (Tab::People, "People"),
        ] {
            let why_not = (tab == Tab::Settings)
                .then(|| {
                    state
                        .features
                        .people
                        .access()
                        .why_not(Action::ChangeSettings)
                })
                .flatten();
            let response = ui
                .add_enabled(
                    why_not.is_none() && !state.features.people.signing_in(),
                    egui::Button::selectable(state.shell.tab == tab, title),
                )
                .on_disabled_hover_text(why_not.unwrap_or_default());
            if response.clicked() {
                commands.push(Command::ShowTab(tab));
            }
        }
        ui.separator();
        scan::scan_box_ui(ui, state, commands);
        people::view::session_ui(ui, &state.features.people, commands);
        if let Startup::Starting(what) = &state.shell.startup {
            ui.spinner();
            ui.label(what);
        }
    });
}
