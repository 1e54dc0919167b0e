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

crate::on_both_engines!(
    people_sign_in_with_their_own_pin,
    names_and_badges_are_one_persons,
    every_event_says_who_and_where,
);
