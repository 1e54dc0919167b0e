//! The supervisor feature's state: the unlock, which lives below the features (`ui::access`)
//! because every feature that guards an action reads it, and Settings' PIN sections as typed.

pub use crate::ui::access::SupervisorState;

/// Settings' "Supervisor unlock" and "Supervisor PIN" sections as typed, and what they were
/// last told. The PINs are write-only: cleared as soon as they are handed over.
#[derive(Clone, Default)]
pub struct PinSection {
    pub(crate) pin: String,
    pub(crate) pin_again: String,
    /// "Set PIN" was pressed: the PIN's problems show even before both fields are typed.
    pub(crate) pin_tried: bool,
    /// The PIN in force, to change or remove it.
    pub(crate) current_pin: String,
    /// The PIN that unlocks the supervisor's sections.
    pub(crate) unlock_pin: String,
    /// Said under "Current PIN": why the PIN was not changed or removed.
    pub current_pin_message: Option<String>,
    /// Said under "Supervisor PIN": why the unlock did not happen.
    pub unlock_message: Option<String>,
    /// A PIN change or removal is on its way (its buttons are disabled).
    pub pin_working: bool,
    /// What the last set, change or removal came to, said under the section's heading.
    pub message: Option<String>,
}

// By hand: a half-typed PIN must never reach a log.
impl std::fmt::Debug for PinSection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PinSection")
            .field("current_pin_message", &self.current_pin_message)
            .field("unlock_message", &self.unlock_message)
            .field("pin_working", &self.pin_working)
            .field("message", &self.message)
            .finish_non_exhaustive()
    }
}

impl PinSection {
    /// The first PIN is in force.
    pub fn pin_set(&mut self) {
        self.pin_done("Supervisor PIN set.");
    }

    /// The current PIN was right and the new one is in force.
    pub fn pin_changed(&mut self) {
        self.pin_done("Supervisor PIN changed.");
    }

    /// The current PIN was right and no PIN is in force any more.
    pub fn pin_removed(&mut self) {
        self.pin_done(
            "Supervisor PIN removed: canceling and discarding need a new one, and every \
             section of Settings is open until one is set.",
        );
    }

    fn pin_done(&mut self, said: &str) {
        self.pin_working = false;
        self.current_pin_message = None;
        self.message = Some(said.into());
    }

    /// The PIN was not changed or removed: the current PIN was wrong, missing or locked out.
    pub fn pin_refused(&mut self, why: &str) {
        self.pin_working = false;
        self.current_pin_message = Some(why.to_string());
    }

    /// The PIN could not be put in force or kept (hashing or writing failed).
    pub fn pin_failed(&mut self, problem: &str) {
        self.pin_working = false;
        self.message = Some(problem.to_string());
    }

    /// The supervisor's sections were unlocked.
    pub fn unlocked(&mut self) {
        self.unlock_message = None;
    }

    /// The unlock did not happen: a wrong PIN, or locked out.
    pub fn unlock_refused(&mut self, why: &str) {
        self.unlock_message = Some(why.to_string());
    }
}
