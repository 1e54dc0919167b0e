//! The inbox folder: a merchant's shop (or a person) drops import files into a folder and the
//! station imports them within seconds, then moves each to `imported/`, or to `rejected/` with
//! `NAME.report.txt` beside it when any entry was rejected.
//!
//! - A file is taken only once it has stopped changing: its size and modification time must be
//!   the same on two looks a poll apart, so a file still being copied waits. `*.tmp` and
//!   `*.part` files (the usual names while writing) are never taken; only `*.json` is.
//! - A file larger than the limit (Settings, 50 MB unless set) is refused unread, with the
//!   reason in its report.
//! - Several desks may watch the same (shared) folder: a desk takes a file by renaming it into
//!   `processing/` under a name that says when it was taken and the how-manyth try it is
//!   (`CLAIMED-MS.TRY.NAME`); only one rename can win, and the others find it gone. Whoever
//!   may write to the inbox may plant anything there, so nothing is followed: the folders are
//!   refused when they are symbolic links and a report is only ever created new.
//! - A claim older than a few minutes was left by a desk that stopped mid-import: another desk
//!   takes it over (its second try; importing again is harmless, its orders are "already
//!   present"). A file that stopped two desks goes to `rejected/` with the reason rather than
//!   round again. The age is the claim's own, never the file's time, which a copy (`scp -p`)
//!   keeps from wherever it came.
//! - A file that cannot be taken or filed is reported, once while it stays as it is, and the
//!   look goes on with the next file.
//! - A file that cannot be read, or is not an import file at all, goes to `rejected/` with its
//!   report; a record that cannot be reached leaves the file where it is, to try again.

use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::db::{StationDb, StationError};
pub use super::import::ImportFailure;
use super::import::{
    DEFAULT_MAX_IMPORT_BYTES, FileReport, ImportReport, display_name, import_file,
};

const PROCESSING: &str = "processing";
const IMPORTED: &str = "imported";
const REJECTED: &str = "rejected";

/// How long a claim lasts before another desk takes the file over: far longer than an import
/// of the largest file allowed takes.
const ABANDONED_AFTER: Duration = Duration::from_secs(5 * 60);

/// The try after which a file that stopped its desk is not tried again.
const LAST_TRY: u32 = 2;

/// One watched folder and what was seen in it on the last look.
#[derive(Debug)]
pub struct Inbox {
    folder: PathBuf,
    seen: HashMap<PathBuf, Stamp>,
    /// Files that could not be taken as they are now: said once, tried again once changed.
    failed: HashMap<PathBuf, Stamp>,
    max_bytes: u64,
    abandoned_after: Duration,
}

/// A file's size and modification time: unchanged between two looks, it is whole.
type Stamp = (u64, SystemTime);

impl Inbox {
    pub fn new(folder: impl Into<PathBuf>) -> Self {
        Self {
            folder: folder.into(),
            seen: HashMap::new(),
            failed: HashMap::new(),
            max_bytes: DEFAULT_MAX_IMPORT_BYTES,
            abandoned_after: ABANDONED_AFTER,
        }
    }

    /// The largest file imported; a larger one is refused unread.
    #[must_use]
    pub fn max_bytes(mut self, max_bytes: u64) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// How old a claim must be for another desk to take the file over (tests shorten it).
    #[must_use]
    pub fn abandoned_after(mut self, after: Duration) -> Self {
        self.abandoned_after = after;
        self
    }

    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// One look at the folder: takes over files abandoned by a stopped desk, then imports every
    /// file that has stopped changing since the last look. Call it about once a second. `Err`
    /// only when the folder itself cannot be read; a file's own trouble is in its report.
    pub fn poll(
        &mut self,
        importer: &mut impl Importer,
    ) -> Result<Vec<FileReport>, std::io::Error> {
        let mut outcomes = self.recover_abandoned(importer);
        let mut now_seen = HashMap::new();
        let mut present = HashSet::new();
        for entry in std::fs::read_dir(&self.folder)? {
            let Ok(entry) = entry else { continue };
            let path = entry.path();
            if !is_import_file(&path) {
                continue;
            }
            // Not followed: a link in the inbox is nobody's import file.
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            let Ok(modified) = meta.modified() else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let stamp = (meta.len(), modified);
            present.insert(path.clone());
            if self.failed.get(&path) == Some(&stamp) {
                continue;
            }
            self.failed.remove(&path);
            if self.seen.get(&path) != Some(&stamp) {
                now_seen.insert(path, stamp);
                continue;
            }
            match self.take(&path, importer) {
                Ok(Some(outcome)) => outcomes.push(outcome),
                Ok(None) => {}
                Err(e) => {
                    self.failed.insert(path.clone(), stamp);
                    outcomes.push(FileReport {
                        file: display_name(&path),
                        result: Err(ImportFailure::NotTaken(e.to_string())),
                        moved_to: None,
                    });
                }
            }
        }
        self.seen = now_seen;
        self.failed.retain(|path, _| present.contains(path));
        Ok(outcomes)
    }

