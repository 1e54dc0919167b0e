//! The station's record at warehouse scale (BENCHMARKS.md), on SQLite and on PostgreSQL side by
//! side in one run: open a record of 100 000 orders and search it by SKU, the way a scan does
//! (indexed SQL) and the way the orders table does (all summary rows loaded, then filtered in
//! memory); and import a 10 000-order file. `cargo bench --bench station`
//!
//! PostgreSQL is a throwaway cluster (`tests/support/pg_cluster.rs`) on loopback, seeded on each
//! run through the import path. `PACKDESK_BENCH_PG=0` skips it; in smoke mode (CI) it holds
//! 10 000 orders instead of 100 000 to keep CI short (`PACKDESK_BENCH_PG_ORDERS` overrides).

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

#[path = "../tests/support/pg_cluster.rs"]
mod pg_cluster;

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::Criterion;
use packdesk::station::db::{Location, ScanMatch, StationDb};
use packdesk::station::import;
use packdesk::ui::orders::filter::{OrderFilter, SortColumn, SortDirection, select};
use packdesk::warehouse::client::{DeskToken, Trust, WarehouseClient};
use packdesk::warehouse::{Transport, WarehouseConfig, admin};
use support::{Budget, synthetic};

/// A SKU of the synthetic orders (`tests/support/synthetic.rs`): the small mug, in two
/// orders of three.
const SKU: &str = "MUG-S";

/// Orders in the import file.
const IMPORT_ORDERS: usize = 10_000;

fn open_and_scan(location: &Location) -> usize {
    let mut db = StationDb::connect(location).unwrap_or_else(|e| panic!("open: {e}"));
    match db.find_by_scan(SKU) {
        Ok(ScanMatch::Sku { orders, .. }) => orders.len(),
        other => panic!("{SKU} should name orders: {other:?}"),
    }
}

/// The same through the app's one-desk warehouse server in this process (plain HTTP on
/// loopback, the desk signed in as itself): the SKU scanned, then its newest order opened in
/// full, as the packer's scan does once the app reaches the record only through the server.
/// The median of five, in ms.
fn scan_and_open_through_the_server(location: &Location) -> f64 {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let mut config = WarehouseConfig::local(support::large_station_server_dir());
        config.database = Some(location.clone());
        config.transport = Transport::PlainLoopback;
        config.one_desk = true;
        let server = packdesk::warehouse::start(config).await.unwrap();
        // A desk of its own per run: the record is kept between runs.
        let name = format!("Bench desk {}", std::process::id());
        let (record, desk_name) = (location.clone(), name.clone());
        let code = tokio::task::spawn_blocking(move || {
            let _ = admin::revoke_desk(&record, &desk_name);
            admin::add_desk(&record, &desk_name, Duration::from_secs(600)).unwrap()
        })
        .await
        .unwrap();
        let client = WarehouseClient::new(&server.base_url, &Trust::System).unwrap();
        let desk = DeskToken(client.enroll(&code).await.unwrap().desk_token);
        let (session, _) = client.sign_in_desk(&desk).await.unwrap();
        let mut times = Vec::new();
        for _ in 0..5 {
            let started = Instant::now();
            let orders = match client.scan(&session, SKU).await.unwrap() {
                ScanMatch::Sku { orders, .. } => orders,
                other => panic!("{SKU} should name orders: {other:?}"),
            };
            black_box(client.order(&session, orders[0]).await.unwrap());
            times.push(started.elapsed());
        }
        server.shutdown().await.unwrap();
        times.sort();
        times[times.len() / 2].as_secs_f64() * 1e3
    })
}

fn sku_filter() -> OrderFilter {
    OrderFilter {
        text: SKU.to_lowercase(),
        ..OrderFilter::default()
    }
}

fn open_and_list(location: &Location) -> usize {
    let mut db = StationDb::connect(location).unwrap_or_else(|e| panic!("open: {e}"));
    let rows = db.list_orders().unwrap_or_else(|e| panic!("list: {e}"));
    let shown = select(
        &rows,
        &sku_filter(),
        SortColumn::OrderNumber,
        SortDirection::Ascending,
    );
    shown.len()
}

/// A 10 000-order import file, written once under the target directory.
fn the_import_file() -> std::path::PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("import-{IMPORT_ORDERS}.json"));
    if !path.exists() {
        let entries: Vec<serde_json::Value> = (0..IMPORT_ORDERS)
            .map(|i| {
                let entry = synthetic::entry(500_000 + i as u64, i);
                serde_json::json!({"order": entry.order, "cart": entry.cart, "quote": entry.quote})
            })
            .collect();
        std::fs::write(&path, serde_json::to_vec(&entries).unwrap()).unwrap();
    }
    path
}

/// Imports the file into an empty record; returns the time it took.
fn import_into_empty(empty: &Location, file: &Path) -> Duration {
    let mut db = StationDb::connect(empty).unwrap_or_else(|e| panic!("open: {e}"));
    let started = Instant::now();
    let report = import::import_file(&mut db, file, import::DEFAULT_MAX_IMPORT_BYTES)
        .unwrap_or_else(|e| panic!("import: {e}"));
    let took = started.elapsed();
    assert_eq!(report.imported.len(), IMPORT_ORDERS, "{}", report.summary());
    took
}

