//! The desk's scale at the packing view: a simulated Mettler Toledo SICS scale on a
//! pseudo-terminal. Its reading shows beside the weight field; a stable one fills the weight in
//! the field's unit and the label request carries it; a weight the packer typed stays.

use crate::ui::open_in;
use crate::ui::open_order;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use egui::Key;
use egui_kittest::kittest::Queryable;
use packdesk::domain::WeightUnit;
use packdesk::station::db::StationDb;
use packdesk::station::scale::{Parity, Protocol, ScaleConfig};
use packdesk::ui::config::AppConfig;
use packdesk::ui::packing::LabelJob;
use packdesk::ui::status::Startup;
use serialport::SerialPort;

use super::{AppHarness, demo, open_by_scan, press, shows, start, station_settings, wait_until};

/// A SICS scale answering `SI` / `S` with whatever line it is given.
struct SicsScale {
    path: String,
    answer: Arc<Mutex<String>>,
    stop: Arc<AtomicBool>,
    _slave: serialport::TTYPort,
}

impl SicsScale {
    fn start(answer: &str) -> Self {
        let (mut master, slave) = serialport::TTYPort::pair().unwrap();
        master.set_timeout(Duration::from_millis(50)).unwrap();
        let path = slave.name().unwrap();
        let answer = Arc::new(Mutex::new(answer.to_owned()));
        let stop = Arc::new(AtomicBool::new(false));
        let (said, stopped) = (Arc::clone(&answer), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut line = Vec::new();
            let mut byte = [0u8; 1];
            while !stopped.load(Ordering::Relaxed) {
                match master.read(&mut byte) {
                    Ok(1) if byte[0] == b'\n' => {
                        let command = String::from_utf8_lossy(&line).trim().to_owned();
                        line.clear();
                        if command == "SI" || command == "S" {
                            let reply = format!("{}\r\n", said.lock().unwrap());
                            let _ = master.write_all(reply.as_bytes());
                        }
                    }
                    Ok(1) => line.push(byte[0]),
                    _ => {}
                }
            }
        });
        Self {
            path,
            answer,
            stop,
            _slave: slave,
        }
    }

    fn set(&self, answer: &str) {
        *self.answer.lock().unwrap() = answer.to_owned();
    }
}

impl Drop for SicsScale {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn weight_field(h: &AppHarness) -> String {
    open_order(h).form.weight.clone()
}

#[test]
fn a_stable_reading_fills_the_weight_and_a_typed_one_stays() {
    let scale = SicsScale::start("S D      0.418 kg");
    let dir = tempfile::tempdir().unwrap();
    let config = AppConfig::in_directory(dir.path());
    let mut settings = station_settings();
    settings.scale = ScaleConfig::Serial {
        path: scale.path.clone(),
        baud: 9600,
        parity: Parity::None,
        protocol: Protocol::Sics,
    };
    settings.save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the demo orders", |app| {
        app.state().shell.startup == Startup::Ready && app.state().features.orders.rows.len() >= 30
    });

    // In motion: shown beside the field, which stays empty.
    let order = demo(0);
    open_by_scan(h, order.number);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::E);
    h.step();
    wait_until(h, "the moving reading", |app| {
        app.state().features.packing.scale.is_some()
    });
    assert!(shows(h, "Scale: 0.418 kg, in motion"), "beside the weight");
    assert_eq!(weight_field(h), "");

    // Stable: the weight is filled in grams (the field's unit), exactly.
    scale.set("S S      0.420 kg");
    wait_until(h, "the stable reading", |app| {
        open_in(app).form.weight == "420"
    });
    assert!(shows(h, "Scale: 0.420 kg, stable"));
    let form = &open_order(h).form;
    assert_eq!(form.weight_unit, WeightUnit::Gram);

    // The label request carries it: the parcel is recorded at 420 g.
    press(h, Key::F2);
    wait_until(h, "the label", |app| {
        matches!(
            open_in(app).label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
    let mut db = StationDb::open(&h.state().config().station_db_path).unwrap();
    let recorded = db.order(order.number).unwrap().unwrap();
    let parcel = &recorded.shipments[0].parcels[0];
    assert_eq!(parcel.weight.grams(), "420".parse().unwrap());

    // The next order: the packer types a weight; the scale does not overwrite it. The parcel
    // comes off the scale first (an empty scale fills nothing), so the last reading cannot fill
    // the new order's field before the packer types, however slow this machine is.
    scale.set("S S      0.000 kg");
    wait_until(h, "the empty scale", |app| {
        matches!(
            &app.state().features.packing.scale,
            Some(packdesk::ui::packing::state::ScaleLive::Reading(r)) if r.weight.is_zero()
        )
    });
    let next = demo(3);
    open_by_scan(h, next.number);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::E);
    h.step();
    super::type_into(h, "Weight (F6)", "999");
    scale.set("S S      0.500 kg");
    wait_until(h, "the new reading", |app| {
        matches!(
            &app.state().features.packing.scale,
            Some(packdesk::ui::packing::state::ScaleLive::Reading(r)) if r.weight == "0.500".parse().unwrap()
        )
    });
    assert_eq!(weight_field(h), "999", "typed by the packer");
}

#[test]
fn settings_set_up_a_serial_scale_and_read_now_shows_its_reading() {
    let scale = SicsScale::start("S S      1.250 kg");
    let mut station = super::embedded_station();
    let h = &mut station.harness;
    super::click(h, "Settings");
    for _ in 0..8 {
        h.get_by_label("Scale settings").scroll_down();
        h.step();
    }
    super::click(h, "Serial");
    super::type_into(h, "Serial port", &scale.path);
    super::click(h, "Mettler Toledo SICS");
    super::click(h, "Read now");
    wait_until(h, "the reading", |app| {
        app.state()
            .features
            .settings_panel
            .as_ref()
            .is_some_and(|v| !v.scale_reading)
    });
    assert_eq!(
        h.state()
            .state()
            .features
            .settings_panel
            .as_ref()
            .unwrap()
            .scale_message
            .as_deref(),
        Some("1.250 kg, stable")
    );
    h.check_accessibility();
}
