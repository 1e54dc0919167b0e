//! The packing-station desktop app (egui/eframe), by feature.
//!
//! Each feature folder owns its state (`state.rs`), its commands and job results
//! (`command.rs`), its handlers (`handle.rs`), its jobs (`jobs.rs`) and its views (`view.rs`):
//! `orders` (the table), `packing` (the open order: parcel, label, fulfillment, cancellation),
//! `supervisor` (the PIN unlock), `people`, `customs`, `outbox`, `quote`, `settings`, `import`
//! and `warehouse`. The `shell` is the frame around them: start-up, the connection, the top and
//! status bars, the keys, the scan box, and the commands that span features.
//!
//! # Adding a feature
//!
//! A feature is its folder and two files outside it: this one (its `pub mod`, its state in
//! [`Features`], its command in [`FeatureCommand`], its jobs' result in [`FeatureDone`], its
//! progress in [`FeatureProgress`] if it has one, and its line in `wire!`) and `route.rs` (its
//! arms: what its handler is given). Where it is drawn is the shell's layout: a tab in
//! `shell/central.rs` or a slot in `shell/compose.rs`. No other file outside the feature
//! folders names one (`tests/it/layering.rs` checks).
//!
//! The list names only the features' `state.rs` and `command.rs`, the leaves of their folders:
//! `Command`, `JobResult` and `AppState` are built from it, and every feature's views and jobs
//! use those, so naming more here would make a loop between files. For the same reason the
//! window (`window.rs`) and the app are not re-exported from here.
//!
//! # How a frame runs
//!
//! 1. Apply what jobs sent back (`route::apply` hands each result to its feature).
//! 2. Turn shortcut keys (`shell::keys`) and the scan box's text (`shell::scan`) into commands.
//!    The scan box takes every text and key event of the frame when it has the focus or nobody
//!    has, so a scanner's whole code and its terminator are handled in one frame.
//! 3. Draw the views; they read [`state::AppState`] and push [`command::Command`]s (text fields
//!    edit a copy and emit the new text), never touching the network, the database or files.
//! 4. Route the commands (`route::handle`): each goes to its feature's `handle` with that
//!    feature's state and a [`desk::Desk`] (notices, focus, Retry, the settings to read, a way to
//!    start jobs and to ask another feature for something) — never the whole app. A job in flight
//!    is a state value (`LabelJob::Polling`, `Request::Pending`, ...) so its button is disabled
//!    and shows why.
//! 5. Give the focus back to the scan box when no field has it.
//!
//! Jobs run on the tokio runtime the app owns and end with their feature's result type; a
//! failure is a [`failure::Failure`] whose kind says what the person can do (retry, fix a field,
//! check a key, the keyring, the printer).

pub mod access;
pub mod app;
pub mod command;
pub mod config;
pub mod core;
pub mod customs;
pub mod desk;
pub mod documents;
pub mod failure;
pub mod form;
pub mod import;
pub mod jobs;
pub mod measure;
pub mod orders;
pub mod outbox;
pub mod outbox_report;
pub mod packing;
pub mod people;
pub mod quote;
pub mod record;
mod route;
pub mod settings;
pub mod settings_file;
pub mod shell;
pub mod state;
pub mod status;
pub mod supervisor;
pub mod warehouse;
mod widgets;
pub mod window;

use std::convert::identity;

use crate::domain::WeightUnit;
use access::SupervisorState;
use customs::state::Customs;
use import::state::ImportView;
use orders::state::OrdersView;
use outbox::state::OutboxView;
use packing::state::Packing;
use people::state::People;
use quote::form::QuoteForm;
use quote::state::QuoteView;
use settings::state::SettingsView;
use supervisor::state::PinSection;
use warehouse::state::WarehouseStatus;

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
    Orders(orders::command::OrdersCommand),
    /// The open order: opening it, its parcel, label, fulfillment and cancellation.
    Packing(packing::command::PackingCommand),
    /// The supervisor unlock: the PIN typed into the dialog, unlocking, locking again.
    Supervisor(supervisor::command::SupervisorCommand),
    /// Signing in and out, and managing people (People tab).
    People(people::command::PeopleCommand),
    /// Customs paperwork: its settings, the open shipment's check, a label's documents.
    Customs(customs::command::CustomsCommand),
    /// The outbox entries a person corrects, resends or discards.
    Outbox(outbox::command::OutboxCommand),
    /// What the quote panel asked for (calculate, submit, load or save a cart). Boxed: it
    /// carries whole requests.
    Quote(Box<quote::command::QuoteCommand>),
    /// What the settings panel asked for (save, store a credential, set the PIN).
    Settings(settings::command::SettingsCommand),
    /// Importing orders: the file dialog, dropped files, closing the report.
    Import(import::command::ImportCommand),
}

/// What one feature's job ended with.
pub enum FeatureDone {
    Orders(orders::command::Done),
    /// Boxed: it carries whole orders, and every result travels in this enum.
    Packing(Box<packing::command::Done>),
    Supervisor(supervisor::command::Done),
    People(people::command::Done),
    Customs(customs::command::Done),
    Outbox(outbox::command::Done),
    Quote(quote::command::Done),
    Settings(settings::command::Done),
    Import(import::command::Done),
}

/// What one feature's long job reports before it ends.
pub enum FeatureProgress {
    /// The parcel recorded, the label still being drawn.
    Packing(packing::command::Progress),
}

impl From<packing::command::Progress> for FeatureProgress {
    fn from(progress: packing::command::Progress) -> Self {
        Self::Packing(progress)
    }
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
    Orders: orders::command::OrdersCommand => identity, orders::command::Done => identity;
    Packing: packing::command::PackingCommand => identity, packing::command::Done => Box::new;
    Supervisor: supervisor::command::SupervisorCommand => identity, supervisor::command::Done => identity;
    People: people::command::PeopleCommand => identity, people::command::Done => identity;
    Customs: customs::command::CustomsCommand => identity, customs::command::Done => identity;
    Outbox: outbox::command::OutboxCommand => identity, outbox::command::Done => identity;
    Quote: quote::command::QuoteCommand => Box::new, quote::command::Done => identity;
    Settings: settings::command::SettingsCommand => identity, settings::command::Done => identity;
    Import: import::command::ImportCommand => identity, import::command::Done => identity;
}
