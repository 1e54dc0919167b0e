//! The shell's own state: what every feature reports to (notices, focus, Retry, the connection
//! indicator) and the scan box.

use std::time::Instant;

use crate::ui::command::Command;
use crate::ui::failure::Failure;
use crate::ui::status::{Connection, FocusTarget, Level, Notice, Startup, Tab};

/// Status-bar messages kept.
const MAX_NOTICES: usize = 4;

/// The app's frame around the features: what they all report to and read.
pub struct Shell {
    /// The settings file could not be read (defaults are in use) or written.
    pub settings_problem: Option<String>,
    /// A sentence about the credential store when it is missing or forgets on restart.
    pub credential_note: Option<String>,
    pub startup: Startup,
    pub connection: Connection,
    pub tab: Tab,
    /// Messages for the status bar, newest last.
    pub notices: Vec<Notice>,
    /// What "Retry" repeats after a network failure.
    pub retry: Option<Command>,
    /// A field the next frame gives keyboard focus to.
    pub focus: Option<FocusTarget>,
    /// The scan box.
    pub scan: ScanState,
    /// This desk's offset from UTC, when the system said it at start (times are shown in it).
    pub local_offset: Option<time::UtcOffset>,
}

impl Shell {
    /// Adds a status-bar message (the last few are kept).
    pub fn notice(&mut self, level: Level, text: impl Into<String>) {
        self.notices.push(Notice {
            level,
            text: text.into(),
        });
        let excess = self.notices.len().saturating_sub(MAX_NOTICES);
        self.notices.drain(..excess);
    }

    /// Whether the station can talk to the service and use its database.
    pub fn ready(&self) -> bool {
        matches!(self.startup, Startup::Ready | Startup::Seeding { .. })
    }
}

impl Shell {
    /// Offline failures flip the indicator and arm Retry; others mean the service answered.
    pub fn network_failure(&mut self, failure: &Failure, retry: Command) {
        if let Failure::WarehouseUnreachable = failure {
            // The service may be fine: only the shared record is down (the status bar says so).
            self.retry = Some(retry);
        } else if failure.is_offline() {
            self.connection = Connection::Offline(failure.message());
            self.retry = Some(retry);
        } else if !matches!(failure, Failure::Other(_)) {
            self.connection = Connection::Online;
        }
    }
}

/// The scan box.
#[derive(Debug, Clone, Default)]
pub struct ScanState {
    /// What was typed or scanned since the last terminator.
    pub buffer: String,
    /// The last code submitted and when, to ignore a scanner's double read.
    pub last: Option<(String, Instant)>,
    /// What the last scan did, for the person at the station.
    pub message: Option<Notice>,
}
