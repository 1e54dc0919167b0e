//! Who is at the desk and whether a supervisor may act: the person signed in and what their
//! role allows (`Access`), and the supervisor unlock (`SupervisorState`, how it stands for the
//! settings panel as a `SupervisorGate`, and what its dialog asks for, `SupervisorCommand`).
//! Below the features: packing, customs, the outbox, settings and people all guard their
//! actions with it; the people feature signs people in, the supervisor feature checks the PIN.

use std::time::{Duration, Instant};

use crate::api::Secret;
use crate::station::db::{Action, Person, Role};
use crate::station::pin::{DEFAULT_RELOCK_AFTER, SupervisorLock};

/// What the person at this desk may do, as handlers and views ask it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Access {
    /// People are set up: roles decide. Otherwise nothing is refused here.
    pub people: bool,
    pub person: Option<Person>,
}

impl Access {
    /// Why `action` is not for the person here (the role it needs), or `None`.
    pub fn why_not(&self, action: Action) -> Option<String> {
        if !self.people {
            return None;
        }
        match &self.person {
            Some(person) => person.why_not(action),
            None => Some("Sign in first.".into()),
        }
    }

    /// Whether a supervisor is signed in here (people are set up).
    pub fn is_supervisor(&self) -> bool {
        self.people
            && self
                .person
                .as_ref()
                .is_some_and(|p| p.role == Role::Supervisor)
    }

    /// The name events and claims carry.
    pub fn person_name(&self) -> Option<String> {
        self.person.as_ref().map(|p| p.name.clone())
    }
}

/// The supervisor unlock, shared by canceling, the outbox and Settings.
#[derive(Debug, Clone, Default)]
pub struct SupervisorState {
    /// `None` until a PIN is set in Settings.
    pub lock: Option<SupervisorLock>,
    pub pin_input: String,
    /// A PIN is being checked (one at a time: each check hands back the whole lock).
    pub checking: bool,
    pub message: Option<String>,
    /// The lockout is being written to its file.
    pub lockout_saving: bool,
    /// The lock changed while it was being written: write it again when that ends.
    pub lockout_dirty: bool,
}

/// Each answer takes who is at the desk (`access`): a supervisor signed in with their own PIN
/// acts as supervisor without the station's PIN until they sign out.
impl SupervisorState {
    /// Whether someone may act as supervisor now: signed in as one, or the PIN is set and was
    /// entered recently enough.
    pub fn is_unlocked(&self, access: &Access, now: Instant) -> bool {
        self.unlock_state(access, now) == Some(true)
    }

    /// Whether a supervisor may act now; `None` when nothing guards it (no people, no PIN:
    /// a first set-up).
    pub fn unlock_state(&self, access: &Access, now: Instant) -> Option<bool> {
        if access.is_supervisor() {
            return Some(true);
        }
        self.lock.as_ref().map(|lock| lock.is_unlocked(now))
    }

    /// Whether the supervisor's settings are locked at `now`: a PIN is set and not entered
    /// recently (and no supervisor is signed in). Without a PIN nothing is locked (the first
    /// set-up).
    pub fn locks_settings(&self, access: &Access, now: Instant) -> bool {
        self.unlock_state(access, now) == Some(false)
    }

    /// What the settings panel needs to know about the unlock at `now`.
    pub fn gate(&self, access: &Access, now: Instant) -> SupervisorGate {
        SupervisorGate {
            pin_set: self.lock.is_some(),
            unlocked: self.is_unlocked(access, now),
            locked_out_for: self
                .lock
                .as_ref()
                .and_then(|lock| lock.locked_out_until(now))
                .map(|until| until.saturating_duration_since(now)),
            checking: self.checking,
        }
    }

    /// Follows the PIN hash in force: no lock without one, a new lock for a first PIN, and a
    /// changed PIN keeps the lock's tries, lockout and unlock.
    pub fn follow_pin(&mut self, pin_hash: Option<&str>) {
        match (pin_hash, &mut self.lock) {
            (None, _) => self.lock = None,
            (Some(hash), Some(lock)) => {
                if lock.pin_hash() != hash {
                    lock.set_pin_hash(hash);
                }
            }
            (Some(hash), None) => {
                self.lock = Some(SupervisorLock::new(hash, DEFAULT_RELOCK_AFTER));
            }
        }
    }
}

/// How the supervisor unlock stands, as the shell tells the panel each frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SupervisorGate {
    /// A supervisor PIN is set (without one nothing is locked: the first set-up).
    pub pin_set: bool,
    /// The PIN was entered recently enough to act as supervisor.
    pub unlocked: bool,
    /// How long the lockout after too many wrong PINs still runs.
    pub locked_out_for: Option<Duration>,
    /// A PIN is being checked.
    pub checking: bool,
}

impl SupervisorGate {
    /// Whether the supervisor's sections are read-only now.
    pub fn locked(&self) -> bool {
        self.pin_set && !self.unlocked
    }
}

/// What the unlock dialog, the lock button and Settings' supervisor sections ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum SupervisorCommand {
    /// Set the PIN being typed into the unlock dialog.
    SetPin(String),
    /// Check the typed PIN.
    Unlock,
    /// Lock the supervisor functions again.
    Lock,
    /// Settings' unlock: check this PIN.
    UnlockWith(Secret),
    /// Put a new PIN (4–8 digits, typed twice) in force, keeping only its hash. With a PIN set,
    /// `current` is checked first (a wrong one counts as a wrong try of the unlock).
    ChangePin {
        current: Option<Secret>,
        pin: Secret,
    },
    /// Remove the PIN after checking the current one.
    RemovePin { current: Secret },
}
