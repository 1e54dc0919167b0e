//! The station app, headless, in release (BENCHMARKS.md): time to the first frame with the
//! embedded service, frame times with 100 000 orders while scrolling and searching, and resident
//! memory. `cargo bench --bench app`
//!
//! The real app (`PackdeskApp`, its embedded service, its jobs) runs on a bare `egui::Context`
//! that this bench drives frame by frame with synthetic input. A frame is timed as the app's
//! `ui` plus egui's tessellation: the CPU work of a frame; the GPU upload and paint are not
//! included (`packdesk --measure-startup` measures the real window's first frame). Each scenario
//! runs in a child process of this binary so its memory figures are its own.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers, MouseWheelUnit, Pos2, Rect, TouchPhase, vec2};
use packdesk::ui::app::PackdeskApp;
use packdesk::ui::config::AppConfig;
use packdesk::ui::status::Startup;
use support::Budget;

const CHILD: &str = "PACKDESK_BENCH_CHILD";
/// The window's default size (`ui::window::run`).
const SCREEN: egui::Vec2 = vec2(1500.0, 940.0);
const GIVE_UP: Duration = Duration::from_secs(120);

/// The app on a bare egui context, fed input frame by frame.
struct Driver {
    ctx: egui::Context,
    app: PackdeskApp,
    clock: Instant,
}

impl Driver {
    fn new(config: AppConfig) -> Self {
        let ctx = egui::Context::default();
        let app = PackdeskApp::new_headless(&ctx, config).unwrap_or_else(|e| panic!("app: {e}"));
        Self {
            ctx,
            app,
            clock: Instant::now(),
        }
    }

    /// One frame with these events; how long the app's `ui` and the tessellation took.
    fn frame(&mut self, events: Vec<Event>) -> Duration {
        let input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, SCREEN)),
            time: Some(self.clock.elapsed().as_secs_f64()),
            predicted_dt: 1.0 / 60.0,
            events,
            focused: true,
            ..egui::RawInput::default()
        };
        let started = Instant::now();
        let mut output = self.ctx.run_ui(input, |ui| self.app.frame_ui(ui));
        let shapes = std::mem::take(&mut output.shapes);
        let primitives = self.ctx.tessellate(shapes, output.pixels_per_point);
        let took = started.elapsed();
        // A renderer would upload the new font atlas and preview textures to the GPU here.
        output.textures_delta.clear();
        std::hint::black_box(primitives);
        took
    }

    /// Runs frames (as a window would on each repaint) until the orders are shown.
    fn until_ready(&mut self, orders: usize) {
        let deadline = Instant::now() + GIVE_UP;
        loop {
            self.frame(Vec::new());
            let state = self.app.state();
            if state.shell.startup == Startup::Ready
                && state.features.orders.rows.len() >= orders
                && self.app.jobs_in_flight() == 0
            {
                return;
            }
            if let Startup::Failed(why) = &state.shell.startup {
                panic!("start-up failed: {why}");
            }
            assert!(Instant::now() < deadline, "not ready in {GIVE_UP:?}");
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn key(key: Key, modifiers: Modifiers) -> Event {
    Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers,
    }
}

/// A fresh station (no settings, no orders): the first frame, then the embedded service
/// started and the demo orders seeded through its API.
fn startup_child() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let started = Instant::now();
    let mut driver = Driver::new(AppConfig::in_directory(dir.path()));
    driver.frame(Vec::new());
    println!("first_frame_ms={}", ms(started.elapsed()));
    driver.until_ready(1);
    println!("ready_ms={}", ms(started.elapsed()));
    println!("orders={}", driver.app.state().features.orders.rows.len());
}

