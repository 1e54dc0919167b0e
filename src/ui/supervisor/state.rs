//! The supervisor unlock as the app holds it.

use std::time::Instant;

use crate::station::pin::{DEFAULT_RELOCK_AFTER, SupervisorLock};
use crate::ui::people::state::Access;
use crate::ui::settings::command::SupervisorGate;

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
