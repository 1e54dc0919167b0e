//! The desktop app driven with egui_kittest as a person would: widgets found by their labels,
//! keys and scans typed, against the real embedded reference service (started by the app in a
//! temporary data directory) with keyring's mock credential store.

mod cancel;
mod customs;
mod errors;
mod outbox;
mod packing;
mod panels;
mod printers;
mod scale;
pub(crate) mod site;
mod supervisor;
mod table;
pub(crate) mod warehouse;

use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::demo::orders::{DemoOrder, demo_orders};
use packdesk::station::settings::Settings;
use packdesk::ui::app::PackdeskApp;
use packdesk::ui::config::AppConfig;
use packdesk::ui::packing::OpenOrder;
use packdesk::ui::status::Startup;
use tempfile::TempDir;

pub type AppHarness = Harness<'static, PackdeskApp>;

/// The supervisor PIN of the test stations.
pub const PIN: &str = "2468";

/// A running app and the directory it keeps its files in.
pub struct Station {
    pub harness: AppHarness,
    /// Kept so the files live as long as the app.
    _dir: TempDir,
}

/// Settings a station has after someone filled them in: brand, location, carrier, PIN.
pub fn station_settings() -> Settings {
    let mut settings = Settings {
        station_name: "Test bench".into(),
        brand_code: "ACME".into(),
        location_code: "BER-1".into(),
        default_carrier: "Packdesk Post".into(),
        ..Settings::default()
    };
    settings.set_supervisor_pin(PIN).unwrap();
    settings
}

/// An app on the embedded sandbox with its demo orders, ready to use.
pub fn embedded_station() -> Station {
    let dir = tempfile::tempdir().unwrap();
    let config = AppConfig::in_directory(dir.path());
    station_settings().save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    wait_until(&mut station.harness, "the demo orders", |app| {
        app.state().shell.startup == Startup::Ready && app.state().features.orders.rows.len() >= 30
    });
    station
}

/// Starts the app (its first frame starts the service and the seeding as jobs).
pub fn start(dir: TempDir, config: AppConfig) -> Station {
    let app = PackdeskApp::new_for_test(config).unwrap();
    let harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .with_max_steps(40)
        .build_ui_state(|ui, app: &mut PackdeskApp| app.frame_ui(ui), app);
    Station { harness, _dir: dir }
}

impl Station {
    /// Stops the app as closing its window does (the outbox worker stops where it is) and
    /// starts it again on the same files.
    pub fn restart(mut self, config: AppConfig) -> Station {
        eframe::App::on_exit(self.harness.state_mut(), None);
        let Station { harness, _dir: dir } = self;
        drop(harness);
        start(dir, config)
    }
}

