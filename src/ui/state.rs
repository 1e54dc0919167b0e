//! Everything the app shows: the shell's own state and each feature's, composed. Views read it;
//! `route` hands each feature its part to change.

use super::Features;
use super::shell::state::{ScanState, Shell};
use super::status::{Connection, Startup, Tab};
use crate::domain::WeightUnit;
use crate::station::settings::{EnvironmentKind, Settings, Units};

/// The whole app state: the shell's, the settings in force, and each feature's own.
pub struct AppState {
    /// What every feature reports to or reads: start-up, connection, tab, notices, focus.
    pub shell: Shell,
    pub settings: Settings,
    /// Each feature's own.
    pub features: Features,
}

impl AppState {
    pub fn new(settings: Settings, settings_problem: Option<String>) -> Self {
        Self {
            shell: Shell {
                settings_problem,
                credential_note: None,
                startup: Startup::NotStarted,
                connection: Connection::Unknown,
                tab: Tab::Orders,
                notices: Vec::new(),
                retry: None,
                focus: None,
                scan: ScanState::default(),
                local_offset: None,
            },
            features: Features::new(match settings.units {
                Units::Metric => WeightUnit::Gram,
                Units::Imperial => WeightUnit::Pound,
            }),
            settings,
        }
    }

    /// The environment in use, for the title and the badge.
    pub fn environment(&self) -> (EnvironmentKind, &str) {
        let env = self.settings.active();
        (env.kind, env.name.as_str())
    }

    pub fn window_title(&self) -> String {
        let (kind, name) = self.environment();
        let station = &self.settings.station_name;
        if name == kind.label() {
            format!("Packdesk — {station} — {}", kind.label())
        } else {
            format!("Packdesk — {station} — {} ({name})", kind.label())
        }
    }

    /// Whether the station can talk to the service and use its database.
    pub fn ready(&self) -> bool {
        self.shell.ready()
    }
}
