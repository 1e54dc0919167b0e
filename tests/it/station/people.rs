//! People in the warehouse record: added with a hashed PIN, found by badge, signed in only with
//! their own PIN while active; names and badges are unique; every event and the warehouse's
//! history say who did it and at which desk.

use std::time::Duration;

use packdesk::station::db::*;
use packdesk::station::pin::hash_pin;

use super::engines::Engine;
use crate::synthetic;

fn new_person(name: &str, role: Role, badge: Option<&str>, pin: &str) -> NewPerson {
    NewPerson {
        name: name.into(),
        role,
        badge: badge.map(Into::into),
        pin_hash: hash_pin(pin).unwrap(),
        peppered: false,
    }
}

fn people_sign_in_with_their_own_pin(engine: &Engine) {
    let mut desk = engine.open();
    assert!(!desk.has_people().unwrap(), "a new record has nobody");
    let ana = desk
        .add_person(&new_person("Ana", Role::Packer, Some("B-17"), "1234"))
        .unwrap();
    let sam = desk
        .add_person(&new_person("Sam", Role::Supervisor, None, "9876"))
        .unwrap();
    assert!(desk.has_people().unwrap());

    // Another desk sees them, finds Ana by her badge, and checks each one's own PIN.
    let mut other = engine.open();
    let names: Vec<String> = other
        .people()
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ana", "Sam"]);
    assert_eq!(
        other.person_by_badge(" B-17 ").unwrap().as_ref(),
        Some(&ana)
    );
    assert_eq!(other.person_by_badge("B-18").unwrap(), None);
    assert_eq!(
        other.check_person_pin(ana.id, "1234").unwrap(),
        Some(ana.clone())
    );
    assert_eq!(
        other.check_person_pin(ana.id, "9876").unwrap(),
        None,
        "Sam's PIN is not Ana's"
    );
    assert_eq!(
        other.check_person_pin(sam.id, "9876").unwrap(),
        Some(sam.clone())
    );

    // Ana leaves: she can no longer sign in, and her badge finds nobody; her name stays.
    let gone = Person {
        active: false,
        ..ana.clone()
    };
    other.update_person(&gone, None).unwrap();
    assert_eq!(other.check_person_pin(ana.id, "1234").unwrap(), None);
    assert_eq!(other.person_by_badge("B-17").unwrap(), None);
    assert_eq!(desk.people().unwrap().last().unwrap().name, "Ana");
    // A new PIN for Sam replaces the old one.
    other
        .update_person(
            &sam,
            Some(NewPin {
                hash: &hash_pin("4321").unwrap(),
                peppered: false,
            }),
        )
        .unwrap();
    assert_eq!(other.check_person_pin(sam.id, "9876").unwrap(), None);
    assert!(other.check_person_pin(sam.id, "4321").unwrap().is_some());
}

fn names_and_badges_are_one_persons(engine: &Engine) {
    let mut desk = engine.open();
    desk.add_person(&new_person("Ana", Role::Packer, Some("B-17"), "1234"))
        .unwrap();
    let same_name = desk
        .add_person(&new_person("ana", Role::Supervisor, None, "1234"))
        .unwrap_err();
    assert!(
        same_name
            .to_string()
            .contains("\"ana\" is already someone's name"),
        "{same_name}"
    );
    let same_badge = desk
        .add_person(&new_person("Bo", Role::Packer, Some("B-17"), "1234"))
        .unwrap_err();
    assert!(
        same_badge.to_string().contains("badge B-17"),
        "{same_badge}"
    );
    assert_eq!(desk.people().unwrap().len(), 1, "nothing half-added");
}

fn every_event_says_who_and_where(engine: &Engine) {
    let mut desk = engine.open();
    desk.set_actor(Actor {
        desk: Some("Station 3".into()),
        person: Some("Sam".into()),
    });
    desk.add_person(&new_person("Ana", Role::Packer, None, "1234"))
        .unwrap();
    let order = synthetic::seed(&mut desk, 1);
    let claimant = Claimant {
        desk_id: "d3".into(),
        desk_name: "Station 3".into(),
        person: Some("Ana".into()),
    };
    desk.set_actor(Actor {
        desk: Some("Station 3".into()),
        person: Some("Ana".into()),
    });
    desk.claim(order, "S1", &claimant, Duration::from_secs(60))
        .unwrap();
    desk.log_warehouse_event(
        "settings_changed",
        &serde_json::json!({"sections": ["printers"]}),
    )
    .unwrap();

    let mut other = engine.open();
    let events = other.events(order).unwrap();
    let imported = events.first().unwrap();
    assert_eq!(
        (imported.desk.as_deref(), imported.person.as_deref()),
        (Some("Station 3"), Some("Sam"))
    );
    let claimed = events.iter().find(|e| e.kind == "claimed").unwrap();
    assert_eq!(
        (claimed.desk.as_deref(), claimed.person.as_deref()),
        (Some("Station 3"), Some("Ana"))
    );
    let history = other.warehouse_events(10).unwrap();
    let kinds: Vec<(&str, Option<&str>)> = history
        .iter()
        .map(|e| (e.kind.as_str(), e.person.as_deref()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("settings_changed", Some("Ana")),
            ("person_added", Some("Sam"))
        ]
    );
    assert_eq!(history[1].body["name"], "Ana");
    assert_eq!(history[1].desk.as_deref(), Some("Station 3"));
}

