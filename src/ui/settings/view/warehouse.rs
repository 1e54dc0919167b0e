//! Settings → Warehouse: this desk alone or at a warehouse server (enrolled with a supervisor's
//! one-time code), and the inbox folder.

use egui::{RichText, Ui};

use crate::station::settings::Settings;
use crate::ui::form::{Fields, WIDE};
use crate::ui::settings::command::SettingsCommand;
use crate::ui::settings::warehouse::WarehouseDraft;

const URL_WIDTH: f32 = 360.0;

/// The section: "This desk only" or a warehouse server (address, fingerprint, enrollment code),
/// and the inbox folder. What is typed goes into `settings` (saved with "Save settings"); the
/// desk's token goes to the credential store when it is enrolled, never into the file.
pub fn warehouse_settings_ui(
    ui: &mut Ui,
    draft: &mut WarehouseDraft,
    settings: &mut Settings,
    fields: &mut Fields,
    credential_problem: Option<&str>,
) -> Vec<SettingsCommand> {
    let mut intents = Vec::new();
    ui.heading("Warehouse");
    ui.horizontal(|ui| {
        ui.radio_value(&mut draft.shared, false, "This desk only")
            .on_hover_text("Orders and parcels in a file on this computer");
        ui.radio_value(&mut draft.shared, true, "Warehouse server")
            .on_hover_text("The warehouse's server, which every desk of the warehouse uses");
    });
    if draft.shared {
        ui.horizontal(|ui| {
            fields.text(
                ui,
                "Server address",
                &mut draft.url,
                "warehouse_server",
                URL_WIDTH,
            );
            ui.label(RichText::new("As `packdesk warehouse serve` printed it.").weak());
        });
        ui.horizontal(|ui| {
            fields.text(
                ui,
                "Certificate fingerprint",
                &mut draft.fingerprint,
                "warehouse_fingerprint",
                URL_WIDTH,
            );
            ui.label(
                RichText::new(
                    "SHA-256, as the server printed it; empty: the system's trust store.",
                )
                .weak(),
            );
        });
        ui.horizontal(|ui| {
            fields.password(
                ui,
                "Enrollment code",
                &mut draft.code,
                "enrollment_code",
                WIDE,
            );
            let usable = draft.url_problem().is_none()
                && credential_problem.is_none()
                && !draft.code.trim().is_empty();
            if ui
                .add_enabled(
                    usable && !draft.enrolling,
                    egui::Button::new("Enroll this desk"),
                )
                .clicked()
            {
                intents.push(SettingsCommand::Enroll {
                    url: draft.server().unwrap_or_default(),
                    fingerprint: draft.fingerprint(),
                    code: std::mem::take(&mut draft.code).trim().to_string(),
                });
            }
            if draft.enrolling {
                ui.spinner();
                ui.label("Enrolling…");
            }
        });
        if let Some(problem) = credential_problem {
            ui.label(RichText::new(problem).color(ui.visuals().warn_fg_color));
        }
        match &draft.enrolled {
            Some(Ok(found)) => {
                ui.label(RichText::new(found).color(ui.visuals().text_color()));
            }
            Some(Err(why)) => {
                ui.label(RichText::new(why.message()).color(ui.visuals().error_fg_color));
            }
            None => {}
        }
    }
    ui.label(
        RichText::new(
            "Saving the settings switches this desk to the chosen warehouse at once. A \
             supervisor makes the enrollment code (People tab, or `packdesk warehouse \
             add-desk` on the server); it works once.",
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
        // On the folder's row: the panel is long already.
        let label = ui.label("Largest file, MB");
        ui.add(egui::DragValue::new(&mut draft.import_max_mb).range(1..=1000))
            .labelled_by(label.id);
        ui.label(
            RichText::new(
                "Each .json file dropped there is imported within 2 s, then moved to \
                 imported/ or, with its report, to rejected/ (a larger file than this, from \
                 here, Import or a drop, is refused unread). Empty: no inbox.",
            )
            .weak(),
        );
    });
    settings.warehouse_server = draft.server();
    settings.warehouse_fingerprint = draft.fingerprint();
    settings.inbox_folder = draft.inbox();
    settings.import_max_mb = draft.import_max_mb;
    intents
}
