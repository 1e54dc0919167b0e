//! PostgreSQL: connecting (TLS off loopback), reconnecting by itself after the server or the
//! network went away, and saying in words what failed.
//!
//! The `postgres` crate is the synchronous face of `tokio-postgres`: the station's record is
//! used from blocking jobs (`spawn_blocking`) on both engines, so one calling convention serves
//! both. A connection found closed is dropped and opened again on the next transaction; a
//! transaction cut off by a lost connection was never committed, so nothing is half-recorded.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use postgres::error::SqlState;

use postgres::{Client, IsolationLevel, NoTls};

use super::error::{ConnectionProblem, SqlError};
use super::location::PgTarget;
use super::row::Row;
use super::value::Value;

#[derive(Debug, Clone, Copy)]
pub(super) enum Purpose {
    Read,
    /// Behind the database's writers' lock (see [`PgConnection::new`]): check-then-write holds
    /// as on one SQLite file.
    Write,
    /// [`Purpose::Write`] with `synchronous_commit = off`.
    RelaxedWrite,
    /// Without that lock: the statements' own row locks (`ON CONFLICT`, `FOR UPDATE SKIP
    /// LOCKED`) make it safe, and it never waits behind another desk's long write.
    RowLocked,
}

pub(super) struct PgConnection {
    target: PgTarget,
    client: Option<Client>,
    statements: Statements,
    /// The transaction-scoped advisory lock every `Write` takes first, so writers commit one
    /// after the other as SQLite's do; each store has its own number.
    write_lock: i64,
}

impl Drop for PgConnection {
    /// `postgres::Client` closes by blocking on its own runtime, which panics inside another
    /// runtime: a job's copy of the record can be the last one, dropped on the jobs' runtime when
    /// the app closes with jobs in flight. There it closes on a thread of its own.
    fn drop(&mut self) {
        if tokio::runtime::Handle::try_current().is_err() {
            return;
        }
        let Some(client) = self.client.take() else {
            return;
        };
        let slot = Arc::new(Mutex::new(Some(client)));
        let theirs = Arc::clone(&slot);
        let closing = std::thread::Builder::new()
            .name("packdesk-pg-close".into())
            .spawn(move || drop(theirs.lock().ok().and_then(|mut c| c.take())));
        if let Err(e) = closing {
            // Dropping it here would panic: the socket closes when the process ends.
            tracing::warn!("a warehouse connection stays open until Packdesk exits: {e}");
            std::mem::forget(slot.lock().ok().and_then(|mut c| c.take()));
        }
    }
}

impl PgConnection {
    /// A connection on `client`, already connected to `target` and migrated.
    pub(super) fn new(target: PgTarget, client: Client, write_lock: i64) -> Self {
        Self {
            target,
            client: Some(client),
            statements: Statements::new(),
            write_lock,
        }
    }

    pub(super) fn target(&self) -> &PgTarget {
        &self.target
    }

    /// Runs one statement as a transaction of its own (no `BEGIN`, no writers' lock, no
    /// `COMMIT`: one round trip); how many rows it changed.
    pub(super) fn execute_alone(&mut self, sql: &str, values: &[Value]) -> Result<u64, SqlError> {
        self.reconnect_if_lost()?;
        let client = self.client.as_mut().ok_or_else(not_connected)?;
        let (statement, _) = prepared(&mut self.statements, sql, |sql| client.prepare(sql))?;
        let params: Vec<&(dyn postgres::types::ToSql + Sync)> =
            values.iter().map(|v| v as _).collect();
        client.execute(&statement, &params).map_err(classify)
    }

    /// Connects again if the connection was lost.
    fn reconnect_if_lost(&mut self) -> Result<(), SqlError> {
        if self.client.as_ref().is_none_or(Client::is_closed) {
            // Statements were prepared on the old connection; they mean nothing on a new one.
            self.client = None;
            self.statements.clear();
            self.client = Some(connect(&self.target).map_err(|problem| match problem {
                ConnectionProblem::Unreachable { reason, .. } => SqlError::Unreachable(reason),
                other => SqlError::Connection(other),
            })?);
            tracing::info!(target = %self.target, "reconnected to the warehouse database");
        }
        Ok(())
    }

