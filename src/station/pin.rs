//! The supervisor unlock: a 4–8 digit PIN kept only as a salted argon2id hash, a lockout after
//! a few wrong tries, and relocking after a while without activity.
//!
//! Time is passed in (`now`), so the UI passes `Instant::now()` and tests pass a clock they move.
//! Checking a PIN runs argon2 (tens of milliseconds in a release build).
//!
//! The wrong tries and a running lockout outlive the app in a small file next to the settings
//! ([`PersistedLockout`], [`load_lockout`], [`save_lockout`]), so a restart gives no fresh tries.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use serde::{Deserialize, Serialize};

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

/// What a PIN field keeps of what was typed: ASCII digits only (a scanner's or a stray key's
/// text does not belong there), at most the longest PIN.
pub fn pin_digits(typed: &str) -> String {
    typed
        .chars()
        .filter(char::is_ascii_digit)
        .take(*PIN_DIGITS.end())
        .collect()
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

/// Wrong PINs in a row and the lockout they start: the supervisor unlock and a desk's sign-in
/// count the same way.
#[derive(Debug, Clone, Default)]
pub struct WrongTries {
    wrong_tries: u32,
    locked_until: Option<Instant>,
}

impl WrongTries {
    /// When a lockout ends, if one is running at `now`.
    pub fn locked_out_until(&self, now: Instant) -> Option<Instant> {
        self.locked_until.filter(|until| now < *until)
    }

    /// Counts a PIN checked at `now` outside a lockout: a right one starts the count again,
    /// the [`MAX_WRONG_TRIES`]th wrong one in a row starts a lockout of [`LOCKOUT`].
    pub fn record(&mut self, right: bool, now: Instant) -> UnlockResult {
        self.locked_until = None;
        if right {
            self.wrong_tries = 0;
            return UnlockResult::Unlocked;
        }
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
}

/// The supervisor lock of one station session.
#[derive(Debug, Clone)]
pub struct SupervisorLock {
    pin_hash: String,
    relock_after: Duration,
    tries: WrongTries,
    last_activity: Option<Instant>,
}

impl SupervisorLock {
    /// A locked lock for the PIN hash from Settings.
    pub fn new(pin_hash: impl Into<String>, relock_after: Duration) -> Self {
        Self {
            pin_hash: pin_hash.into(),
            relock_after,
            tries: WrongTries::default(),
            last_activity: None,
        }
    }

    /// Checks a PIN at `now`. While locked out, the PIN is not even checked.
    pub fn try_unlock(&mut self, pin: &str, now: Instant) -> UnlockResult {
        if let Some(until) = self.locked_out_until(now) {
            return UnlockResult::LockedOut { until };
        }
        let result = self.tries.record(verify_pin(pin, &self.pin_hash), now);
        self.last_activity = (result == UnlockResult::Unlocked).then_some(now);
        result
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
        self.tries.locked_out_until(now)
    }

    /// The PHC string this lock checks PINs against.
    pub fn pin_hash(&self) -> &str {
        &self.pin_hash
    }

    /// Checks PINs against a new hash from now on. The wrong tries, a lockout and an unlock stay:
    /// the PIN only changes after the current one was entered.
    pub fn set_pin_hash(&mut self, pin_hash: impl Into<String>) {
        self.pin_hash = pin_hash.into();
    }

    /// The wrong tries and the lockout at `now` (`wall_now` on the wall clock), to keep on disk.
    /// The lockout's end is rounded up to the second, so keeping it never shortens it.
    pub fn lockout(&self, now: Instant, wall_now: SystemTime) -> PersistedLockout {
        let locked_until_unix = self.locked_out_until(now).map(|until| {
            let end = unix_time(wall_now) + until.saturating_duration_since(now);
            end.as_secs() + u64::from(end.subsec_nanos() > 0)
        });
        PersistedLockout {
            wrong_tries: self.tries.wrong_tries,
            locked_until_unix,
        }
    }

    /// Takes over the wrong tries and the lockout an earlier run kept. A lockout runs no longer
    /// than [`LOCKOUT`] from `now` (the wall clock may have been set back), and the tries stay
    /// below the count that locks, as they never reach it outside a lockout.
    pub fn restore_lockout(&mut self, saved: PersistedLockout, now: Instant, wall_now: SystemTime) {
        self.tries.wrong_tries = saved.wrong_tries.min(MAX_WRONG_TRIES - 1);
        self.tries.locked_until = saved
            .locked_until_unix
            .map(|end| Duration::from_secs(end).saturating_sub(unix_time(wall_now)))
            .filter(|left| !left.is_zero())
            .map(|left| now + left.min(LOCKOUT));
    }
}

/// The lockout as a file keeps it: the wrong tries in a row so far, and the end of a running
/// lockout in unix seconds (an `Instant` means nothing to the next run).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersistedLockout {
    pub wrong_tries: u32,
    pub locked_until_unix: Option<u64>,
}

#[derive(Debug, thiserror::Error)]
pub enum LockoutFileError {
    #[error("could not read or write the supervisor lockout file {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the supervisor lockout file {path} is damaged ({reason})")]
    Damaged { path: PathBuf, reason: String },
}

/// The lockout kept at `path`; `None` when there is no file (no wrong tries yet).
pub fn load_lockout(path: &Path) -> Result<Option<PersistedLockout>, LockoutFileError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(LockoutFileError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| LockoutFileError::Damaged {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })
}

