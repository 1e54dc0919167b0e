//! The warehouse's people (`model::person`), who is writing (the actor every event names), and
//! the warehouse's own history (people added or changed, settings changed).
//!
//! PINs arrive hashed and are checked here against the stored hash: argon2 takes tens of
//! milliseconds, so callers run these off the UI thread like any other record access.

use super::encoding::{from_json, from_unix, now_unix, to_json};
use super::engine::{Row, Tx, params};
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::{Actor, NewPerson, Person, PersonId, Role};
use crate::station::pin::verify_pin;

const COLUMNS: &str = "id, name, role, badge, active";

fn person(row: &Row) -> Result<Person, StationError> {
    let role: String = row.get("role")?;
    Ok(Person {
        id: PersonId(row.get("id")?),
        name: row.get("name")?,
        role: Role::parse(&role).ok_or_else(|| StationError::Corrupt(format!("role {role}")))?,
        badge: row.get("badge")?,
        active: row.get("active")?,
    })
}

/// One line of the warehouse's history.
#[derive(Debug, Clone, PartialEq)]
pub struct WarehouseEvent {
    pub at: time::OffsetDateTime,
    pub desk: Option<String>,
    pub person: Option<String>,
    /// `person_added`, `person_changed`, `settings_changed`.
    pub kind: String,
    pub body: serde_json::Value,
}

/// A person's new PIN hash, and whether it was hashed with the warehouse server's pepper
/// (a desk's own hash is not).
#[derive(Debug, Clone, Copy)]
pub struct NewPin<'a> {
    pub hash: &'a str,
    pub peppered: bool,
}

impl StationDb {
    /// From now on this record's events name `actor` (the desk, and who is signed in).
    pub fn set_actor(&mut self, actor: Actor) {
        self.conn.set_actor(actor);
    }

    pub fn actor(&self) -> &Actor {
        self.conn.actor()
    }

    /// Everyone, active first, by name.
    pub fn people(&mut self) -> Result<Vec<Person>, StationError> {
        let mut tx = self.conn.read()?;
        let rows = tx.query(
            &format!("SELECT {COLUMNS} FROM people ORDER BY active DESC, name"),
            params![],
        )?;
        rows.iter().map(person).collect()
    }

    /// Whether anyone is set up: then each desk asks who is there.
    pub fn has_people(&mut self) -> Result<bool, StationError> {
        let mut tx = self.conn.read()?;
        let any: Option<i64> =
            tx.query_value("SELECT MAX(id) FROM people WHERE active = 1", params![])?;
        Ok(any.is_some())
    }

    /// The active person with this badge code, if any.
    pub fn person_by_badge(&mut self, badge: &str) -> Result<Option<Person>, StationError> {
        let mut tx = self.conn.read()?;
        tx.query_opt(
            &format!("SELECT {COLUMNS} FROM people WHERE badge = ?1 AND active = 1"),
            params![badge.trim()],
        )?
        .as_ref()
        .map(person)
        .transpose()
    }

    /// The active person if `pin` is theirs; `None` for a wrong PIN (or someone inactive).
    pub fn check_person_pin(
        &mut self,
        id: PersonId,
        pin: &str,
    ) -> Result<Option<Person>, StationError> {
        let mut tx = self.conn.read()?;
        let row = tx
            .query_opt(
                &format!("SELECT {COLUMNS}, pin_hash FROM people WHERE id = ?1"),
                params![id.0],
            )?
            .ok_or(StationError::UnknownPerson)?;
        let found = person(&row)?;
        let hash: String = row.get("pin_hash")?;
        Ok((found.active && verify_pin(pin, &hash)).then_some(found))
    }

