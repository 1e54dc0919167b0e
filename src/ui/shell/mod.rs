//! The shell: the app's frame around the features — start-up, the connection to the service, the
//! top bar (tabs, scan box), the status bar, shortcut keys, and the commands that span features
//! (tabs, focus, the scan box, Back, Retry). It owns the app, so it takes the [`Core`] whole; the
//! features get only their part (`route`).

pub mod central;
pub mod command;
pub mod compose;
mod connect;
pub mod dropped;
pub mod keys;
pub mod scan;
pub mod start_error;
pub mod startup;
pub mod state;
pub mod status_bar;
pub mod timers;
pub mod top_bar;
pub mod warehouse_link;

use std::time::Instant;

pub use command::{Done, Progress};
pub use connect::connect_to;
pub use scan::search_id;
pub use startup::begin;
pub use state::{ScanState, Shell};

use crate::station::db::{Action, ScanMatch};
use crate::ui::command::Command;
use crate::ui::core::Core;
use crate::ui::customs::command::CustomsCommand;
use crate::ui::failure::Failure;
use crate::ui::orders::command::OrdersCommand;
use crate::ui::packing::command::PackingCommand;
use crate::ui::packing::state::{CancelFlow, TakeOverFlow};
use crate::ui::people::command::PeopleCommand;
use crate::ui::status::{Connection, FocusTarget, Level, Notice, Startup, Tab};
use crate::ui::{packing, settings, warehouse};

/// A scanner that reads the same code twice within this window sent one code.
pub const REPEATED_SCAN_WINDOW: std::time::Duration = std::time::Duration::from_millis(500);

/// A command of the shell's own (not [`Command::Feature`]); what it asks of features goes to `then`.
pub fn handle(core: &mut Core, command: Command, then: &mut Vec<Command>) {
    let state = &mut core.state;
    match command {
        Command::ShowTab(tab) => {
            if tab == Tab::Settings
                && let Some(why) = state
                    .features
                    .people
                    .access()
                    .why_not(Action::ChangeSettings)
            {
                state.shell.notice(Level::Warning, why);
                return;
            }
            if tab == Tab::People {
                then.push(PeopleCommand::Reload.into());
            }
            if tab == Tab::Settings {
                // Another desk may have changed the warehouse's customs settings.
                then.push(crate::ui::customs::command::CustomsCommand::Load.into());
            }
            state.shell.tab = tab;
            if tab == Tab::Settings {
                let (features, mut desk) = core.split(then);
                settings::open(&mut features.settings_panel, &mut desk);
            }
        }
        Command::Back => back(core, then),
        Command::ScanText(text) => state.shell.scan.buffer.push_str(&text),
        Command::ScanBackspace => {
            state.shell.scan.buffer.pop();
        }
        Command::ScanClear => state.shell.scan.buffer.clear(),
        Command::ScanSubmit => scan_submit(core, then),
        Command::Retry => then.push(
            state
                .shell
                .retry
                .take()
                .unwrap_or(Command::from(OrdersCommand::Reload)),
        ),
        Command::DismissNotices => state.shell.notices.clear(),
        Command::RetryStart => {
            if let Startup::Failed(_) = state.shell.startup {
                startup::begin(core);
            }
        }
        Command::Focus(target) => {
            if target == FocusTarget::Search {
                state.shell.tab = Tab::Orders;
                state.features.packing.open = None;
            }
            state.shell.focus = Some(target);
        }
        Command::UseSettings(saved) => connect::use_settings(core, *saved),
        Command::UsePin(phc) => {
            // The panel's draft follows, so saving it later keeps the PIN in force.
            if let Some(view) = &mut state.features.settings_panel {
                view.draft.supervisor_pin_hash.clone_from(&phc);
            }
            state.settings.supervisor_pin_hash = phc;
        }
        Command::Reconnect => connect::connect(core),
        // Said by one feature, done by another: the shell knows which.
        Command::ReloadOrders => then.push(OrdersCommand::Reload.into()),
        Command::OpenOrder(number) => then.push(PackingCommand::Open(number).into()),
        Command::SelectOrder(number) => then.push(OrdersCommand::Select(number).into()),
        Command::CloseOrder => then.push(PackingCommand::Close.into()),
        Command::SupervisorUnlocked => then.push(PackingCommand::SupervisorUnlocked.into()),
        Command::ShipmentShown { order, shipment_id } => {
            then.push(CustomsCommand::Clear.into());
            then.push(CustomsCommand::Check { order, shipment_id }.into());
        }
        Command::OrderLeft => then.push(CustomsCommand::Clear.into()),
        Command::LabelShown {
            order,
            parcel,
            label,
            fresh,
        } => then.push(
            CustomsCommand::ForLabel {
                order,
                parcel,
                label,
                fresh,
            }
            .into(),
        ),
        // The features' own commands are routed to them, not here.
        Command::Feature(_) => {}
    }
}