/// Writes the lockout to `path` atomically (temporary file, flushed, renamed over the old one),
/// so a crash never leaves a damaged file.
pub fn save_lockout(path: &Path, lockout: &PersistedLockout) -> Result<(), LockoutFileError> {
    let io = |at: &Path| {
        let path = at.to_path_buf();
        move |source| LockoutFileError::Io { path, source }
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    let text = serde_json::to_string(lockout).map_err(|e| LockoutFileError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    })?;
    let mut temp_name = path.file_name().unwrap_or_default().to_os_string();
    temp_name.push(".tmp");
    let temp = path.with_file_name(temp_name);
    let mut file = std::fs::File::create(&temp).map_err(io(&temp))?;
    file.write_all(text.as_bytes()).map_err(io(&temp))?;
    file.sync_all().map_err(io(&temp))?;
    drop(file);
    std::fs::rename(&temp, path).map_err(io(path))
}

/// Time since the unix epoch (zero for a clock set before it).
fn unix_time(wall: SystemTime) -> Duration {
    wall.duration_since(UNIX_EPOCH).unwrap_or_default()
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

    /// A wall clock at a fixed second, so the unix times in the assertions are exact.
    fn wall(secs: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(secs)
    }

    const T: u64 = 1_750_000_000;

    #[test]
    fn wrong_tries_kept_on_disk_count_on_after_a_restart() {
        let (t0, hash) = (Instant::now(), hash_pin("1357").unwrap());
        let mut lock = SupervisorLock::new(hash.clone(), DEFAULT_RELOCK_AFTER);
        assert_eq!(
            lock.try_unlock("0000", t0),
            UnlockResult::Wrong { tries_left: 2 }
        );
        let kept = lock.lockout(t0, wall(T));
        assert_eq!(
            kept,
            PersistedLockout {
                wrong_tries: 1,
                locked_until_unix: None
            }
        );

        // The next run: a new lock (another `Instant` origin) takes the tries over.
        let t1 = t0 + Duration::from_secs(3600);
        let mut again = SupervisorLock::new(hash, DEFAULT_RELOCK_AFTER);
        again.restore_lockout(kept, t1, wall(T + 3600));
        assert_eq!(
            again.try_unlock("1111", t1),
            UnlockResult::Wrong { tries_left: 1 }
        );
        assert!(matches!(
            again.try_unlock("2222", t1),
            UnlockResult::LockedOut { .. }
        ));
    }

    #[test]
    fn a_lockout_kept_on_disk_runs_on_after_a_restart() {
        let (t0, hash) = (Instant::now(), hash_pin("1357").unwrap());
        let mut lock = SupervisorLock::new(hash.clone(), DEFAULT_RELOCK_AFTER);
        lock.restore_lockout(
            PersistedLockout {
                wrong_tries: 2,
                locked_until_unix: None,
            },
            t0,
            wall(T),
        );
        assert!(matches!(
            lock.try_unlock("0000", t0),
            UnlockResult::LockedOut { .. }
        ));
        // Half a second later (at T), 299.5 s are left: kept as the next whole second.
        let kept = lock.lockout(t0 + Duration::from_millis(500), wall(T));
        assert_eq!(
            kept,
            PersistedLockout {
                wrong_tries: 0,
                locked_until_unix: Some(T + LOCKOUT.as_secs())
            }
        );

        // Restarted a minute later: four minutes left, and even the right PIN is not checked.
        let t1 = t0 + Duration::from_secs(7200);
        let mut again = SupervisorLock::new(hash, DEFAULT_RELOCK_AFTER);
        again.restore_lockout(kept, t1, wall(T + 60));
        assert_eq!(
            again.locked_out_until(t1),
            Some(t1 + LOCKOUT - Duration::from_secs(60))
        );
        assert_eq!(
            again.try_unlock("1357", t1),
            UnlockResult::LockedOut {
                until: t1 + LOCKOUT - Duration::from_secs(60)
            }
        );
        let after = t1 + LOCKOUT;
        assert_eq!(again.try_unlock("1357", after), UnlockResult::Unlocked);
    }

    #[test]
    fn a_kept_lockout_is_bounded_and_an_ended_one_is_gone() {
        let t0 = Instant::now();
        let mut lock = SupervisorLock::new("$argon2id$not-checked", DEFAULT_RELOCK_AFTER);
        // A clock set back by a day (or a file edited by hand) locks no longer than LOCKOUT.
        lock.restore_lockout(
            PersistedLockout {
                wrong_tries: 99,
                locked_until_unix: Some(T + 86_400),
            },
            t0,
            wall(T),
        );
        assert_eq!(lock.locked_out_until(t0), Some(t0 + LOCKOUT));
        assert_eq!(lock.lockout(t0, wall(T)).wrong_tries, MAX_WRONG_TRIES - 1);

        lock.restore_lockout(
            PersistedLockout {
                wrong_tries: 0,
                locked_until_unix: Some(T - 1),
            },
            t0,
            wall(T),
        );
        assert_eq!(lock.locked_out_until(t0), None, "the lockout has ended");
        assert_eq!(lock.lockout(t0, wall(T)), PersistedLockout::default());
    }

    #[test]
    fn the_lockout_file_round_trips_and_a_damaged_one_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config").join("supervisor-lock.json");
        assert_eq!(load_lockout(&path).unwrap(), None, "no file: no lockout");
        let kept = PersistedLockout {
            wrong_tries: 2,
            locked_until_unix: Some(T),
        };
        save_lockout(&path, &kept).unwrap();
        assert_eq!(load_lockout(&path).unwrap(), Some(kept));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            format!(r#"{{"wrong_tries":2,"locked_until_unix":{T}}}"#)
        );

        std::fs::write(&path, "{\"wrong_tries\": \"many\"").unwrap();
        let damaged = load_lockout(&path).unwrap_err();
        assert!(matches!(damaged, LockoutFileError::Damaged { .. }));
        assert!(
            damaged.to_string().contains("supervisor-lock.json"),
            "{damaged}"
        );
    }
}
