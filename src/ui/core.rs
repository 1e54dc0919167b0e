//! The app's insides: everything shown, the jobs' runtime, the backend's handles and where the
//! app keeps its files. Only `route` and the shell take it whole.

use super::Features;
use super::command::Command;
use super::config::AppConfig;
use super::desk::{Backend, Desk};
use super::jobs::Jobs;
use super::state::AppState;

pub struct Core {
    pub state: AppState,
    /// Dropped before `jobs` (fields drop in order): its change watcher runs on the jobs'
    /// runtime, which waits for its threads when dropped, and stops only when the watcher is.
    pub backend: Backend,
    pub jobs: Jobs,
    pub config: AppConfig,
    /// No settings file existed: demo defaults are written on start.
    pub first_start: bool,
}

impl Core {
    /// The features' states and the Desk their handlers share; what they ask of other features
    /// goes to `then`.
    pub fn split<'a>(&'a mut self, then: &'a mut Vec<Command>) -> (&'a mut Features, Desk<'a>) {
        let Core {
            state,
            jobs,
            backend,
            config,
            ..
        } = self;
        let AppState {
            shell,
            settings,
            features,
        } = state;
        let access = features.people.access();
        (
            features,
            Desk::new(shell, settings, backend, config, jobs, then, access),
        )
    }
}
