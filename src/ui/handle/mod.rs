//! The one place that changes `AppState` and starts jobs: [`handle`] for commands, [`apply`]
//! for what jobs send back.

mod cancel;
mod label;
mod label_follow;
mod outbox;
mod packing;
mod panels;
mod results;

use std::time::{Duration, Instant};

pub use results::apply;

use super::app::Core;
use super::command::Command;
use super::jobs::{orders, startup};
use super::orders::filter::{SortDirection, narrow, narrows, select};
use super::state::{FocusTarget, Level, Notice, OrdersView, Startup};
use crate::station::db::OrderNumber;

/// A scanner that reads the same code twice within this window sent one code.
pub const REPEATED_SCAN_WINDOW: Duration = Duration::from_millis(500);

/// Starts the app: the start-up job (the first frame is already drawn).
pub fn start(core: &mut Core) {
    core.state.startup = Startup::Starting("Starting…".into());
    let (config, settings, first) = (
        core.config.clone(),
        core.state.settings.clone(),
        core.first_start,
    );
    core.jobs
        .spawn(move |reporter| startup::start(config, settings, first, reporter));
}

pub fn handle(core: &mut Core, command: Command) {
    let state = &mut core.state;
    match command {
        Command::ShowTab(tab) => {
            state.tab = tab;
            if tab == super::state::Tab::Settings {
                panels::open_settings(core);
            }
        }
        Command::Quote(intent) => panels::quote(core, *intent),
        Command::Settings(intent) => panels::settings(core, intent),
        Command::Import(intent) => crate::ui::import::handle(core, intent),
        Command::ReloadOrders => reload_orders(core),
        Command::SetSearch(text) => search(&mut state.orders, text),
        Command::FilterStatus(status) => {
            state.orders.filter.status = status;
            refilter(core);
        }
        Command::FilterDestination(destination) => {
            state.orders.filter.destination = destination;
            refilter(core);
        }
        Command::SortBy(column) => {
            let (current, direction) = state.orders.sort;
            state.orders.sort = if current == column {
                let flipped = match direction {
                    SortDirection::Ascending => SortDirection::Descending,
                    SortDirection::Descending => SortDirection::Ascending,
                };
                (column, flipped)
            } else {
                (column, SortDirection::Ascending)
            };
            refilter(core);
        }
        Command::OpenFirstShown => {
            let first = state
                .orders
                .shown
                .first()
                .and_then(|&i| state.orders.rows.get(i))
                .map(|row| row.source_reference);
            match first {
                Some(number) => open_order(core, number),
                None => state.notice(Level::Warning, "No order matches the search."),
            }
        }
        Command::OpenOrder(number) => open_order(core, number),
        Command::Back => back(core),
        Command::ScanText(text) => state.scan.buffer.push_str(&text),
        Command::ScanBackspace => {
            state.scan.buffer.pop();
        }
        Command::ScanClear => state.scan.buffer.clear(),
        Command::ScanSubmit => scan_submit(core),
        Command::Retry => match state.retry.take() {
            Some(command) => handle(core, command),
            None => reload_orders(core),
        },
        Command::DismissNotices => state.notices.clear(),
        Command::RetryStart => {
            if let Startup::Failed(_) = state.startup {
                start(core);
            }
        }
        Command::Focus(target) => {
            if target == FocusTarget::Search {
                state.tab = super::state::Tab::Orders;
                state.open = None;
            }
            state.focus = Some(target);
        }
        Command::ShowShipment(_)
        | Command::NextShipment
        | Command::EditParcel(_)
        | Command::GetLabel
        | Command::RetryLabel
        | Command::DiscardParcel
        | Command::ShowPreview(_)
        | Command::SaveLabel(..)
        | Command::PrintLabel(_)
        | Command::SetCarrier(_)
        | Command::MarkFulfilled => packing::handle(core, command),
        Command::EditOutboxBody(..) | Command::ResendOutbox(_) | Command::DiscardOutbox(_) => {
            outbox::handle(core, command)
        }
        Command::StartCancel
        | Command::SetPin(_)
        | Command::Unlock
        | Command::ConfirmCancel
        | Command::CloseCancel
        | Command::LockSupervisor => cancel::handle(core, command),
    }
}

/// Recomputes the rows the table shows (in memory; 100 000 rows take milliseconds).
fn refilter(core: &mut Core) {
    let orders = &mut core.state.orders;
    let (column, direction) = orders.sort;
    orders.shown = select(&orders.rows, &orders.filter, column, direction);
    orders.search_steps = vec![(orders.filter.text.clone(), orders.shown.clone())];
}

