//! What the sign-in screen and the People tab ask for, and what their jobs end with.

use crate::station::db::{Person, PersonId, Role};
use crate::ui::failure::Failure;

#[derive(Debug, Clone, PartialEq)]
pub enum PeopleCommand {
    /// Read the people again and tell the record who is writing (start-up, a new record).
    Reload,
    Pick(PersonId),
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
        id: PersonId,
        result: Result<Option<Person>, Failure>,
    },
    Badge(Result<Option<Person>, Failure>),
    Added(Result<Person, Failure>),
    Updated(Result<Person, Failure>),
}
