//! Many stations at once (issue 14, BENCHMARKS.md): how long a desk waits for a claim, and how
//! soon a change made at one desk shows at another. `cargo bench --bench warehouse`
//!
//! **Claims**, on PostgreSQL (a throwaway cluster on loopback, `tests/support/pg_cluster.rs`) and
//! on a SQLite file side by side, through `StationDb`'s own calls: desk 1 claims a shipment no
//! one holds, renews it, desk 2 is refused it, takes it over (the supervisor's PIN) and releases
//! it; each call timed, one cycle per order, `PACKDESK_BENCH_WAREHOUSE_SAMPLES` cycles (1 000; 100
//! in smoke mode), p50 / p99 and the PostgreSQL / SQLite ratios. Then 4 desks, each with its own
//! connection on its own thread, claim different shipments at the same time (the same number of
//! claims in all).
//!
//! **Changes**, on PostgreSQL: desk A claims a new shipment every 5–15 ms (a claim writes an
//! event, so desk B hears of it); desk B watches as the app does (`src/ui/warehouse/changes.rs`):
//! waiting on its `LISTEN` connection (1 s at a time) and reading the changed orders, or, as when
//! that connection is down, reading them every 500 ms. The latency is from A's `claim` returning
//! (committed) to B's `changes_since` returning with the order in it.
//!
//! The records are seeded through the station's import path (`tests/support/synthetic.rs`),
//! untimed, and PostgreSQL's statistics gathered (`ANALYZE`) as autovacuum soon would. Without
//! PostgreSQL only the SQLite half runs (under `CI=true` that is a failure). Desks, PostgreSQL
//! and this process share the machine's cores, so the contention figures say whether desks wait
//! for each other's rows, not what separate machines would see.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

#[path = "../tests/support/pg_cluster.rs"]
mod pg_cluster;

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use packdesk::station::db::{
    CLAIM_LEASE, ClaimOutcome, Claimant, Location, OrderNumber, StationDb,
};
use support::{Budget, synthetic};

/// Issue 14: a desk claiming a shipment must not notice the shared record.
const CLAIM_TARGET_MS: f64 = 20.0;
/// Issue 14: a change "appears at every other desk within 1 s".
const SEEN_TARGET_MS: f64 = 1_000.0;

/// Desks claiming at the same time.
const DESKS: usize = 4;
/// Cycles before the timed ones, on orders of their own (statements prepared, caches warm).
const WARM_UP: usize = 10;

/// The app's change watcher (`src/ui/warehouse/changes.rs`): polling period, listener wait and
/// the look it takes now and then even with a listener.
const POLL_EVERY: Duration = Duration::from_millis(500);
const LISTEN_WAIT: Duration = Duration::from_secs(1);
const SAFETY_POLL: Duration = Duration::from_secs(10);
/// How long desk B may take to see the last change before the bench gives up on it.
const GIVE_UP_AFTER: Duration = Duration::from_secs(15);

fn samples() -> usize {
    std::env::var("PACKDESK_BENCH_WAREHOUSE_SAMPLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if support::smoke() { 100 } else { 1_000 })
}

fn desk(n: usize) -> Claimant {
    Claimant {
        desk_id: format!("desk-{n}"),
        desk_name: format!("Station {n}"),
        person: Some(format!("Packer {n}")),
    }
}

/// Nearest-rank p50 and p99, in milliseconds.
#[derive(Clone, Copy)]
struct Spread {
    p50: f64,
    p99: f64,
}

impl Spread {
    fn of(times: &[Duration]) -> Self {
        let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let rank = |p: f64| {
            let index = ((ms.len() as f64 * p).ceil() as usize).saturating_sub(1);
            ms.get(index).copied().unwrap_or(f64::NAN)
        };
        Self {
            p50: rank(0.50),
            p99: rank(0.99),
        }
    }
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits = if self.p99 < 10.0 { 2 } else { 1 };
        write!(f, "{:.digits$} / {:.digits$} ms", self.p50, self.p99)
    }
}

/// Hands out the seeded orders' numbers, a range per measurement, so every claim is on a
/// shipment nobody has claimed before.
struct Orders {
    next: OrderNumber,
    end: OrderNumber,
}

impl Orders {
    fn seed(db: &mut StationDb, n: usize) -> Self {
        let first = synthetic::seed(db, n);
        Self {
            next: first,
            end: first + n as OrderNumber,
        }
    }

