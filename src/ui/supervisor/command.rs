//! What the unlock dialog asks for, and what the supervisor's jobs end with.

use crate::api::Secret;
use crate::station::pin::{SupervisorLock, UnlockResult};
use crate::ui::failure::Failure;

/// What the unlock dialog and the lock button ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum SupervisorCommand {
    /// Set the PIN being typed into the unlock dialog.
    SetPin(String),
    /// Check the typed PIN.
    Unlock,
    /// Lock the supervisor functions again.
    Lock,
}

/// What the supervisor's jobs end with.
pub enum Done {
    /// The server was told the unlock ended (or could not be: its own unlock runs out).
    ServerLocked,
    /// A PIN typed into the dialog was checked: the lock after the try, and the answer.
    Unlocked {
        lock: SupervisorLock,
        result: Result<UnlockResult, Failure>,
    },
    /// A first PIN was hashed (no current PIN to check).
    PinHashed(Result<String, Failure>),
    /// A PIN typed in Settings was checked (and for a change the new one hashed).
    PinChecked(Box<PinChecked>),
    /// The settings file with a new supervisor PIN (or none) was written (or why not).
    PinSaved(Result<(), Failure>),
    /// The lockout was written to its file (or why not).
    LockoutSaved(Result<(), Failure>),
}

/// What a PIN typed in Settings is checked for.
pub enum PinRequest {
    /// Unlock the supervisor's sections.
    Unlock,
    /// Set this new PIN (4–8 digits, checked by the panel).
    Change(Secret),
    Remove,
}

/// [`PinRequest`] without the new PIN, for the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinPurpose {
    Unlock,
    Change,
    Remove,
}

/// A PIN typed in Settings, checked.
pub struct PinChecked {
    /// The lock after the try: a wrong PIN counted, a right one unlocked.
    pub lock: SupervisorLock,
    pub purpose: PinPurpose,
    pub result: Result<UnlockResult, Failure>,
    /// For a change whose current PIN was right: the new PIN's hash, or why there is none.
    pub new_hash: Option<Result<String, Failure>>,
}
