//! The people's work off the UI thread: the record, and argon2 (deliberately slow).

use super::command::Done;
use crate::station::db::{Actor, NewPerson, Person, PersonId, Role};
use crate::station::pin;
use crate::ui::failure::Failure;
use crate::ui::jobs::{SharedDb, with_db};

/// Reads the people and makes the record's events name `actor`.
pub async fn reload(db: SharedDb, actor: Actor) -> Done {
    Done::Listed(
        with_db(&db, move |db| {
            db.set_actor(actor);
            db.people()
        })
        .await,
    )
}

/// Checks `pin` against the person's own; a right one makes them the record's writer here.
pub async fn sign_in(db: SharedDb, id: PersonId, pin: String, desk: String) -> Done {
    let result = with_db(&db, move |db| {
        let person = db.check_person_pin(id, &pin)?;
        if let Some(person) = &person {
            db.set_actor(Actor {
                desk: Some(desk),
                person: Some(person.name.clone()),
            });
        }
        Ok(person)
    })
    .await;
    Done::Checked { id, result }
}

pub async fn badge(db: SharedDb, code: String) -> Done {
    Done::Badge(with_db(&db, move |db| db.person_by_badge(&code)).await)
}

/// Signs out: this desk's claims are given back and its events name nobody.
pub async fn sign_out(db: SharedDb, desk_id: String, desk: String) -> Done {
    Done::Listed(
        with_db(&db, move |db| {
            db.release_desk_claims(&desk_id)?;
            db.set_actor(Actor {
                desk: Some(desk),
                person: None,
            });
            db.people()
        })
        .await,
    )
}

pub async fn add(
    db: SharedDb,
    name: String,
    role: Role,
    badge: Option<String>,
    pin: String,
) -> Done {
    let hashed = tokio::task::spawn_blocking(move || pin::hash_pin(&pin)).await;
    let pin_hash = match hashed {
        Ok(Ok(hash)) => hash,
        Ok(Err(e)) => return Done::Added(Err(Failure::Other(format!("The PIN: {e}.")))),
        Err(e) => {
            return Done::Added(Err(Failure::Other(format!(
                "The PIN could not be hashed ({e}); try again."
            ))));
        }
    };
    let new = NewPerson {
        name,
        role,
        badge,
        pin_hash,
        peppered: false,
    };
    Done::Added(with_db(&db, move |db| db.add_person(&new)).await)
}

pub async fn update(db: SharedDb, person: Person) -> Done {
    Done::Updated(with_db(&db, move |db| db.update_person(&person, None)).await)
}