    fn take(&mut self, n: usize) -> Range<OrderNumber> {
        let range = self.next..self.next + n as OrderNumber;
        assert!(range.end <= self.end, "seed more orders");
        self.next = range.end;
        range
    }
}

/// Every synthetic order has a first shipment, `S1`.
const SHIPMENT: &str = "S1";

const OPERATIONS: [&str; 5] = [
    "fresh claim",
    "renewal",
    "refused (another desk's)",
    "take-over",
    "release",
];

/// The five calls' times, in `OPERATIONS` order.
type CycleTimes = [Vec<Duration>; 5];

/// One cycle per order: desk 1 claims and renews, desk 2 is refused, takes over, releases.
fn claim_cycles(
    one: &mut StationDb,
    two: &mut StationDb,
    orders: Range<OrderNumber>,
) -> CycleTimes {
    let (first, second) = (desk(1), desk(2));
    let mut times: CycleTimes = Default::default();
    let mut timed = |k: usize, started: Instant| times[k].push(started.elapsed());
    for order in orders {
        let started = Instant::now();
        let fresh = one.claim(order, SHIPMENT, &first, CLAIM_LEASE).unwrap();
        timed(0, started);
        assert!(matches!(fresh, ClaimOutcome::Ours(_)), "{fresh:?}");
        let started = Instant::now();
        let renewed = one.claim(order, SHIPMENT, &first, CLAIM_LEASE).unwrap();
        timed(1, started);
        assert!(matches!(renewed, ClaimOutcome::Ours(_)), "{renewed:?}");
        let started = Instant::now();
        let refused = two.claim(order, SHIPMENT, &second, CLAIM_LEASE).unwrap();
        timed(2, started);
        assert!(
            matches!(&refused, ClaimOutcome::Theirs(c) if c.by == first),
            "{refused:?}"
        );
        let started = Instant::now();
        let taken = two
            .take_over_claim(order, SHIPMENT, &second, "Supervisor", CLAIM_LEASE)
            .unwrap();
        timed(3, started);
        assert_eq!(taken.by, second);
        let started = Instant::now();
        let released = two.release_claim(order, SHIPMENT, &second.desk_id).unwrap();
        timed(4, started);
        assert!(released);
    }
    times
}

/// `claim_cycles` on a record, after a few untimed ones.
fn claims_on(location: &Location, orders: &mut Orders, n: usize) -> CycleTimes {
    let mut one = StationDb::connect(location).unwrap();
    let mut two = StationDb::connect(location).unwrap();
    claim_cycles(&mut one, &mut two, orders.take(WARM_UP));
    claim_cycles(&mut one, &mut two, orders.take(n))
}

/// `DESKS` desks, each on its own connection and thread, claiming their own new shipments at the
/// same time: every claim's time, and the claims per second of them all.
fn claims_at_once(location: &Location, orders: &mut Orders, n: usize) -> (Vec<Duration>, f64) {
    let per_desk = n.div_ceil(DESKS);
    let shares: Vec<(Range<OrderNumber>, Range<OrderNumber>)> = (0..DESKS)
        .map(|_| (orders.take(WARM_UP), orders.take(per_desk)))
        .collect();
    let start = Barrier::new(DESKS + 1);
    let (times, took) = std::thread::scope(|scope| {
        let desks: Vec<_> = shares
            .into_iter()
            .enumerate()
            .map(|(k, (warm_up, share))| {
                let start = &start;
                scope.spawn(move || {
                    let by = desk(10 + k);
                    let mut db = StationDb::connect(location).unwrap();
                    for order in warm_up {
                        db.claim(order, SHIPMENT, &by, CLAIM_LEASE).unwrap();
                    }
                    let mut times = Vec::with_capacity(per_desk);
                    start.wait();
                    for order in share {
                        let started = Instant::now();
                        let outcome = db.claim(order, SHIPMENT, &by, CLAIM_LEASE).unwrap();
                        times.push(started.elapsed());
                        assert!(matches!(outcome, ClaimOutcome::Ours(_)), "{outcome:?}");
                    }
                    times
                })
            })
            .collect();
        start.wait();
        let started = Instant::now();
        let times: Vec<Duration> = desks
            .into_iter()
            .flat_map(|desk| desk.join().unwrap())
            .collect();
        (times, started.elapsed())
    });
    let rate = times.len() as f64 / took.as_secs_f64();
    (times, rate)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Watch {
    /// Woken by PostgreSQL's `NOTIFY` (schema step 7's trigger on events).
    Listen,
    /// The app's fallback while the listener's connection is down: a look every 500 ms.
    Poll,
}

impl Watch {
    fn name(self) -> &'static str {
        match self {
            Watch::Listen => "LISTEN/NOTIFY",
            Watch::Poll => "polling every 500 ms",
        }
    }
}