/// Steps 13 and 12 undone: the sessions table as step 11 made it (a person on every session).
const SQLITE_UNDO_12: &str = "
    DROP TABLE idempotency_keys;
    DELETE FROM refinery_schema_history WHERE version = 13;
    CREATE TABLE sessions_v11 (
        id          INTEGER PRIMARY KEY,
        token_hash  TEXT    NOT NULL UNIQUE,
        desk_id     INTEGER NOT NULL REFERENCES desks (id),
        person_id   INTEGER NOT NULL REFERENCES people (id),
        started_at  INTEGER NOT NULL,
        seen_at     INTEGER NOT NULL,
        ended_at    INTEGER
    ) STRICT;
    INSERT INTO sessions_v11
        SELECT id, token_hash, desk_id, person_id, started_at, seen_at, ended_at FROM sessions;
    DROP TABLE sessions;
    ALTER TABLE sessions_v11 RENAME TO sessions;
    CREATE INDEX sessions_desk ON sessions (desk_id) WHERE ended_at IS NULL;
    DELETE FROM refinery_schema_history WHERE version = 12;
";

const POSTGRES_UNDO_12: &str = "
    DROP TABLE idempotency_keys;
    DELETE FROM refinery_schema_history WHERE version = 13;
    ALTER TABLE sessions DROP COLUMN supervisor_until;
    ALTER TABLE sessions ALTER COLUMN person_id SET NOT NULL;
    DELETE FROM refinery_schema_history WHERE version = 12;
";

fn a_session_from_step_11_lives_on_and_a_desk_signs_in_as_itself_only_with_nobody_set_up(
    engine: &Engine,
) {
    let mut db = engine.open();
    let sam = db
        .add_person(&new_person("Sam", Role::Supervisor, None, "2468"))
        .unwrap();
    db.issue_enrollment("Station 1", "code-hash", i64::MAX)
        .unwrap();
    let desk = db
        .enroll_desk("code-hash", "desk-hash", 1_000)
        .unwrap()
        .unwrap();
    db.start_session("sam-hash", &desk, &sam, 1_000).unwrap();
    drop(db);
    match engine {
        Engine::Sqlite { path, .. } => rusqlite::Connection::open(path)
            .unwrap()
            .execute_batch(SQLITE_UNDO_12)
            .unwrap(),
        Engine::Postgres { url } => ::postgres::Client::connect(url, ::postgres::NoTls)
            .unwrap()
            .batch_execute(POSTGRES_UNDO_12)
            .unwrap(),
    }

    // Opening the record takes it to step 12; Sam's session lives on.
    let mut db = engine.open();
    let found = db.touch_session("sam-hash", 2_000, 0).unwrap().unwrap();
    assert_eq!(found.person.map(|p| p.name).as_deref(), Some("Sam"));
    assert_eq!(found.supervisor_until, None);

    // A desk's own session holds only while nobody active is set up.
    db.start_desk_session("desk-session", &desk, 2_000).unwrap();
    assert!(
        db.touch_session("desk-session", 3_000, 0)
            .unwrap()
            .is_none()
    );
    db.update_person(
        &Person {
            active: false,
            ..sam
        },
        None,
    )
    .unwrap();
    let own = db.touch_session("desk-session", 3_000, 0).unwrap().unwrap();
    assert_eq!((own.person, own.desk.name.as_str()), (None, "Station 1"));
    db.set_supervisor_until("desk-session", Some(9_000))
        .unwrap();
    let own = db.touch_session("desk-session", 4_000, 0).unwrap().unwrap();
    assert_eq!(own.supervisor_until, Some(9_000));
}

crate::on_both_engines!(
    a_session_from_step_11_lives_on_and_a_desk_signs_in_as_itself_only_with_nobody_set_up,
    people_sign_in_with_their_own_pin,
    names_and_badges_are_one_persons,
    every_event_says_who_and_where,
);
