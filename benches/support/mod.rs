//! Shared by the benches (`#[path = "support/mod.rs"] mod support;`): the smoke mode CI runs,
//! the 100 000-order station database, and memory readings.
//!
//! Smoke mode (`PACKDESK_BENCH_SMOKE=1`): each bench skips criterion, times its workload a few
//! times and fails (exit 1) when the median is over its target times `PACKDESK_SMOKE_FACTOR`
//! (default 10): shared CI machines are noisy, so this catches a large regression only.
#![allow(dead_code)] // Each bench uses part of this.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use packdesk::station::db::StationDb;

#[path = "../../tests/support/synthetic.rs"]
pub mod synthetic;

/// Orders in the large station (the warehouse scale).
pub const LARGE_STATION_ORDERS: usize = 100_000;

pub fn smoke() -> bool {
    std::env::var_os("PACKDESK_BENCH_SMOKE").is_some_and(|v| v != "0")
}

fn smoke_factor() -> f64 {
    std::env::var("PACKDESK_SMOKE_FACTOR")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10.0)
}

/// The median wall time of `runs` calls (after one warm-up call).
pub fn median_time(runs: usize, mut work: impl FnMut()) -> Duration {
    work();
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .collect();
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Figures against their targets. `finish` exits 1 in smoke mode when one is over its limit.
#[derive(Default)]
pub struct Budget {
    over: Vec<String>,
}

impl Budget {
    /// A figure where lower is better, in `unit`, against `target` in the same unit.
    pub fn at_most(&mut self, what: &str, value: f64, target: f64, unit: &str) {
        let limit = target * smoke_factor();
        let verdict = if value <= target { "within" } else { "OVER" };
        println!("{what}: {value:.3} {unit} ({verdict} target {target} {unit})");
        if value > limit || value.is_nan() {
            self.over.push(format!(
                "{what}: {value:.3} {unit} > smoke limit {limit} {unit}"
            ));
        }
    }

    /// A figure where higher is better.
    pub fn at_least(&mut self, what: &str, value: f64, target: f64, unit: &str) {
        self.at_least_with_floor(what, value, target, target / smoke_factor(), unit);
    }

    /// A figure where higher is better that is already far from its target: the smoke check
    /// fails below `limit` (a regression from today's figure) instead of target / factor.
    pub fn at_least_with_floor(
        &mut self,
        what: &str,
        value: f64,
        target: f64,
        limit: f64,
        unit: &str,
    ) {
        let verdict = if value >= target { "within" } else { "UNDER" };
        println!("{what}: {value:.3} {unit} ({verdict} target {target} {unit})");
        if value < limit || value.is_nan() {
            self.over.push(format!(
                "{what}: {value:.3} {unit} < smoke limit {limit} {unit}"
            ));
        }
    }

    pub fn finish(self) {
        if smoke() && !self.over.is_empty() {
            for line in &self.over {
                eprintln!("smoke benchmark failed: {line}");
            }
            std::process::exit(1);
        }
    }
}

/// A station database with [`LARGE_STATION_ORDERS`] synthetic orders, seeded once and kept
/// under the target directory (seeding takes seconds; the benches only read it or copy it).
pub fn large_station() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!(
        "station-{LARGE_STATION_ORDERS}-v{}.sqlite3",
        env!("CARGO_PKG_VERSION")
    ));
    let complete = StationDb::open(&path)
        .and_then(|mut db| db.list_orders())
        .is_ok_and(|rows| rows.len() == LARGE_STATION_ORDERS);
    if !complete {
        let _ = std::fs::remove_file(&path);
        let started = Instant::now();
        let mut db = StationDb::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        synthetic::seed(&mut db, LARGE_STATION_ORDERS);
        eprintln!(
            "seeded {LARGE_STATION_ORDERS} orders into {} in {:.1} s",
            path.display(),
            started.elapsed().as_secs_f64()
        );
    }
    path
}

/// The data directory of the one-desk server that serves [`large_station`] (its PIN pepper,
/// whose check the record keeps from its first serving): every bench that serves the record, or
/// a copy of it, uses this pepper.
pub fn large_station_server_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "station-{LARGE_STATION_ORDERS}-v{}-server",
        env!("CARGO_PKG_VERSION")
    ))
}

/// Resident memory now and at its peak (`VmRSS`, `VmHWM` of /proc/self/status), in MiB.
/// `None` where there is no /proc (not Linux).
pub fn memory_mib() -> Option<(f64, f64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<f64>()
                    .ok()
            })
            .map(|kib| kib / 1024.0)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// Mean and 99th percentile of frame times, in milliseconds.
pub fn mean_p99_ms(times: &[Duration]) -> (f64, f64) {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len().max(1) as f64;
    let index = ((ms.len() as f64 * 0.99).ceil() as usize).saturating_sub(1);
    (mean, ms.get(index).copied().unwrap_or(f64::NAN))
}

/// Nearest-rank p50 and p99, in milliseconds.
pub fn p50_p99_ms(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let rank = |p: f64| {
        let index = ((times.len() as f64 * p).ceil() as usize).saturating_sub(1);
        times.get(index).map_or(f64::NAN, |t| t.as_secs_f64() * 1e3)
    };
    (rank(0.50), rank(0.99))
}

/// CPU time used so far by this process's threads, summed by thread name (Linux
/// `/proc/self/task/*/schedstat`, nanosecond resolution); empty where there is no /proc.
pub fn cpu_by_thread() -> std::collections::BTreeMap<String, Duration> {
    let mut totals = std::collections::BTreeMap::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return totals;
    };
    for task in tasks.flatten() {
        let path = task.path();
        let name = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
        let ran_ns = std::fs::read_to_string(path.join("schedstat"))
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
            .unwrap_or(0);
        *totals.entry(name.trim().to_string()).or_default() += Duration::from_nanos(ran_ns);
    }
    totals
}