/// Desk B's side, as the app's watcher: the instant it first read each changed order. Stops
/// once it has seen `expected` orders, or when told to give up.
fn watch(
    db: &mut StationDb,
    how: Watch,
    expected: usize,
    ready: &Barrier,
    give_up: &AtomicBool,
) -> HashMap<OrderNumber, Instant> {
    let mut cursor = db.change_cursor().unwrap();
    let mut listener = match how {
        Watch::Listen => Some(
            db.change_listener()
                .expect("a PostgreSQL record has a listener")
                .unwrap(),
        ),
        Watch::Poll => None,
    };
    ready.wait();
    let mut seen = HashMap::with_capacity(expected);
    let mut looked = Instant::now();
    while seen.len() < expected && !give_up.load(Ordering::Relaxed) {
        let look = match listener.as_mut() {
            Some(listener) => {
                listener.wait(LISTEN_WAIT).unwrap() || looked.elapsed() >= SAFETY_POLL
            }
            None => {
                std::thread::sleep(POLL_EVERY);
                true
            }
        };
        if !look {
            continue;
        }
        looked = Instant::now();
        let changed = db.changes_since(&mut cursor).unwrap();
        let at = Instant::now();
        for order in changed {
            seen.entry(order).or_insert(at);
        }
    }
    seen
}

/// A small xorshift: the gaps between desk A's writes, the same on every run.
struct Gaps(u64);

impl Gaps {
    /// 5–15 ms: uncorrelated with the 500 ms polling, and far apart enough that a notified
    /// desk has read one change before the next.
    fn next(&mut self) -> Duration {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        Duration::from_micros(5_000 + self.0 % 10_001)
    }
}

/// Change-to-other-desk latencies for `how`, and how many changes desk B never saw.
fn changes_seen(
    location: &Location,
    orders: &mut Orders,
    how: Watch,
    n: usize,
) -> (Vec<Duration>, usize) {
    let mut a = StationDb::connect(location).unwrap();
    let mut b = StationDb::connect(location).unwrap();
    let by = desk(1);
    // Desk A's statements prepared before anything is timed (desk B's are by its cursor).
    for order in orders.take(WARM_UP) {
        a.claim(order, SHIPMENT, &by, CLAIM_LEASE).unwrap();
    }
    let writes = orders.take(n);
    let ready = Barrier::new(2);
    let give_up = AtomicBool::new(false);
    let mut committed = HashMap::with_capacity(n);
    let seen = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| watch(&mut b, how, n, &ready, &give_up));
        ready.wait();
        let mut gaps = Gaps(0x9e37_79b9_7f4a_7c15);
        for order in writes.clone() {
            std::thread::sleep(gaps.next());
            let outcome = a.claim(order, SHIPMENT, &by, CLAIM_LEASE).unwrap();
            committed.insert(order, Instant::now());
            assert!(matches!(outcome, ClaimOutcome::Ours(_)), "{outcome:?}");
        }
        let last = Instant::now();
        while !watcher.is_finished() && last.elapsed() < GIVE_UP_AFTER {
            std::thread::sleep(Duration::from_millis(10));
        }
        give_up.store(true, Ordering::Relaxed);
        watcher.join().unwrap()
    });
    let mut latencies = Vec::with_capacity(n);
    let mut missed = 0;
    for order in writes {
        match seen.get(&order) {
            // Desk B may read the change before desk A's call has returned: that counts as 0.
            Some(at) => latencies.push(at.saturating_duration_since(committed[&order])),
            None => missed += 1,
        }
    }
    (latencies, missed)
}

/// The PostgreSQL half, when PostgreSQL is installed.
fn cluster() -> Option<pg_cluster::Cluster> {
    match pg_cluster::Cluster::start() {
        Ok(cluster) => Some(cluster),
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("PostgreSQL is required under CI=true: {why}")
        }
        Err(why) => {
            eprintln!("warehouse bench: PostgreSQL missing, only SQLite measured: {why}");
            None
        }
    }
}