/// Esc: close a dialog, else leave the open order, else clear the search.
fn back(core: &mut Core, then: &mut Vec<Command>) {
    let state = &mut core.state;
    if let Some(open) = &mut state.features.packing.open
        && open.cancel != CancelFlow::Closed
        && open.cancel != CancelFlow::Sending
    {
        open.cancel = CancelFlow::Closed;
    } else if let Some(open) = &state.features.packing.open
        && open.take_over == TakeOverFlow::Unlocking
    {
        then.push(PackingCommand::CloseTakeOver.into());
    } else if state.features.packing.open.is_some() {
        then.push(PackingCommand::Close.into());
        state.shell.scan.message = None;
        // Whatever is read next follows a deliberate step, even the code just read.
        state.shell.scan.last = None;
    } else if !state.features.orders.filter.text.is_empty() {
        then.push(OrdersCommand::SetSearch(String::new()).into());
    }
    state.shell.focus = Some(FocusTarget::Scan);
}

/// The scan box's code: a SKU of the shown shipment adds a unit to the parcel; otherwise the
/// station database says whether it is an order number or a SKU elsewhere.
fn scan_submit(core: &mut Core, then: &mut Vec<Command>) {
    let shell = &mut core.state.shell;
    let code = std::mem::take(&mut shell.scan.buffer)
        .trim_matches(|c: char| c.is_whitespace() || c == '\u{4}')
        .to_string();
    if code.is_empty() {
        return;
    }
    let access = core.state.features.people.access();
    // Nobody signed in: what is scanned is a badge.
    if core.state.features.people.signing_in() {
        then.push(PeopleCommand::Badge(code).into());
        return;
    }
    let now = Instant::now();
    if let Some((last, at)) = &shell.scan.last
        && *last == code
        && now.duration_since(*at) < REPEATED_SCAN_WINDOW
    {
        shell.scan.message = Some(Notice {
            level: Level::Info,
            text: format!("Ignored a repeated read of {code}."),
        });
        return;
    }
    shell.scan.last = Some((code.clone(), now));
    if let Some(message) =
        packing::scan_into_parcel(&mut core.state.features.packing, &code, &access)
    {
        core.state.shell.scan.message = Some(message);
        return;
    }
    let Some(record) = core.backend.record.clone() else {
        core.state.shell.scan.message = Some(Notice {
            level: Level::Warning,
            text: "The station is still starting; scan again in a moment.".into(),
        });
        return;
    };
    core.jobs.spawn(move |_| scan::look_up(record, code));
}

/// What start-up reported on its way.
pub fn progress(shell: &mut Shell, progress: Progress) {
    match progress {
        Progress::Starting(what) => shell.startup = Startup::Starting(what),
        Progress::Seeding { done, total } => shell.startup = Startup::Seeding { done, total },
    }
}

