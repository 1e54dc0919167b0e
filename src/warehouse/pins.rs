//! PINs as the warehouse server checks them: argon2id with a pepper (a secret of the server's,
//! in its data directory, never in the record), so the record's hashes alone cannot be tried
//! offline; and the lockout after wrong PINs, kept per person in the record and longer each time.

use std::path::{Path, PathBuf};
use std::time::Duration;

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::RngExt as _;

use crate::private_file::Write;
use crate::station::db::{SignInLock, StationDb, StationError};
use crate::station::pin::{PinError, check_pin_rule, verify_pin};

/// The pepper's file in the server's data directory.
pub const PEPPER_FILE: &str = "pin-pepper";

/// The record's server setting holding the pepper's check value.
const PEPPER_CHECK: &str = "pin_pepper_check";

#[derive(Debug, thiserror::Error)]
pub enum PepperError {
    #[error("cannot read or write the PIN pepper {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path} is not a PIN pepper this server wrote (64 hex digits); restore it from a backup"
    )]
    Damaged { path: PathBuf },
}

/// The server's pepper. Every instance serving one warehouse needs the same one (the record keeps
/// a check value, and an instance with another pepper refuses to start).
#[derive(Clone)]
pub struct Pepper {
    bytes: [u8; 32],
}

impl std::fmt::Debug for Pepper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pepper(…)")
    }
}

impl Pepper {
    /// The pepper in `dir`, made (mode 0600) on the first start.
    pub fn load_or_create(dir: &Path) -> Result<Self, PepperError> {
        let path = dir.join(PEPPER_FILE);
        let io = |source| PepperError::Io {
            path: path.clone(),
            source,
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => Self::parse(text.trim()).ok_or(PepperError::Damaged { path }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let pepper = Self {
                    bytes: rand::rng().random(),
                };
                let text = format!("{}\n", super::tokens::hex(&pepper.bytes));
                crate::private_file::write(&path, text.as_bytes(), Write::CreateNew).map_err(io)?;
                Ok(pepper)
            }
            Err(e) => Err(io(e)),
        }
    }

    fn parse(hex: &str) -> Option<Self> {
        super::tokens::parse_hex32(hex).map(|bytes| Self { bytes })
    }

    /// Whether this is the pepper the record's PINs are hashed with; a record no server has
    /// served yet takes this one (the first instance to start decides).
    pub fn agrees_with(&self, db: &mut StationDb) -> Result<bool, StationError> {
        let check = self.check_value();
        Ok(db.server_setting_or_init(PEPPER_CHECK, &check)? == check)
    }

    /// A value that tells peppers apart without revealing them (HMAC-SHA256 of a fixed text).
    fn check_value(&self) -> String {
        let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &self.bytes);
        super::tokens::hex(ring::hmac::sign(&key, b"packdesk pin pepper check").as_ref())
    }

    fn argon2(&self) -> Result<Argon2<'_>, PinError> {
        Argon2::new_with_secret(
            &self.bytes,
            Algorithm::Argon2id,
            Version::V0x13,
            Params::default(),
        )
        .map_err(|e| PinError::Hash(e.to_string()))
    }

    /// The PHC string of `pin` with a fresh salt and this pepper (the PIN rule checked first).
    pub fn hash_pin(&self, pin: &str) -> Result<String, PinError> {
        check_pin_rule(pin)?;
        self.argon2()?
            .hash_password(pin.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|e| PinError::Hash(e.to_string()))
    }

    /// Whether `pin` matches `phc`: made with this pepper when `peppered`, else at a desk before
    /// the server took the record over.
    pub fn verify(&self, pin: &str, phc: &str, peppered: bool) -> bool {
        if !peppered {
            return verify_pin(pin, phc);
        }
        let Ok(argon2) = self.argon2() else {
            return false;
        };
        PasswordHash::new(phc)
            .map(|hash| argon2.verify_password(pin.as_bytes(), &hash).is_ok())
            .unwrap_or(false)
    }
}

/// How wrong PINs lock a person out: after `max_wrong` in a row, for `first` the first time and
/// twice as long each time after (at most `longest`); a right PIN starts the count again but not
/// the lockouts' lengths, so someone guessing slowly gets slower and slower.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockoutPolicy {
    pub max_wrong: i64,
    pub first: Duration,
    pub longest: Duration,
}

impl Default for LockoutPolicy {
    fn default() -> Self {
        Self {
            max_wrong: 5,
            first: Duration::from_secs(5 * 60),
            longest: Duration::from_secs(24 * 3600),
        }
    }
}

impl LockoutPolicy {
    /// When the running lockout ends (Unix ms), if one runs at `now`.
    pub fn locked_until(&self, lock: &SignInLock, now: i64) -> Option<i64> {
        lock.locked_until.filter(|until| now < *until)
    }

    /// Counts a try before its PIN is checked (as a wrong one until it proves right), so tries
    /// sent in parallel are counted as if one after the other. `Err(until)` when no try is
    /// allowed: a lockout runs, or the tries in flight already used the last one.
    pub fn reserve(&self, lock: SignInLock, now: i64) -> (SignInLock, Result<(), i64>) {
        if let Some(until) = self.locked_until(&lock, now) {
            return (lock, Err(until));
        }
        if lock.wrong_tries >= self.max_wrong {
            let locked = self.lock_out(lock, now);
            let until = locked.locked_until.unwrap_or(now);
            return (locked, Err(until));
        }
        let counted = SignInLock {
            wrong_tries: lock.wrong_tries + 1,
            locked_until: None,
            ..lock
        };
        (counted, Ok(()))
    }

