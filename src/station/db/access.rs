//! Who may reach the record through the warehouse server: enrolled desks, people's sessions at
//! them, wrong-PIN lockouts, and the server's own settings (schema step 11).
//!
//! Only hashes of tokens and codes are stored (the server makes and checks them,
//! `warehouse::tokens`); nothing here decides a policy, it only stores what the server decided.
//! Times are Unix milliseconds, passed in so tests and the server agree on one clock.

use super::encoding::to_ms;
use super::engine::{Dialect, Row, params};
use super::people::log;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::{Person, PersonId, Role};

/// An enrolled desk that is not revoked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeskRecord {
    pub id: i64,
    pub name: String,
}

/// A desk as a supervisor lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeskListing {
    pub name: String,
    /// An enrollment code was issued and not used yet.
    pub pending: bool,
    pub enrolled_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

/// A live session: the desk and the person it was opened for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    pub desk: DeskRecord,
    /// `None`: the desk's own session on a one-desk server with nobody set up (step 12).
    pub person: Option<Person>,
    /// A desk's own session acts as supervisor until then (Unix ms), once unlocked by the PIN.
    pub supervisor_until: Option<i64>,
}

/// A person as sign-in needs them: who they are, and the hash their PIN is checked against.
#[derive(Debug, Clone)]
pub struct SignInCandidate {
    pub person: Person,
    pub pin_hash: String,
    /// Hashed with the server's pepper (else made at a desk before the server; made again).
    pub peppered: bool,
}

/// A person's wrong PINs in a row, how often they were locked out, and until when.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SignInLock {
    pub wrong_tries: i64,
    pub lockouts: i64,
    pub locked_until: Option<i64>,
}

fn person(row: &Row) -> Result<Person, StationError> {
    let role: String = row.get("role")?;
    Ok(Person {
        id: PersonId(row.get("person_id")?),
        name: row.get("person_name")?,
        role: Role::parse(&role).ok_or_else(|| StationError::Corrupt(format!("role {role}")))?,
        badge: row.get("badge")?,
        active: row.get("active")?,
    })
}

fn lock(row: &Row) -> Result<SignInLock, StationError> {
    Ok(SignInLock {
        wrong_tries: row.get("wrong_tries")?,
        lockouts: row.get("lockouts")?,
        locked_until: row.get("locked_until")?,
    })
}

impl StationDb {
    /// Issues a desk's one-time enrollment code (stored as `code_hash`), valid until
    /// `expires_at`. A name not enrolled yet, or revoked, gets a new code; a live desk keeps its
    /// token and the name is refused until it is revoked.
    pub fn issue_enrollment(
        &mut self,
        name: &str,
        code_hash: &str,
        expires_at: i64,
    ) -> Result<(), StationError> {
        let name = name.trim();
        let mut tx = self.conn.write()?;
        let live: Option<i64> = tx.query_value(
            "SELECT MAX(id) FROM desks WHERE name = ?1 AND token_hash IS NOT NULL
               AND revoked_at IS NULL",
            params![name],
        )?;
        if live.is_some() {
            return Err(StationError::DeskTaken(name.to_string()));
        }
        let now = to_ms(time::OffsetDateTime::now_utc());
        tx.execute(
            "INSERT INTO desks (name, enrollment_hash, enrollment_expires_at, created_at)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (name) DO UPDATE SET enrollment_hash = excluded.enrollment_hash,
                enrollment_expires_at = excluded.enrollment_expires_at, token_hash = NULL",
            params![name, code_hash, expires_at, now],
        )?;
        log(&mut tx, "desk_added", &serde_json::json!({ "desk": name }))?;
        tx.commit()?;
        Ok(())
    }

    /// Exchanges a live enrollment code for the desk's token, once: the code is gone after it.
    /// `None` when no desk has that code (unknown, used, or expired).
    pub fn enroll_desk(
        &mut self,
        code_hash: &str,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<DeskRecord>, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        let row = tx.query_opt(
            "UPDATE desks SET enrollment_hash = NULL, enrollment_expires_at = NULL,
                token_hash = ?2, enrolled_at = ?3, revoked_at = NULL
             WHERE enrollment_hash = ?1 AND enrollment_expires_at >= ?3
             RETURNING id, name",
            params![code_hash, token_hash, now],
        )?;
        let desk = row
            .map(|row| -> Result<DeskRecord, StationError> {
                Ok(DeskRecord {
                    id: row.get("id")?,
                    name: row.get("name")?,
                })
            })
            .transpose()?;
        if let Some(desk) = &desk {
            log(
                &mut tx,
                "desk_enrolled",
                &serde_json::json!({ "desk": desk.name }),
            )?;
        }
        tx.commit()?;
        Ok(desk)
    }

