//! The orders feature's handlers: what its commands and job results do to its state.

use super::command::{Done, OrdersCommand};
use super::filter::{SortDirection, narrow, narrows, select};
use super::jobs;
use super::state::OrdersView;
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::status::Level;
use std::collections::BTreeSet;

pub fn handle(orders: &mut OrdersView, desk: &mut Desk<'_>, command: OrdersCommand) {
    match command {
        OrdersCommand::Reload => {
            // Nobody signed in yet: the table is read once someone is.
            let Some(record) = desk.record().filter(|r| r.session().is_ok()) else {
                return;
            };
            orders.loading = true;
            desk.spawn(move |_| jobs::load_rows(record));
        }
        OrdersCommand::SetSearch(text) => search(orders, text),
        OrdersCommand::FilterStatus(status) => {
            orders.filter.status = status;
            refilter(orders);
        }
        OrdersCommand::FilterDestination(destination) => {
            orders.filter.destination = destination;
            refilter(orders);
        }
        OrdersCommand::SortBy(column) => {
            let (current, direction) = orders.sort;
            orders.sort = if current == column {
                let flipped = match direction {
                    SortDirection::Ascending => SortDirection::Descending,
                    SortDirection::Descending => SortDirection::Ascending,
                };
                (column, flipped)
            } else {
                (column, SortDirection::Ascending)
            };
            refilter(orders);
        }
        OrdersCommand::OpenFirstShown => {
            let first = orders
                .shown
                .first()
                .and_then(|&i| orders.rows.get(i))
                .map(|row| row.source_reference);
            match first {
                Some(number) => desk.then(Command::OpenOrder(number)),
                None => desk.notice(Level::Warning, "No order matches the search."),
            }
        }
        OrdersCommand::Select(number) => orders.selected = Some(number),
        OrdersCommand::Changed(numbers) => {
            if let Some(record) = desk.record() {
                desk.spawn(move |_| jobs::load_changed_rows(record, numbers));
            }
        }
    }
}

pub fn apply(orders: &mut OrdersView, desk: &mut Desk<'_>, done: Done) {
    match done {
        Done::Loaded(result) => {
            orders.loading = false;
            match result {
                Ok(rows) => {
                    let destinations: BTreeSet<String> =
                        rows.iter().map(|r| r.country_code.clone()).collect();
                    orders.destinations = destinations.into_iter().collect();
                    orders.rows = rows;
                    refilter(orders);
                }
                Err(failure) => desk.notice(Level::Error, failure.message()),
            }
        }
        Done::RowsChanged(Ok(changed)) => {
            for row in changed {
                match orders
                    .rows
                    .binary_search_by_key(&row.source_reference, |r| r.source_reference)
                {
                    Ok(at) => orders.rows[at] = row,
                    Err(at) => {
                        if !orders.destinations.contains(&row.country_code) {
                            orders.destinations.push(row.country_code.clone());
                            orders.destinations.sort();
                        }
                        orders.rows.insert(at, row);
                    }
                }
            }
            refilter(orders);
        }
        // The next change or a reload shows them; the watcher's next look is a second away.
        Done::RowsChanged(Err(failure)) => {
            tracing::warn!("changed rows not read: {}", failure.message());
        }
    }
}

/// Recomputes the rows the table shows (in memory; 100 000 rows take milliseconds).
fn refilter(orders: &mut OrdersView) {
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
