//! The shared outbox's throughput (BENCHMARKS.md): 1, 2 and 4 desks' workers on one
//! PostgreSQL record deliver the same queue — order creates and fulfillments — to the real
//! embedded service, side by side in one run, with the ratios. `cargo bench --bench outbox`
//!
//! Each configuration gets a fresh database of a throwaway cluster (`tests/support/pg_cluster.rs`)
//! and a fresh embedded service, seeded with `PACKDESK_BENCH_OUTBOX_ORDERS` orders (2 000; 100 in
//! smoke mode), two entries each; seeding is not timed. `PACKDESK_BENCH_OUTBOX_WORKERS=N` runs
//! only N workers; `RUST_LOG=warn` shows what the workers log. The workers, the service and the
//! client share one tokio runtime on this machine, as on a desk, with the default `WorkerConfig`
//! (60 s lease). Several desks on one machine share its cores, so this measures what leasing
//! costs and whether desks get in each other's way, not what separate machines would add.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

#[path = "../tests/support/pg_cluster.rs"]
mod pg_cluster;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use packdesk::service::server::{self, ServeConfig};
use packdesk::station::db::{Location, StationDb};
use packdesk::station::outbox::{Outbox, SharedDb, WorkerConfig};
use support::{Budget, synthetic};
use tokio::runtime::Runtime;

const WORKERS: [usize; 3] = [1, 2, 4];

/// A desk's outbox must keep far ahead of a warehouse, which queues a few entries a second.
const TARGET_PER_SECOND: f64 = 100.0;

fn orders() -> usize {
    std::env::var("PACKDESK_BENCH_OUTBOX_ORDERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if support::smoke() { 100 } else { 2_000 })
}

/// The wall time `workers` desks take to deliver `orders` orders' entries.
fn deliver(
    runtime: &Runtime,
    cluster: &pg_cluster::Cluster,
    workers: usize,
    orders: usize,
) -> Delivery {
    let location = Location::parse(
        &cluster
            .create_database(&format!("outbox{workers}"))
            .unwrap(),
    )
    .unwrap();
    let desks: Vec<SharedDb> = (0..workers)
        .map(|_| Arc::new(Mutex::new(StationDb::connect(&location).unwrap())))
        .collect();
    let mut watching = StationDb::connect(&location).unwrap();
    let data = tempfile::tempdir().unwrap();
    let service = runtime
        .block_on(server::start(ServeConfig::local(data.path().to_path_buf())))
        .unwrap();
    let client = packdesk::connection::client_for(&service).unwrap();
    let quoted = runtime.block_on(synthetic::quoted_demo_orders(&client, 100_001, orders));
    // Seeded through four connections at once whatever is measured, so every run starts alike.
    let seeding: Vec<StationDb> = (0..4)
        .map(|_| StationDb::connect(&location).unwrap())
        .collect();
    std::thread::scope(|scope| {
        for (k, mut db) in seeding.into_iter().enumerate() {
            let share: Vec<_> = quoted.iter().skip(k).step_by(4).collect();
            scope.spawn(move || {
                for order in share {
                    synthetic::submit_and_fulfill(&mut db, order);
                }
            });
        }
    });
    assert_eq!(watching.outbox_open().unwrap().len(), 2 * orders);

    let started = Instant::now();
    let outboxes: Vec<Outbox> = desks
        .iter()
        .enumerate()
        .map(|(k, db)| {
            Outbox::spawn(
                runtime.handle(),
                db.clone(),
                client.clone(),
                WorkerConfig::default(),
                format!("Desk {}", k + 1),
            )
        })
        .collect();
    // Looked at every 20 ms: often enough to time runs of seconds, seldom enough to cost
    // the record nothing worth counting.
    while !watching.outbox_summary().unwrap().is_empty() {
        std::thread::sleep(Duration::from_millis(20));
    }
    let took = started.elapsed();
    for outbox in &outboxes {
        outbox.abort();
    }
    while !outboxes.iter().all(Outbox::is_finished) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let needs_attention = watching.outbox_summary().unwrap().needs_attention;
    assert_eq!(needs_attention, 0, "every entry delivered");
    let mut sends = 0;
    for order in &quoted {
        let number = order.order.number;
        let at_service = service.store.order(number).unwrap().unwrap();
        let fulfillments: usize = at_service
            .shipments
            .iter()
            .map(|s| s.fulfillments.len())
            .sum();
        assert_eq!(fulfillments, 1, "order {number}");
        let entries = watching.outbox_for_order(number).unwrap();
        sends += entries.iter().map(|e| e.attempts as usize).sum::<usize>();
    }
    runtime.block_on(service.shutdown()).unwrap();
    Delivery {
        took,
        resent: sends - 2 * orders,
    }
}

struct Delivery {
    took: Duration,
    /// Sends beyond one per entry (retries after a failed send).
    resent: usize,
}

fn main() {
    // `RUST_LOG=warn` shows what the workers log (a retry, a database error).
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cluster = match pg_cluster::Cluster::start() {
        Ok(cluster) => cluster,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("PostgreSQL is required under CI=true: {why}")
        }
        Err(why) => {
            eprintln!("outbox bench skipped, PostgreSQL missing: {why}");
            return;
        }
    };
    let runtime = Runtime::new().unwrap();
    let orders = orders();
    let entries = 2 * orders;
    let mut budget = Budget::default();
    let mut rates = Vec::new();
    println!("{entries} entries ({orders} order creates + {orders} fulfillments) per run");
    let only: Option<usize> = std::env::var("PACKDESK_BENCH_OUTBOX_WORKERS")
        .ok()
        .and_then(|n| n.parse().ok());
    for workers in WORKERS.into_iter().filter(|w| only.is_none_or(|o| o == *w)) {
        let Delivery { took, resent } = deliver(&runtime, &cluster, workers, orders);
        let rate = entries as f64 / took.as_secs_f64();
        println!(
            "{workers} worker(s): {:.2} s, {rate:.0} entries/s, {resent} sent again",
            took.as_secs_f64()
        );
        budget.at_least(
            &format!("outbox, {workers} worker(s) on PostgreSQL"),
            rate,
            TARGET_PER_SECOND,
            "entries/s",
        );
        rates.push((workers, rate));
    }
    if let Some(&(_, one)) = rates.first() {
        let ratios: Vec<String> = rates
            .iter()
            .skip(1)
            .map(|(workers, rate)| format!("{workers}/1 workers {:.2}x", rate / one))
            .collect();
        println!("ratios: {}", ratios.join(", "));
    }
    budget.finish();
}