    /// The enrolled, unrevoked desk whose token hashes to `token_hash`.
    pub fn desk_by_token(&mut self, token_hash: &str) -> Result<Option<DeskRecord>, StationError> {
        let mut tx = self.conn.read()?;
        tx.query_opt(
            "SELECT id, name FROM desks WHERE token_hash = ?1 AND revoked_at IS NULL",
            params![token_hash],
        )?
        .map(|row| {
            Ok(DeskRecord {
                id: row.get("id")?,
                name: row.get("name")?,
            })
        })
        .transpose()
    }

    /// Revokes a desk: its token and every session opened at it stop at once. `false` when no
    /// desk has that name.
    pub fn revoke_desk(&mut self, name: &str, now: i64) -> Result<bool, StationError> {
        let mut tx = self.conn.write()?;
        let row = tx.query_opt(
            "UPDATE desks SET revoked_at = ?2, token_hash = NULL, enrollment_hash = NULL
             WHERE name = ?1 RETURNING id",
            params![name.trim(), now],
        )?;
        let Some(row) = row else {
            return Ok(false);
        };
        let id: i64 = row.get("id")?;
        tx.execute(
            "UPDATE sessions SET ended_at = ?2 WHERE desk_id = ?1 AND ended_at IS NULL",
            params![id, now],
        )?;
        log(
            &mut tx,
            "desk_revoked",
            &serde_json::json!({ "desk": name.trim() }),
        )?;
        tx.commit()?;
        Ok(true)
    }

    /// Every desk ever added, by name.
    pub fn desks(&mut self) -> Result<Vec<DeskListing>, StationError> {
        let mut tx = self.conn.read()?;
        let rows = tx.query(
            "SELECT name, enrollment_hash, enrolled_at, revoked_at FROM desks ORDER BY name",
            params![],
        )?;
        rows.iter()
            .map(|row| {
                Ok(DeskListing {
                    name: row.get("name")?,
                    pending: row.get::<_, Option<String>>("enrollment_hash")?.is_some(),
                    enrolled_at: row.get("enrolled_at")?,
                    revoked_at: row.get("revoked_at")?,
                })
            })
            .collect()
    }

    /// The active person named `who` (any case) or wearing badge `who`, with their PIN hash.
    pub fn sign_in_candidate(
        &mut self,
        who: &str,
    ) -> Result<Option<SignInCandidate>, StationError> {
        let mut tx = self.conn.read()?;
        let row = tx.query_opt(
            "SELECT id AS person_id, name AS person_name, role, badge, active, pin_hash,
                    pin_peppered
             FROM people WHERE active = 1 AND (LOWER(name) = LOWER(?1) OR badge = ?1)",
            params![who.trim()],
        )?;
        row.map(|row| {
            Ok(SignInCandidate {
                person: person(&row)?,
                pin_hash: row.get("pin_hash")?,
                peppered: row.get::<_, i64>("pin_peppered")? == 1,
            })
        })
        .transpose()
    }

    /// Whether an active supervisor exists (a warehouse server opens no session before one).
    pub fn has_supervisor(&mut self) -> Result<bool, StationError> {
        let mut tx = self.conn.read()?;
        let any: Option<i64> = tx.query_value(
            "SELECT MAX(id) FROM people WHERE active = 1 AND role = 'supervisor'",
            params![],
        )?;
        Ok(any.is_some())
    }

    /// Replaces a person's PIN hash with one made with the server's pepper.
    pub fn set_peppered_pin_hash(
        &mut self,
        person: PersonId,
        pin_hash: &str,
    ) -> Result<(), StationError> {
        let mut tx = self.conn.write_row_locked()?;
        tx.execute(
            "UPDATE people SET pin_hash = ?2, pin_peppered = 1 WHERE id = ?1",
            params![person.0, pin_hash],
        )?;
        tx.commit()
    }

    /// A person's wrong-PIN state (all zero when they have none).
    pub fn sign_in_lock(&mut self, person: PersonId) -> Result<SignInLock, StationError> {
        let mut tx = self.conn.read()?;
        tx.query_opt(
            "SELECT wrong_tries, lockouts, locked_until FROM sign_in_locks WHERE person_id = ?1",
            params![person.0],
        )?
        .map(|row| lock(&row))
        .transpose()
        .map(Option::unwrap_or_default)
    }

