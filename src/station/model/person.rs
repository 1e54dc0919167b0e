//! The people of a warehouse and what their roles let them do. With no people set up (a desk on
//! its own), nobody signs in and the supervisor PIN guards what it always did.

/// A person's row id in the warehouse record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PersonId(pub i64);

/// What a person is at the warehouse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Packer,
    Supervisor,
    CustomerService,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Packer, Role::CustomerService, Role::Supervisor];

    /// The word the record keeps.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Packer => "packer",
            Role::Supervisor => "supervisor",
            Role::CustomerService => "customer_service",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// "Packer", "Supervisor", "Customer service".
    pub fn label(self) -> &'static str {
        match self {
            Role::Packer => "Packer",
            Role::Supervisor => "Supervisor",
            Role::CustomerService => "Customer service",
        }
    }

    /// Whether this role may do `action`.
    pub fn may(self, action: Action) -> bool {
        match self {
            Role::Supervisor => true,
            Role::Packer => matches!(action, Action::Pack),
            Role::CustomerService => matches!(action, Action::SubmitOrder),
        }
    }
}

/// What a role may or may not do (reading is open to everyone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Add units, get and reprint labels, mark fulfilled.
    Pack,
    Cancel,
    DiscardOutbox,
    /// Edit a refused outbox entry's body before it is sent again.
    CorrectOutbox,
    TakeOverClaim,
    ChangeSettings,
    ManagePeople,
    /// Submit a quote as an order (the quote panel itself is open to all).
    SubmitOrder,
}

impl Action {
    /// The action as a sentence's subject: "Canceling", "Packing".
    fn doing(self) -> &'static str {
        match self {
            Action::Pack => "Packing, labels and fulfilling",
            Action::Cancel => "Canceling",
            Action::DiscardOutbox => "Discarding outbox entries",
            Action::CorrectOutbox => "Correcting outbox entries",
            Action::TakeOverClaim => "Taking a shipment over",
            Action::ChangeSettings => "Changing settings",
            Action::ManagePeople => "Managing people",
            Action::SubmitOrder => "Submitting orders",
        }
    }

    /// The roles that may do it, for the message.
    fn roles(self) -> String {
        let roles: Vec<&str> = Role::ALL
            .into_iter()
            .filter(|r| r.may(self))
            .map(|r| r.label())
            .collect();
        match roles.as_slice() {
            [one] => format!("the {} role", one.to_lowercase()),
            [first, second] => format!(
                "the {} or {} role",
                first.to_lowercase(),
                second.to_lowercase()
            ),
            _ => roles.join(", ").to_lowercase(),
        }
    }
}

/// A person as the desks see them (the PIN hash stays in the record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: PersonId,
    pub name: String,
    pub role: Role,
    pub badge: Option<String>,
    pub active: bool,
}

impl Person {
    /// Why this person may not do `action`, said so they know whom to ask; `None` when they may.
    pub fn why_not(&self, action: Action) -> Option<String> {
        if self.role.may(action) {
            return None;
        }
        Some(format!(
            "{} needs {}; {} is signed in as {}.",
            action.doing(),
            action.roles(),
            self.name,
            self.role.label().to_lowercase()
        ))
    }
}

/// A person to add: the PIN is already hashed (argon2id, off the UI thread).
#[derive(Debug, Clone)]
pub struct NewPerson {
    pub name: String,
    pub role: Role,
    pub badge: Option<String>,
    pub pin_hash: String,
    /// Hashed by the warehouse server with its pepper (a desk's own hash is not).
    pub peppered: bool,
}

/// Who writes to the record: this desk, and the person signed in at it. Every event carries it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Actor {
    pub desk: Option<String>,
    pub person: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ana(role: Role) -> Person {
        Person {
            id: PersonId(1),
            name: "Ana".into(),
            role,
            badge: None,
            active: true,
        }
    }

    #[test]
    fn each_role_may_do_its_own_work_only() {
        assert_eq!(ana(Role::Packer).why_not(Action::Pack), None);
        assert_eq!(
            ana(Role::Packer).why_not(Action::Cancel).as_deref(),
            Some("Canceling needs the supervisor role; Ana is signed in as packer.")
        );
        assert_eq!(
            ana(Role::CustomerService).why_not(Action::Pack).as_deref(),
            Some(
                "Packing, labels and fulfilling needs the packer or supervisor role; Ana is \
                 signed in as customer service."
            )
        );
        assert_eq!(
            ana(Role::CustomerService).why_not(Action::SubmitOrder),
            None
        );
        assert!(
            ana(Role::Packer)
                .why_not(Action::SubmitOrder)
                .is_some_and(|why| why.contains("customer service or supervisor"))
        );
        for action in [
            Action::Pack,
            Action::Cancel,
            Action::DiscardOutbox,
            Action::CorrectOutbox,
            Action::TakeOverClaim,
            Action::ChangeSettings,
            Action::ManagePeople,
            Action::SubmitOrder,
        ] {
            assert_eq!(ana(Role::Supervisor).why_not(action), None, "{action:?}");
        }
    }

    #[test]
    fn roles_read_back_as_written() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("admin"), None);
    }
}
