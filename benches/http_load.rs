//! Load generator: `packdesk serve`'s landed-cost endpoint beside a bare axum endpoint that parses
//! and echoes the same JSON, in the same run, on the same machine (BENCHMARKS.md).
//!
//! `cargo bench --bench http_load` — settings from the environment: `LOAD_SECONDS` (per phase,
//! default 5), `LOAD_CONCURRENCY` (closed loop, default 32), `LOAD_RATE` (open loop req/s,
//! default 1000), `LOAD_THREADS=1` (print the CPU each thread used per request). Each server
//! gets a runtime with one worker thread, and so does the load; server CPU counts every thread
//! but the load's, so the service's writer and checkpoint threads count too.
//! `PACKDESK_BENCH_SMOKE=1` checks the targets with a generous margin (CI: `LOAD_SECONDS=1`).
//! The service's store: `LOAD_DATABASE=sqlite` (default, a file in a temporary directory),
//! `postgres` (a fresh database of a throwaway cluster, `tests/support/pg_cluster.rs`) or a
//! `postgres://` URL; `LOAD_INSTANCES=2` starts a second instance on the same database (each on
//! its own one-worker runtime) and the load alternates between them.
//!
//! Three targets, each measured the same way: the bare echo, the minimal conforming endpoint
//! (`http_load/minimal.rs`: parse, store by group commit in the same engine, answer the same
//! bytes) and the service. Each is measured closed loop, then open loop at `LOAD_RATE`, then
//! one connection sending one request after another (p50/p99). `LOAD_STORED=N` first stores N
//! quotes through the service (and N bodies in the minimal endpoint's table), so the figures
//! are those of a store that has been taking quotes for a while; the bytes each quote added to
//! the store are printed. `LOAD_LATENCIES=DIR` writes every fixed-rate request of each target
//! to `DIR/<first word of its name>.tsv`: the Unix time it was due and its latency in ms, to
//! line a tail up with other clocks (PostgreSQL's log, `perf record -k CLOCK_REALTIME`).
//! `LOAD_CANARY=N` runs a canary thread (`http_load/canary.rs`) through the whole run, alone
//! for its first N seconds, and prints after each fixed-rate phase how often the machine itself
//! ran slow meanwhile.
//!
//! The machine's speed drifts between phases half a minute apart, so the ratio to the minimal
//! endpoint is taken from `LOAD_PAIRS` (default 3) more closed loops of the two, back to back in
//! alternating order (minimal, service; service, minimal; …): each pair gives a ratio, and the
//! target is checked on their median.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

#[path = "../tests/support/pg_cluster.rs"]
mod pg_cluster;

#[path = "http_load/minimal.rs"]
mod minimal;

#[path = "http_load/canary.rs"]
mod canary;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::routing::post;
use packdesk::api::TaxCalculationRequest;
use packdesk::demo;
use packdesk::service::server::{self, ServeConfig, parse_database};
use tokio::runtime::{Builder, Runtime};

#[derive(Clone)]
struct Target {
    name: String,
    /// Each request goes to the next of these (several instances of one service).
    urls: Arc<Vec<String>>,
    next: Arc<AtomicUsize>,
    api_key: String,
}

impl Target {
    fn new(name: String, urls: Vec<String>, api_key: String) -> Self {
        Self {
            name,
            urls: Arc::new(urls),
            next: Arc::default(),
            api_key,
        }
    }

    fn url(&self) -> &str {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        self.urls
            .get(n % self.urls.len().max(1))
            .map_or("", String::as_str)
    }

    /// The first word of its name (`bare`, `minimal`, `packdesk`), for file names.
    fn slug(&self) -> &str {
        self.name.split(' ').next().unwrap_or("target")
    }
}

/// `LOAD_DATABASE` as a `--database` value; `None` is the default SQLite file.
fn database() -> Option<String> {
    match std::env::var("LOAD_DATABASE").ok()?.as_str() {
        "" | "sqlite" => None,
        "postgres" => Some(
            pg_cluster::fresh_database()
                .unwrap_or_else(|| panic!("LOAD_DATABASE=postgres needs PostgreSQL installed")),
        ),
        url => Some(url.to_owned()),
    }
}