/// A keystroke in the search box. Typing on narrows what is shown; Backspace returns to what
/// the shorter text showed. Only a new run of typing filters every row again, so a search
/// over 100 000 orders stays within a frame.
fn search(orders: &mut OrdersView, text: String) {
    if let Some(step) = orders
        .search_steps
        .iter()
        .position(|(typed, _)| *typed == text)
    {
        orders.search_steps.truncate(step + 1);
        if let Some((_, shown)) = orders.search_steps.last() {
            orders.shown.clone_from(shown);
        }
        orders.filter.text = text;
        return;
    }
    let grew = narrows(&orders.filter.text, &text);
    orders.filter.text = text;
    if grew {
        orders.shown = narrow(&orders.rows, &orders.shown, &orders.filter);
    } else {
        let (column, direction) = orders.sort;
        orders.shown = select(&orders.rows, &orders.filter, column, direction);
        orders.search_steps.clear();
    }
    orders
        .search_steps
        .push((orders.filter.text.clone(), orders.shown.clone()));
}

pub(crate) fn reload_orders(core: &mut Core) {
    let Some(db) = core.backend.db.clone() else {
        return;
    };
    core.state.orders.loading = true;
    core.jobs.spawn(move |_| orders::load_rows(db));
}

/// Loads an order to open it (the detail shows when it arrives).
fn open_order(core: &mut Core, number: OrderNumber) {
    let Some(db) = core.backend.db.clone() else {
        return;
    };
    core.state.orders.selected = Some(number);
    core.state.opening = Some(number);
    core.state.tab = super::state::Tab::Orders;
    core.jobs.spawn(move |_| orders::load_order(db, number));
}

fn back(core: &mut Core) {
    let state = &mut core.state;
    if let Some(open) = &mut state.open
        && open.cancel != super::state::CancelFlow::Closed
        && open.cancel != super::state::CancelFlow::Sending
    {
        open.cancel = super::state::CancelFlow::Closed;
    } else if state.open.is_some() {
        state.open = None;
        state.scan.message = None;
    } else if !state.orders.filter.text.is_empty() {
        state.orders.filter.text.clear();
        refilter(core);
    }
    core.state.focus = Some(FocusTarget::Scan);
}

/// The scan box's code: a SKU of the shown shipment adds a unit to the parcel; otherwise the
/// station database says whether it is an order number or a SKU elsewhere.
fn scan_submit(core: &mut Core) {
    let state = &mut core.state;
    let code = std::mem::take(&mut state.scan.buffer)
        .trim_matches(|c: char| c.is_whitespace() || c == '\u{4}')
        .to_string();
    if code.is_empty() {
        return;
    }
    let now = Instant::now();
    if let Some((last, at)) = &state.scan.last
        && *last == code
        && now.duration_since(*at) < REPEATED_SCAN_WINDOW
    {
        state.scan.message = Some(Notice {
            level: Level::Info,
            text: format!("Ignored a repeated read of {code}."),
        });
        return;
    }
    state.scan.last = Some((code.clone(), now));
    if packing::scan_into_parcel(core, &code) {
        return;
    }
    let Some(db) = core.backend.db.clone() else {
        core.state.scan.message = Some(Notice {
            level: Level::Warning,
            text: "The station is still starting; scan again in a moment.".into(),
        });
        return;
    };
    core.jobs.spawn(move |_| orders::scan(db, code));
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;
    use time::OffsetDateTime;

    use super::*;
    use crate::station::db::{OrderRow, OrderStatus};
    use crate::ui::orders::filter::SortColumn;

    fn rows() -> Vec<OrderRow> {
        let names = ["Ann Lee", "Anna Berg", "Bo Ng", "Annika Vogt", "Lee Ann"];
        (0..300_u64)
            .map(|n| {
                let name = names[n as usize % names.len()];
                OrderRow {
                    source_reference: n,
                    recipient: name.into(),
                    country_code: "DE".into(),
                    province: None,
                    shipment_count: 1,
                    status: OrderStatus::Open,
                    created_at: OffsetDateTime::UNIX_EPOCH,
                    total: Decimal::from(n % 7),
                    currency: "EUR".into(),
                    skus: vec![format!("SKU-{}", n % 11)],
                    search_text: format!("{n}\u{1f}{name}\u{1f}sku-{}", n % 11).to_lowercase(),
                }
            })
            .collect()
    }

    /// Typing, erasing and retyping in the search box always shows what a fresh selection
    /// would, in the same order.
    #[test]
    fn every_keystroke_shows_what_a_fresh_selection_would() {
        let mut orders = OrdersView {
            rows: rows(),
            sort: (SortColumn::Total, SortDirection::Descending),
            ..OrdersView::default()
        };
        let (column, direction) = orders.sort;
        orders.shown = select(&orders.rows, &orders.filter, column, direction);
        orders.search_steps = vec![(String::new(), orders.shown.clone())];
        let typed = [
            "a", "an", "ann", "anni", "ann", "an", "ann", "anna", "", "s", "sku-1", "sku-", "b",
        ];
        for text in typed {
            search(&mut orders, text.to_string());
            let mut filter = orders.filter.clone();
            filter.text = text.into();
            assert_eq!(
                orders.shown,
                select(&orders.rows, &filter, column, direction),
                "{text:?}"
            );
        }
    }
}
