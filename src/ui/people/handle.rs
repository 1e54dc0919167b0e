//! The people feature's handlers: what its commands and job results do to its state.

use super::command::{Done, PeopleCommand};
use super::state::People;
use super::{command, jobs};
use crate::station::db::{Action, Role};
use crate::station::pin::{check_pin_rule, pin_digits};
use crate::ui::access::SupervisorState;
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::status::Level;
use std::time::Instant;

pub fn handle(
    people: &mut People,
    supervisor: &SupervisorState,
    desk: &mut Desk<'_>,
    command: PeopleCommand,
) {
    match command {
        PeopleCommand::Reload => reload(people, desk),
        PeopleCommand::SetWho(who) => {
            people.who = who;
            people.message = None;
        }
        PeopleCommand::Unpick => {
            people.who.clear();
            people.pin_input.clear();
        }
        PeopleCommand::SetPin(pin) => {
            people.pin_input = pin_digits(&pin);
        }
        PeopleCommand::SignIn => sign_in(people, desk),
        PeopleCommand::Badge(code) => {
            if people.signing_in() {
                people.who = code;
                people.pin_input.clear();
                people.message = Some("Badge read: enter your PIN.".into());
            }
        }
        PeopleCommand::SignOut => sign_out(people, desk, "Signed out."),
        PeopleCommand::IdleSignOut => {
            if people.signed_in.is_some() {
                sign_out(people, desk, "Signed out after the desk sat idle.");
            }
        }
        PeopleCommand::SetName(name) => people.add.name = name,
        PeopleCommand::SetRole(role) => people.add.role = role,
        PeopleCommand::SetBadge(badge) => people.add.badge = badge,
        PeopleCommand::SetNewPin(pin) => {
            people.add.pin = pin_digits(&pin);
        }
        PeopleCommand::Add => add(people, supervisor, desk),
        PeopleCommand::SetActive(id, active) => {
            if let Some(why) = why_not_manage(people, supervisor) {
                desk.notice(Level::Warning, why);
                return;
            }
            let Some(record) = desk.record() else {
                return;
            };
            desk.spawn(move |_| jobs::set_active(record, id.0, active));
        }
    }
}

fn reload(people: &People, desk: &mut Desk<'_>) {
    // The list is the People tab's, a supervisor's (the sign-in screen needs none).
    if people.access().why_not(Action::ManagePeople).is_some() {
        return;
    }
    if let Some(record) = desk.record()
        && record.session().is_ok()
    {
        desk.spawn(move |_| jobs::reload(record));
    }
}

fn sign_in(people: &mut People, desk: &mut Desk<'_>) {
    if people.checking {
        return;
    }
    let who = people.who.trim().to_owned();
    if who.is_empty() {
        people.message = Some("Enter your name or scan your badge first.".into());
        return;
    }
    let pin = std::mem::take(&mut people.pin_input);
    if pin.is_empty() {
        people.message = Some("Enter your PIN.".into());
        return;
    }
    let Some(record) = desk.record() else {
        return;
    };
    people.checking = true;
    desk.spawn(move |_| jobs::sign_in(record, who, pin));
}

fn sign_out(people: &mut People, desk: &mut Desk<'_>, said: &str) {
    let Some(person) = people.signed_in.take() else {
        return;
    };
    people.who.clear();
    people.pin_input.clear();
    people.list = None;
    people.message = Some(format!("{said} ({})", person.name));
    desk.then(Command::CloseOrder);
    // The next person's first scan is theirs, even of the code just read.
    desk.shell.scan.last = None;
    if let Some(record) = desk.record() {
        desk.spawn(move |_| jobs::sign_out(record));
    }
}

/// Why people cannot be managed here now, or `None`: a signed-in supervisor; on a record with
/// nobody yet, whoever may act as supervisor at this desk.
pub fn why_not_manage(people: &People, supervisor: &SupervisorState) -> Option<String> {
    if people.required() {
        return people.access().why_not(Action::ManagePeople);
    }
    match supervisor.unlock_state(&people.access(), Instant::now()) {
        Some(false) => Some(
            "Adding people needs a supervisor: unlock with the supervisor PIN in Settings.".into(),
        ),
        _ => None,
    }
}

fn add(people: &mut People, supervisor: &SupervisorState, desk: &mut Desk<'_>) {
    if people.add.saving {
        return;
    }
    if let Some(why) = why_not_manage(people, supervisor) {
        people.add.message = Some(why);
        return;
    }
    let first = !people.required();
    let form = &mut people.add;
    let name = form.name.trim().to_owned();
    form.message = if name.is_empty() {
        Some("Enter the person's name.".into())
    } else if check_pin_rule(&form.pin).is_err() {
        Some("Enter a PIN of 4 to 8 digits for them.".into())
    } else if first && form.role != Role::Supervisor {
        Some("The first person must be a supervisor: they manage everyone else.".into())
    } else {
        None
    };
    let (true, Some(record)) = (form.message.is_none(), desk.record()) else {
        return;
    };
    form.saving = true;
    let badge = Some(form.badge.trim().to_owned()).filter(|b| !b.is_empty());
    let (role, pin) = (form.role, std::mem::take(&mut form.pin));
    desk.spawn(move |_| jobs::add(record, name, role, badge, pin));
}

/// Applies what the people's jobs sent back.
pub fn apply(people: &mut People, desk: &mut Desk<'_>, done: Done) {
    match done {
        Done::Listed(Ok(list)) => {
            people.list = Some(list);
            // Someone made inactive elsewhere is signed out here too.
            if let Some(me) = &people.signed_in
                && !people
                    .list
                    .iter()
                    .flatten()
                    .any(|p| p.id == me.id && p.active)
            {
                sign_out(
                    people,
                    desk,
                    "Signed out: this person may no longer sign in.",
                );
            }
        }
        Done::Listed(Err(failure)) => {
            tracing::warn!("the people were not read: {}", failure.message());
        }
        Done::Checked { who, result } => {
            people.checking = false;
            match result {
                Ok(command::SignedIn::Person(person)) if people.who.trim() == who => {
                    people.message = None;
                    people.who.clear();
                    desk.notice(
                        Level::Info,
                        format!("Signed in: {} ({}).", person.name, person.role.label()),
                    );
                    people.signed_in = Some(person);
                    reload(people, desk);
                    desk.then(Command::ReloadOrders);
                }
                Ok(command::SignedIn::Person(_)) => {}
                Ok(command::SignedIn::Wrong(said)) => people.message = Some(said),
                Err(failure) => people.message = Some(failure.message()),
            }
        }
        Done::SignedOut => {}
        Done::Added(result) => {
            people.add.saving = false;
            match result {
                Ok(person) => {
                    desk.notice(
                        Level::Info,
                        format!("{} added as {}.", person.name, person.role.label()),
                    );
                    people.add = Default::default();
                    if !people.required {
                        // The first person: from now on people sign in, the desk no more.
                        people.required = true;
                        people.signed_in = None;
                        desk.then(Command::CloseOrder);
                        desk.notice(Level::Info, "People are set up: sign in to go on.");
                    } else {
                        reload(people, desk);
                    }
                }
                Err(failure) => people.add.message = Some(failure.message()),
            }
        }
        Done::Updated(result) => match result {
            Ok(person) => {
                let said = if person.active {
                    "may sign in again"
                } else {
                    "may no longer sign in"
                };
                desk.notice(Level::Info, format!("{} {said}.", person.name));
                reload(people, desk);
            }
            Err(failure) => desk.notice(Level::Warning, failure.message()),
        },
    }
}
