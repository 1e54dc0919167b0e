//! Checkpoints off the write path.
//!
//! SQLite's automatic checkpoint runs inside the commit that crosses its threshold: it copies
//! the write-ahead log into the database file and syncs it, a stall of milliseconds for
//! whichever request happened to commit. Here the committing connection only signals, and a
//! thread with its own connection checkpoints (`PASSIVE`, which never blocks a writer). Should
//! that thread fall far behind, the committing connection checkpoints itself, so the log stays
//! bounded either way.
//!
//! Under steady writes the thread checkpoints after nearly every commit past the threshold, as
//! the log starts over only when a write begins after a checkpoint copied all of it. Letting a
//! commit finish the thread's copy itself, or pausing the thread between checkpoints, is worse:
//! a sync inside a commit stalls that commit's request, and a paused thread lets the log grow to
//! `force` (docs/perf/quote-store.md).

use std::ffi::c_int;
use std::path::Path;
use std::sync::mpsc::{self, Receiver};

use rusqlite::Connection;
use rusqlite::hooks::Wal;

use super::connection::BUSY_TIMEOUT;
use super::error::StoreError;

/// When to checkpoint, in pages of the log (4 KiB each by default).
#[derive(Debug, Clone, Copy)]
pub(super) struct Limits {
    /// Wake the checkpoint thread (SQLite's own default threshold).
    pub signal: c_int,
    /// Checkpoint in the committing connection. A log only starts over once a checkpoint has
    /// copied all of it before the next write begins, which under sustained writes only the
    /// writer itself can arrange; the thread has copied most of it by then, so this is short.
    pub force: c_int,
}

impl Limits {
    pub const DEFAULT: Limits = Limits {
        signal: 1_000,
        force: 4_000,
    };
}

/// Starts the checkpoint thread for the database at `path` and hands `conn`'s checkpoints to it.
/// The thread ends when `conn` is closed (its hook, holding the signal, is dropped with it).
pub(super) fn move_off_commits(
    conn: &mut Connection,
    path: &Path,
    limits: Limits,
) -> Result<(), StoreError> {
    let own = Connection::open(path)?;
    own.busy_timeout(BUSY_TIMEOUT)?;
    // A signal sent while a checkpoint runs is kept, one is enough: the next checkpoint
    // covers every commit before it.
    let (wake, woken) = mpsc::sync_channel::<()>(1);
    std::thread::Builder::new()
        .name("wal-checkpoint".to_string())
        .spawn(move || run(&own, &woken))
        .map_err(|e| StoreError::Unavailable(format!("cannot start the checkpoint thread: {e}")))?;
    // Replaces SQLite's automatic checkpoint, which is itself a log hook. The hook runs after
    // the commit: an error from it would report a committed write as failed, so a checkpoint
    // that cannot run now (the thread is running one) is left for the next commit.
    conn.wal_hook(Some(move |wal: &mut Wal, pages: c_int| {
        if pages >= limits.force {
            if let Err(err) = wal.checkpoint() {
                tracing::debug!("checkpoint after commit deferred: {err}");
            }
        } else if pages >= limits.signal {
            let _ = wake.try_send(());
        }
        Ok(())
    }))?;
    Ok(())
}

fn run(conn: &Connection, woken: &Receiver<()>) {
    while woken.recv().is_ok() {
        // Busy or failed: the next commit signals again, and the committing connection
        // checkpoints itself past `Limits::force`.
        if let Err(err) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::warn!("background checkpoint failed: {err}");
        }
    }
}
