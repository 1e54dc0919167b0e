//! The warehouse server (issue 43, BENCHMARKS.md): what a desk waits for through the server,
//! side by side with the direct connection it replaces, in one run.
//! `cargo bench --bench warehouse_server`; `PACKDESK_BENCH_SMOKE=1` for CI's short check.
//!
//! On a SQLite file and on PostgreSQL (a throwaway cluster on loopback), each with the server
//! started in this process over HTTPS (its self-signed certificate, desks trusting its
//! fingerprint) and N desks, each enrolled with its own token and a packer signed in:
//!
//! - **sign-in**: one person's PIN checked (argon2id with the pepper), sequentially;
//! - **claim**: 1, 8 and 32 desks at once, each claiming fresh shipments one after another, the
//!   time of each claim as its desk sees it; the same through `StationDb::claim` on a connection
//!   per desk (today's direct path); on PostgreSQL also with the desks split over two instances;
//! - **change seen**: desk A claims a fresh shipment every 20 ms; desk B, listening on the live
//!   stream (`GET /v1/warehouse/changes`, on the other instance where there are two), sees it:
//!   from A's answer to B's event.
//!
//! Desks, the server(s), PostgreSQL and this process share the machine's two cores, so 32 desks
//! measure queueing on this machine, not what separate machines would see.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

#[path = "../tests/support/pg_cluster.rs"]
mod pg_cluster;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use packdesk::station::db::{CLAIM_LEASE, Claimant, Location, StationDb};
use packdesk::station::model::Role;
use packdesk::warehouse::client::{Trust, http_client};
use packdesk::warehouse::{RunningWarehouse, WarehouseConfig, admin};
use support::{Budget, synthetic};

const CLAIM_P99_TARGET_MS: f64 = 20.0;
const SEEN_P99_TARGET_MS: f64 = 250.0;
const SIGN_IN_TARGET_MS: f64 = 1_000.0;
const PIN: &str = "1357";

fn claims_per_desk() -> usize {
    if support::smoke() { 10 } else { 60 }
}

fn desk_counts() -> &'static [usize] {
    if support::smoke() {
        &[1, 8]
    } else {
        &[1, 8, 32]
    }
}

/// A desk: its client, base URL, desk token and session.
#[derive(Clone)]
struct Desk {
    http: reqwest::Client,
    base: String,
    desk_token: String,
    session: String,
}

struct Site {
    name: &'static str,
    _dir: tempfile::TempDir,
    data_dir: std::path::PathBuf,
    location: Location,
    /// Fresh orders to claim, handed out in order.
    next_order: Arc<AtomicU64>,
    /// Each enrolled desk gets a name of its own.
    next_desk: AtomicU64,
    servers: Vec<RunningWarehouse>,
}

impl Site {
    fn new(name: &'static str, location: Option<Location>, desks: usize, orders: usize) -> Site {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().join("server");
        let location =
            location.unwrap_or_else(|| Location::Sqlite(dir.path().join("warehouse.sqlite3")));
        let mut db = StationDb::connect(&location).unwrap();
        let first = synthetic::seed(&mut db, orders);
        // The server opens no session before a supervisor exists.
        admin::add_person(&location, &data_dir, "Sam", Role::Supervisor, None, PIN).unwrap();
        for n in 0..desks.max(2) {
            admin::add_person(
                &location,
                &data_dir,
                &format!("Packer {n}"),
                Role::Packer,
                None,
                PIN,
            )
            .unwrap();
        }
        Site {
            name,
            _dir: dir,
            data_dir,
            location,
            next_order: Arc::new(AtomicU64::new(first)),
            next_desk: AtomicU64::new(0),
            servers: Vec::new(),
        }
    }

    async fn serve(&mut self) {
        let mut config = WarehouseConfig::local(self.data_dir.clone());
        config.database = Some(self.location.clone());
        config.connections = 16;
        self.servers
            .push(packdesk::warehouse::start(config).await.unwrap());
    }

