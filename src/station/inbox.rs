//! The inbox folder: a merchant's shop (or a person) drops import files into a folder and the
//! station imports them within seconds, then moves each to `imported/`, or to `rejected/` with
//! `NAME.report.txt` beside it when any entry was rejected.
//!
//! - A file is taken only once it has stopped changing: its size and modification time must be
//!   the same on two looks a poll apart, so a file still being copied waits. `*.tmp` and
//!   `*.part` files (the usual names while writing) are never taken; only `*.json` is.
//! - Several desks may watch the same (shared) folder: a desk takes a file by renaming it into
//!   `processing/`, which only one rename can do; the others find it gone. A file left in
//!   `processing/` by a desk that stopped mid-import goes back to the inbox after a minute, and
//!   importing it again is harmless (its orders are "already present").
//! - A file that cannot be read, or is not an import file at all, goes to `rejected/` with its
//!   report; a database that cannot be reached leaves the file where it is, to try again.

use super::import::import_file;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::db::{StationDb, StationError};
use super::import::{FileReport, ImportReport};

const PROCESSING: &str = "processing";
const IMPORTED: &str = "imported";
const REJECTED: &str = "rejected";

/// After this long in `processing/`, a file is taken to be left by a desk that stopped.
const ABANDONED_AFTER: Duration = Duration::from_secs(60);

/// One watched folder and what was seen in it on the last look.
#[derive(Debug)]
pub struct Inbox {
    folder: PathBuf,
    seen: HashMap<PathBuf, (u64, SystemTime)>,
}

impl Inbox {
    pub fn new(folder: impl Into<PathBuf>) -> Self {
        Self {
            folder: folder.into(),
            seen: HashMap::new(),
        }
    }

    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// One look at the folder: imports every file that has stopped changing since the last
    /// look. Call it about once a second.
    pub fn poll(&mut self, db: &mut impl Importer) -> Result<Vec<FileReport>, std::io::Error> {
        self.recover_abandoned()?;
        let mut outcomes = Vec::new();
        let mut now_seen = HashMap::new();
        for entry in std::fs::read_dir(&self.folder)? {
            let entry = entry?;
            let path = entry.path();
            if !is_import_file(&path) {
                continue;
            }
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let stamp = (meta.len(), meta.modified()?);
            if self.seen.get(&path) == Some(&stamp) {
                if let Some(outcome) = self.take(&path, db)? {
                    outcomes.push(outcome);
                }
            } else {
                now_seen.insert(path, stamp);
            }
        }
        self.seen = now_seen;
        Ok(outcomes)
    }

    /// Claims the file (rename into `processing/`), imports it and files it away; `None` when
    /// another desk took it first.
    fn take(
        &self,
        path: &Path,
        db: &mut impl Importer,
    ) -> Result<Option<FileReport>, std::io::Error> {
        let Some(name) = path.file_name() else {
            return Ok(None);
        };
        let file = name.to_string_lossy().into_owned();
        let processing = self.folder.join(PROCESSING);
        std::fs::create_dir_all(&processing)?;
        let claimed = processing.join(name);
        match std::fs::rename(path, &claimed) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        }
        let result = db.import(&claimed);
        let (destination, report_text) = match &result {
            Ok(report) if report.is_clean() => (IMPORTED, None),
            Ok(report) => (REJECTED, Some(report.to_text(&file))),
            Err(ImportFailure::File(e)) => (REJECTED, Some(format!("{file}: not imported: {e}\n"))),
            Err(ImportFailure::Record(e)) => {
                // The record could not be written (e.g. the warehouse database is down):
                // nothing was imported; the file goes back to be tried again.
                std::fs::rename(&claimed, path)?;
                return Ok(Some(FileReport {
                    file,
                    result: Err(e.to_string()),
                    moved_to: None,
                }));
            }
        };
        let target_dir = self.folder.join(destination);
        std::fs::create_dir_all(&target_dir)?;
        let target = free_name(&target_dir, name);
        if let Some(text) = report_text {
            let mut report_name = target.clone().into_os_string();
            report_name.push(".report.txt");
            std::fs::write(PathBuf::from(report_name), text)?;
        }
        std::fs::rename(&claimed, &target)?;
        Ok(Some(FileReport {
            file,
            result: result.map_err(|e| e.to_string()),
            moved_to: Some(target),
        }))
    }

    fn recover_abandoned(&self) -> Result<(), std::io::Error> {
        let processing = self.folder.join(PROCESSING);
        let Ok(entries) = std::fs::read_dir(&processing) else {
            return Ok(());
        };
        for entry in entries.flatten() {
            let age = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok());
            if age.is_some_and(|age| age > ABANDONED_AFTER) {
                let back = self.folder.join(entry.file_name());
                // Losing this race to another desk is fine: one of us put it back.
                let _ = std::fs::rename(entry.path(), back);
            }
        }
        Ok(())
    }
}

/// `*.json`, and not a hidden file; `*.tmp` and `*.part` are still being written.
fn is_import_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    !name.starts_with('.')
        && path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("json"))
}

/// `dir/name`, or `dir/name.2`, `.3`, ... when a file of that name was filed before.
fn free_name(dir: &Path, name: &std::ffi::OsStr) -> PathBuf {
    let first = dir.join(name);
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|n| {
            let mut numbered = name.to_os_string();
            numbered.push(format!(".{n}"));
            dir.join(numbered)
        })
        .find(|candidate| !candidate.exists())
        .unwrap_or(first)
}

/// Why a file was not imported: its own fault (it goes to `rejected/` with the reason), or the
/// record's (it goes back to the inbox to be tried again).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportFailure {
    File(String),
    Record(String),
}

impl std::fmt::Display for ImportFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::File(why) | Self::Record(why) => f.write_str(why),
        }
    }
}

/// What takes an import file into the record: the record itself (the administrator's tools and
/// tests), or a desk's way to the warehouse server.
pub trait Importer {
    fn import(&mut self, path: &Path) -> Result<ImportReport, ImportFailure>;
}

impl Importer for StationDb {
    fn import(&mut self, path: &Path) -> Result<ImportReport, ImportFailure> {
        import_file(self, path).map_err(|e| match e {
            StationError::Io { .. } | StationError::ImportFormat(_) => {
                ImportFailure::File(e.to_string())
            }
            other => ImportFailure::Record(other.to_string()),
        })
    }
}
