//! Everything the app shows: the shell's own state and each feature's, composed. Views read it;
//! `route` hands each feature its part to change.

use super::access::SupervisorState;
use super::customs::state::Customs;
use super::import::state::ImportView;
use super::orders::state::OrdersView;
use super::outbox::state::OutboxView;
use super::packing::state::Packing;
use super::people::state::People;
use super::quote::form::QuoteForm;
use super::quote::state::QuoteView;
use super::settings::state::SettingsView;
use super::shell::state::{ScanState, Shell};
use super::status::{Connection, Startup, Tab};
use super::supervisor::state::PinSection;
use super::warehouse::state::WarehouseStatus;
use crate::domain::WeightUnit;
use crate::station::settings::{EnvironmentKind, Settings, Units};

/// The whole app state: the shell's, the settings in force, and each feature's own.
pub struct AppState {
    /// What every feature reports to or reads: start-up, connection, tab, notices, focus.
    pub shell: Shell,
    pub settings: Settings,
    pub orders: OrdersView,
    /// The order open for packing, or being opened.
    pub packing: Packing,
    pub supervisor: SupervisorState,
    /// Settings' supervisor sections as typed (the unlock, setting the PIN).
    pub pin_section: PinSection,
    /// Who is at this desk, when people are set up.
    pub people: People,
    /// Customs paperwork: the warehouse's settings and the shown parcel's documents.
    pub customs: Customs,
    /// The quote panel (customer service).
    pub quote: QuoteView,
    /// The settings panel while it is open (its draft survives switching tabs).
    pub settings_panel: Option<SettingsView>,
    /// The durable outbox: calls still to be delivered to the service.
    pub outbox: OutboxView,
    /// Imports: the button's state and the latest reports.
    pub import: ImportView,
    /// The station's record and whether it can be reached (the status bar shows it).
    pub warehouse: WarehouseStatus,
}

impl AppState {
    /// Why people cannot be managed at this desk now, or `None`.
    pub fn why_not_manage_people(&self) -> Option<String> {
        super::people::why_not_manage(&self.people, &self.supervisor)
    }

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
            orders: OrdersView::default(),
            import: ImportView::default(),
            warehouse: WarehouseStatus::default(),
            packing: Packing::default(),
            supervisor: SupervisorState::default(),
            pin_section: PinSection::default(),
            people: People::default(),
            customs: Customs::default(),
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
        self.shell.ready()
    }
}
