//! People at the desks: with people set up in the warehouse record, each desk asks who is there
//! (a name picked or a badge scanned, then their own PIN), what they may do follows their role
//! ([`Access`]), the record's events name them, and they sign out (or are signed out when the
//! desk sits idle). With nobody set up, nobody signs in: the supervisor PIN guards as before.
//!
//! Supervisors manage people on the People tab; on a record with nobody yet, whoever may act as
//! supervisor here (the PIN, or no PIN at all) adds the first person, a supervisor.

pub mod command;
mod handle;
mod jobs;
pub mod state;
pub mod view;

pub use command::{Done, PeopleCommand};
pub use handle::{apply, handle, why_not_manage};
pub use state::People;
