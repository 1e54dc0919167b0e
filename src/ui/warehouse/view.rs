//! Settings → Warehouse, and the status bar's word on the record in use.

use egui::{RichText, Ui};

use super::command::WarehouseIntent;
use super::state::{WarehouseDraft, WarehouseStatus};
use crate::api::Secret;
use crate::station::settings::Settings;
use crate::ui::form::{Fields, WIDE};

const URL_WIDTH: f32 = 360.0;

/// The section: "This desk only" or a warehouse database (URL, password, Test connection), and
/// the inbox folder. What is typed goes into `settings` (saved with "Save settings"); the
/// password is stored at once by its own button, never in the settings file.
pub fn warehouse_settings_ui(
    ui: &mut Ui,
    draft: &mut WarehouseDraft,
    settings: &mut Settings,
    fields: &mut Fields,
    credential_problem: Option<&str>,
) -> Vec<WarehouseIntent> {
    let mut intents = Vec::new();
    ui.heading("Station record");
    ui.horizontal(|ui| {
        ui.radio_value(&mut draft.shared, false, "This desk only")
            .on_hover_text("Orders and parcels in a file on this computer (SQLite)");
        ui.radio_value(&mut draft.shared, true, "Warehouse database")
            .on_hover_text("One PostgreSQL database shared by every desk of the warehouse");
    });
    if draft.shared {
        ui.horizontal(|ui| {
            fields.text(
                ui,
                "Database URL",
                &mut draft.url,
                "warehouse_database",
                URL_WIDTH,
            );
            ui.label(
                RichText::new(
                    "postgres://user@host:5432/database. TLS is required off this machine \
                     (loopback may be plain).",
                )
                .weak(),
            );
        });
        ui.horizontal(|ui| {
            fields.password(
                ui,
                "Database password",
                &mut draft.new_password,
                "warehouse_password",
                WIDE,
            );
            let stored = draft
                .stored_password
                .as_deref()
                .map_or("No password stored".to_string(), |m| format!("Stored: {m}"));
            ui.label(RichText::new(stored).weak());
            let can_store = credential_problem.is_none() && !draft.new_password.is_empty();
            if ui
                .add_enabled(can_store, egui::Button::new("Store password"))
                .clicked()
            {
                intents.push(WarehouseIntent::SavePassword(Secret::new(std::mem::take(
                    &mut draft.new_password,
                ))));
            }
        });
        if let Some(problem) = credential_problem {
            ui.label(RichText::new(problem).color(ui.visuals().warn_fg_color));
        }
        ui.horizontal(|ui| {
            let usable = draft.url_problem().is_none();
            if ui
                .add_enabled(
                    usable && !draft.testing,
                    egui::Button::new("Test connection"),
                )
                .clicked()
            {
                let typed = (!draft.new_password.is_empty())
                    .then(|| Secret::new(draft.new_password.clone()));
                intents.push(WarehouseIntent::TestConnection {
                    url: draft.url.trim().to_string(),
                    password: typed,
                });
            }
            if draft.testing {
                ui.spinner();
                ui.label("Connecting…");
            }
        });
        match &draft.tested {
            Some(Ok(found)) => {
                ui.label(RichText::new(found).color(ui.visuals().text_color()));
            }
            Some(Err(why)) => {
                ui.label(RichText::new(why).color(ui.visuals().error_fg_color));
            }
            None => {}
        }
    }
    ui.label(
        RichText::new(
            "Saving the settings switches this desk to the chosen record at once; \
             the other desks keep theirs until they are set the same way.",
        )
        .weak(),
    );
    ui.add_space(6.0);
    ui.heading("Inbox folder");
    ui.horizontal(|ui| {
        fields.text(
            ui,
            "Folder watched for order files",
            &mut draft.inbox_folder,
            "inbox_folder",
            URL_WIDTH,
        );
        ui.label(
            RichText::new(
                "Each .json file dropped there is imported within 2 s, then moved to \
                 imported/ or, with its report, to rejected/. Empty: no inbox.",
            )
            .weak(),
        );
    });
    settings.warehouse_database = draft.database();
    settings.inbox_folder = draft.inbox();
    intents
}

/// The status bar: which record, and whether it can be reached.
pub fn warehouse_status_ui(ui: &mut Ui, status: &WarehouseStatus) {
    if let Some(why) = &status.unreachable {
        let red = ui.visuals().error_fg_color;
        ui.label(
            RichText::new("Warehouse database unreachable — retrying")
                .color(red)
                .strong(),
        )
        .on_hover_text(why);
        ui.separator();
    } else if status.switching {
        ui.spinner();
        ui.label("Switching the station record…");
        ui.separator();
    } else if status.shared {
        ui.label(RichText::new("Warehouse database").weak())
            .on_hover_text(&status.location);
        ui.separator();
    }
}
