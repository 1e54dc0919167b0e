//! The supervisor feature's state: the unlock, which lives below the features (`ui::access`)
//! because every feature that guards an action reads it.

pub use crate::ui::access::SupervisorState;