    /// Reads a person's wrong-PIN state and replaces it with what `decide` makes of it, in one
    /// transaction with the person's row locked: two sign-ins at once for one person are
    /// counted one after the other, so parallel guesses get no more tries than serial ones.
    pub fn update_sign_in_lock<T>(
        &mut self,
        person: PersonId,
        decide: impl FnOnce(SignInLock) -> (SignInLock, T),
    ) -> Result<T, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        tx.execute(
            "INSERT INTO sign_in_locks (person_id) VALUES (?1) ON CONFLICT (person_id) DO NOTHING",
            params![person.0],
        )?;
        // SQLite's write already excludes every other writer; PostgreSQL locks the row.
        let for_update = match tx.dialect() {
            Dialect::Postgres => " FOR UPDATE",
            Dialect::Sqlite => "",
        };
        let row = tx.query_one(
            &format!(
                "SELECT wrong_tries, lockouts, locked_until FROM sign_in_locks
                 WHERE person_id = ?1{for_update}"
            ),
            params![person.0],
        )?;
        let (next, outcome) = decide(lock(&row)?);
        tx.execute(
            "UPDATE sign_in_locks SET wrong_tries = ?2, lockouts = ?3, locked_until = ?4
             WHERE person_id = ?1",
            params![person.0, next.wrong_tries, next.lockouts, next.locked_until],
        )?;
        tx.commit()?;
        Ok(outcome)
    }

    /// Opens a session for `person` at `desk` (its token stored as `token_hash`).
    pub fn start_session(
        &mut self,
        token_hash: &str,
        desk: &DeskRecord,
        person: &Person,
        now: i64,
    ) -> Result<(), StationError> {
        let mut tx = self.conn.write_row_locked()?;
        tx.execute(
            "INSERT INTO sessions (token_hash, desk_id, person_id, started_at, seen_at)
             VALUES (?1, ?2, ?3, ?4, ?4)",
            params![token_hash, desk.id, person.id.0, now],
        )?;
        tx.commit()
    }

    /// The live session whose token hashes to `token_hash`, marked as used now: not ended, used
    /// since `idle_since`, its desk not revoked and its person still active.
    pub fn touch_session(
        &mut self,
        token_hash: &str,
        now: i64,
        idle_since: i64,
    ) -> Result<Option<SessionRecord>, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        // A desk's own session (no person) lasts only while nobody is set up.
        let row = tx.query_opt(
            "SELECT s.id AS session_id, s.supervisor_until, d.id AS desk_id, d.name AS desk_name,
                    p.id AS person_id, p.name AS person_name, p.role, p.badge, p.active
             FROM sessions s JOIN desks d ON d.id = s.desk_id
                  LEFT JOIN people p ON p.id = s.person_id
             WHERE s.token_hash = ?1 AND s.ended_at IS NULL AND s.seen_at >= ?2
               AND d.revoked_at IS NULL AND d.token_hash IS NOT NULL
               AND (p.active = 1 OR (s.person_id IS NULL
                    AND NOT EXISTS (SELECT 1 FROM people WHERE active = 1)))",
            params![token_hash, idle_since],
        )?;
        let Some(row) = row else {
            return Ok(None);
        };
        let session: i64 = row.get("session_id")?;
        tx.execute(
            "UPDATE sessions SET seen_at = ?2 WHERE id = ?1",
            params![session, now],
        )?;
        let found = SessionRecord {
            desk: DeskRecord {
                id: row.get("desk_id")?,
                name: row.get("desk_name")?,
            },
            person: match row.get::<_, Option<i64>>("person_id")? {
                Some(_) => Some(person(&row)?),
                None => None,
            },
            supervisor_until: row.get("supervisor_until")?,
        };
        tx.commit()?;
        Ok(Some(found))
    }

    /// Ends the session whose token hashes to `token_hash` (signing out); `false` if none was live.
    pub fn end_session(&mut self, token_hash: &str, now: i64) -> Result<bool, StationError> {
        let mut tx = self.conn.write_row_locked()?;
        let ended = tx.execute(
            "UPDATE sessions SET ended_at = ?2 WHERE token_hash = ?1 AND ended_at IS NULL",
            params![token_hash, now],
        )?;
        tx.commit()?;
        Ok(ended > 0)
    }

    /// Sets a server setting unless it is set; returns the value that holds afterwards (the
    /// first instance to start decides).
    pub fn server_setting_or_init(
        &mut self,
        name: &str,
        value: &str,
    ) -> Result<String, StationError> {
        let mut tx = self.conn.write()?;
        tx.execute(
            "INSERT INTO server_settings (name, value) VALUES (?1, ?2)
             ON CONFLICT (name) DO NOTHING",
            params![name, value],
        )?;
        let held: Option<String> = tx.query_value(
            "SELECT MAX(value) FROM server_settings WHERE name = ?1",
            params![name],
        )?;
        tx.commit()?;
        held.ok_or_else(|| StationError::Corrupt(format!("server setting {name} was not kept")))
    }
}
