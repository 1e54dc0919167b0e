//! What the sign-in screen and the People tab ask for, and what their jobs end with.

use crate::station::db::{Person, PersonId, Role};
use crate::ui::failure::Failure;

#[derive(Debug, Clone, PartialEq)]
pub enum PeopleCommand {
    /// Read the people again (the People tab).
    Reload,
    /// The name or badge typed on the sign-in screen.
    SetWho(String),
    Unpick,
    SetPin(String),
    SignIn,
    /// A badge was scanned (or typed) while nobody is signed in.
    Badge(String),
    SignOut,
    /// Nobody touched the desk for the idle time in Settings.
    IdleSignOut,
    /// The People tab's form.
    SetName(String),
    SetRole(Role),
    SetBadge(String),
    SetNewPin(String),
    Add,
    /// Let a person sign in again, or not any more.
    SetActive(PersonId, bool),
}

pub enum Done {
    Listed(Result<Vec<Person>, Failure>),
    Checked {
        who: String,
        result: Result<SignedIn, Failure>,
    },
    SignedOut,
    Added(Result<Person, Failure>),
    Updated(Result<Person, Failure>),
}

/// What a sign-in came to.
pub enum SignedIn {
    Person(Person),
    /// Refused: the server's sentence (a wrong PIN, or locked out for how long).
    Wrong(String),
}
