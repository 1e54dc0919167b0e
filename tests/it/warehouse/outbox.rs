//! One outbox for the whole warehouse: four desks' workers share a throwaway PostgreSQL record
//! and deliver 1 000 entries (500 order creates, 500 fulfillments) to the real embedded service
//! exactly once each, while one desk is killed mid-delivery and its leased entries are taken
//! over by the others when the lease runs out.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use packdesk::service::server::{self, RunningService};
use packdesk::station::db::{Location, OutboxId, StationDb};
use packdesk::station::outbox::{Outbox, SharedDb, WorkerConfig};
use time::OffsetDateTime;

use crate::outbox::{KEY, assert_once_each, client, fast, serve_config};
use crate::{pg_cluster, synthetic};

const ORDERS: usize = 500;
const DESKS: usize = 4;
/// Order numbers of this test (the demo orders' carts, renumbered).
const FIRST_ORDER: u64 = 700_001;

/// One entry as the record holds it at the end.
#[derive(Debug)]
struct Row {
    id: OutboxId,
    state: String,
    attempts: i64,
    tried_by: Option<String>,
}

/// A plain connection to the record, to look at its rows. The synchronous clients (this one
/// and `StationDb`'s) run on blocking threads, never on the runtime's.
#[derive(Clone)]
struct Inspector(Arc<Mutex<postgres::Client>>);

impl Inspector {
    async fn connect(url: &str) -> Self {
        let url = url.to_owned();
        let client = blocking(move || postgres::Client::connect(&url, postgres::NoTls).unwrap());
        Self(Arc::new(Mutex::new(client.await)))
    }

    async fn rows(&self) -> Vec<Row> {
        let client = self.0.clone();
        blocking(move || {
            client
                .lock()
                .unwrap()
                .query(
                    "SELECT id, state, attempts, tried_by FROM outbox ORDER BY id",
                    &[],
                )
                .unwrap()
                .iter()
                .map(|row| Row {
                    id: OutboxId(row.get(0)),
                    state: row.get(1),
                    attempts: row.get(2),
                    tried_by: row.get(3),
                })
                .collect()
        })
        .await
    }

    /// The entries `desk` holds a lease on that has not run out, still to deliver.
    async fn held_by(&self, desk: &str) -> BTreeSet<OutboxId> {
        let (client, desk) = (self.0.clone(), desk.to_owned());
        let now = (OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64;
        blocking(move || {
            client
                .lock()
                .unwrap()
                .query(
                    "SELECT id FROM outbox WHERE leased_by = $1 AND lease_until > $2
                        AND state IN ('queued', 'retrying')",
                    &[&desk, &now],
                )
                .unwrap()
                .iter()
                .map(|row| OutboxId(row.get(0)))
                .collect()
        })
        .await
    }

    /// Entries not delivered yet.
    async fn open(&self) -> usize {
        let client = self.0.clone();
        blocking(move || {
            let open: i64 = client
                .lock()
                .unwrap()
                .query_one(
                    "SELECT COUNT(*) FROM outbox WHERE state IN ('queued', 'retrying',
                        'needs_attention')",
                    &[],
                )
                .unwrap()
                .get(0);
            open as usize
        })
        .await
    }

