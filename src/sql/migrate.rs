//! Schema migrations with `refinery` on both engines, shared by the station's record
//! (`station::db::engine::migrate`) and the reference service's store (`service::store`): each
//! embeds its own numbered `V*.sql` files per engine and hands the runner here.
//!
//! On PostgreSQL the runner holds a session advisory lock (each store its own number), so ten
//! processes starting at once migrate once, and applies every pending step with its history row
//! in one transaction (PostgreSQL's DDL is transactional).
//!
//! Both stores counted their steps in `PRAGMA user_version` before refinery kept the history in
//! `refinery_schema_history`; such a file is adopted (its steps recorded as applied) rather than
//! migrated again. A database newer than the build is refused ("update Packdesk") instead of
//! written with rows it does not understand, and a process that lost the race to migrate the
//! same file finds the steps applied and goes on.

use refinery::{Runner, Target};
use rusqlite::{Connection, TransactionBehavior};

/// Where refinery records the applied steps (its default name).
pub const HISTORY: &str = "refinery_schema_history";

/// Written to `PRAGMA user_version` once refinery keeps the history, so a Packdesk from before
/// refinery (which counted steps there) says the file is from a newer Packdesk instead of
/// applying its own steps again.
pub const USER_VERSION_AFTER_REFINERY: i64 = 1000;

#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    /// Written by a Packdesk that knows more steps than this one.
    #[error(
        "the database was written by a newer Packdesk (schema {found}, this one knows {known}); update Packdesk"
    )]
    Newer { found: i64, known: i64 },
    #[error("the database failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A step could not be applied (or an applied one differs from this build's file).
    #[error("a schema step failed: {0}")]
    Refinery(String),
    /// PostgreSQL could not be reached or refused a statement.
    #[error("{0}")]
    Sql(#[from] super::SqlError),
}

/// The highest step the runner knows: the schema version this build writes.
pub fn latest(runner: &Runner) -> i64 {
    runner
        .get_migrations()
        .iter()
        .map(|m| i64::from(m.version()))
        .max()
        .unwrap_or(0)
}

/// The highest step recorded in the file's history, 0 before the first.
pub fn applied_sqlite(conn: &Connection) -> Result<i64, rusqlite::Error> {
    let exists: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        [HISTORY],
        |row| row.get(0),
    )?;
    if !exists {
        return Ok(0);
    }
    conn.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM refinery_schema_history",
        [],
        |row| row.get(0),
    )
}

/// Brings the file up to the runner's latest step: adopts a count in `user_version`, refuses a
/// newer schema, applies the missing steps, then marks `user_version` for older Packdesks.
pub fn sqlite(conn: &mut Connection, runner: &Runner) -> Result<(), MigrateError> {
    let known = latest(runner);
    adopt_user_version(conn, runner, known)?;
    refuse_newer(applied_sqlite(conn)?, known)?;
    run(conn, runner, known)?;
    conn.pragma_update(None, "user_version", USER_VERSION_AFTER_REFINERY)?;
    Ok(())
}

/// A schema at `found` is refused by a build that knows steps up to `known` when it is newer.
pub fn refuse_newer(found: i64, known: i64) -> Result<(), MigrateError> {
    if found > known {
        return Err(MigrateError::Newer { found, known });
    }
    Ok(())
}

/// Applies the missing steps one at a time, each together with its history row in one
/// transaction. (Refinery's default commits a step and its row separately: a process that
/// lost the race could then find the tables made but not recorded, and a crash between the
/// two would leave the file unable to migrate.) A step that fails here but that the history
/// shows applied was applied by another process opening the same file, which is fine. Only the
/// runner's steps are used, with refinery's default history table and checks.
fn run(conn: &mut Connection, runner: &Runner, known: i64) -> Result<(), MigrateError> {
    let mut versions: Vec<_> = runner
        .get_migrations()
        .iter()
        .map(|m| m.version())
        .collect();
    versions.sort_unstable();
    for version in versions {
        if applied_sqlite(conn)? >= i64::from(version) {
            continue;
        }
        let step = Runner::new(runner.get_migrations())
            .set_target(Target::Version(version))
            .set_grouped(true);
        if let Err(error) = step.run(conn)
            && applied_sqlite(conn)? < i64::from(version)
        {
            return Err(MigrateError::Refinery(error.to_string()));
        }
    }
    refuse_newer(applied_sqlite(conn)?, known)
}

/// The step count a Packdesk from before refinery left in `user_version`, if this file has one
/// and no history yet.
fn counted_in_user_version(conn: &Connection) -> Result<Option<i64>, rusqlite::Error> {
    let user_version: i64 = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if user_version <= 0 || user_version == USER_VERSION_AFTER_REFINERY || applied_sqlite(conn)? > 0
    {
        return Ok(None);
    }
    Ok(Some(user_version))
}

/// Records the steps a Packdesk from before refinery counted in `user_version` as applied (the
/// files `V1`… are the same SQL as those steps), so refinery goes on from there.
fn adopt_user_version(
    conn: &mut Connection,
    runner: &Runner,
    known: i64,
) -> Result<(), MigrateError> {
    if counted_in_user_version(conn)?.is_none() {
        return Ok(());
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Read again under the write lock: another process may have adopted the file meanwhile.
    let Some(user_version) = counted_in_user_version(&tx)? else {
        return Ok(());
    };
    refuse_newer(user_version, known)?;
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS refinery_schema_history (
            version INT4 PRIMARY KEY, name VARCHAR(255), applied_on VARCHAR(255),
            checksum VARCHAR(255))",
    )?;
    let now = time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .map_err(|e| MigrateError::Refinery(e.to_string()))?;
    for step in runner
        .get_migrations()
        .iter()
        .filter(|m| i64::from(m.version()) <= user_version)
    {
        tx.execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES (?1, ?2, ?3, ?4)",
            rusqlite::params![
                step.version(),
                step.name(),
                now,
                step.checksum().to_string()
            ],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// Migrates a PostgreSQL database under the session advisory lock `lock`, refusing a schema
/// newer than the runner knows.
pub fn postgres(
    client: &mut postgres::Client,
    runner: Runner,
    lock: i64,
) -> Result<(), MigrateError> {
    use super::pg::classify;
    client
        .execute("SELECT pg_advisory_lock($1)", &[&lock])
        .map_err(classify)?;
    // Grouped: every pending step and its history row in one transaction, so a process that
    // stops mid-migration leaves the schema as it was.
    let runner = runner.set_grouped(true);
    let result = applied_postgres(client)
        .and_then(|found| refuse_newer(found, latest(&runner)))
        .and_then(|()| {
            runner
                .run(client)
                .map(|_| ())
                .map_err(|e| MigrateError::Refinery(e.to_string()))
        });
    // Also released when the connection closes, so an error above cannot leave it held.
    let unlocked = client.execute("SELECT pg_advisory_unlock($1)", &[&lock]);
    result?;
    unlocked.map_err(classify)?;
    Ok(())
}

/// The highest step recorded in a PostgreSQL database's history, 0 before the first.
pub fn applied_postgres(client: &mut postgres::Client) -> Result<i64, MigrateError> {
    use super::pg::classify;
    let exists: bool = client
        .query_one("SELECT to_regclass($1) IS NOT NULL", &[&HISTORY])
        .and_then(|row| row.try_get(0))
        .map_err(classify)?;
    if !exists {
        return Ok(0);
    }
    let version: i32 = client
        .query_one(
            "SELECT COALESCE(MAX(version), 0) FROM refinery_schema_history",
            &[],
        )
        .and_then(|row| row.try_get(0))
        .map_err(classify)?;
    Ok(i64::from(version))
}
