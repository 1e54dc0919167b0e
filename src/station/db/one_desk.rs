//! The app's own one-desk server with nobody set up (schema step 12): the desk signs in as
//! itself, and a supervisor PIN kept by the server (peppered, in `server_settings`) unlocks its
//! session for supervisor work a while; wrong PINs lock it out as a person's would, counted in
//! the record. Nothing here decides a policy; the server does (`warehouse::one_desk`).

use super::access::{DeskRecord, SignInLock};
use super::engine::{Dialect, params};
use super::people::log;
use super::station_db::StationDb;
use crate::station::error::StationError;

/// The one-desk supervisor PIN's hash, in `server_settings`.
const PIN_SETTING: &str = "one_desk_supervisor_pin";
/// Its wrong tries and lockouts (`wrong_tries lockouts locked_until`), in `server_settings`.
const LOCK_SETTING: &str = "one_desk_supervisor_lock";
/// Marks a carried hash made without the pepper (`carry_one_desk_pin_hash`).
pub const UNPEPPERED: &str = "unpeppered:";

impl StationDb {
    /// Opens the desk's own session (no person) at `desk`.
    pub fn start_desk_session(
        &mut self,
        token_hash: &str,
        desk: &DeskRecord,
        now: i64,
    ) -> Result<(), StationError> {
        let mut tx = self.conn.write_row_locked()?;
        tx.execute(
            "INSERT INTO sessions (token_hash, desk_id, person_id, started_at, seen_at)
             VALUES (?1, ?2, NULL, ?3, ?3)",
            params![token_hash, desk.id, now],
        )?;
        tx.commit()
    }

    /// Unlocks (`Some(until)`) or locks (`None`) a desk's own session for supervisor work.
    pub fn set_supervisor_until(
        &mut self,
        token_hash: &str,
        until: Option<i64>,
    ) -> Result<(), StationError> {
        let mut tx = self.conn.write_row_locked()?;
        tx.execute(
            "UPDATE sessions SET supervisor_until = ?2
             WHERE token_hash = ?1 AND person_id IS NULL",
            params![token_hash, until],
        )?;
        tx.commit()
    }

    /// The one-desk supervisor PIN's hash; `None` until one is set.
    pub fn one_desk_pin_hash(&mut self) -> Result<Option<String>, StationError> {
        let mut tx = self.conn.read()?;
        let held = tx.query_value(
            "SELECT MAX(value) FROM server_settings WHERE name = ?1",
            params![PIN_SETTING],
        )?;
        Ok(held)
    }

    /// Sets the one-desk supervisor PIN's hash (made with the server's pepper).
    pub fn set_one_desk_pin_hash(&mut self, hash: &str) -> Result<(), StationError> {
        let mut tx = self.conn.write()?;
        tx.execute(
            "INSERT INTO server_settings (name, value) VALUES (?1, ?2)
             ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            params![PIN_SETTING, hash],
        )?;
        log(
            &mut tx,
            "supervisor_pin_changed",
            &serde_json::json!({ "one_desk": true }),
        )?;
        tx.commit()
    }

    /// Carries a PIN hash made before the server kept it (the desk's settings, unpeppered) into
    /// the record, unless one is set already; the server re-hashes it with its pepper at the
    /// first right PIN. `true` when it was carried.
    pub fn carry_one_desk_pin_hash(&mut self, unpeppered: &str) -> Result<bool, StationError> {
        let mut tx = self.conn.write()?;
        let carried = tx.execute(
            "INSERT INTO server_settings (name, value) VALUES (?1, ?2)
             ON CONFLICT (name) DO NOTHING",
            params![PIN_SETTING, format!("{UNPEPPERED}{unpeppered}")],
        )?;
        tx.commit()?;
        Ok(carried > 0)
    }

    /// The same PIN's hash made again with the pepper (no event: the PIN did not change).
    pub fn rehash_one_desk_pin(&mut self, hash: &str) -> Result<(), StationError> {
        let mut tx = self.conn.write()?;
        tx.execute(
            "UPDATE server_settings SET value = ?2 WHERE name = ?1",
            params![PIN_SETTING, hash],
        )?;
        tx.commit()
    }

    /// Reads the one-desk PIN's wrong-PIN state and replaces it with what `decide` makes of it,
    /// in one transaction (two tries at once are counted one after the other).
    pub fn update_one_desk_lock<T>(
        &mut self,
        decide: impl FnOnce(SignInLock) -> (SignInLock, T),
    ) -> Result<T, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        tx.execute(
            "INSERT INTO server_settings (name, value) VALUES (?1, '0 0 -')
             ON CONFLICT (name) DO NOTHING",
            params![LOCK_SETTING],
        )?;
        let for_update = match tx.dialect() {
            Dialect::Postgres => " FOR UPDATE",
            Dialect::Sqlite => "",
        };
        let held: String = tx.query_value(
            &format!("SELECT value FROM server_settings WHERE name = ?1{for_update}"),
            params![LOCK_SETTING],
        )?;
        let (next, outcome) = decide(parse_lock(&held));
        tx.execute(
            "UPDATE server_settings SET value = ?2 WHERE name = ?1",
            params![LOCK_SETTING, write_lock(next)],
        )?;
        tx.commit()?;
        Ok(outcome)
    }
}

/// `"3 1 1764331200000"` (or `-` for no lock); anything unreadable counts as no tries.
fn parse_lock(text: &str) -> SignInLock {
    let mut parts = text.split_whitespace();
    let mut number = || parts.next().and_then(|p| p.parse::<i64>().ok());
    SignInLock {
        wrong_tries: number().unwrap_or(0),
        lockouts: number().unwrap_or(0),
        locked_until: number(),
    }
}

fn write_lock(lock: SignInLock) -> String {
    let until = lock
        .locked_until
        .map_or_else(|| "-".to_owned(), |u| u.to_string());
    format!("{} {} {until}", lock.wrong_tries, lock.lockouts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_reads_back_as_written() {
        for lock in [
            SignInLock::default(),
            SignInLock {
                wrong_tries: 3,
                lockouts: 2,
                locked_until: Some(1_764_331_200_000),
            },
        ] {
            assert_eq!(parse_lock(&write_lock(lock)), lock);
        }
        assert_eq!(parse_lock("0 0 -"), SignInLock::default());
    }
}
