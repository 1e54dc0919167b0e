//! What the supervisor's jobs end with. What the unlock dialog asks for (`SupervisorCommand`)
//! lives with the unlock below the features (`ui::access`): the outbox and packing show it too.

use crate::api::Secret;
use crate::station::pin::{SupervisorLock, UnlockResult};
pub use crate::ui::access::SupervisorCommand;
use crate::ui::failure::Failure;

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
