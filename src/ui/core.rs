//! The app's insides: everything shown, the jobs' runtime, the backend's handles and where the
//! app keeps its files. Only `route` and the shell take it whole.

use super::access::SupervisorState;
use super::command::Command;
use super::config::AppConfig;
use super::customs::state::Customs;
use super::desk::{Backend, Desk};
use super::import::state::ImportView;
use super::jobs::Jobs;
use super::orders::state::OrdersView;
use super::outbox::state::OutboxView;
use super::packing::state::Packing;
use super::people::state::People;
use super::quote::state::QuoteView;
use super::settings::state::SettingsView;
use super::state::AppState;
use super::supervisor::state::PinSection;
use super::warehouse::state::WarehouseStatus;

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

/// Each feature's state, borrowed apart from the [`Desk`] so a handler can have both.
pub struct Features<'a> {
    pub orders: &'a mut OrdersView,
    pub packing: &'a mut Packing,
    pub supervisor: &'a mut SupervisorState,
    pub pin_section: &'a mut PinSection,
    pub people: &'a mut People,
    pub customs: &'a mut Customs,
    pub quote: &'a mut QuoteView,
    pub settings_panel: &'a mut Option<SettingsView>,
    pub outbox: &'a mut OutboxView,
    pub import: &'a mut ImportView,
    pub warehouse: &'a mut WarehouseStatus,
}

impl Core {
    /// The features' states and the Desk their handlers share; what they ask of other features
    /// goes to `then`.
    pub fn split<'a>(&'a mut self, then: &'a mut Vec<Command>) -> (Features<'a>, Desk<'a>) {
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
            orders,
            packing,
            supervisor,
            pin_section,
            people,
            customs,
            quote,
            settings_panel,
            outbox,
            import,
            warehouse,
        } = state;
        let access = people.access();
        let features = Features {
            orders,
            packing,
            supervisor,
            pin_section,
            people,
            customs,
            quote,
            settings_panel,
            outbox,
            import,
            warehouse,
        };
        (
            features,
            Desk::new(shell, settings, backend, config, jobs, then, access),
        )
    }
}
