//! What the administrator does on the server's machine, straight on the record: make the first
//! supervisor (and anyone else), add a desk (its one-time enrollment code), revoke a desk. PINs
//! are hashed with the server's pepper, read from its data directory.

use std::path::Path;
use std::time::Duration;

use super::clock::now_ms;
use super::pins::{Pepper, PepperError};
use super::tokens::{digest, new_enrollment_code, normalize_code};
use crate::station::db::{Location, StationDb, StationError};
use crate::station::model::{Actor, NewPerson, Person, Role};
use crate::station::pin::PinError;

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Record(#[from] StationError),
    #[error(transparent)]
    Pepper(#[from] PepperError),
    #[error("{0}")]
    Pin(#[from] PinError),
    #[error(
        "the PIN pepper in {0} is not this warehouse's: give --data-dir of the server that serves \
         this database"
    )]
    PepperMismatch(String),
    #[error("no desk is named \"{0}\"")]
    UnknownDesk(String),
}

/// Who the record names for what the command line does.
fn administrator() -> Actor {
    Actor {
        desk: Some("server command line".into()),
        person: Some("administrator".into()),
    }
}

fn open(location: &Location) -> Result<StationDb, AdminError> {
    let mut db = StationDb::connect(location)?;
    db.set_actor(administrator());
    Ok(db)
}

/// The server's pepper, checked against the one this record's PINs are hashed with (a record no
/// server has served yet takes this one).
fn pepper_for(db: &mut StationDb, data_dir: &Path) -> Result<Pepper, AdminError> {
    std::fs::create_dir_all(data_dir).map_err(|source| PepperError::Io {
        path: data_dir.to_path_buf(),
        source,
    })?;
    let pepper = Pepper::load_or_create(data_dir)?;
    if !pepper.agrees_with(db)? {
        return Err(AdminError::PepperMismatch(data_dir.display().to_string()));
    }
    Ok(pepper)
}

/// Adds a person with `pin` (4 to 8 digits), hashed with the server's pepper.
pub fn add_person(
    location: &Location,
    data_dir: &Path,
    name: &str,
    role: Role,
    badge: Option<String>,
    pin: &str,
) -> Result<Person, AdminError> {
    let mut db = open(location)?;
    let pepper = pepper_for(&mut db, data_dir)?;
    let pin_hash = pepper.hash_pin(pin)?;
    Ok(db.add_person(&NewPerson {
        name: name.trim().to_string(),
        role,
        badge,
        pin_hash,
        peppered: true,
    })?)
}

/// A desk's one-time enrollment code, valid for `valid`.
pub fn add_desk(location: &Location, name: &str, valid: Duration) -> Result<String, AdminError> {
    let mut db = open(location)?;
    Ok(issue_enrollment_code(&mut db, name, valid)?.0)
}

/// Issues `name`'s one-time enrollment code (the command line's and a supervisor's alike): the
/// code, and when it stops working (Unix ms). The record keeps only its hash.
pub fn issue_enrollment_code(
    db: &mut StationDb,
    name: &str,
    valid: Duration,
) -> Result<(String, i64), StationError> {
    let code = new_enrollment_code();
    let valid_ms = i64::try_from(valid.as_millis()).unwrap_or(i64::MAX);
    let expires = now_ms().saturating_add(valid_ms);
    db.issue_enrollment(name, &digest(&normalize_code(&code)), expires)?;
    Ok((code, expires))
}

/// Revokes a desk: its token and its sessions stop at once.
pub fn revoke_desk(location: &Location, name: &str) -> Result<(), AdminError> {
    let mut db = open(location)?;
    if db.revoke_desk(name, now_ms())? {
        Ok(())
    } else {
        Err(AdminError::UnknownDesk(name.trim().to_string()))
    }
}