fn main() {
    let n = samples();
    let mut budget = Budget::default();
    let cluster = cluster();

    // SQLite: a desk's own file, under the target directory (on disk, as a desk's would be).
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let sqlite = Location::Sqlite(dir.path().join("station.sqlite3"));
    let mut sqlite_orders = Orders::seed(&mut StationDb::connect(&sqlite).unwrap(), WARM_UP + n);
    let mut engines = vec![("sqlite", claims_on(&sqlite, &mut sqlite_orders, n))];
    let mut postgres = None;
    if let Some(cluster) = &cluster {
        let url = cluster.create_database("warehouse").unwrap();
        let location = Location::parse(&url).unwrap();
        // The claim cycles, the desks at once, and each way of watching, each after a warm-up.
        let seeded = 4 * WARM_UP + n + DESKS * (WARM_UP + n.div_ceil(DESKS)) + 2 * (WARM_UP + n);
        let mut orders = Orders::seed(&mut StationDb::connect(&location).unwrap(), seeded);
        // What autovacuum does within a minute of a bulk import: without statistics PostgreSQL
        // reads the changed orders by hashing every order (3 ms a look at 4 000 orders, growing
        // with the record; BENCHMARKS.md), with them it walks the new events' ids (0.3 ms).
        postgres::Client::connect(&url, postgres::NoTls)
            .and_then(|mut client| client.batch_execute("ANALYZE"))
            .unwrap();
        engines.push(("postgres", claims_on(&location, &mut orders, n)));
        postgres = Some((location, orders));
    }

    println!("claims, {n} of each, p50 / p99:");
    for (k, operation) in OPERATIONS.iter().enumerate() {
        let spreads: Vec<(&str, Spread)> = engines
            .iter()
            .map(|(name, times)| (*name, Spread::of(&times[k])))
            .collect();
        let shown: Vec<String> = spreads
            .iter()
            .map(|(name, spread)| format!("{name} {spread}"))
            .collect();
        let ratio = match spreads[..] {
            [(_, sqlite), (_, pg)] => format!(
                "; postgres/sqlite p50 {:.2}x, p99 {:.2}x",
                pg.p50 / sqlite.p50,
                pg.p99 / sqlite.p99
            ),
            _ => String::new(),
        };
        println!("  {operation}: {}{ratio}", shown.join(", "));
    }
    for (k, operation) in OPERATIONS.iter().enumerate() {
        for (name, times) in &engines {
            budget.at_most(
                &format!("{operation} on {name}, p99"),
                Spread::of(&times[k]).p99,
                CLAIM_TARGET_MS,
                "ms",
            );
        }
    }

    let Some((location, mut orders)) = postgres else {
        drop(dir);
        budget.finish();
        return;
    };
    let single = Spread::of(&engines[1].1[0]);
    let (times, rate) = claims_at_once(&location, &mut orders, n);
    let at_once = Spread::of(&times);
    println!(
        "{DESKS} desks claiming new shipments at once on postgres, {} claims: {at_once}, \
         {rate:.0} claims/s in all; vs one desk p50 {:.2}x, p99 {:.2}x",
        times.len(),
        at_once.p50 / single.p50,
        at_once.p99 / single.p99
    );
    budget.at_most(
        &format!("fresh claim, {DESKS} desks at once on postgres, p99"),
        at_once.p99,
        CLAIM_TARGET_MS,
        "ms",
    );

    let mut watched = Vec::new();
    for how in [Watch::Listen, Watch::Poll] {
        let (latencies, missed) = changes_seen(&location, &mut orders, how, n);
        let spread = Spread::of(&latencies);
        println!(
            "change at desk A seen at desk B, {}: {spread} over {} changes, {missed} not seen \
             within {} s",
            how.name(),
            latencies.len(),
            GIVE_UP_AFTER.as_secs()
        );
        // A change never seen is as late as it gets.
        let p99 = if missed > 0 {
            f64::INFINITY
        } else {
            spread.p99
        };
        budget.at_most(
            &format!("change seen at another desk, {}, p99", how.name()),
            p99,
            SEEN_TARGET_MS,
            "ms",
        );
        watched.push(spread);
    }
    if let [listen, poll] = watched[..] {
        println!(
            "ratios polling/LISTEN: p50 {:.1}x, p99 {:.1}x",
            poll.p50 / listen.p50,
            poll.p99 / listen.p99
        );
    }
    // Stopped and removed here: a smoke failure ends the process in `finish`, past every
    // destructor.
    drop(cluster);
    drop(dir);
    budget.finish();
}
