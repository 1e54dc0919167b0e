//! Writes a desk may repeat after a lost connection, recorded once. The desk makes a key before
//! its first try and sends it with every try; the key is written in the transaction of the
//! change, with the request it named and the answer it got. A repeat whose change was committed
//! (the answer lost on the way back, or the connection cut while `COMMIT` was in flight) finds
//! the key and gets that answer again instead of making a second change. A key sent again with
//! another request is refused ([`StationError::KeyReused`]) rather than answered for the wrong one.
//!
//! The primary key `(desk_id, key)` is the backstop: writers take the record's write lock, so
//! two tries of one key never both pass the look-up, and if they did the second insert fails.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::encoding::{from_json, now_ms, to_json};
use super::engine::{Tx, params};
use super::station_db::StationDb;
use crate::station::error::StationError;

/// How long a key is kept: far longer than any desk retries (a week covers a desk left off
/// over a weekend with its retry armed), short enough that the table stays small.
const KEPT_FOR_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// One repeatable write: whose key (the desk's), the key, and what it asks (the operation and
/// its request as text, compared whole on a repeat).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Once {
    pub desk: String,
    pub key: String,
    pub operation: &'static str,
    pub request: String,
}

/// A write's answer, and whether it is the one given to an earlier try of the same key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written<T> {
    pub answer: T,
    pub replayed: bool,
}

impl<T> Written<T> {
    /// An earlier try's answer, given again.
    pub fn replayed(answer: T) -> Self {
        Self {
            answer,
            replayed: true,
        }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Written<U> {
        Written {
            answer: f(self.answer),
            replayed: self.replayed,
        }
    }
}

impl StationDb {
    /// The answer given to `once`'s key when its write was recorded; `None` when it was not.
    pub fn replay<T: DeserializeOwned>(&mut self, once: &Once) -> Result<Option<T>, StationError> {
        let mut tx = self.conn.read()?;
        let found = recorded(&mut tx, once)?;
        tx.commit()?;
        Ok(found)
    }

    /// Runs `write` in one write transaction and, with a key, records the key and the answer in
    /// it; a key recorded already gets its answer back and `write` does not run.
    pub(super) fn write_once<T: Serialize + DeserializeOwned>(
        &mut self,
        once: Option<&Once>,
        write: impl FnOnce(&mut Tx<'_>) -> Result<T, StationError>,
    ) -> Result<Written<T>, StationError> {
        let mut tx = self.conn.write()?;
        if let Some(once) = once
            && let Some(answer) = recorded(&mut tx, once)?
        {
            return Ok(Written {
                answer,
                replayed: true,
            });
        }
        let answer = write(&mut tx)?;
        if let Some(once) = once {
            remember(&mut tx, once, &answer)?;
        }
        tx.commit()?;
        Ok(Written {
            answer,
            replayed: false,
        })
    }
}

/// The answer recorded for the key, or `KeyReused` when the key named another request.
fn recorded<T: DeserializeOwned>(tx: &mut Tx<'_>, once: &Once) -> Result<Option<T>, StationError> {
    let row = tx.query_row_opt(
        "SELECT operation, request, answer_json FROM idempotency_keys
         WHERE desk_id = ?1 AND key = ?2",
        params![once.desk, once.key],
        |row| {
            let operation: String = row.get("operation")?;
            let request: String = row.get("request")?;
            let answer: String = row.get("answer_json")?;
            Ok((operation, request, answer))
        },
    )?;
    match row {
        None => Ok(None),
        Some((operation, request, answer))
            if operation == once.operation && request == once.request =>
        {
            from_json(&answer).map(Some)
        }
        Some(_) => Err(StationError::KeyReused {
            key: once.key.clone(),
        }),
    }
}

fn remember<T: Serialize>(tx: &mut Tx<'_>, once: &Once, answer: &T) -> Result<(), StationError> {
    let now = now_ms();
    tx.execute(
        "DELETE FROM idempotency_keys WHERE created_at < ?1",
        params![now - KEPT_FOR_MS],
    )?;
    tx.execute(
        "INSERT INTO idempotency_keys (desk_id, key, operation, request, answer_json, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            once.desk,
            once.key,
            once.operation,
            once.request,
            to_json(answer)?,
            now
        ],
    )?;
    Ok(())
}
