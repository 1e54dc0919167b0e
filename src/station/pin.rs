//! The supervisor unlock: a 4–8 digit PIN kept only as a salted argon2id hash, a lockout after
//! a few wrong tries, and relocking after a while without activity.
//!
//! Time is passed in (`now`), so the UI passes `Instant::now()` and tests pass a clock they move.
//! Checking a PIN runs argon2 (tens of milliseconds in a release build).

use std::time::{Duration, Instant};

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// Wrong tries in a row that lock the unlock.
pub const MAX_WRONG_TRIES: u32 = 3;
/// How long the unlock stays locked after `MAX_WRONG_TRIES` wrong tries.
pub const LOCKOUT: Duration = Duration::from_secs(5 * 60);
/// Default time without activity after which an unlocked supervisor is locked again.
pub const DEFAULT_RELOCK_AFTER: Duration = Duration::from_secs(5 * 60);
/// Shortest and longest PIN.
pub const PIN_DIGITS: std::ops::RangeInclusive<usize> = 4..=8;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PinError {
    #[error("the PIN must be 4 to 8 digits")]
    Rule,
    #[error("the PIN could not be hashed: {0}")]
    Hash(String),
}

/// Whether a PIN follows the rule: 4 to 8 ASCII digits.
pub fn check_pin_rule(pin: &str) -> Result<(), PinError> {
    if PIN_DIGITS.contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(PinError::Rule)
    }
}

/// The PHC string (`$argon2id$v=19$...`) of a PIN with a fresh random salt.
pub fn hash_pin(pin: &str) -> Result<String, PinError> {
    check_pin_rule(pin)?;
    Argon2::default()
        .hash_password(pin.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| PinError::Hash(e.to_string()))
}

/// Whether `pin` matches a PHC string from [`hash_pin`]; a damaged hash matches nothing.
pub fn verify_pin(pin: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|hash| {
            Argon2::default()
                .verify_password(pin.as_bytes(), &hash)
                .is_ok()
        })
        .unwrap_or(false)
}

/// The answer to an unlock attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnlockResult {
    Unlocked,
    Wrong {
        tries_left: u32,
    },
    /// Too many wrong tries: no PIN is checked until `until`.
    LockedOut {
        until: Instant,
    },
}

/// The supervisor lock of one station session.
#[derive(Debug, Clone)]
pub struct SupervisorLock {
    pin_hash: String,
    relock_after: Duration,
    wrong_tries: u32,
    locked_until: Option<Instant>,
    last_activity: Option<Instant>,
}

impl SupervisorLock {
    /// A locked lock for the PIN hash from Settings.
    pub fn new(pin_hash: impl Into<String>, relock_after: Duration) -> Self {
        Self {
            pin_hash: pin_hash.into(),
            relock_after,
            wrong_tries: 0,
            locked_until: None,
            last_activity: None,
        }
    }

    /// Checks a PIN at `now`. While locked out, the PIN is not even checked.
    pub fn try_unlock(&mut self, pin: &str, now: Instant) -> UnlockResult {
        if let Some(until) = self.locked_out_until(now) {
            return UnlockResult::LockedOut { until };
        }
        self.locked_until = None;
        if verify_pin(pin, &self.pin_hash) {
            self.wrong_tries = 0;
            self.last_activity = Some(now);
            return UnlockResult::Unlocked;
        }
        self.last_activity = None;
        self.wrong_tries += 1;
        if self.wrong_tries >= MAX_WRONG_TRIES {
            self.wrong_tries = 0;
            let until = now + LOCKOUT;
            self.locked_until = Some(until);
            UnlockResult::LockedOut { until }
        } else {
            UnlockResult::Wrong {
                tries_left: MAX_WRONG_TRIES - self.wrong_tries,
            }
        }
    }

    /// Whether a supervisor is unlocked at `now` (not idle for `relock_after` or longer).
    pub fn is_unlocked(&self, now: Instant) -> bool {
        self.last_activity
            .is_some_and(|at| now.saturating_duration_since(at) < self.relock_after)
    }

    /// Records supervisor activity at `now`, which postpones relocking; no effect when locked.
    pub fn touch(&mut self, now: Instant) {
        if self.is_unlocked(now) {
            self.last_activity = Some(now);
        } else {
            self.last_activity = None;
        }
    }

    /// Locks at once (the supervisor is done).
    pub fn lock(&mut self) {
        self.last_activity = None;
    }

    /// When a lockout ends, if one is running at `now`.
    pub fn locked_out_until(&self, now: Instant) -> Option<Instant> {
        self.locked_until.filter(|until| now < *until)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pin_rule_is_four_to_eight_digits() {
        assert!(check_pin_rule("1234").is_ok());
        assert!(check_pin_rule("12345678").is_ok());
        assert_eq!(check_pin_rule("123"), Err(PinError::Rule));
        assert_eq!(check_pin_rule("123456789"), Err(PinError::Rule));
        assert_eq!(check_pin_rule("12a4"), Err(PinError::Rule));
        assert_eq!(check_pin_rule("１２３４"), Err(PinError::Rule));
        assert_eq!(hash_pin("12"), Err(PinError::Rule));
    }

    #[test]
    fn hashes_are_salted_argon2id_and_verify() {
        let a = hash_pin("2468").unwrap();
        let b = hash_pin("2468").unwrap();
        assert!(a.starts_with("$argon2id$"), "{a}");
        assert_ne!(a, b, "each hash has its own salt");
        assert!(verify_pin("2468", &a));
        assert!(verify_pin("2468", &b));
        assert!(!verify_pin("2469", &a));
        assert!(!verify_pin("2468", "not a hash"));
    }

    #[test]
    fn relocks_after_inactivity_and_touch_postpones_it() {
        let t0 = Instant::now();
        let minute = Duration::from_secs(60);
        let mut lock = SupervisorLock::new(hash_pin("1357").unwrap(), 2 * minute);
        assert!(!lock.is_unlocked(t0));
        assert_eq!(lock.try_unlock("1357", t0), UnlockResult::Unlocked);
        assert!(lock.is_unlocked(t0 + minute));
        lock.touch(t0 + minute);
        assert!(lock.is_unlocked(t0 + 2 * minute + Duration::from_secs(59)));
        assert!(!lock.is_unlocked(t0 + 3 * minute));
        lock.touch(t0 + 3 * minute);
        assert!(!lock.is_unlocked(t0 + 3 * minute), "touch does not unlock");
        assert_eq!(
            lock.try_unlock("1357", t0 + 4 * minute),
            UnlockResult::Unlocked
        );
        lock.lock();
        assert!(!lock.is_unlocked(t0 + 4 * minute));
    }
}