    /// Claims the file (rename into `processing/`), imports it and files it away; `None` when
    /// another desk took it first.
    fn take(
        &self,
        path: &Path,
        importer: &mut impl Importer,
    ) -> Result<Option<FileReport>, std::io::Error> {
        let Some(name) = path.file_name() else {
            return Ok(None);
        };
        let processing = self.subfolder(PROCESSING)?;
        let claimed = processing.join(Claim::new(1, name).file_name());
        match std::fs::rename(path, &claimed) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        }
        self.import_claimed(&claimed, name, path, importer)
            .map(Some)
    }

    /// Imports a file this desk has claimed and files it: `imported/`, `rejected/` with its
    /// report, or back to `back` when the record could not be reached.
    fn import_claimed(
        &self,
        claimed: &Path,
        name: &OsStr,
        back: &Path,
        importer: &mut impl Importer,
    ) -> Result<FileReport, std::io::Error> {
        let file = name.to_string_lossy().into_owned();
        // The importer refuses a file over the limit before reading it (`Importer::import`).
        let result = importer.import(claimed, self.max_bytes);
        let report_text = match &result {
            Ok(report) if report.is_clean() => None,
            Ok(report) => Some(report.to_text(&file)),
            Err(failure @ ImportFailure::Record(_)) => {
                // The record could not be written (the warehouse server is away, say):
                // nothing was imported; the file goes back to be tried again.
                std::fs::rename(claimed, back)?;
                return Ok(FileReport {
                    file,
                    result: Err(failure.clone()),
                    moved_to: None,
                });
            }
            Err(e) => Some(format!("{file}: not imported: {e}\n")),
        };
        let moved_to = match self.file_away(claimed, name, report_text.as_deref()) {
            Ok(target) => target,
            Err(e) => {
                // Back where it was found: not lost in `processing/`, and not taken again
                // until it changes (importing it again is harmless).
                std::fs::rename(claimed, back)?;
                return Err(e);
            }
        };
        Ok(FileReport {
            file,
            result,
            moved_to: Some(moved_to),
        })
    }

    /// Moves a claimed file to `imported/` (no report) or `rejected/` (with it), under a name
    /// free for both the file and its report.
    fn file_away(
        &self,
        claimed: &Path,
        name: &OsStr,
        report: Option<&str>,
    ) -> Result<PathBuf, std::io::Error> {
        let dir = self.subfolder(if report.is_some() { REJECTED } else { IMPORTED })?;
        let target = free_name(&dir, name);
        if let Some(text) = report {
            write_report(&report_path(&target), text)?;
        }
        std::fs::rename(claimed, &target)?;
        Ok(target)
    }

    /// Takes over claims left by desks that stopped mid-import, or rejects a file that stopped
    /// two. Losing a race for one to another desk is fine: that desk has it.
    fn recover_abandoned(&self, importer: &mut impl Importer) -> Vec<FileReport> {
        let processing = self.folder.join(PROCESSING);
        let Ok(entries) = std::fs::read_dir(&processing) else {
            return Vec::new();
        };
        let mut outcomes = Vec::new();
        for entry in entries.flatten() {
            let claimed = entry.path();
            let claim = Claim::read(&entry.file_name(), || {
                // A claim from a Packdesk before claims were named: its time is the file's.
                entry.metadata().and_then(|m| m.modified()).ok()
            });
            let Some(claim) = claim else { continue };
            if claim.age() <= self.abandoned_after {
                continue;
            }
            let outcome = if claim.tries >= LAST_TRY {
                self.reject_stopper(&claimed, &claim)
            } else {
                self.take_over(&claimed, &claim, importer)
            };
            match outcome {
                Ok(Some(report)) => outcomes.push(report),
                Ok(None) => {}
                Err(e) => outcomes.push(FileReport {
                    file: claim.name.to_string_lossy().into_owned(),
                    result: Err(ImportFailure::NotTakenOver(e.to_string())),
                    moved_to: None,
                }),
            }
        }
        outcomes
    }

    fn take_over(
        &self,
        claimed: &Path,
        claim: &Claim,
        importer: &mut impl Importer,
    ) -> Result<Option<FileReport>, std::io::Error> {
        let again = Claim::new(claim.tries + 1, &claim.name);
        let mine = claimed.with_file_name(again.file_name());
        match std::fs::rename(claimed, &mine) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        }
        tracing::warn!(file = ?claim.name, "taking over an import file a stopped desk left");
        let back = self.folder.join(&claim.name);
        self.import_claimed(&mine, &claim.name, &back, importer)
            .map(Some)
    }

    fn reject_stopper(
        &self,
        claimed: &Path,
        claim: &Claim,
    ) -> Result<Option<FileReport>, std::io::Error> {
        let file = claim.name.to_string_lossy().into_owned();
        let why = ImportFailure::StoppedDesks(LAST_TRY);
        tracing::warn!(file, "{why}");
        let moved_to = match self.file_away(claimed, &claim.name, Some(&format!("{file}: {why}\n")))
        {
            Ok(target) => target,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(Some(FileReport {
            file,
            result: Err(why),
            moved_to: Some(moved_to),
        }))
    }

    /// `processing/`, `imported/` or `rejected/`, made when missing; refused when it is a
    /// symbolic link (whoever plants one would have files written wherever it points).
    fn subfolder(&self, name: &str) -> Result<PathBuf, std::io::Error> {
        let dir = self.folder.join(name);
        match std::fs::symlink_metadata(&dir) {
            Ok(meta) if meta.is_dir() => Ok(dir),
            Ok(_) => Err(std::io::Error::other(format!(
                "{name}/ in the inbox is not a folder (a symbolic link, or a file); Packdesk \
                 files only into a real folder: remove it"
            ))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match std::fs::create_dir(&dir) {
                Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => Err(e),
                _ => Ok(dir),
            },
            Err(e) => Err(e),
        }
    }
}

/// A file in `processing/`: which try it is, when it was taken, and its name in the inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Claim {
    claimed_at: SystemTime,
    tries: u32,
    name: OsString,
}

