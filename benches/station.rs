//! The station database at warehouse scale (BENCHMARKS.md): open a database of 100 000 orders
//! and search it by SKU, the way a scan does (indexed SQL) and the way the orders table does
//! (all summary rows loaded, then filtered in memory). `cargo bench --bench station`

#[path = "support/mod.rs"]
mod support;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::Criterion;
use packdesk::station::db::{OrderFilter, ScanMatch, SortColumn, SortDirection, StationDb, select};
use support::Budget;

/// A SKU of the synthetic orders (`seed.rs`): the small mug, in two orders of three.
const SKU: &str = "MUG-S";

fn open_and_scan(path: &Path) -> usize {
    let db = StationDb::open(path).unwrap_or_else(|e| panic!("open: {e}"));
    match db.find_by_scan(SKU) {
        Ok(ScanMatch::Sku { orders, .. }) => orders.len(),
        other => panic!("{SKU} should name orders: {other:?}"),
    }
}

fn sku_filter() -> OrderFilter {
    OrderFilter {
        text: SKU.to_lowercase(),
        ..OrderFilter::default()
    }
}

fn open_and_list(path: &Path) -> usize {
    let db = StationDb::open(path).unwrap_or_else(|e| panic!("open: {e}"));
    let rows = db.list_orders().unwrap_or_else(|e| panic!("list: {e}"));
    let shown = select(
        &rows,
        &sku_filter(),
        SortColumn::OrderNumber,
        SortDirection::Ascending,
    );
    shown.len()
}

fn criterion_benches(path: &Path) {
    let rows = StationDb::open(path)
        .and_then(|db| db.list_orders())
        .unwrap_or_else(|e| panic!("list: {e}"));
    let mut c = Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    let mut group = c.benchmark_group("station_100k");
    group.bench_function("open_and_find_sku", |b| {
        b.iter(|| open_and_scan(black_box(path)))
    });
    group.bench_function("open_list_and_filter_sku", |b| {
        b.iter(|| open_and_list(black_box(path)))
    });
    let filter = sku_filter();
    group.bench_function("filter_sku_in_memory", |b| {
        b.iter(|| {
            select(
                black_box(&rows),
                &filter,
                SortColumn::OrderNumber,
                SortDirection::Ascending,
            )
        })
    });
    group.finish();
    c.final_summary();
}

fn main() {
    let path = support::large_station();
    if !support::smoke() {
        criterion_benches(&path);
        return;
    }
    let mut budget = Budget::default();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let scan = support::median_time(5, || {
        black_box(open_and_scan(&path));
    });
    budget.at_most("station 100k: open + find SKU", ms(scan), 50.0, "ms");
    let list = support::median_time(3, || {
        black_box(open_and_list(&path));
    });
    // No target of its own: the app does this once at start-up, off the UI thread.
    budget.at_most(
        "station 100k: open + list + filter SKU",
        ms(list),
        500.0,
        "ms",
    );
    budget.finish();
}