    /// Adds a person; their name and badge must be free. Recorded in the warehouse history.
    pub fn add_person(&mut self, new: &NewPerson) -> Result<Person, StationError> {
        let mut tx = self.conn.write()?;
        let name = new.name.trim();
        let badge = new
            .badge
            .as_deref()
            .map(str::trim)
            .filter(|b| !b.is_empty());
        ensure_free(&mut tx, name, badge, None)?;
        let row = tx
            .query_opt(
                &format!(
                    "INSERT INTO people (name, role, badge, pin_hash, pin_peppered, active,
                         created_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) RETURNING {COLUMNS}"
                ),
                params![
                    name,
                    new.role.as_str(),
                    badge,
                    new.pin_hash,
                    i64::from(new.peppered),
                    now_unix()
                ],
            )?
            .ok_or_else(|| StationError::Corrupt("a person was not added".into()))?;
        let added = person(&row)?;
        log(
            &mut tx,
            "person_added",
            &serde_json::json!({"name": added.name, "role": added.role.as_str(),
                "badge": added.badge.is_some()}),
        )?;
        tx.commit()?;
        Ok(added)
    }

    /// Changes a person's role, badge, whether they may sign in, and (when given) their PIN.
    pub fn update_person(
        &mut self,
        updated: &Person,
        new_pin: Option<NewPin<'_>>,
    ) -> Result<Person, StationError> {
        let new_pin_hash = new_pin.map(|pin| pin.hash);
        let peppered = new_pin.is_some_and(|pin| pin.peppered);
        let mut tx = self.conn.write()?;
        let badge = updated
            .badge
            .as_deref()
            .map(str::trim)
            .filter(|b| !b.is_empty());
        ensure_free(&mut tx, updated.name.trim(), badge, Some(updated.id))?;
        let row = tx
            .query_opt(
                &format!(
                    "UPDATE people SET name = ?2, role = ?3, badge = ?4, active = ?5,
                         pin_hash = COALESCE(?6, pin_hash),
                         pin_peppered = CASE WHEN ?6 IS NULL THEN pin_peppered ELSE ?7 END
                     WHERE id = ?1 RETURNING {COLUMNS}"
                ),
                params![
                    updated.id.0,
                    updated.name.trim(),
                    updated.role.as_str(),
                    badge,
                    updated.active,
                    new_pin_hash,
                    i64::from(peppered)
                ],
            )?
            .ok_or(StationError::UnknownPerson)?;
        let changed = person(&row)?;
        log(
            &mut tx,
            "person_changed",
            &serde_json::json!({"name": changed.name, "role": changed.role.as_str(),
                "active": changed.active, "pin_changed": new_pin_hash.is_some()}),
        )?;
        tx.commit()?;
        Ok(changed)
    }

    /// Records a change to the warehouse (settings saved, say) in its history.
    pub fn log_warehouse_event(
        &mut self,
        kind: &'static str,
        body: &serde_json::Value,
    ) -> Result<(), StationError> {
        let mut tx = self.conn.write_row_locked()?;
        log(&mut tx, kind, body)?;
        tx.commit()
    }

    /// The warehouse's history, newest first, at most `limit` lines.
    pub fn warehouse_events(&mut self, limit: u32) -> Result<Vec<WarehouseEvent>, StationError> {
        let mut tx = self.conn.read()?;
        let rows = tx.query(
            "SELECT at, desk, person, kind, body_json FROM warehouse_events
             ORDER BY id DESC LIMIT ?1",
            params![i64::from(limit)],
        )?;
        rows.iter()
            .map(|row| {
                let body: String = row.get("body_json")?;
                Ok(WarehouseEvent {
                    at: from_unix(row.get("at")?)?,
                    desk: row.get("desk")?,
                    person: row.get("person")?,
                    kind: row.get("kind")?,
                    body: from_json(&body)?,
                })
            })
            .collect()
    }
}

/// Refuses a name or badge another person has (names are how people pick themselves).
fn ensure_free(
    tx: &mut Tx<'_>,
    name: &str,
    badge: Option<&str>,
    except: Option<PersonId>,
) -> Result<(), StationError> {
    let except = except.map_or(-1, |p| p.0);
    let taken = tx.query_opt(
        "SELECT name FROM people WHERE id <> ?1 AND (LOWER(name) = LOWER(?2) OR badge = ?3)",
        params![except, name, badge],
    )?;
    match taken {
        Some(row) => {
            let other: String = row.get("name")?;
            let what = if other.eq_ignore_ascii_case(name) {
                format!("\"{name}\"")
            } else {
                format!("badge {}", badge.unwrap_or_default())
            };
            Err(StationError::PersonTaken(what))
        }
        None => Ok(()),
    }
}

pub(super) fn log(
    tx: &mut Tx<'_>,
    kind: &'static str,
    body: &serde_json::Value,
) -> Result<(), StationError> {
    let actor = tx.actor().clone();
    tx.execute(
        "INSERT INTO warehouse_events (at, desk, person, kind, body_json)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![now_unix(), actor.desk, actor.person, kind, to_json(body)?],
    )?;
    Ok(())
}