/// Applies what the shell's jobs sent back.
pub fn apply(core: &mut Core, done: Done, then: &mut Vec<Command>) {
    match done {
        Done::Started(Ok(started)) => {
            let started = *started;
            // Said once in the log, so whoever started the app (or a script) sees which record
            // and service this desk works on.
            tracing::info!(
                record = %started.warehouse.location,
                service = %started.settings.active().base_url,
                "station ready"
            );
            let state = &mut core.state;
            state.settings = started.settings;
            state.shell.credential_note = started.credential_note;
            // The lock was built with the settings (with the lockout kept on disk); a start
            // again after a failed one must not give fresh tries.
            let pin = state.settings.supervisor_pin_hash.clone();
            state.features.supervisor.follow_pin(pin.as_deref());
            if started.service.is_some() {
                state.shell.connection = Connection::Online;
            }
            state.shell.startup = Startup::Ready;
            state.shell.focus = Some(FocusTarget::Scan);
            core.backend.client = Some(started.client.clone());
            core.backend.service = started.service;
            core.backend.credentials = started.credentials;
            core.backend.prints = Some(started.prints);
            core.backend.own_server = started.own_server;
            core.state.features.warehouse = started.warehouse;
            core.backend.changes = Some(warehouse::changes::watch_changes(
                &core.jobs.runtime(),
                started.record.clone(),
                core.jobs.reporter(),
            ));
            // No session of its own: people are set up there, and someone signs in.
            core.state.features.people.required = started.record.session().is_err();
            core.backend.record = Some(started.record.clone());
            connect::watch_inbox(core);
            connect::watch_scale(core);
            if started.seed {
                core.state.shell.startup = Startup::Seeding { done: 0, total: 0 };
                let (client, record) = (started.client, started.record);
                core.jobs
                    .spawn(move |reporter| startup::seed(client, record, reporter));
            }
            then.push(OrdersCommand::Reload.into());
            then.push(PeopleCommand::Reload.into());
            then.push(crate::ui::customs::command::CustomsCommand::Load.into());
        }
        Done::Started(Err(failed)) => {
            tracing::warn!("the station could not start: {}", failed.why);
            core.state.shell.startup = Startup::Failed(failed.why.to_string());
            core.backend.credentials = failed.credentials;
        }
        Done::Seeded(result) => {
            let shell = &mut core.state.shell;
            shell.startup = Startup::Ready;
            match result {
                Ok(0) => {}
                Ok(count) => shell.notice(
                    Level::Info,
                    format!("{count} demo orders are ready to pack."),
                ),
                Err(failure) => shell.notice(Level::Error, failure.message()),
            }
            then.push(OrdersCommand::Reload.into());
            then.push(crate::ui::customs::command::CustomsCommand::Load.into());
        }
        Done::Scanned { code, result } => scanned(&mut core.state.shell, then, code, result),
        Done::Connected(result) => connect::connected(core, result),
    }
}

/// What the station's record said a scanned code is.
fn scanned(
    shell: &mut Shell,
    then: &mut Vec<Command>,
    code: String,
    result: Result<ScanMatch, Failure>,
) {
    let message = match result {
        Ok(ScanMatch::Order(number)) => {
            then.push(PackingCommand::Open(number).into());
            Notice {
                level: Level::Info,
                text: format!("Order {number}"),
            }
        }
        Ok(ScanMatch::Sku { sku, orders }) => {
            let list: Vec<String> = orders.iter().take(5).map(u64::to_string).collect();
            then.push(OrdersCommand::SetSearch(sku.clone()).into());
            Notice {
                level: Level::Info,
                text: format!(
                    "SKU {sku} is in {} order(s): {}{} — open one to pack it.",
                    orders.len(),
                    list.join(", "),
                    if orders.len() > 5 { ", …" } else { "" }
                ),
            }
        }
        Ok(ScanMatch::Nothing) => Notice {
            level: Level::Warning,
            text: format!("No order or SKU \"{code}\" in this station."),
        },
        Err(failure) => Notice {
            level: Level::Error,
            text: failure.message(),
        },
    };
    shell.scan.message = Some(message);
}
