//! The import feature's handlers: what its commands and job results do to its state.

use super::command::{Done, ImportCommand};
use super::jobs;
use super::state::ImportView;
use crate::station::import::FileReport;
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::status::Level;

pub fn handle(view: &mut ImportView, desk: &mut Desk<'_>, intent: ImportCommand) {
    match intent {
        ImportCommand::CloseReport => view.reports.clear(),
        ImportCommand::Pick | ImportCommand::Files(_) if view.running => {}
        ImportCommand::Pick | ImportCommand::Files(_) => {
            let Some(record) = desk.record() else {
                desk.notice(
                    Level::Warning,
                    "The station database is not open yet; import again in a moment.",
                );
                return;
            };
            view.running = true;
            let max_bytes = desk.settings.import_max_bytes();
            match intent {
                ImportCommand::Files(files) => {
                    desk.spawn(move |_| jobs::import_files(record, files, max_bytes))
                }
                _ => desk.spawn(move |_| jobs::pick_and_import(record, max_bytes)),
            }
        }
    }
}

/// A job's result: the reports are shown and the table reloaded.
pub fn apply(view: &mut ImportView, desk: &mut Desk<'_>, done: Done) {
    let Done::Imported(reports) = done;
    view.running = false;
    if let Some(reports) = reports {
        show(view, desk, reports);
    }
}

/// Shows reports (from the dialog, a drop or the inbox) and reloads the orders table.
pub fn show(view: &mut ImportView, desk: &mut Desk<'_>, reports: Vec<FileReport>) {
    if reports.is_empty() {
        return;
    }
    let (level, text) = ImportView::summary(&reports);
    desk.notice(level, text);
    view.reports.extend(reports);
    desk.then(Command::ReloadOrders);
}
