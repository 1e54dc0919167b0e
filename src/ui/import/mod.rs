//! Orders come in: "Import orders…" on the Orders tab (several files at once), `.json` files
//! dropped onto the window, and the inbox folder of Settings watched in the background — all
//! through the station's one import (`station::import::import_file`), into whichever record this desk
//! uses. The view shows each file's report: imported, already present, and every rejected entry
//! with its index, order number and problems.
//!
//! Its state ([`ImportView`]), intents ([`ImportIntent`], carried out by [`handle`]), jobs
//! (`jobs`: the file dialog, importing, the inbox watcher) and view (`view`) live here.

mod jobs;
mod view;

use std::path::PathBuf;

pub use jobs::InboxWatcher;
pub use view::{import_button_ui, report_ui};

pub use crate::station::import::FileReport;
use crate::ui::app::Core;
use crate::ui::jobs::JobResult;
use crate::ui::state::Level;

/// What the person (or the window) asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportIntent {
    /// Open the file dialog (several files may be chosen).
    Pick,
    /// Import these files (dropped onto the window).
    Files(Vec<PathBuf>),
    /// Put the report away.
    CloseReport,
}

/// What the Orders tab shows of imports.
#[derive(Debug, Clone, Default)]
pub struct ImportView {
    /// Files are being chosen or imported: the button waits.
    pub running: bool,
    /// The latest reports, newest last; shown until closed.
    pub reports: Vec<FileReport>,
}

impl ImportView {
    /// One line for the status bar about `reports`.
    fn summary(reports: &[FileReport]) -> (Level, String) {
        let (mut imported, mut present, mut rejected, mut failed) = (0, 0, 0, 0);
        for report in reports {
            match &report.result {
                Ok(r) => {
                    imported += r.imported.len();
                    present += r.already_present.len();
                    rejected += r.rejected.len();
                }
                Err(_) => failed += 1,
            }
        }
        let files = if reports.len() == 1 {
            reports[0].file.clone()
        } else {
            format!("{} files", reports.len())
        };
        let mut text = format!(
            "{files}: imported {imported} orders, {present} already present, {rejected} rejected"
        );
        if failed > 0 {
            text.push_str(&format!(", {failed} not readable"));
        }
        text.push('.');
        let level = if rejected + failed > 0 {
            Level::Warning
        } else {
            Level::Info
        };
        (level, text)
    }
}

/// Carries an intent out.
pub fn handle(core: &mut Core, intent: ImportIntent) {
    let view = &mut core.state.import;
    match intent {
        ImportIntent::CloseReport => view.reports.clear(),
        ImportIntent::Pick | ImportIntent::Files(_) if view.running => {}
        ImportIntent::Pick | ImportIntent::Files(_) => {
            let Some(db) = core.backend.db.clone() else {
                core.state.notice(
                    Level::Warning,
                    "The station database is not open yet; import again in a moment.",
                );
                return;
            };
            view.running = true;
            match intent {
                ImportIntent::Files(files) => {
                    core.jobs.spawn(move |_| jobs::import_files(db, files))
                }
                _ => core.jobs.spawn(move |_| jobs::pick_and_import(db)),
            }
        }
    }
}

/// A job's result: the reports are shown and the table reloaded.
pub fn apply(core: &mut Core, reports: Option<Vec<FileReport>>) {
    core.state.import.running = false;
    if let Some(reports) = reports {
        show(core, reports);
    }
}

/// Shows reports (from the dialog, a drop or the inbox) and reloads the orders table.
pub fn show(core: &mut Core, reports: Vec<FileReport>) {
    if reports.is_empty() {
        return;
    }
    let (level, text) = ImportView::summary(&reports);
    core.state.notice(level, text);
    core.state.import.reports.extend(reports);
    crate::ui::handle::reload_orders(core);
}

/// `.json` files dropped onto the window this frame become one import (reading what the window
/// received is input, like keys; the files are read by the job).
pub fn dropped_files(ctx: &egui::Context, commands: &mut Vec<crate::ui::command::Command>) {
    let files: Vec<PathBuf> = ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .collect()
    });
    if !files.is_empty() {
        commands.push(crate::ui::command::Command::Import(ImportIntent::Files(
            files,
        )));
    }
}

/// The result a job ends with.
pub fn done(reports: Option<Vec<FileReport>>) -> JobResult {
    JobResult::Imported(reports)
}
