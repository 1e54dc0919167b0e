//! Choosing files, importing them, and watching the inbox folder: the I/O of imports, off the
//! UI thread.

use crate::station::import::import_file;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::command::Done;
use crate::station::import::FileReport;
use crate::station::inbox::Inbox;
use crate::ui::failure::Failure;
use crate::ui::jobs::{Progress, Reporter, SharedDb, with_db};

/// The inbox folder is looked at this often; a file is taken on the second look that finds it
/// unchanged, so within two looks of its last write.
const INBOX_POLL: Duration = Duration::from_secs(1);

/// The file dialog (several `.json` files), then the import of each.
pub async fn pick_and_import(db: SharedDb) -> Done {
    let picked = rfd::AsyncFileDialog::new()
        .set_title("Import orders")
        .add_filter("Import files", &["json"])
        .pick_files()
        .await;
    match picked {
        Some(files) => {
            import_files(db, files.iter().map(|f| f.path().to_path_buf()).collect()).await
        }
        None => Done::Imported(None),
    }
}

/// Imports files (chosen in the dialog or dropped onto the window).
pub async fn import_files(db: SharedDb, files: Vec<PathBuf>) -> Done {
    let mut reports = Vec::with_capacity(files.len());
    for path in files {
        let file = display_name(&path);
        let result = {
            let path = path.clone();
            with_db(&db, move |db| import_file(db, &path)).await
        };
        reports.push(FileReport {
            file,
            result: result.map_err(|f| f.message()),
            moved_to: None,
        });
    }
    Done::Imported(Some(reports))
}

fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The inbox folder's watcher: a task on the app's runtime for as long as the folder is set.
pub struct InboxWatcher {
    task: tokio::task::JoinHandle<()>,
}

impl InboxWatcher {
    /// Starts watching `folder`; what it imports arrives as [`Progress::Inbox`].
    pub fn start(
        runtime: &tokio::runtime::Handle,
        db: SharedDb,
        folder: PathBuf,
        reporter: Reporter,
    ) -> Self {
        Self {
            task: runtime.spawn(watch(db, folder, reporter)),
        }
    }
}

impl Drop for InboxWatcher {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn watch(db: SharedDb, folder: PathBuf, reporter: Reporter) {
    let inbox = std::sync::Arc::new(std::sync::Mutex::new(Inbox::new(folder.clone())));
    let mut last_problem: Option<String> = None;
    loop {
        tokio::time::sleep(INBOX_POLL).await;
        let inbox = inbox.clone();
        let db = db.clone();
        let polled = tokio::task::spawn_blocking(move || {
            let mut inbox = inbox
                .lock()
                .map_err(|_| "the inbox watcher failed".to_string())?;
            let mut db = db
                .lock()
                .map_err(|_| "the station database is unusable; restart Packdesk".to_string())?;
            inbox
                .poll(&mut *db)
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
