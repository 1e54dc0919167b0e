//! Who is at this desk: the warehouse's people (when any are set up), the person signed in,
//! the sign-in being typed, and the form that adds a person.

use crate::station::db::{Person, Role};
use crate::ui::access::Access;

/// The people feature's state.
#[derive(Debug, Clone, Default)]
pub struct People {
    /// Everyone in the record (the People tab); `None` until read.
    pub list: Option<Vec<Person>>,
    /// People are set up at this warehouse: someone signs in before anything else. Known from
    /// the server (it opens no desk session then).
    pub required: bool,
    pub signed_in: Option<Person>,
    /// The name or badge typed (or scanned) on the sign-in screen.
    pub who: String,
    pub pin_input: String,
    /// A PIN is being checked.
    pub checking: bool,
    /// What the sign-in screen says (a wrong PIN, an unknown badge).
    pub message: Option<String>,
    pub add: AddForm,
}

/// "Add a person" as typed (People tab).
#[derive(Debug, Clone)]
pub struct AddForm {
    pub name: String,
    pub role: Role,
    pub badge: String,
    pub pin: String,
    pub saving: bool,
    /// Why the last try was refused, said next to the form.
    pub message: Option<String>,
}

impl Default for AddForm {
    fn default() -> Self {
        Self {
            name: String::new(),
            role: Role::Packer,
            badge: String::new(),
            pin: String::new(),
            saving: false,
            message: None,
        }
    }
}

impl People {
    /// Whether this desk asks who is there: someone active is set up in the record. A desk on
    /// its own with nobody set up works as it always did (the supervisor PIN guards).
    pub fn required(&self) -> bool {
        self.required
    }

    /// Whether the sign-in screen stands in front of everything else.
    pub fn signing_in(&self) -> bool {
        self.required() && self.signed_in.is_none()
    }

    pub fn access(&self) -> Access {
        Access {
            people: self.required(),
            person: self.signed_in.clone(),
        }
    }
}