impl Claim {
    fn new(tries: u32, name: &OsStr) -> Self {
        Self {
            claimed_at: SystemTime::now(),
            tries,
            name: name.to_os_string(),
        }
    }

    /// `CLAIMED-MS.TRY.NAME`.
    fn file_name(&self) -> OsString {
        let millis = self
            .claimed_at
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        let mut text = OsString::from(format!("{millis}.{}.", self.tries));
        text.push(&self.name);
        text
    }

    /// The claim a `processing/` file name says; a plain name is an older Packdesk's first try,
    /// timed by `modified`.
    fn read(file_name: &OsStr, modified: impl FnOnce() -> Option<SystemTime>) -> Option<Self> {
        let text = file_name.to_string_lossy();
        let mut parts = text.splitn(3, '.');
        let parsed = (|| {
            let millis: u64 = parts.next()?.parse().ok()?;
            let tries: u32 = parts.next()?.parse().ok()?;
            let rest = parts.next()?;
            Some(Self {
                claimed_at: UNIX_EPOCH + Duration::from_millis(millis),
                tries,
                // The name after the two fields, exactly as it was (not lossily decoded).
                name: tail_after(file_name, text.len() - rest.len()),
            })
        })();
        parsed.or_else(|| {
            Some(Self {
                claimed_at: modified()?,
                tries: 1,
                name: file_name.to_os_string(),
            })
        })
    }

    fn age(&self) -> Duration {
        self.claimed_at.elapsed().unwrap_or_default()
    }
}

/// The part of `name` after its first `skip` bytes (which are ASCII digits and dots).
fn tail_after(name: &OsStr, skip: usize) -> OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        OsStr::from_bytes(name.as_bytes().get(skip..).unwrap_or_default()).to_os_string()
    }
    #[cfg(not(unix))]
    {
        OsString::from(name.to_string_lossy().get(skip..).unwrap_or_default())
    }
}

/// Writes a report where nothing is yet: never over a file, never through a link.
fn write_report(path: &Path, text: &str) -> Result<(), std::io::Error> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    // `create_new` (O_EXCL) fails on any existing name, a symbolic link included.
    options.write(true).create_new(true);
    let mut file = options.open(path).map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!("its report cannot be written at {}: {e}", path.display()),
        )
    })?;
    file.write_all(text.as_bytes())
}

fn report_path(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_os_string();
    name.push(".report.txt");
    PathBuf::from(name)
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

/// `dir/name`, or `dir/name.2`, `.3`, ... when that name, or its report's, is taken by anything
/// (a link planted there included: it is passed over, never written through).
fn free_name(dir: &Path, name: &OsStr) -> PathBuf {
    let taken = |path: &Path| {
        std::fs::symlink_metadata(path).is_ok()
            || std::fs::symlink_metadata(report_path(path)).is_ok()
    };
    let first = dir.join(name);
    if !taken(&first) {
        return first;
    }
    (2..)
        .map(|n| {
            let mut numbered = name.to_os_string();
            numbered.push(format!(".{n}"));
            dir.join(numbered)
        })
        .find(|candidate| !taken(candidate))
        .unwrap_or(first)
}

/// What takes an import file into the record: the record itself (the administrator's tools and
/// tests), or a desk's way to the warehouse server.
pub trait Importer {
    /// Imports the file at `path`, refusing one of more than `max_bytes`.
    fn import(&mut self, path: &Path, max_bytes: u64) -> Result<ImportReport, ImportFailure>;
}

impl Importer for StationDb {
    fn import(&mut self, path: &Path, max_bytes: u64) -> Result<ImportReport, ImportFailure> {
        import_file(self, path, max_bytes).map_err(|e| match e {
            StationError::Io { .. }
            | StationError::ImportFormat(_)
            | StationError::ImportTooLarge { .. } => ImportFailure::File(e.to_string()),
            other => ImportFailure::Record(other.to_string()),
        })
    }
}