/// Runs frames until `done` holds (jobs answer on their own threads), at most 60 s.
#[track_caller]
pub fn wait_until(harness: &mut AppHarness, what: &str, done: impl Fn(&PackdeskApp) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        harness.step();
        if done(harness.state()) {
            // Two more frames: one to apply the commands of the last, one to draw them.
            harness.step();
            harness.step();
            return;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; notices: {:?}",
            harness.state().state().shell.notices
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Runs frames until no job is in flight.
#[track_caller]
pub fn settle(harness: &mut AppHarness) {
    wait_until(harness, "the jobs to finish", |app| {
        app.jobs_in_flight() == 0
    });
}

/// A barcode scanner: the whole code and Enter arrive in one frame.
pub fn scan(harness: &mut AppHarness, code: &str) {
    let events = &mut harness.input_mut().events;
    events.push(Event::Text(code.to_string()));
    for pressed in [true, false] {
        events.push(Event::Key {
            key: Key::Enter,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
    }
    harness.step();
}

/// Presses a key (one frame for each event) and lets the result be drawn.
pub fn press(harness: &mut AppHarness, key: Key) {
    harness.key_press(key);
    harness.step();
    harness.step();
}

/// Focuses the field named `label`, replaces its text with `text`.
#[track_caller]
pub fn type_into(harness: &mut AppHarness, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label(label).type_text(text);
    harness.step();
    harness.step();
}

/// Clicks the widget named `label` and draws the result.
#[track_caller]
pub fn click(harness: &mut AppHarness, label: &str) {
    harness.get_by_label(label).click();
    harness.step();
    harness.step();
}

/// Waits until the button named `label` is enabled. A button waits on jobs (the claim, the
/// label), and a click or key on a disabled one is lost.
#[track_caller]
pub fn wait_enabled(harness: &mut AppHarness, label: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while harness.get_by_label(label).accesskit_node().is_disabled() {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {label:?} to be enabled; notices: {:?}",
            harness.state().state().shell.notices
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Clicks the button named `label` once it is enabled, through the accessibility tree as a
/// screen reader does: a pointer click lands where the button was in the last frame, and a
/// job's answer arriving in between (the claim's banner, a notice) can move it from there.
#[track_caller]
pub fn click_when_enabled(harness: &mut AppHarness, label: &str) {
    wait_enabled(harness, label);
    harness.get_by_label(label).click_accesskit();
    harness.step();
    harness.step();
}

/// Marks the open parcel fulfilled as a packer does (F4, once the button allows it) and waits
/// for the answer (done or failed: the caller reads which). A key pressed in the frame where
/// the form changed under it can be lost, so it is pressed again while nothing started.
pub fn mark_fulfilled(harness: &mut AppHarness) {
    use packdesk::ui::packing::Request;
    let idle = |h: &AppHarness| {
        h.state()
            .state()
            .features
            .packing
            .open
            .as_ref()
            .is_some_and(|open| open.fulfill == Request::Idle)
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        wait_enabled(harness, "Mark fulfilled (F4)");
        press(harness, Key::F4);
        for _ in 0..20 {
            if !idle(harness) {
                break;
            }
            harness.step();
            std::thread::sleep(Duration::from_millis(10));
        }
        if !idle(harness) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "F4 never started the fulfillment; notices: {:?}",
            harness.state().state().shell.notices
        );
    }
    wait_until(harness, "the fulfillment", |app| {
        app.state()
            .features
            .packing
            .open
            .as_ref()
            .is_some_and(|open| matches!(open.fulfill, Request::Done(_) | Request::Failed(_)))
    });
}

/// Types `pin` into the supervisor's PIN dialog and waits for its check.
pub fn enter_pin(h: &mut AppHarness, pin: &str) {
    h.get_by_label("PIN").focus();
    h.step();
    h.get_by_label("PIN").type_text(pin);
    h.step();
    h.key_press(Key::Enter);
    h.step();
    wait_until(h, "the PIN check", |app| {
        !app.state().features.supervisor.checking
    });
}

/// Whether some widget's text contains `text`.
pub fn shows(harness: &AppHarness, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

/// The demo order with this index (see `demo::orders::demo_order`).
/// The order open at the desk; the test fails when none is.
pub fn open_order(harness: &AppHarness) -> &OpenOrder {
    open_in(harness.state())
}

/// The order open in the app; the test fails when none is.
pub fn open_in(app: &PackdeskApp) -> &OpenOrder {
    let open = &app.state().features.packing.open;
    open.as_ref().expect("an order is open")
}

pub fn demo(index: usize) -> DemoOrder {
    demo_orders(time::OffsetDateTime::now_utc()).swap_remove(index)
}

/// An order number as a scanner pads it: 20 characters.
pub fn scanned(number: u64) -> String {
    format!("{number:020}")
}

/// Opens an order by scanning it and waits until its detail shows.
pub fn open_by_scan(harness: &mut AppHarness, number: u64) {
    scan(harness, &scanned(number));
    wait_until(
        harness,
        "the order to open and its claim to settle",
        |app| {
            app.state()
                .features
                .packing
                .open
                .as_ref()
                .is_some_and(|o| o.order.source_reference == number && !o.claim_in_flight)
        },
    );
}
