//! Everything the app shows. Views read it; only `handle` changes it.

use std::time::Instant;

use egui::TextureHandle;

use super::command::Command;
use super::failure::Failure;
use super::orders::filter::{OrderFilter, SortColumn, SortDirection};
use super::parcel_form::ParcelForm;
use super::quote::{QuoteForm, QuoteView};
use super::settings::{SettingsView, SupervisorGate};
use crate::domain::WeightUnit;
use crate::station::db::{
    LabelId, OrderNumber, OrderRow, OutboxAction, OutboxEntry, OutboxId, OutboxState,
    OutboxSummary, ParcelId, StationOrder,
};
use crate::station::pin::{DEFAULT_RELOCK_AFTER, SupervisorLock};
use crate::station::settings::{EnvironmentKind, Settings, Units};

/// Status-bar messages kept.
const MAX_NOTICES: usize = 4;

/// The whole app state.
pub struct AppState {
    pub settings: Settings,
    /// The settings file could not be read (defaults are in use) or written.
    pub settings_problem: Option<String>,
    /// A sentence about the credential store when it is missing or forgets on restart.
    pub credential_note: Option<String>,
    pub startup: Startup,
    pub connection: Connection,
    pub tab: Tab,
    pub orders: OrdersView,
    pub open: Option<OpenOrder>,
    /// An order being loaded to open.
    pub opening: Option<OrderNumber>,
    pub scan: ScanState,
    pub supervisor: SupervisorState,
    /// Messages for the status bar, newest last.
    pub notices: Vec<Notice>,
    /// What "Retry" repeats after a network failure.
    pub retry: Option<Command>,
    /// A field the next frame gives keyboard focus to.
    pub focus: Option<FocusTarget>,
    /// The quote panel (customer service).
    pub quote: QuoteView,
    /// The settings panel while it is open (its draft survives switching tabs).
    pub settings_panel: Option<SettingsView>,
    /// The durable outbox: calls still to be delivered to the service.
    pub outbox: OutboxView,
    /// Imports: the button's state and the latest reports.
    pub import: crate::ui::import::ImportView,
    /// The station's record and whether it can be reached (the status bar shows it).
    pub warehouse: crate::ui::warehouse::WarehouseStatus,
}

impl AppState {
    pub fn new(settings: Settings, settings_problem: Option<String>) -> Self {
        Self {
            settings_problem,
            credential_note: None,
            startup: Startup::NotStarted,
            connection: Connection::Unknown,
            tab: Tab::Orders,
            orders: OrdersView::default(),
            import: crate::ui::import::ImportView::default(),
            warehouse: crate::ui::warehouse::WarehouseStatus::default(),
            open: None,
            opening: None,
            scan: ScanState::default(),
            supervisor: SupervisorState::default(),
            notices: Vec::new(),
            retry: None,
            focus: None,
            quote: QuoteView::new(QuoteForm::new(match settings.units {
                Units::Metric => WeightUnit::Gram,
                Units::Imperial => WeightUnit::Pound,
            })),
            settings_panel: None,
            outbox: OutboxView::default(),
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
        matches!(self.startup, Startup::Ready | Startup::Seeding { .. })
    }

    /// Adds a status-bar message (the last few are kept).
    pub fn notice(&mut self, level: Level, text: impl Into<String>) {
        self.notices.push(Notice {
            level,
            text: text.into(),
        });
        let excess = self.notices.len().saturating_sub(MAX_NOTICES);
        self.notices.drain(..excess);
    }
}

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

/// The orders table: all rows, the indices shown, and how they are chosen.
pub struct OrdersView {
    pub rows: Vec<OrderRow>,
    /// Indices into `rows`, filtered and sorted.
    pub shown: Vec<usize>,
    pub filter: OrderFilter,
    pub sort: (SortColumn, SortDirection),
    /// Destinations (countries) present, for the filter.
    pub destinations: Vec<String>,
    pub loading: bool,
    /// The row to highlight and scroll to (the last opened order).
    pub selected: Option<OrderNumber>,
    /// `shown` for each search text of the current run of typing (same status, destination,
    /// sort and rows), so Backspace goes back without refiltering every row.
    pub search_steps: Vec<(String, Vec<usize>)>,
}

impl Default for OrdersView {
    fn default() -> Self {
        Self {
            rows: Vec::new(),
            shown: Vec::new(),
            filter: OrderFilter::default(),
            // Ascending age: the newest orders first.
            sort: (SortColumn::Age, SortDirection::Ascending),
            destinations: Vec::new(),
            loading: false,
            selected: None,
            search_steps: Vec::new(),
        }
    }
}

/// An order opened at the station: its detail, the shipment shown, and the parcel being packed.
pub struct OpenOrder {
    pub order: StationOrder,
    /// Index into `order.shipments`.
    pub shipment: usize,
    /// Set when an order refresh is in flight.
    pub refreshing: bool,
    pub form: ParcelForm,
    /// The parcel the label and fulfilment buttons act on (recorded in the station).
    pub parcel: Option<ParcelId>,
    pub label: LabelJob,
    pub preview: Preview,
    /// Carrier for the fulfilment; starts from Settings.
    pub carrier: String,
    pub fulfil: Request,
    pub cancel: CancelFlow,
    pub save: Request,
    pub print: Request,
}

/// The label request of the current parcel.
#[derive(Debug, Clone, PartialEq)]
pub enum LabelJob {
    Idle,
    /// Recording the parcel and sending the request.
    Requesting,
    /// The service answered `pending`; asking again.
    Polling {
        attempt: u32,
        next_in_ms: u64,
    },
    Ready {
        label: LabelId,
        tracking_code: String,
    },
    Failed(Failure),
}

impl LabelJob {
    pub fn in_flight(&self) -> bool {
        matches!(self, Self::Requesting | Self::Polling { .. })
    }
}

/// The label preview rendered from the ZPL document.
#[derive(Default)]
pub enum Preview {
    #[default]
    None,
    Rendering,
    Ready {
        label: LabelId,
        texture: TextureHandle,
    },
    Failed(String),
}

/// A request that can be in flight once.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Request {
    #[default]
    Idle,
    Pending,
    Done(String),
    Failed(Failure),
}

