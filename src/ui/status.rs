//! The shell's small vocabulary, shared by every feature: tabs, focus targets, status-bar
//! notices, and how the start and the connection stand.

/// Start-up: the embedded service, the station database and the demo orders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Startup {
    NotStarted,
    /// What is being done, e.g. "Starting embedded service…".
    Starting(String),
    /// Demo orders being submitted: done of total.
    Seeding {
        done: usize,
        total: usize,
    },
    Ready,
    Failed(String),
}

/// Whether the last call reached the service.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    Unknown,
    Online,
    /// The last call could not reach the service; the text says why.
    Offline(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Orders,
    Quote,
    Settings,
    /// The outbox entries that need a person.
    Outbox,
    /// The warehouse's people: who may sign in, with which role.
    People,
}

/// How serious a status-bar message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Info,
    Warning,
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub level: Level,
    pub text: String,
}

/// Where the next frame puts the keyboard focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FocusTarget {
    Search,
    Scan,
    Pin,
    /// The parcel weight (F6).
    Weight,
    /// The quantity field of a parcel line (index in the form).
    LineQuantity(usize),
}
