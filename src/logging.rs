//! Logs go to stderr and, without colour codes, to `packdesk.log` in the platform's log
//! directory, so a station's history survives the terminal (or the lack of one: a desktop
//! launcher has none). Nothing logged carries a secret: keys and tokens are never formatted
//! into log events (the client logs call names, URLs and statuses only).

use std::fs::{File, OpenOptions};
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

/// A log file larger than this is moved to `packdesk.log.1` when the next run starts.
const ROTATE_AT_BYTES: u64 = 10 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("cannot open the log file {path}: {source}")]
    Open {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Starts logging at `RUST_LOG` (default `info`) to stderr and to `log_file`. When the file
/// cannot be opened, logs go to stderr only and the error is returned to be reported.
pub fn init(log_file: &Path) -> Result<(), LogError> {
    let filter = || EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    // Colours only on a terminal: a launcher or journald would show the escape codes.
    let stderr = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    match open(log_file) {
        Ok(file) => {
            let to_file = tracing_subscriber::fmt::layer()
                .with_ansi(false)
                .with_writer(Mutex::new(file));
            tracing_subscriber::registry()
                .with(filter())
                .with(stderr)
                .with(to_file)
                .init();
            Ok(())
        }
        Err(e) => {
            tracing_subscriber::registry()
                .with(filter())
                .with(stderr)
                .init();
            Err(e)
        }
    }
}

/// Opens `path` for appending (creating its directory), first moving a too-large file aside.
pub fn open(path: &Path) -> Result<File, LogError> {
    let error = |source| LogError::Open {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(error)?;
    }
    if std::fs::metadata(path).is_ok_and(|m| m.len() > ROTATE_AT_BYTES) {
        let mut old = path.as_os_str().to_owned();
        old.push(".1");
        std::fs::rename(path, old).map_err(error)?;
    }
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(error)
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    #[test]
    fn appends_and_moves_a_large_file_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logs").join("packdesk.log");
        writeln!(open(&path).unwrap(), "first").unwrap();
        writeln!(open(&path).unwrap(), "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\nsecond\n");

        let big = vec![b'x'; usize::try_from(ROTATE_AT_BYTES).unwrap() + 1];
        std::fs::write(&path, &big).unwrap();
        writeln!(open(&path).unwrap(), "fresh").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "fresh\n");
        let aside = dir.path().join("logs").join("packdesk.log.1");
        assert_eq!(std::fs::metadata(aside).unwrap().len(), big.len() as u64);
    }
}
