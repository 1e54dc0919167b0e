//! A connection to the service database: the busy timeout every connection uses, and setting
//! up the store's own.

use std::time::Duration;

use rusqlite::Connection;

use super::error::StoreError;
use super::migrations;

/// How long a write waits for another connection (another process on the same file) to finish.
pub(super) const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The page size of a new store's file.
pub(super) const PAGE_SIZE: i64 = 8192;

/// Sets the store's connection up (busy timeout, WAL, FULL sync, foreign keys) and migrates it.
pub(super) fn prepare(mut conn: Connection) -> Result<Connection, StoreError> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Pages of 8 KB for a new file (one that exists keeps its own): a typical quote is 2.3 KB
    // packed, three to a page, where a 4 KB page holds one.
    conn.pragma_update(None, "page_size", PAGE_SIZE)?;
    // Retention deletes old quotes; their pages go back to the file system only with
    // incremental auto-vacuum, which a file takes at creation or by being rebuilt (once, here).
    let auto_vacuum: i64 = conn.query_row("PRAGMA auto_vacuum", [], |row| row.get(0))?;
    if auto_vacuum != 2 {
        conn.pragma_update(None, "auto_vacuum", "INCREMENTAL")?;
        conn.execute_batch("VACUUM")?;
    }
    // WAL lets readers (the sqlite3 shell, backups) work while the service writes; an
    // in-memory database answers "memory" and keeps working without it.
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    // FULL: a committed order survives a power cut, not only a crash of the process.
    conn.pragma_update(None, "synchronous", "FULL")?;
    // A log that grew under a burst (a retention pass, a checkpoint that fell behind) is cut back
    // to this when it starts over, so its high-water mark does not stay on the disk.
    conn.pragma_update(None, "journal_size_limit", 16 * 1024 * 1024)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    migrations::apply(&mut conn)?;
    Ok(conn)
}