/// The records to measure: SQLite at 100 000 orders, and PostgreSQL when it is installed.
struct Engines {
    records: Vec<(&'static str, Location, usize)>,
    /// Keeps the throwaway cluster running for the run.
    _cluster: Option<pg_cluster::Cluster>,
}

fn engines() -> Engines {
    let mut records = vec![(
        "sqlite",
        Location::Sqlite(support::large_station()),
        support::LARGE_STATION_ORDERS,
    )];
    let wanted = std::env::var("PACKDESK_BENCH_PG").map_or(true, |v| v != "0");
    let mut cluster = None;
    if wanted {
        match pg_cluster::Cluster::start() {
            Ok(started) => {
                let orders = std::env::var("PACKDESK_BENCH_PG_ORDERS")
                    .ok()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(if support::smoke() {
                        10_000
                    } else {
                        support::LARGE_STATION_ORDERS
                    });
                let url = started.create_database("large").unwrap();
                let location = Location::parse(&url).unwrap();
                let seeding = Instant::now();
                synthetic::seed(&mut StationDb::connect(&location).unwrap(), orders);
                eprintln!(
                    "seeded {orders} orders into PostgreSQL in {:.1} s",
                    seeding.elapsed().as_secs_f64()
                );
                records.push(("postgres", location, orders));
                cluster = Some(started);
            }
            Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
                panic!("PostgreSQL is required under CI=true: {why}")
            }
            Err(why) => eprintln!("PostgreSQL skipped: {why}"),
        }
    }
    Engines {
        records,
        _cluster: cluster,
    }
}

/// An empty record per engine and import, for the import measurement.
fn empty_record(name: &str, cluster: Option<&pg_cluster::Cluster>, n: usize) -> Location {
    match (name, cluster) {
        ("postgres", Some(cluster)) => {
            Location::parse(&cluster.create_database(&format!("import{n}")).unwrap()).unwrap()
        }
        _ => {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("import-{n}"));
            let _ = std::fs::remove_dir_all(&dir);
            Location::Sqlite(dir.join("station.sqlite3"))
        }
    }
}

fn criterion_benches(engines: &Engines) {
    let mut c = Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    for (name, location, orders) in &engines.records {
        let rows = StationDb::connect(location)
            .and_then(|mut db| db.list_orders())
            .unwrap_or_else(|e| panic!("list: {e}"));
        assert_eq!(rows.len(), *orders);
        let mut group = c.benchmark_group(format!("station_{name}_{orders}"));
        group.bench_function("open_and_find_sku", |b| {
            b.iter(|| open_and_scan(black_box(location)))
        });
        group.bench_function("open_list_and_filter_sku", |b| {
            b.iter(|| open_and_list(black_box(location)))
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
    }
    c.final_summary();
}

/// Each figure on both engines, printed side by side with the ratio.
fn measure(engines: &Engines, budget: &mut Budget) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let file = the_import_file();
    let mut figures: Vec<(&str, f64, f64, f64)> = Vec::new();
    for (n, (name, location, orders)) in engines.records.iter().enumerate() {
        let scan = ms(support::median_time(5, || {
            black_box(open_and_scan(location));
        }));
        budget.at_most(
            &format!("station {name} {orders}: open + find SKU"),
            scan,
            50.0,
            "ms",
        );
        let served = scan_and_open_through_the_server(location);
        println!(
            "station {name} {orders}: through the one-desk server, scan + open the order: \
             {served:.1} ms ({:.2}x the direct open + find)",
            served / scan
        );
        budget.at_most(
            &format!("station {name} {orders}: scan + open through the one-desk server"),
            served,
            50.0,
            "ms",
        );
        let list = ms(support::median_time(3, || {
            black_box(open_and_list(location));
        }));
        // No target of its own: the app does this once at start-up, off the UI thread.
        budget.at_most(
            &format!("station {name} {orders}: open + list + filter SKU"),
            list,
            500.0 * (*orders as f64 / 100_000.0).max(0.1),
            "ms",
        );
        let cluster = engines._cluster.as_ref();
        let import = ms(import_into_empty(&empty_record(name, cluster, n), &file));
        budget.at_most(
            &format!("station {name}: import a {IMPORT_ORDERS}-order file"),
            import,
            30_000.0,
            "ms",
        );
        figures.push((name, scan, list, import));
    }
    // Ratios only where both records hold the same orders (smoke runs seed fewer in PostgreSQL).
    let same_size = engines.records.windows(2).all(|w| w[0].2 == w[1].2);
    if let ([(a, scan_a, list_a, import_a), (b, scan_b, list_b, import_b)], true) =
        (&figures[..], same_size)
    {
        println!(
            "ratios {b}/{a}: open + find SKU {:.2}x, open + list {:.2}x, import {:.2}x",
            scan_b / scan_a,
            list_b / list_a,
            import_b / import_a
        );
    }
}

fn main() {
    let engines = engines();
    if !support::smoke() && std::env::var_os("PACKDESK_BENCH_FIGURES").is_none() {
        criterion_benches(&engines);
    }
    let mut budget = Budget::default();
    measure(&engines, &mut budget);
    budget.finish();
}
