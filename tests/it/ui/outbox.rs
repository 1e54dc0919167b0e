//! The outbox as a person meets it: a pending label that settles after the app was closed and
//! started again, and the "needs attention" list corrected and resent, or discarded by a
//! supervisor.

use crate::ui::open_in;
use crate::ui::open_order;
use std::time::Duration;

use egui::Key;
use packdesk::api::LabelStatus;
use packdesk::ui::config::AppConfig;
use packdesk::ui::packing::{LabelJob, Preview};
use packdesk::ui::status::Startup;

use super::{demo, open_by_scan, press, shows, start, station_settings, type_into, wait_until};

#[test]
fn a_pending_label_settles_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    config.embedded_label_delay = Duration::from_secs(3);
    station_settings().save(&config.settings_path).unwrap();
    let mut station = start(dir, config.clone());
    let h = &mut station.harness;
    wait_until(h, "the demo orders", |app| {
        app.state().shell.startup == Startup::Ready && app.state().features.orders.rows.len() >= 30
    });
    let order = demo(4);
    open_by_scan(h, order.number);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::E);
    h.step();
    type_into(h, "Weight (F6)", "400");
    press(h, Key::F2);
    wait_until(h, "a pending answer", |app| {
        matches!(open_in(app).label, LabelJob::Polling { .. })
    });
    let parcel = open_order(h).parcel.unwrap();

    // Closed while the service still makes the label; started again on the same files.
    let mut station = station.restart(config);
    let h = &mut station.harness;
    wait_until(h, "the station again", |app| {
        app.state().shell.startup == Startup::Ready && app.state().features.orders.rows.len() >= 30
    });
    open_by_scan(h, order.number);
    assert_eq!(
        open_order(h).parcel,
        Some(parcel),
        "the packed parcel is picked up again"
    );
    wait_until(h, "the label after the restart", |app| {
        let open = open_in(app);
        matches!(open.label, LabelJob::Ready { .. })
            && matches!(open.preview, Preview::Ready { .. })
    });
    let open = open_order(h);
    let labels = &open.order.parcel(parcel).unwrap().1.labels;
    assert_eq!(labels.len(), 1, "the pending label settled in place");
    assert_eq!(labels[0].status, LabelStatus::Success);
    assert!(
        labels[0]
            .label_document(packdesk::station::db::DocumentKind::Pdf)
            .is_some()
            && labels[0]
                .label_document(packdesk::station::db::DocumentKind::Zpl)
                .is_some(),
        "PDF and ZPL cached for offline reprints"
    );
    assert!(shows(h, "Label ready — tracking"));
    assert!(h.state().state().features.outbox.summary.is_empty());
}
