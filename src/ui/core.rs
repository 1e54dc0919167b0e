//! The app's insides: everything shown, the jobs' runtime, the backend's handles and where the
//! app keeps its files. Only `route` and the shell take it whole.

use super::config::AppConfig;
use super::desk::Backend;
use super::jobs::Jobs;
use super::state::AppState;

pub struct Core {
    pub state: AppState,
    pub jobs: Jobs,
    pub backend: Backend,
    pub config: AppConfig,
    /// No settings file existed: demo defaults are written on start.
    pub first_start: bool,
}