/// Now, in seconds since the Unix epoch: the clock the latency files and the canary share.
fn unix_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A runtime with one worker thread named `name` (its blocking pool threads share the name, so
/// the CPU each side uses can be read per name).
fn one_worker(name: &str) -> Runtime {
    let Ok(rt) = Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name(name)
        .enable_all()
        .build()
    else {
        panic!("cannot build a runtime")
    };
    rt
}

async fn echo(Json(req): Json<TaxCalculationRequest>) -> Json<TaxCalculationRequest> {
    Json(req)
}

fn main() {
    let seconds = Duration::from_secs(env_or("LOAD_SECONDS", 5));
    let concurrency = env_or("LOAD_CONCURRENCY", 32) as usize;
    let rate = env_or("LOAD_RATE", 1000);
    let stored = env_or("LOAD_STORED", 0);
    let pairs = env_or("LOAD_PAIRS", 3).max(1);
    let canary = std::env::var("LOAD_CANARY").ok().map(|alone| {
        let canary = canary::Canary::start();
        let alone = alone.parse().unwrap_or(0);
        if alone > 0 {
            let from = unix_now();
            std::thread::sleep(Duration::from_secs(alone));
            eprintln!(
                "the machine alone for {alone} s: {}",
                canary.report(from, unix_now())
            );
        }
        canary
    });

    let database = database();
    let instances = env_or("LOAD_INSTANCES", 1).max(1);
    let data = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let mut runtimes = Vec::new();
    let mut urls = Vec::new();
    for n in 0..instances {
        // "svc", "svc2", ...: every server thread counts as server CPU.
        let rt = one_worker(&if n == 0 {
            "svc".into()
        } else {
            format!("svc{}", n + 1)
        });
        let mut config = ServeConfig::local(data.path().to_path_buf());
        config.database = database
            .as_deref()
            .map(|url| parse_database(url).unwrap_or_else(|e| panic!("LOAD_DATABASE: {e}")));
        config.api_key = Some("load-test-key".into());
        let running = rt
            .block_on(server::start(config))
            .unwrap_or_else(|e| panic!("service: {e}"));
        urls.push(format!("{}/v1/landed-cost", running.base_url));
        runtimes.push((rt, running));
    }
    let engine = if database.is_some() {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let service = Target::new(
        format!("packdesk serve POST /v1/landed-cost ({instances} on {engine})"),
        urls,
        "load-test-key".into(),
    );

    let body = Arc::new(serde_json::to_vec(&demo::typical_cart()).unwrap_or_default());
    let load_rt = one_worker("load");
    let store_size = || match &database {
        None => std::fs::metadata(data.path().join(server::DATABASE_FILE)).map_or(0, |m| m.len()),
        Some(url) => postgres_size(url),
    };
    if stored > 0 {
        let before = store_size();
        let started = Instant::now();
        load_rt.block_on(prefill(&service, &body, stored));
        println!(
            "stored {stored} quotes through the service in {:.0} s; the store grew by {:.0} bytes per quote",
            started.elapsed().as_secs_f64(),
            store_size().saturating_sub(before) as f64 / stored as f64
        );
    }

    let bare_rt = one_worker("bare");
    let bare_addr = serve(&bare_rt, axum::Router::new().route("/echo", post(echo)));
    let bare = Target::new(
        "bare axum parse + echo".into(),
        vec![format!("http://{bare_addr}/echo")],
        String::new(),
    );

    let min_rt = one_worker("min");
    let answer = load_rt.block_on(answer_of(&service, &body));
    let minimal_file = data.path().join("minimal.sqlite3");
    let minimal_db = match &database {
        None => minimal::Database::Sqlite(&minimal_file),
        Some(url) => minimal::Database::Postgres(url),
    };
    let min_addr = serve(
        &min_rt,
        minimal::router(minimal_db, answer.clone(), &body, stored),
    );
    let minimal = Target::new(
        format!("minimal conforming endpoint ({engine})"),
        vec![format!("http://{min_addr}/v1/landed-cost")],
        String::new(),
    );

    println!(
        "typical cart (1 shipment, 3 rates, 5 items), {} bytes, answered with {} bytes; {}s per phase",
        body.len(),
        answer.len(),
        seconds.as_secs()
    );
    println!();
    println!(
        "| target | closed loop ({concurrency} conns) req/s | server CPU µs/req | load CPU µs/req | open loop {rate} req/s: achieved | p50 ms | p99 ms | one connection: req/s | p50 ms | p99 ms | errors |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let mut throughputs = Vec::new();
    let mut p99s = Vec::new();
    for target in [&bare, &minimal, &service] {
        let before = support::cpu_by_thread();
        let closed = load_rt.block_on(closed_loop(target, &body, concurrency, seconds));
        let after = support::cpu_by_thread();
        let requests = (closed.0 * seconds.as_secs_f64()).max(1.0);
        // µs of CPU per request, by thread name; this thread takes the binary's name.
        let per_request: Vec<(&str, f64)> = after
            .iter()
            .filter(|(name, _)| !name.starts_with("http_load"))
            .map(|(name, t)| {
                let used = t.saturating_sub(before.get(name).copied().unwrap_or_default());
                (name.as_str(), used.as_secs_f64() * 1e6 / requests)
            })
            .collect();
        if std::env::var_os("LOAD_THREADS").is_some() {
            for (name, micros) in &per_request {
                eprintln!("  {name}: {micros:.1} µs/req");
            }
        }
        // Server threads are all but the load's: a server's helper threads (the calculation
        // writer, checkpoints) count too.
        let cpu = |load: bool| -> f64 {
            per_request
                .iter()
                .filter(|(name, _)| name.starts_with("load") == load)
                .map(|(_, micros)| micros)
                .sum()
        };
        let (server_cpu, load_cpu) = (cpu(false), cpu(true));
        let from = unix_now();
        let open = open_loop(&load_rt, target, &body, rate, seconds);
        if let Some(canary) = &canary {
            let report = canary.report(from, unix_now());
            eprintln!("  {} at {rate} req/s: {report}", target.name);
        }
        let one = load_rt.block_on(one_connection(target, &body, seconds));
        println!(
            "| {} | {:.0} | {:.1} | {:.1} | {:.0} | {:.2} | {:.2} | {:.0} | {:.2} | {:.2} | {} |",
            target.name,
            closed.0,
            server_cpu,
            load_cpu,
            open.achieved,
            open.p50_ms,
            open.p99_ms,
            one.achieved,
            one.p50_ms,
            one.p99_ms,
            closed.1 + open.errors + one.errors
        );
        throughputs.push(closed.0);
        p99s.push((open.p99_ms, one.p99_ms));
    }
    let mut budget = support::Budget::default();
    if let [bare_rps, minimal_rps, service_rps] = throughputs[..] {
        println!();
        println!(
            "service / bare echo: {:.1} %",
            100.0 * service_rps / bare_rps.max(1.0)
        );
        println!(
            "service / minimal endpoint, the phases above: {:.1} %",
            100.0 * service_rps / minimal_rps.max(1.0)
        );
    }
    let ratios = paired_ratios(
        &load_rt,
        [&minimal, &service],
        &body,
        concurrency,
        seconds,
        pairs,
    );
    let ratio = median(&ratios);
    println!(
        "service / minimal endpoint, {pairs} pairs back to back: {}; median {ratio:.1} %",
        ratios
            .iter()
            .map(|r| format!("{r:.1} %"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    // The smoke floor: a 3x drop from the 57–72 % this machine gives today on SQLite
    // (BENCHMARKS.md).
    budget.at_least_with_floor(
        "service / minimal endpoint throughput (median of pairs)",
        ratio,
        70.0,
        20.0,
        "%",
    );
    if let [(bare_p99, _), (minimal_p99, _), _] = p99s[..] {
        // The machine's own tail: the references' p99 at the same rate, in the same run.
        println!(
            "p99 at the fixed rate of the references, same run: bare echo {bare_p99:.2} ms, minimal endpoint {minimal_p99:.2} ms"
        );
    }
    if let Some(&(open_p99, one_p99)) = p99s.last() {
        budget.at_most("service p99 at the fixed rate", open_p99, 5.0, "ms");
        budget.at_most("service p99, one connection", one_p99, 5.0, "ms");
    }
    budget.finish();
}

/// `service`'s closed-loop throughput over `minimal`'s, in percent, for each of `pairs` pairs
/// of closed loops run back to back; every other pair runs the service first, so neither
/// always has the machine as the other left it.
fn paired_ratios(
    load_rt: &Runtime,
    [minimal, service]: [&Target; 2],
    body: &Arc<Vec<u8>>,
    concurrency: usize,
    seconds: Duration,
    pairs: u64,
) -> Vec<f64> {
    let throughput = |target: &Target| {
        load_rt
            .block_on(closed_loop(target, body, concurrency, seconds))
            .0
    };
    (0..pairs)
        .map(|pair| {
            let (minimal_rps, service_rps) = if pair % 2 == 0 {
                let minimal_rps = throughput(minimal);
                (minimal_rps, throughput(service))
            } else {
                let service_rps = throughput(service);
                (throughput(minimal), service_rps)
            };
            100.0 * service_rps / minimal_rps.max(1.0)
        })
        .collect()
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// Serves `app` on `rt` at a free loopback port.
fn serve(rt: &Runtime, app: axum::Router) -> SocketAddr {
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .unwrap_or_else(|e| panic!("bind: {e}"));
        let addr = listener
            .local_addr()
            .unwrap_or_else(|e| panic!("addr: {e}"));
        tokio::spawn(async move { axum::serve(listener, app).await });
        addr
    })
}

/// The size of the PostgreSQL database at `url`, tables and indexes (the minimal endpoint's
/// table is made after this is read).
fn postgres_size(url: &str) -> u64 {
    let mut client = postgres::Client::connect(url, postgres::NoTls)
        .unwrap_or_else(|e| panic!("PostgreSQL: {e}"));
    let row = client
        .query_one("SELECT pg_database_size(current_database())", &[])
        .unwrap_or_else(|e| panic!("database size: {e}"));
    u64::try_from(row.get::<_, i64>(0)).unwrap_or_default()
}

/// Sends `total` quotes with 64 in flight (each is stored by the service).
async fn prefill(target: &Target, body: &Arc<Vec<u8>>, total: u64) {
    let client = client();
    let taken = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..64 {
        let (client, body, target, taken) =
            (client.clone(), body.clone(), target.clone(), taken.clone());
        tasks.push(tokio::spawn(async move {
            loop {
                let n = taken.fetch_add(1, Ordering::Relaxed) as u64;
                if n >= total {
                    break;
                }
                if n > 0 && n.is_multiple_of(100_000) {
                    eprintln!("  {n} quotes sent");
                }
                assert!(
                    send(&client, &target, &body).await,
                    "a prefill quote failed"
                );
            }
        }));
    }
    for task in tasks {
        task.await.unwrap_or_else(|e| panic!("prefill: {e}"));
    }
}

/// The service's answer to `body`, for the minimal endpoint to answer with.
async fn answer_of(target: &Target, body: &Arc<Vec<u8>>) -> bytes::Bytes {
    quote_request(&client(), target, body)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .unwrap_or_else(|e| panic!("the service's answer: {e}"))
        .bytes()
        .await
        .unwrap_or_else(|e| panic!("the service's answer: {e}"))
}

fn client() -> reqwest::Client {
    packdesk::api::tls::install();
    reqwest::Client::builder()
        .pool_max_idle_per_host(1024)
        .build()
        .unwrap_or_else(|e| panic!("client: {e}"))
}

/// `body` posted to the target's next URL as the merchant's system would.
fn quote_request(
    client: &reqwest::Client,
    target: &Target,
    body: &Arc<Vec<u8>>,
) -> reqwest::RequestBuilder {
    client
        .post(target.url())
        .header("content-type", "application/json")
        .header("x-service-direct-api-key", &target.api_key)
        .body(body.as_ref().clone())
}

async fn send(client: &reqwest::Client, target: &Target, body: &Arc<Vec<u8>>) -> bool {
    let resp = quote_request(client, target, body).send().await;
    match resp {
        Ok(resp) if resp.status().is_success() => resp.bytes().await.is_ok(),
        Ok(resp) => {
            report_once(format!(
                "{}: {}",
                resp.status(),
                resp.text().await.unwrap_or_default()
            ));
            false
        }
        Err(err) => {
            report_once(err.to_string());
            false
        }
    }
}

/// Prints the first failure (the count alone does not say what went wrong).
fn report_once(what: String) {
    static REPORTED: std::sync::Once = std::sync::Once::new();
    REPORTED.call_once(|| eprintln!("first failed request: {what}"));
}

/// Requests per second with `concurrency` requests always in flight; and the error count.
async fn closed_loop(
    target: &Target,
    body: &Arc<Vec<u8>>,
    concurrency: usize,
    length: Duration,
) -> (f64, u64) {
    let client = client();
    let deadline = Instant::now() + length;
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..concurrency {
        let (client, body) = (client.clone(), body.clone());
        let target = target.clone();
        tasks.push(tokio::spawn(async move {
            let (mut ok, mut errors) = (0u64, 0u64);
            while Instant::now() < deadline {
                if send(&client, &target, &body).await {
                    ok += 1
                } else {
                    errors += 1
                }
            }
            (ok, errors)
        }));
    }
    let (mut ok, mut errors) = (0, 0);
    for task in tasks {
        let (o, e) = task.await.unwrap_or((0, 1));
        ok += o;
        errors += e;
    }
    (ok as f64 / started.elapsed().as_secs_f64(), errors)
}

/// One connection sending one request after another (a checkout calling on every cart
/// change): requests per second and each request's latency.
async fn one_connection(target: &Target, body: &Arc<Vec<u8>>, length: Duration) -> Latencies {
    let client = client();
    let started = Instant::now();
    let mut latencies = Vec::new();
    let mut errors = 0;
    while started.elapsed() < length {
        let sent = Instant::now();
        if send(&client, target, body).await {
            latencies.push(sent.elapsed());
        } else {
            errors += 1;
        }
    }
    let achieved = latencies.len() as f64 / started.elapsed().as_secs_f64();
    percentiles(latencies, achieved, errors)
}

/// Requests per second, latencies and failures of one phase.
struct Latencies {
    achieved: f64,
    p50_ms: f64,
    p99_ms: f64,
    errors: u64,
}

/// Sends at a fixed rate whatever the answers do, and measures each latency from the moment the
/// request was due (so a stall counts against every request it delays). The pacing runs on this
/// thread with `thread::sleep` (tens of µs late on Linux) rather than on a tokio timer, whose
/// millisecond granularity would add up to 1 ms to every latency.
fn open_loop(
    load_rt: &Runtime,
    target: &Target,
    body: &Arc<Vec<u8>>,
    rate: u64,
    length: Duration,
) -> Latencies {
    let client = load_rt.block_on(async { client() });
    let interval = Duration::from_secs_f64(1.0 / rate.max(1) as f64);
    let total = (length.as_secs_f64() * rate as f64) as u64;
    let start = Instant::now() + Duration::from_millis(50);
    let start_unix = unix_now() + 0.05;
    let mut tasks = Vec::with_capacity(total as usize);
    for i in 0..total {
        let due = start + interval.mul_f64(i as f64);
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        let (client, body) = (client.clone(), body.clone());
        let target = target.clone();
        tasks.push(load_rt.spawn(async move {
            let ok = send(&client, &target, &body).await;
            (ok, due.elapsed())
        }));
    }
    let record = std::env::var_os("LOAD_LATENCIES");
    let mut latencies = Vec::with_capacity(tasks.len());
    let mut timeline = String::new();
    let mut errors = 0;
    for (i, task) in tasks.into_iter().enumerate() {
        match load_rt.block_on(task) {
            Ok((true, latency)) => {
                if record.is_some() {
                    let due = start_unix + interval.as_secs_f64() * i as f64;
                    let millis = latency.as_secs_f64() * 1000.0;
                    timeline.push_str(&format!("{due:.6}\t{millis:.3}\n"));
                }
                latencies.push(latency);
            }
            _ => errors += 1,
        }
    }
    if let Some(dir) = record {
        let path = Path::new(&dir).join(format!("{}.tsv", target.slug()));
        std::fs::write(&path, timeline)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
    let achieved = latencies.len() as f64 / start.elapsed().as_secs_f64();
    percentiles(latencies, achieved, errors)
}

fn percentiles(mut latencies: Vec<Duration>, achieved: f64, errors: u64) -> Latencies {
    latencies.sort();
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    };
    Latencies {
        achieved,
        p50_ms: pct(0.50),
        p99_ms: pct(0.99),
        errors,
    }
}
