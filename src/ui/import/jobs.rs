//! Choosing files, importing them, and watching the inbox folder: the I/O of imports, off the
//! UI thread.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::command::Done;
use crate::station::import::{FileReport, ImportReport, display_name, read_text};
use crate::station::inbox::{ImportFailure, Importer, Inbox};
use crate::ui::failure::Failure;
use crate::ui::jobs::{Background, Progress, Reporter};
use crate::ui::record::Record;
use crate::warehouse::client::WarehouseClientError;

/// The inbox folder is looked at this often; a file is taken on the second look that finds it
/// unchanged, so within two looks of its last write.
const INBOX_POLL: Duration = Duration::from_secs(1);

/// The file dialog (several `.json` files), then the import of each.
pub async fn pick_and_import(record: Record, max_bytes: u64) -> Done {
    let picked = rfd::AsyncFileDialog::new()
        .set_title("Import orders")
        .add_filter("Import files", &["json"])
        .pick_files()
        .await;
    match picked {
        Some(files) => {
            import_files(
                record,
                files.iter().map(|f| f.path().to_path_buf()).collect(),
                max_bytes,
            )
            .await
        }
        None => Done::Imported(None),
    }
}

/// Imports files (chosen in the dialog or dropped onto the window).
pub async fn import_files(record: Record, files: Vec<PathBuf>, max_bytes: u64) -> Done {
    let mut reports = Vec::with_capacity(files.len());
    for path in files {
        let file = display_name(&path);
        let result = import_one(&record, &path, max_bytes).await;
        reports.push(FileReport {
            file,
            result,
            moved_to: None,
        });
    }
    Done::Imported(Some(reports))
}

/// Reads the file (refused unread when larger than `max_bytes`) and has the warehouse server
/// import it.
async fn import_one(
    record: &Record,
    path: &Path,
    max_bytes: u64,
) -> Result<ImportReport, ImportFailure> {
    let text = read_limited(path, max_bytes).await?;
    let session = record
        .session()
        .map_err(|f| ImportFailure::Record(f.message()))?;
    match record.client().import(&session, text).await {
        Ok(report) => Ok(report),
        Err(WarehouseClientError::Invalid(problems)) => Err(ImportFailure::File(
            problems
                .iter()
                .map(|p| p.error.clone())
                .collect::<Vec<_>>()
                .join(" "),
        )),
        Err(e @ WarehouseClientError::Other { status: 413, .. }) => {
            Err(ImportFailure::File(e.to_string()))
        }
        Err(e) => Err(ImportFailure::Record(e.to_string())),
    }
}

/// The file's text, read off the runtime's threads (the same limit as every import's).
async fn read_limited(path: &Path, max_bytes: u64) -> Result<String, ImportFailure> {
    let owned = path.to_path_buf();
    tokio::task::spawn_blocking(move || read_text(&owned, max_bytes))
        .await
        .map_err(|e| ImportFailure::File(format!("{} was not read: {e}", path.display())))?
        .map_err(|e| ImportFailure::File(e.to_string()))
}

/// The inbox's importer: the warehouse server, called from the inbox's blocking thread.
struct ThroughServer {
    record: Record,
    runtime: tokio::runtime::Handle,
}

impl Importer for ThroughServer {
    fn import(&mut self, path: &Path, max_bytes: u64) -> Result<ImportReport, ImportFailure> {
        self.runtime
            .block_on(import_one(&self.record, path, max_bytes))
    }
}

/// Starts watching the inbox `folder`, for as long as the folder is set (dropped, the watcher
/// stops); what it imports arrives as [`Progress::Inbox`].
pub fn watch_inbox(
    runtime: &tokio::runtime::Handle,
    record: Record,
    folder: PathBuf,
    max_bytes: u64,
    reporter: Reporter,
) -> Background {
    let importer = ThroughServer {
        record,
        runtime: runtime.clone(),
    };
    Background::spawn(runtime, watch(importer, folder, max_bytes, reporter))
}

async fn watch(importer: ThroughServer, folder: PathBuf, max_bytes: u64, reporter: Reporter) {
    let inbox = std::sync::Arc::new(std::sync::Mutex::new((
        Inbox::new(folder.clone()).max_bytes(max_bytes),
        importer,
    )));
    let mut last_problem: Option<String> = None;
    loop {
        tokio::time::sleep(INBOX_POLL).await;
        let inbox = inbox.clone();
        let polled = tokio::task::spawn_blocking(move || {
            let mut held = inbox
                .lock()
                .map_err(|_| "the inbox watcher failed".to_string())?;
            let (inbox, importer) = &mut *held;
            inbox
                .poll(importer)
                .map_err(|e| format!("the inbox folder cannot be read: {e}"))
        })
        .await;
        match polled.unwrap_or_else(|e| Err(e.to_string())) {
            Ok(reports) => {
                last_problem = None;
                if !reports.is_empty() {
                    reporter.progress(Progress::Inbox(Ok(reports)));
                }
            }
            // Said once, not every second, until it changes or clears.
            Err(problem) if last_problem.as_ref() != Some(&problem) => {
                last_problem = Some(problem.clone());
                reporter.progress(Progress::Inbox(Err(Failure::File(format!(
                    "Inbox folder {}: {problem}",
                    folder.display()
                )))));
            }
            Err(_) => {}
        }
    }
}
