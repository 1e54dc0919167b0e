//! The orders table with 100 000 orders: frames stay fast because only the visible rows are laid
//! out; search, sort and filter work on all of them.

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use packdesk::station::db::{OrderStatus, StationDb};
use packdesk::ui::config::AppConfig;
use packdesk::ui::orders::filter::{SortColumn, SortDirection};
use packdesk::ui::status::Startup;

use super::{click, shows, start, station_settings, type_into, wait_until};

const ORDERS: usize = 100_000;

#[test]
fn a_hundred_thousand_orders_scroll_search_and_sort() {
    let dir = tempfile::tempdir().unwrap();
    let config = AppConfig::in_directory(dir.path());
    crate::synthetic::seed(
        &mut StationDb::open(&config.station_db_path).unwrap(),
        ORDERS,
    );
    station_settings().save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "100 000 rows", |app| {
        app.state().shell.startup == Startup::Ready
            && app.state().features.orders.rows.len() == ORDERS
    });
    assert!(shows(h, &format!("{ORDERS} of {ORDERS} orders")));

    // A frame lays out only what is on screen: a generous bound for an unoptimised build.
    let started = Instant::now();
    for _ in 0..10 {
        h.step();
    }
    let per_frame = started.elapsed() / 10;
    assert!(
        per_frame < Duration::from_millis(250),
        "{per_frame:?} per frame"
    );

    click(h, "Total");
    assert_eq!(
        h.state().state().features.orders.sort,
        (SortColumn::Total, SortDirection::Ascending)
    );
    click(h, "Total");
    assert_eq!(
        h.state().state().features.orders.sort,
        (SortColumn::Total, SortDirection::Descending)
    );

    let first = h.state().state().features.orders.rows[0].clone();
    type_into(h, "Search", &first.source_reference.to_string());
    let state = h.state().state();
    assert!(!state.features.orders.shown.is_empty() && state.features.orders.shown.len() < ORDERS);
    assert!(state.features.orders.shown.iter().all(|&i| {
        state.features.orders.rows[i]
            .source_reference
            .to_string()
            .contains(&first.source_reference.to_string())
    }));
    assert!(
        h.query_by_label(&first.source_reference.to_string())
            .is_some()
    );
    assert!(
        state
            .features
            .orders
            .rows
            .iter()
            .all(|r| r.status == OrderStatus::Open)
    );
}