    pub(super) fn begin(&mut self, purpose: Purpose) -> Result<PgTx<'_>, SqlError> {
        self.reconnect_if_lost()?;
        let client = self.client.as_mut().ok_or_else(not_connected)?;
        let mut tx = match purpose {
            Purpose::Write | Purpose::RelaxedWrite | Purpose::RowLocked => client
                .build_transaction()
                .isolation_level(IsolationLevel::ReadCommitted)
                .start(),
            Purpose::Read => client
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start(),
        }
        .map_err(classify)?;
        // One simple-protocol round trip (a parameter would cost a second one to prepare);
        // the lock number is this program's own constant.
        let writers_lock = match purpose {
            Purpose::Write => Some(""),
            Purpose::RelaxedWrite => Some("; SET LOCAL synchronous_commit = off"),
            Purpose::RowLocked | Purpose::Read => None,
        };
        if let Some(settings) = writers_lock {
            let lock = format!(
                "SELECT pg_advisory_xact_lock({}){settings}",
                self.write_lock
            );
            tx.batch_execute(&lock).map_err(classify)?;
        }
        Ok(PgTx {
            tx,
            statements: &mut self.statements,
        })
    }
}

fn not_connected() -> SqlError {
    SqlError::Unreachable("not connected".into())
}

pub(super) struct PgTx<'c> {
    tx: postgres::Transaction<'c>,
    statements: &'c mut Statements,
}

impl PgTx<'_> {
    /// The statement prepared on this connection, with its column names.
    fn statement(&mut self, sql: &str) -> Result<(postgres::Statement, Arc<[String]>), SqlError> {
        let tx = &mut self.tx;
        prepared(self.statements, sql, |sql| tx.prepare(sql))
    }

    pub(super) fn execute(&mut self, sql: &str, values: &[Value]) -> Result<u64, SqlError> {
        let (statement, _) = self.statement(sql)?;
        let params: Vec<&(dyn postgres::types::ToSql + Sync)> =
            values.iter().map(|v| v as _).collect();
        self.tx.execute(&statement, &params).map_err(classify)
    }

    pub(super) fn query(&mut self, sql: &str, values: &[Value]) -> Result<Vec<Row>, SqlError> {
        let (statement, names) = self.statement(sql)?;
        let params: Vec<&(dyn postgres::types::ToSql + Sync)> =
            values.iter().map(|v| v as _).collect();
        let rows = self.tx.query(&statement, &params).map_err(classify)?;
        rows.iter()
            .map(|row| {
                let values = (0..row.len())
                    .map(|i| {
                        row.try_get::<_, Value>(i).map_err(|e| {
                            let name = names.get(i).map_or("?", String::as_str);
                            SqlError::Corrupt(format!("column {name}: {e}"))
                        })
                    })
                    .collect::<Result<_, _>>()?;
                Ok(Row::new(names.clone(), values))
            })
            .collect()
    }

    /// A connection lost here may have committed first (see [`SqlError::CommitUnknown`]).
    pub(super) fn commit(self) -> Result<(), SqlError> {
        self.tx.commit().map_err(|e| match classify(e) {
            SqlError::Unreachable(reason) => SqlError::CommitUnknown(reason),
            other => other,
        })
    }
}

/// Opens one connection, TLS or not as the target says (see `PgTarget::parse`).
pub fn connect(target: &PgTarget) -> Result<Client, ConnectionProblem> {
    let result = if target.uses_tls() {
        let tls = tls_connector().map_err(|reason| ConnectionProblem::Tls {
            target: target.to_string(),
            reason,
        })?;
        target.config().connect(tls)
    } else {
        target.config().connect(NoTls)
    };
    result.map_err(|e| describe_problem(target, &e))
}

fn tls_connector() -> Result<tokio_postgres_rustls::MakeRustlsConnect, String> {
    use rustls_platform_verifier::BuilderVerifierExt;
    // The certificate is checked against the system's trust store, as for the service's HTTPS.
    let provider = crate::api::tls::provider();
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(BuilderVerifierExt::with_platform_verifier)
        .map_err(|e| e.to_string())?
        .with_no_client_auth();
    Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
}