impl Request {
    pub fn pending(&self) -> bool {
        matches!(self, Self::Pending)
    }
}

/// Cancelling a shipment: unlock, confirm, send.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum CancelFlow {
    #[default]
    Closed,
    /// The supervisor PIN dialog is open.
    Unlocking,
    /// Unlocked: the confirmation naming the order and shipment is open.
    Confirming,
    Sending,
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

/// The supervisor unlock, shared by cancelling, the outbox and Settings.
#[derive(Debug, Clone, Default)]
pub struct SupervisorState {
    /// `None` until a PIN is set in Settings.
    pub lock: Option<SupervisorLock>,
    pub pin_input: String,
    /// A PIN is being checked (one at a time: each check hands back the whole lock).
    pub checking: bool,
    pub message: Option<String>,
    /// The lockout is being written to its file.
    pub lockout_saving: bool,
    /// The lock changed while it was being written: write it again when that ends.
    pub lockout_dirty: bool,
}

impl SupervisorState {
    /// Whether a PIN is set and was entered recently enough to act as supervisor.
    pub fn is_unlocked(&self, now: std::time::Instant) -> bool {
        self.lock.as_ref().is_some_and(|lock| lock.is_unlocked(now))
    }

    /// Whether the supervisor's settings are locked at `now`: a PIN is set and not entered
    /// recently. Without a PIN nothing is locked (the first set-up).
    pub fn locks_settings(&self, now: Instant) -> bool {
        self.lock
            .as_ref()
            .is_some_and(|lock| !lock.is_unlocked(now))
    }

    /// What the settings panel needs to know about the unlock at `now`.
    pub fn gate(&self, now: Instant) -> SupervisorGate {
        SupervisorGate {
            pin_set: self.lock.is_some(),
            unlocked: self.is_unlocked(now),
            locked_out_for: self
                .lock
                .as_ref()
                .and_then(|lock| lock.locked_out_until(now))
                .map(|until| until.saturating_duration_since(now)),
            checking: self.checking,
        }
    }

    /// Follows the PIN hash in force: no lock without one, a new lock for a first PIN, and a
    /// changed PIN keeps the lock's tries, lockout and unlock.
    pub fn follow_pin(&mut self, pin_hash: Option<&str>) {
        match (pin_hash, &mut self.lock) {
            (None, _) => self.lock = None,
            (Some(hash), Some(lock)) => {
                if lock.pin_hash() != hash {
                    lock.set_pin_hash(hash);
                }
            }
            (Some(hash), None) => {
                self.lock = Some(SupervisorLock::new(hash, DEFAULT_RELOCK_AFTER));
            }
        }
    }
}

/// The outbox as the worker last reported it, and what a person is correcting.
#[derive(Debug, Clone, Default)]
pub struct OutboxView {
    pub summary: OutboxSummary,
    /// Entries still to deliver, oldest first.
    pub open: Vec<OutboxEntry>,
    /// Bodies being corrected, as typed (JSON text).
    pub drafts: std::collections::BTreeMap<OutboxId, String>,
    /// An entry being resent or discarded (its buttons are disabled meanwhile).
    pub busy: Option<OutboxId>,
    /// What the last resend or discard did, or why it could not.
    pub message: Option<Notice>,
}

impl OutboxView {
    pub fn needing_attention(&self) -> impl Iterator<Item = &OutboxEntry> {
        self.open
            .iter()
            .filter(|e| e.state == OutboxState::NeedsAttention)
    }

    /// The open entry of this parcel's fulfilment or label, if any.
    pub fn for_parcel(&self, parcel: ParcelId, action: OutboxAction) -> Option<&OutboxEntry> {
        self.open
            .iter()
            .find(|e| e.parcel == Some(parcel) && e.action == action)
    }
}
