//! The features, listed once: each one's state, its commands and its jobs' results. Adding a
//! feature is its folder, its `pub mod` in `ui/mod.rs`, a line in each list below, and its arms
//! in `route` (what its handler is given); nothing else outside the folder names it.
//!
//! This file names only the features' `state.rs` and `command.rs`, the leaves of their folders:
//! `Command`, `JobResult` and `AppState` are built from it, and every feature's views and jobs
//! use those, so naming more here would make a loop.

use std::convert::identity;

use crate::domain::WeightUnit;
use crate::ui::customs::command as customs;
use crate::ui::import::command as import;
use crate::ui::orders::command as orders;
use crate::ui::outbox::command as outbox;
use crate::ui::packing::command as packing;
use crate::ui::people::command as people;
use crate::ui::quote::command as quote;
use crate::ui::settings::command as settings;
use crate::ui::supervisor::command as supervisor;

use crate::ui::access::SupervisorState;
use crate::ui::customs::state::Customs;
use crate::ui::import::state::ImportView;
use crate::ui::orders::state::OrdersView;
use crate::ui::outbox::state::OutboxView;
use crate::ui::packing::state::Packing;
use crate::ui::people::state::People;
use crate::ui::quote::form::QuoteForm;
use crate::ui::quote::state::QuoteView;
use crate::ui::settings::state::SettingsView;
use crate::ui::supervisor::state::PinSection;
use crate::ui::warehouse::state::WarehouseStatus;

/// Each feature's state.
pub struct Features {
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

impl Features {
    /// Every feature as it starts; the quote form weighs in the station's unit.
    pub fn new(weight_unit: WeightUnit) -> Self {
        Self {
            orders: OrdersView::default(),
            packing: Packing::default(),
            supervisor: SupervisorState::default(),
            pin_section: PinSection::default(),
            people: People::default(),
            customs: Customs::default(),
            quote: QuoteView::new(QuoteForm::new(weight_unit)),
            settings_panel: None,
            outbox: OutboxView::default(),
            import: ImportView::default(),
            warehouse: WarehouseStatus::default(),
        }
    }
}

/// A command for one feature.
#[derive(Debug, Clone, PartialEq)]
pub enum FeatureCommand {
    /// The orders table: reload, search, filter, sort.
    Orders(orders::OrdersCommand),
    /// The open order: opening it, its parcel, label, fulfillment and cancellation.
    Packing(packing::PackingCommand),
    /// The supervisor unlock: the PIN typed into the dialog, unlocking, locking again.
    Supervisor(supervisor::SupervisorCommand),
    /// Signing in and out, and managing people (People tab).
    People(people::PeopleCommand),
    /// Customs paperwork: its settings, the open shipment's check, a label's documents.
    Customs(customs::CustomsCommand),
    /// The outbox entries a person corrects, resends or discards.
    Outbox(outbox::OutboxCommand),
    /// What the quote panel asked for (calculate, submit, load or save a cart). Boxed: it
    /// carries whole requests.
    Quote(Box<quote::QuoteCommand>),
    /// What the settings panel asked for (save, store a credential, set the PIN).
    Settings(settings::SettingsCommand),
    /// Importing orders: the file dialog, dropped files, closing the report.
    Import(import::ImportCommand),
}

/// What one feature's job ended with.
pub enum FeatureDone {
    Orders(orders::Done),
    /// Boxed: it carries whole orders, and every result travels in this enum.
    Packing(Box<packing::Done>),
    Supervisor(supervisor::Done),
    People(people::Done),
    Customs(customs::Done),
    Outbox(outbox::Done),
    Quote(quote::Done),
    Settings(settings::Done),
    Import(import::Done),
}

/// `From` each feature's command and result, so a view pushes `OrdersCommand::Reload.into()`
/// and a job ends with its feature's own type (`Command` and `JobResult` take anything these
/// take).
macro_rules! wire {
    ($($variant:ident: $command:ty => $wrap_command:expr, $done:ty => $wrap_done:expr;)*) => {
        $(
            impl From<$command> for FeatureCommand {
                fn from(command: $command) -> Self {
                    Self::$variant($wrap_command(command))
                }
            }
            impl From<$done> for FeatureDone {
                fn from(done: $done) -> Self {
                    Self::$variant($wrap_done(done))
                }
            }
        )*
    };
}

wire! {
    Orders: orders::OrdersCommand => identity, orders::Done => identity;
    Packing: packing::PackingCommand => identity, packing::Done => Box::new;
    Supervisor: supervisor::SupervisorCommand => identity, supervisor::Done => identity;
    People: people::PeopleCommand => identity, people::Done => identity;
    Customs: customs::CustomsCommand => identity, customs::Done => identity;
    Outbox: outbox::OutboxCommand => identity, outbox::Done => identity;
    Quote: quote::QuoteCommand => Box::new, quote::Done => identity;
    Settings: settings::SettingsCommand => identity, settings::Done => identity;
    Import: import::ImportCommand => identity, import::Done => identity;
}