    /// The state once a reserved try's PIN was checked: a right one starts the count again
    /// (not the lockouts' lengths), the last wrong one allowed starts a lockout, whose end is
    /// returned.
    pub fn settle(&self, lock: SignInLock, right: bool, now: i64) -> (SignInLock, Option<i64>) {
        if right {
            let cleared = SignInLock {
                wrong_tries: 0,
                locked_until: None,
                ..lock
            };
            return (cleared, None);
        }
        if lock.wrong_tries >= self.max_wrong {
            let locked = self.lock_out(lock, now);
            return (locked, locked.locked_until);
        }
        (lock, None)
    }

    /// A new lockout from `now`, twice as long as the last.
    fn lock_out(&self, lock: SignInLock, now: i64) -> SignInLock {
        let doublings = u32::try_from(lock.lockouts.clamp(0, 20)).unwrap_or(20);
        let length = self
            .first
            .saturating_mul(2u32.saturating_pow(doublings))
            .min(self.longest);
        let length_ms = i64::try_from(length.as_millis()).unwrap_or(i64::MAX);
        SignInLock {
            wrong_tries: 0,
            lockouts: lock.lockouts + 1,
            locked_until: Some(now.saturating_add(length_ms)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_hashed_with_the_pepper_is_checked_only_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let pepper = Pepper::load_or_create(dir.path()).unwrap();
        let again = Pepper::load_or_create(dir.path()).unwrap();
        assert_eq!(pepper.check_value(), again.check_value());
        let other = Pepper::load_or_create(tempfile::tempdir().unwrap().path()).unwrap();
        assert_ne!(pepper.check_value(), other.check_value());

        let hash = pepper.hash_pin("4821").unwrap();
        assert!(again.verify("4821", &hash, true));
        assert!(!again.verify("4822", &hash, true));
        assert!(!other.verify("4821", &hash, true));
        // Without the pepper the hash alone does not confirm the PIN.
        assert!(!verify_pin("4821", &hash));
        // A desk's hash from before the server is still checked, without the pepper.
        let desk_hash = crate::station::pin::hash_pin("4821").unwrap();
        assert!(pepper.verify("4821", &desk_hash, false));
        assert_eq!(pepper.hash_pin("12"), Err(PinError::Rule));
    }

    #[cfg(unix)]
    #[test]
    fn the_pepper_file_is_the_servers_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        Pepper::load_or_create(dir.path()).unwrap();
        let mode = std::fs::metadata(dir.path().join(PEPPER_FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        std::fs::write(dir.path().join(PEPPER_FILE), "not hex").unwrap();
        assert!(matches!(
            Pepper::load_or_create(dir.path()),
            Err(PepperError::Damaged { .. })
        ));
    }

    /// One try as the server makes it: reserve, check, settle.
    fn attempt(
        policy: &LockoutPolicy,
        lock: SignInLock,
        right: bool,
        now: i64,
    ) -> (SignInLock, Result<(), i64>) {
        let (lock, allowed) = policy.reserve(lock, now);
        if let Err(until) = allowed {
            return (lock, Err(until));
        }
        let (lock, locked) = policy.settle(lock, right, now);
        (lock, locked.map_or(Ok(()), Err))
    }

    #[test]
    fn five_wrong_pins_lock_and_each_lockout_is_twice_the_last() {
        let policy = LockoutPolicy::default();
        let mut lock = SignInLock::default();
        for _ in 0..4 {
            let (next, outcome) = attempt(&policy, lock, false, 1_000);
            assert_eq!(outcome, Ok(()));
            lock = next;
        }
        let (next, outcome) = attempt(&policy, lock, false, 1_000);
        assert_eq!(outcome, Err(1_000 + 300_000));
        lock = next;
        // Even the right PIN is not checked during the lockout.
        assert_eq!(attempt(&policy, lock, true, 2_000).1, Err(301_000));
        let (next, outcome) = attempt(&policy, lock, true, 301_000);
        assert_eq!(outcome, Ok(()));
        assert_eq!(next.wrong_tries, 0);
        lock = next;
        for _ in 0..5 {
            lock = attempt(&policy, lock, false, 400_000).0;
        }
        assert_eq!(lock.locked_until, Some(400_000 + 600_000));
        assert_eq!(lock.lockouts, 2);

        let long = SignInLock {
            lockouts: 40,
            wrong_tries: 4,
            locked_until: None,
        };
        assert_eq!(attempt(&policy, long, false, 0).1, Err(24 * 3600 * 1000));
    }

    #[test]
    fn tries_sent_at_once_get_no_more_checks_than_tries_sent_in_turn() {
        let policy = LockoutPolicy::default();
        // Twenty tries reserved before any is checked: five are let through, the rest refused.
        let mut lock = SignInLock::default();
        let mut let_through = 0;
        for _ in 0..20 {
            let (next, allowed) = policy.reserve(lock, 0);
            lock = next;
            if allowed.is_ok() {
                let_through += 1;
            }
        }
        assert_eq!(let_through, 5);
        assert!(policy.locked_until(&lock, 0).is_some());
    }
}