    async fn wait_until_open_at_most(&self, what: &str, left: usize) {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let open = self.open().await;
            if open <= left {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}: {open} entries still open"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(work).await.unwrap()
}

/// `ORDERS` orders quoted by the service, each recorded by one of the desks (a quarter each,
/// at the same time): its create queued, its first shipment packed and its fulfillment queued.
async fn queue_orders(service: &RunningService, desks: &[SharedDb]) -> Vec<u64> {
    let quoting = client(service.addr.port(), KEY);
    let quoted = synthetic::quoted_demo_orders(&quoting, FIRST_ORDER, ORDERS).await;
    let numbers = quoted.iter().map(|q| q.order.number).collect();
    let desks = desks.to_vec();
    blocking(move || {
        std::thread::scope(|scope| {
            for (k, desk) in desks.iter().enumerate() {
                let share: Vec<_> = quoted.iter().skip(k).step_by(desks.len()).collect();
                scope.spawn(move || {
                    let mut db = desk.lock().unwrap();
                    for order in share {
                        synthetic::submit_and_fulfill(&mut db, order);
                    }
                });
            }
        })
    })
    .await;
    numbers
}

fn desk_name(k: usize) -> String {
    format!("Desk {}", k + 1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_desks_deliver_a_thousand_entries_once_each_with_one_killed_mid_delivery() {
    let Some(url) = blocking(pg_cluster::fresh_database).await else {
        return;
    };
    let started = Instant::now();
    let service_dir = tempfile::tempdir().unwrap();
    let service = server::start(serve_config(service_dir.path(), 0))
        .await
        .unwrap();
    let port = service.addr.port();
    let location = Location::parse(&url).unwrap();
    let desks: Vec<SharedDb> = blocking(move || {
        (0..DESKS)
            .map(|_| Arc::new(Mutex::new(StationDb::connect(&location).unwrap())))
            .collect()
    })
    .await;
    let record = Inspector::connect(&url).await;
    let numbers = queue_orders(&service, &desks).await;
    assert_eq!(record.open().await, 2 * ORDERS);
    let seeded = started.elapsed();

    // A short lease keeps the take-over quick; a send is cut off at 5/6 of it, so it must
    // still outlast a debug build's slowest answer by far.
    let config = WorkerConfig {
        lease: Duration::from_secs(5),
        idle: Duration::from_millis(100),
        ..fast()
    };
    let runtime = tokio::runtime::Handle::current();
    let spawn = |k: usize| {
        Outbox::spawn(
            &runtime,
            desks[k].clone(),
            client(port, KEY),
            config,
            desk_name(k),
        )
    };
    let mut workers: Vec<Outbox> = (0..DESKS).map(spawn).collect();

    // Desk 4 is killed (its task aborted, as a crash would) while it holds a lease: it may
    // have sent the entry or not. If it happened to be between two entries, it is started and
    // killed again.
    let killed = desk_name(DESKS - 1);
    record
        .wait_until_open_at_most("a quarter delivered", 3 * ORDERS / 2)
        .await;
    let mut left_leased = BTreeSet::new();
    for _ in 0..20 {
        if record.held_by(&killed).await.is_empty() {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        }
        workers[DESKS - 1].abort();
        // A database call it had running or queued finishes; then it does nothing more.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let db = desks[DESKS - 1].clone();
        blocking(move || drop(db.lock().unwrap())).await;
        left_leased = record.held_by(&killed).await;
        if !left_leased.is_empty() {
            break;
        }
        workers[DESKS - 1] = spawn(DESKS - 1);
    }
    assert!(
        !left_leased.is_empty(),
        "desk 4 was never killed while it held a lease"
    );

    record.wait_until_open_at_most("every delivery", 0).await;
    let delivered_in = started.elapsed() - seeded;
    for worker in &workers {
        worker.abort();
    }
    while !workers.iter().all(Outbox::is_finished) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    drop(workers);

    // The service holds each order once with one fulfillment.
    assert_once_each(&service, &numbers);
    let rows = record.rows().await;
    assert_eq!(rows.len(), 2 * ORDERS);
    assert!(rows.iter().all(|r| r.state == "delivered"), "{rows:?}");
    // Each entry was sent once, except those desk 4 held when it died: taken over by
    // another desk after the lease and sent once more at most.
    for row in &rows {
        if left_leased.contains(&row.id) {
            assert!(row.attempts <= 2, "{row:?}");
            assert_ne!(row.tried_by.as_deref(), Some(killed.as_str()), "{row:?}");
        } else {
            assert_eq!(row.attempts, 1, "sent once: {row:?}");
        }
    }
    // Every desk sent its share.
    for k in 0..DESKS {
        let name = desk_name(k);
        let sent = rows
            .iter()
            .filter(|r| r.tried_by.as_deref() == Some(name.as_str()))
            .count();
        assert!(sent > 0, "{name} sent nothing");
    }
    let taken_over: Vec<&Row> = rows
        .iter()
        .filter(|r| left_leased.contains(&r.id))
        .collect();
    eprintln!(
        "{} entries: seeded in {:.1} s, delivered by {DESKS} desks in {:.1} s; taken over \
         from {killed}: {taken_over:?}",
        rows.len(),
        seeded.as_secs_f64(),
        delivered_in.as_secs_f64()
    );
    // The synchronous clients close their connections on a blocking thread.
    blocking(move || drop((desks, record))).await;
}