/// What a failed connection attempt means for the person who typed the URL.
pub(super) fn describe_problem(target: &PgTarget, error: &postgres::Error) -> ConnectionProblem {
    let user = target.config().get_user().unwrap_or_default().to_owned();
    if let Some(db) = error.as_db_error() {
        let code = db.code();
        return if *code == SqlState::INVALID_PASSWORD {
            ConnectionProblem::WrongPassword { user }
        } else if *code == SqlState::INVALID_CATALOG_NAME {
            ConnectionProblem::NoSuchDatabase {
                database: target.database().to_owned(),
            }
        } else if *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION {
            ConnectionProblem::NotAllowed {
                user,
                reason: db.message().to_owned(),
            }
        } else if is_connection_state(code) {
            ConnectionProblem::Unreachable {
                target: target.to_string(),
                reason: db.message().to_owned(),
            }
        } else {
            ConnectionProblem::Other(db.message().to_owned())
        };
    }
    let text = error.to_string();
    if text.contains("password missing") {
        return ConnectionProblem::WrongPassword { user };
    }
    if text.to_ascii_lowercase().contains("tls") || text.contains("certificate") {
        return ConnectionProblem::Tls {
            target: target.to_string(),
            reason: full_reason(error),
        };
    }
    ConnectionProblem::Unreachable {
        target: target.to_string(),
        reason: full_reason(error),
    }
}

/// An error of a statement or transaction: a lost connection is `Unreachable` (the caller says
/// "nothing was recorded"; during `COMMIT`, `PgTx::commit` makes it `CommitUnknown`), anything
/// else a plain database failure.
pub fn classify(error: postgres::Error) -> SqlError {
    match error.code() {
        Some(code) if is_connection_state(code) => SqlError::Unreachable(full_reason(&error)),
        Some(&SqlState::UNIQUE_VIOLATION) => SqlError::Duplicate(full_reason(&error)),
        Some(&SqlState::LOCK_NOT_AVAILABLE) | Some(&SqlState::QUERY_CANCELED) => {
            SqlError::Busy(full_reason(&error))
        }
        Some(_) => SqlError::Postgres(full_reason(&error)),
        None if error.as_db_error().is_none() => SqlError::Unreachable(full_reason(&error)),
        None => SqlError::Postgres(full_reason(&error)),
    }
}

/// Connection exceptions (class 08) and the server going down or starting up.
fn is_connection_state(code: &SqlState) -> bool {
    code.code().starts_with("08")
        || *code == SqlState::ADMIN_SHUTDOWN
        || *code == SqlState::CRASH_SHUTDOWN
        || *code == SqlState::CANNOT_CONNECT_NOW
}

/// The error with its causes ("error connecting to server: Connection refused (os error 111)").
fn full_reason(error: &postgres::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// Prepared PostgreSQL statements by their SQL text, each with its column names (SQLite has
/// `prepare_cached`).
type Statements = HashMap<String, (postgres::Statement, Arc<[String]>)>;

/// `sql` as prepared on the connection before, or prepared now by `prepare` (which gets it with
/// PostgreSQL's placeholders) and kept; with its column names.
fn prepared(
    statements: &mut Statements,
    sql: &str,
    prepare: impl FnOnce(&str) -> Result<postgres::Statement, postgres::Error>,
) -> Result<(postgres::Statement, Arc<[String]>), SqlError> {
    if let Some(prepared) = statements.get(sql) {
        return Ok(prepared.clone());
    }
    let statement = prepare(&to_postgres_placeholders(sql)).map_err(classify)?;
    let names: Arc<[String]> = statement
        .columns()
        .iter()
        .map(|c| c.name().to_owned())
        .collect();
    let prepared = (statement, names);
    statements.insert(sql.to_owned(), prepared.clone());
    Ok(prepared)
}

/// `?1` → `$1` outside string literals and quoted names; SQLite also reads `$1`, but would number
/// a repeated or out-of-order `$n` by first appearance, so the source keeps `?n`.
fn to_postgres_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quote: Option<char> = None;
    for c in sql.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '?' => {
                out.push('$');
                continue;
            }
            None => {}
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_rewritten_outside_quotes_only() {
        assert_eq!(
            to_postgres_placeholders("SELECT a FROM t WHERE b = ?2 AND c = '?1' AND \"?\" = ?1"),
            "SELECT a FROM t WHERE b = $2 AND c = '?1' AND \"?\" = $1"
        );
    }
}