/// A station holding 100 000 orders: start-up, memory, then scrolling and typing in the search.
fn table_child() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let config = AppConfig::in_directory(dir.path());
    std::fs::copy(support::large_station(), &config.station_db_path)
        .unwrap_or_else(|e| panic!("copy: {e}"));
    // The record's PIN pepper goes with it, as a desk's own server's data goes with its file.
    let pepper = support::large_station_server_dir().join(packdesk::warehouse::pins::PEPPER_FILE);
    if pepper.exists() {
        std::fs::create_dir_all(&config.desk_server_dir).unwrap_or_else(|e| panic!("{e}"));
        std::fs::copy(
            &pepper,
            config
                .desk_server_dir
                .join(packdesk::warehouse::pins::PEPPER_FILE),
        )
        .unwrap_or_else(|e| panic!("copy: {e}"));
    }
    let started = Instant::now();
    let mut driver = Driver::new(config);
    driver.frame(Vec::new());
    println!("first_frame_ms={}", ms(started.elapsed()));
    driver.until_ready(support::LARGE_STATION_ORDERS);
    println!("ready_ms={}", ms(started.elapsed()));
    println!("orders={}", driver.app.state().features.orders.rows.len());
    if let Some((rss, _)) = support::memory_mib() {
        println!("ready_rss_mib={rss}");
    }

    // The pointer over the table, then the wheel, a few lines a frame, down and back up.
    driver.frame(vec![Event::PointerMoved(Pos2::new(750.0, 500.0))]);
    let mut scrolling = Vec::new();
    for i in 0..400 {
        let down = if (i / 100) % 2 == 0 { -1.0 } else { 1.0 };
        let wheel = Event::MouseWheel {
            unit: MouseWheelUnit::Line,
            delta: vec2(0.0, 3.0 * down),
            phase: TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: Modifiers::NONE,
        };
        scrolling.push(driver.frame(vec![wheel]));
    }
    let (mean, p99) = support::mean_p99_ms(&scrolling);
    println!("scroll_mean_ms={mean}\nscroll_p99_ms={p99}");

    // Ctrl+F, then type a SKU a key per frame and erase it, as a person searching would.
    driver.frame(vec![key(Key::F, Modifiers::COMMAND)]);
    driver.frame(Vec::new());
    let mut typing = Vec::new();
    let mut narrowed = usize::MAX;
    for _ in 0..20 {
        for c in "mug-s".chars() {
            typing.push(driver.frame(vec![Event::Text(c.to_string())]));
        }
        narrowed = narrowed.min(driver.app.state().features.orders.shown.len());
        for _ in 0..5 {
            let erase = key(Key::Backspace, Modifiers::NONE);
            typing.push(driver.frame(vec![erase]));
        }
    }
    let total = driver.app.state().features.orders.rows.len();
    assert!(
        narrowed > 0 && narrowed < total,
        "the search must narrow the table (shown {narrowed} of {total})"
    );
    let (mean, p99) = support::mean_p99_ms(&typing);
    println!("search_mean_ms={mean}\nsearch_p99_ms={p99}\nsearch_matches={narrowed}");
    if let Some((rss, hwm)) = support::memory_mib() {
        println!("rss_mib={rss}\nhwm_mib={hwm}");
    }
}

/// Runs this binary as a child for one scenario and reads its `key=value` lines.
fn run_child(scenario: &str) -> BTreeMap<String, f64> {
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("current exe: {e}"));
    let output = Command::new(exe)
        .env(CHILD, scenario)
        .output()
        .unwrap_or_else(|e| panic!("child: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "scenario {scenario} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
        .lines()
        .filter_map(|l| l.split_once('='))
        .filter_map(|(k, v)| Some((k.to_string(), v.trim().parse().ok()?)))
        .collect()
}

fn main() {
    match std::env::var(CHILD).as_deref() {
        Ok("startup") => return startup_child(),
        Ok("table") => return table_child(),
        _ => {}
    }
    support::large_station();
    let fresh = run_child("startup");
    let large = run_child("table");
    let get = |m: &BTreeMap<String, f64>, k: &str| m.get(k).copied().unwrap_or(f64::NAN);
    println!(
        "fresh station: ready (service started, {} demo orders seeded) after {:.0} ms",
        get(&fresh, "orders"),
        get(&fresh, "ready_ms")
    );
    println!(
        "100 000 orders: ready (all rows loaded) after {:.0} ms; {:.0} SKU matches",
        get(&large, "ready_ms"),
        get(&large, "search_matches")
    );
    let mut budget = Budget::default();
    let fresh_first = get(&fresh, "first_frame_ms");
    budget.at_most("first frame, fresh station", fresh_first, 1000.0, "ms");
    let large_first = get(&large, "first_frame_ms");
    budget.at_most("first frame, 100k orders", large_first, 1000.0, "ms");
    for (what, key) in [
        ("frame while scrolling 100k, mean", "scroll_mean_ms"),
        ("frame while scrolling 100k, p99", "scroll_p99_ms"),
        ("frame while searching 100k, mean", "search_mean_ms"),
        ("frame while searching 100k, p99", "search_p99_ms"),
    ] {
        budget.at_most(what, get(&large, key), 8.0, "ms");
    }
    if large.contains_key("rss_mib") {
        // The target is 300 MB (decimal); the kernel counts in KiB.
        let mb = |mib: f64| mib * 1.048_576;
        budget.at_most(
            "resident memory, 100k orders",
            mb(get(&large, "rss_mib")),
            300.0,
            "MB",
        );
        budget.at_most(
            "peak resident memory, 100k",
            mb(get(&large, "hwm_mib")),
            300.0,
            "MB",
        );
    }
    budget.finish();
}