    /// Desk `n` enrolled and signed in at server `instance`.
    async fn desk(&self, n: usize, instance: usize) -> Desk {
        let server = &self.servers[instance];
        let name = format!("Desk {}", self.next_desk.fetch_add(1, Ordering::SeqCst));
        // The synchronous PostgreSQL client must not run on an async worker as it is.
        let code = tokio::task::block_in_place(|| {
            admin::add_desk(&self.location, &name, Duration::from_secs(600))
        })
        .unwrap();
        let http = http_client(&Trust::Fingerprint(server.fingerprint.clone().unwrap())).unwrap();
        let base = server.base_url.clone();
        let enrolled: serde_json::Value = http
            .post(format!("{base}/v1/warehouse/desks"))
            .json(&serde_json::json!({ "enrollment_code": code }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = enrolled["desk_token"].as_str().unwrap().to_string();
        let session: serde_json::Value = http
            .post(format!("{base}/v1/warehouse/sessions"))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "person": format!("Packer {n}"), "pin": PIN }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        Desk {
            http,
            base,
            desk_token: token,
            session: session["session_token"].as_str().unwrap().to_string(),
        }
    }

    fn fresh_order(&self) -> u64 {
        self.next_order.fetch_add(1, Ordering::SeqCst)
    }
}

async fn claim(desk: &Desk, order: u64) -> Duration {
    let started = Instant::now();
    let answer = desk
        .http
        .post(format!(
            "{}/v1/warehouse/orders/{order}/shipments/S1/claim",
            desk.base
        ))
        .bearer_auth(&desk.session)
        .send()
        .await
        .unwrap();
    assert_eq!(
        answer.status(),
        200,
        "{}",
        answer.text().await.unwrap_or_default()
    );
    started.elapsed()
}

/// Every desk claims `claims_per_desk()` fresh shipments at once; each claim's time.
async fn claims_through(site: &Site, desks: &[Desk]) -> Vec<Duration> {
    let mut tasks = Vec::new();
    for desk in desks {
        let desk = desk.clone();
        let orders: Vec<u64> = (0..claims_per_desk()).map(|_| site.fresh_order()).collect();
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::new();
            for order in orders {
                times.push(claim(&desk, order).await);
            }
            times
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    all
}

/// The same claims through `StationDb` directly, a connection and a thread per desk.
fn claims_direct(site: &Site, desks: usize) -> Vec<Duration> {
    let threads: Vec<_> = (0..desks)
        .map(|n| {
            let location = site.location.clone();
            let orders: Vec<u64> = (0..claims_per_desk()).map(|_| site.fresh_order()).collect();
            std::thread::spawn(move || {
                let mut db = StationDb::connect(&location).unwrap();
                let by = Claimant {
                    desk_id: format!("direct-{n}"),
                    desk_name: format!("Direct {n}"),
                    person: None,
                };
                orders
                    .into_iter()
                    .map(|order| {
                        let started = Instant::now();
                        db.claim(order, "S1", &by, CLAIM_LEASE).unwrap();
                        started.elapsed()
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect()
}

/// From A's claim answered to B's stream event naming the order, `n` times.
async fn change_seen(site: &Site, a: &Desk, b: &Desk, n: usize) -> Vec<Duration> {
    let mut stream = b
        .http
        .get(format!("{}/v1/warehouse/changes", b.base))
        .bearer_auth(&b.session)
        .timeout(Duration::from_secs(600))
        .send()
        .await
        .unwrap();
    let mut buffer = String::new();
    let mut times = Vec::new();
    for _ in 0..n {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let order = site.fresh_order();
        claim(a, order).await;
        let answered = Instant::now();
        let wanted = format!("\"{order}\"");
        while !buffer.contains(&wanted) {
            let chunk = tokio::time::timeout(Duration::from_secs(10), stream.chunk())
                .await
                .expect("the change reaches the stream")
                .unwrap()
                .unwrap();
            buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
        times.push(answered.elapsed());
        buffer.clear();
    }
    times
}

async fn sign_in_times(site: &Site, n: usize) -> Vec<Duration> {
    let desk = site.desk(1, 0).await;
    let token = desk.desk_token.clone();
    let mut times = Vec::new();
    for _ in 0..n {
        let started = Instant::now();
        let answer = desk
            .http
            .post(format!("{}/v1/warehouse/sessions", desk.base))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "person": "Packer 1", "pin": PIN }))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
        times.push(started.elapsed());
    }
    times
}

async fn run(mut site: Site, budget: &mut Budget, two_instances: bool) {
    let most = *desk_counts().last().unwrap();
    site.serve().await;
    if two_instances {
        site.serve().await;
    }
    let mut sign_in = sign_in_times(&site, if support::smoke() { 5 } else { 20 }).await;
    let (p50, p99) = support::p50_p99_ms(&mut sign_in);
    println!("{}: sign-in p50 {p50:.1} ms, p99 {p99:.1} ms", site.name);
    budget.at_most(
        &format!("{} sign-in p50", site.name),
        p50,
        SIGN_IN_TARGET_MS,
        "ms",
    );

    let mut desks = Vec::new();
    for n in 0..most {
        desks.push(site.desk(n, 0).await);
    }
    println!(
        "{}: claims, p50 / p99 ms (through the server | direct | ratio of p50s)",
        site.name
    );
    for &count in desk_counts() {
        let mut through = claims_through(&site, &desks[..count]).await;
        let direct_site = &site;
        let mut direct = tokio::task::block_in_place(|| claims_direct(direct_site, count));
        let (t50, t99) = support::p50_p99_ms(&mut through);
        let (d50, d99) = support::p50_p99_ms(&mut direct);
        println!(
            "  {count:>2} desks: {t50:.2} / {t99:.2} | {d50:.2} / {d99:.2} | {:.1}x",
            t50 / d50
        );
        if count == 1 {
            budget.at_most(
                &format!("{} claim p99, one desk", site.name),
                t99,
                CLAIM_P99_TARGET_MS,
                "ms",
            );
        }
    }
    let a = desks[0].clone();
    let b = if two_instances {
        let mut split = Vec::new();
        for n in 0..most {
            split.push(site.desk(n, n % 2).await);
        }
        for &count in desk_counts().iter().skip(1) {
            let mut through = claims_through(&site, &split[..count]).await;
            let (t50, t99) = support::p50_p99_ms(&mut through);
            println!("  {count:>2} desks over two instances: {t50:.2} / {t99:.2}");
        }
        site.desk(1, 1).await
    } else {
        desks[1].clone()
    };
    let mut seen = change_seen(&site, &a, &b, if support::smoke() { 10 } else { 100 }).await;
    let (p50, p99) = support::p50_p99_ms(&mut seen);
    let where_ = if two_instances {
        "on the other instance"
    } else {
        "on the same server"
    };
    println!(
        "{}: change seen {where_}: p50 {p50:.1} ms, p99 {p99:.1} ms",
        site.name
    );
    budget.at_most(
        &format!("{} change seen p99", site.name),
        p99,
        SEEN_P99_TARGET_MS,
        "ms",
    );
    for server in site.servers.drain(..) {
        server.shutdown().await.unwrap();
    }
}

fn main() {
    packdesk::api::tls::install();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut budget = Budget::default();
    let most = *desk_counts().last().unwrap();
    let orders = (most * claims_per_desk()) * 8 + 400;
    runtime.block_on(run(
        Site::new("sqlite", None, most, orders),
        &mut budget,
        false,
    ));
    match pg_cluster::fresh_database() {
        Some(url) => {
            let location = Location::parse(&url).unwrap();
            let site = Site::new("postgres", Some(location), most, orders);
            runtime.block_on(run(site, &mut budget, true));
        }
        None => println!("postgres: skipped (no PostgreSQL here)"),
    }
    budget.finish();
}
