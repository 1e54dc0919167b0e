//! The "Import orders…" button and the import report on the Orders tab.

use egui::{RichText, ScrollArea};

use super::command::ImportCommand;
use super::state::ImportView;
use crate::station::import::FileReport;
use crate::ui::command::Command;

/// The button beside the table's filters.
pub fn import_button_ui(ui: &mut egui::Ui, view: &ImportView, commands: &mut Vec<Command>) {
    let button = ui
        .add_enabled(!view.running, egui::Button::new("Import orders…"))
        .on_hover_text("Import order files (JSON, several at once); you can also drop them here");
    if view.running {
        ui.spinner();
    }
    if button.clicked() {
        commands.push(Command::from(ImportCommand::Pick));
    }
}

/// Each file's report, with every rejected entry and its problems, until closed.
pub fn report_ui(ui: &mut egui::Ui, view: &ImportView, commands: &mut Vec<Command>) {
    if view.reports.is_empty() {
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading("Import report");
            if ui.button("Close report").clicked() {
                commands.push(Command::from(ImportCommand::CloseReport));
            }
        });
        ScrollArea::vertical()
            .id_salt("import_report")
            .max_height(180.0)
            .show(ui, |ui| {
                for report in &view.reports {
                    file_ui(ui, report);
                }
            });
    });
}

fn file_ui(ui: &mut egui::Ui, report: &FileReport) {
    let moved = report
        .moved_to
        .as_ref()
        .map(|p| format!(" (moved to {})", p.display()))
        .unwrap_or_default();
    match &report.result {
        Err(why) => {
            ui.label(
                RichText::new(format!("{}: not imported — {why}{moved}", report.file))
                    .color(ui.visuals().error_fg_color),
            );
        }
        Ok(result) => {
            ui.label(
                RichText::new(format!("{}: {}{moved}", report.file, result.summary())).strong(),
            );
            for problem in &result.rejected {
                let order = problem
                    .source_reference
                    .map(|n| format!(" (order {n})"))
                    .unwrap_or_default();
                ui.label(
                    RichText::new(format!("Entry {}{order} was not imported:", problem.index))
                        .color(ui.visuals().warn_fg_color),
                );
                for error in &problem.errors {
                    let at = if error.field.is_empty() {
                        "the entry"
                    } else {
                        error.field.as_str()
                    };
                    ui.label(format!("    {at}: {}", error.error));
                }
            }
        }
    }
}
