//! The warehouse in the app: order files dropped onto the window; two desks enrolled at one
//! warehouse server seeing each other's orders and fulfillments at once; a server that goes
//! away mid-session (said plainly, nothing half-recorded, back by itself); a desk enrolled in
//! Settings; and a desk given a database instead, told what to do.

use crate::ui::open_in;
use crate::ui::open_order;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::Key;
use egui_kittest::kittest::Queryable;
use packdesk::station::db::OrderStatus;
use packdesk::ui::command::Command;
use packdesk::ui::config::AppConfig;
use packdesk::ui::failure::{Failure, WAREHOUSE_UNREACHABLE};
use packdesk::ui::packing::PackingCommand;
use packdesk::ui::packing::parcel_form::{AddressField, ParcelEdit, Side};
use packdesk::ui::packing::{ClaimState, LabelJob};
use packdesk::ui::status::Startup;
use serde_json::json;

use super::site::{PACKER, SERVICE, SUPERVISOR, Warehouse, sign_in, signed_in};
use super::{
    AppHarness, Station, click, demo, mark_fulfilled, open_by_scan, press, shows, start,
    station_settings, wait_until,
};
use crate::cut_relay::CutRelay;

/// A file the window received by drag and drop (what eframe hands egui).
#[derive(Debug)]
struct DroppedPath(PathBuf);

impl egui::DroppedFile for DroppedPath {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(h: &mut AppHarness, path: &Path) {
    h.input_mut()
        .dropped_files
        .push(Arc::new(DroppedPath(path.to_path_buf())));
    h.step();
}

/// A station on its own server and the embedded service, without demo orders.
pub(crate) fn empty_station() -> Station {
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    config.seed_demo_orders = false;
    station_settings().save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    wait_until(&mut station.harness, "the station", |app| {
        app.state().shell.startup == Startup::Ready
    });
    station
}

fn has_row(h: &AppHarness, number: u64) -> Option<OrderStatus> {
    h.state()
        .state()
        .features
        .orders
        .rows
        .iter()
        .find(|r| r.source_reference == number)
        .map(|r| r.status)
}

#[test]
fn dropped_order_files_are_imported_and_reported() {
    let mut station = empty_station();
    let h = &mut station.harness;
    let dir = tempfile::tempdir().unwrap();
    let mut bad = crate::station::entry(6003, "Sofia Rossi");
    bad["cart"]["ship_to"]["country_code"] = json!("XX");
    let file = dir.path().join("from-the-shop.json");
    std::fs::write(
        &file,
        json!([
            crate::station::entry(6001, "Aiko Tanaka"),
            crate::station::entry(6002, "Max Müller"),
            bad
        ])
        .to_string(),
    )
    .unwrap();
    assert!(shows(h, "Import orders…"), "the import button");

    drop_file(h, &file);
    wait_until(h, "the import", |app| {
        !app.state().features.import.running && app.state().features.orders.rows.len() == 2
    });
    assert!(shows(h, "Import report"));
    assert!(shows(
        h,
        "from-the-shop.json: Imported 2 orders, 0 already present, 1 rejected."
    ));
    assert!(shows(h, "Entry 2 (order 6003) was not imported:"));
    assert!(shows(h, "[2].cart.ship_to.country_code: "));
    assert!(has_row(h, 6001).is_some() && has_row(h, 6002).is_some());
    h.check_accessibility();

    // Dropped again: nothing new, said so; the report closes on request.
    drop_file(h, &file);
    wait_until(h, "the second import", |app| {
        !app.state().features.import.running && app.state().features.import.reports.len() == 2
    });
    assert!(shows(
        h,
        "Imported 0 orders, 2 already present, 1 rejected."
    ));
    click(h, "Close report");
    assert!(!shows(h, "Import report"));
}

#[test]
fn two_desks_at_one_warehouse_server_see_each_others_orders_and_fulfillments() {
    let warehouse = Warehouse::start();
    let mut desk_a = warehouse.desk("Desk A");
    let mut desk_b = warehouse.desk("Desk B");
    assert!(shows(&desk_b.harness, "Who is at this desk?"));
    assert!(shows(&desk_b.harness, "Warehouse server"), "B's status bar");
    sign_in(&mut desk_a.harness, SERVICE.0, SERVICE.1);
    sign_in(&mut desk_b.harness, PACKER.0, PACKER.1);
    assert_eq!(signed_in(&desk_b.harness).as_deref(), Some(PACKER.0));

    // Desk A's customer service submits an order from the quote panel.
    let a = &mut desk_a.harness;
    click(a, "Quote");
    let order = demo(0);
    a.state_mut()
        .state_mut()
        .features
        .quote
        .cart_loaded(&serde_json::to_string(&order.cart).unwrap());
    a.step();
    click(a, "Calculate");
    wait_until(a, "the calculation", |app| {
        let quote = &app.state().features.quote;
        !quote.calculating && quote.result.is_some()
    });
    a.get_by_label("Result for shipment S1")
        .get_by_label("Choose standard")
        .click();
    a.step();
    a.get_by_label("Order number").focus();
    a.step();
    a.get_by_label("Order number").type_text("3000001");
    a.step();
    a.step();
    click(a, "Submit as order");
    wait_until(a, "the order delivered by the server", |app| {
        !app.state().features.quote.submitting
            && warehouse
                .provider()
                .store
                .order(3_000_001)
                .unwrap()
                .is_some()
    });

    // Desk B sees it without a reload, packs it and fulfills it.
    let b = &mut desk_b.harness;
    wait_until(b, "the order at desk B", |app| {
        app.state()
            .features
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == 3_000_001)
    });
    open_by_scan(b, 3_000_001);
    click(b, "Everything left (Ctrl+E)");
    super::type_into(b, "Weight (F6)", "900");
    click(b, "g");
    // An order from the quote panel carries no phone numbers: the packer types them (the
    // form's own command, as its fields send it).
    for side in [Side::From, Side::To] {
        b.state_mut()
            .command(Command::from(PackingCommand::EditParcel(
                ParcelEdit::Address(side, AddressField::Phone, "+49 30 1234567".into()),
            )));
    }
    b.step();
    press(b, Key::F2);
    wait_until(b, "the label at desk B", |app| {
        matches!(
            open_in(app).label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
    assert!(
        matches!(open_order(b).label, LabelJob::Ready { .. }),
        "{:?}",
        open_order(b).label
    );
    mark_fulfilled(b);
    let status_b = open_order(b).order.status;
    assert_ne!(status_b, OrderStatus::Open);

    // Desk A sees B's fulfillment at once.
    let a = &mut desk_a.harness;
    click(a, "Orders");
    wait_until(a, "B's fulfillment at desk A", |app| {
        app.state()
            .features
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == 3_000_001 && r.status == status_b)
    });
    // The record names who did it, at which desk.
    let events = warehouse.record().events(3_000_001).unwrap();
    let fulfilled = events.iter().find(|e| e.kind == "fulfillment");
    assert!(
        fulfilled.is_some_and(
            |e| e.desk.as_deref() == Some("Desk B") && e.person.as_deref() == Some(PACKER.0)
        ),
        "{events:?}"
    );
}

/// The packer signs in; an order the shop created is recorded at the warehouse (the desk sees
/// it by itself), opened, and its parcel filled in: everything left, 700 g.
fn ready_to_pack(h: &mut AppHarness, warehouse: &Warehouse) -> packdesk::demo::orders::DemoOrder {
    sign_in(h, PACKER.0, PACKER.1);
    let order = demo(1);
    warehouse.submit(&order);
    wait_until(h, "the order", |app| {
        !app.state().features.orders.rows.is_empty()
    });
    open_by_scan(h, order.number);
    click(h, "Everything left (Ctrl+E)");
    super::type_into(h, "Weight (F6)", "700");
    click(h, "g");
    order
}

#[test]
fn a_warehouse_server_that_goes_away_says_so_records_nothing_and_comes_back() {
    let mut warehouse = Warehouse::on(None);
    let mut station = warehouse.desk("Bench");
    let h = &mut station.harness;
    let order = ready_to_pack(h, &warehouse);

    // The server goes away; the packer asks for the label.
    warehouse.stop();
    press(h, Key::F2);
    wait_for_label(h, "the refusal", |label| {
        matches!(label, LabelJob::Failed(_))
    });
    assert!(matches!(
        open_order(h).label,
        LabelJob::Failed(Failure::WarehouseUnreachable)
    ));
    assert!(shows(h, WAREHOUSE_UNREACHABLE), "said on the action");
    wait_until(h, "the status bar", |app| {
        app.state().features.warehouse.unreachable.is_some()
    });
    assert!(shows(h, "Warehouse server unreachable — retrying"));
    h.check_accessibility();

    // It comes back: the desk notices by itself, and nothing of the failed try was recorded.
    warehouse.serve();
    wait_until(h, "the server back", |app| {
        app.state().features.warehouse.unreachable.is_none()
    });
    assert!(shows(h, "Warehouse server reachable again."));
    let recorded = warehouse.record().order(order.number).unwrap().unwrap();
    assert!(
        recorded.shipments.iter().all(|s| s.parcels.is_empty()),
        "no parcel half-recorded"
    );

    // The desk asks the record again whether the shipment is still its own; until it hears,
    // "Get label" is off and says so. Once it is, the same action goes through.
    wait_until(h, "the shipment ours again", |app| {
        matches!(open_in(app).claim, ClaimState::Ours { .. })
    });
    press(h, Key::F2);
    wait_for_label(h, "the label", |label| {
        matches!(label, LabelJob::Ready { .. })
    });
}

/// Waits until the open order's label job is as `done` says.
fn wait_for_label(h: &mut AppHarness, what: &str, done: impl Fn(&LabelJob) -> bool) {
    wait_until(h, what, |app| done(&open_in(app).label));
}

/// The live parcels of `number`'s shipments, as the warehouse's record holds them.
fn live_parcels(warehouse: &Warehouse, number: u64) -> usize {
    let order = warehouse.record().order(number).unwrap().unwrap();
    order
        .shipments
        .iter()
        .flat_map(|s| &s.parcels)
        .filter(|p| p.voided_at.is_none())
        .count()
}

#[test]
fn a_parcel_whose_answer_was_lost_is_asked_again_with_its_key_and_recorded_once() {
    let warehouse = Warehouse::plain();
    let upstream = warehouse
        .base_url()
        .trim_start_matches("http://")
        .to_string();
    let relay = CutRelay::start(upstream);
    let through = format!("http://127.0.0.1:{}", relay.port);
    let mut station = warehouse.desk_through("Bench", &through);
    let h = &mut station.harness;
    let order = ready_to_pack(h, &warehouse);

    // The server records the parcel; its answer is lost on the way back to the desk.
    relay.arm_answer_to("/parcels HTTP/1.1");
    press(h, Key::F2);
    wait_for_label(h, "the lost answer", |label| {
        matches!(label, LabelJob::Failed(_))
    });
    assert_eq!(relay.cuts(), 1);
    assert!(matches!(
        open_order(h).label,
        LabelJob::Failed(Failure::WarehouseUnreachable)
    ));
    assert!(shows(h, WAREHOUSE_UNREACHABLE), "said on the action");
    assert_eq!(
        live_parcels(&warehouse, order.number),
        1,
        "recorded all the same"
    );

    // The packer asks again (Retry, F5): the same parcel, the same key. The server answers as
    // the first time, and the label comes for the one parcel.
    press(h, Key::F5);
    wait_for_label(h, "the label", |label| {
        matches!(label, LabelJob::Ready { .. })
    });
    assert_eq!(
        live_parcels(&warehouse, order.number),
        1,
        "one parcel, not two"
    );
    h.check_accessibility();
}

#[test]
fn a_desk_is_enrolled_in_settings_with_a_supervisors_code_and_then_people_sign_in() {
    let warehouse = Warehouse::on(None);
    let mut station = empty_station();
    let h = &mut station.harness;
    assert!(
        !h.state().state().features.warehouse.shared,
        "on its own record first"
    );
    click(h, "Settings");
    // The warehouse section is a supervisor's to change.
    super::supervisor::unlock_settings(h, super::PIN);
    click(h, "Warehouse server");
    super::type_into(h, "Server address", "warehouse.local:8443");
    assert!(shows(h, "Enter the address the warehouse server printed"));
    super::type_into(h, "Server address", warehouse.base_url());
    super::type_into(h, "Certificate fingerprint", warehouse.fingerprint());
    super::type_into(h, "Enrollment code", "WRONG-CODE-0000");
    click(h, "Enroll this desk");
    let answered = |app: &packdesk::ui::app::PackdeskApp| {
        app.state()
            .features
            .settings_panel
            .as_ref()
            .is_some_and(|v| !v.warehouse.enrolling && v.warehouse.enrolled.is_some())
    };
    wait_until(h, "the refusal", answered);
    assert!(
        h.state()
            .state()
            .features
            .settings_panel
            .as_ref()
            .unwrap()
            .warehouse
            .enrolled
            .as_ref()
            .unwrap()
            .is_err()
    );
    let code = warehouse.enrollment_code("Bench");
    super::type_into(h, "Enrollment code", &code);
    click(h, "Enroll this desk");
    wait_until(h, "the enrollment", answered);
    assert!(
        shows(h, "This desk is enrolled at"),
        "said next to the button"
    );
    h.check_accessibility();
    click(h, "Save settings");
    wait_until(h, "the switch", |app| {
        app.state().shell.startup == Startup::Ready && app.state().features.warehouse.shared
    });
    assert!(shows(h, "Who is at this desk?"));
    sign_in(h, SUPERVISOR.0, SUPERVISOR.1);
    assert_eq!(signed_in(h).as_deref(), Some(SUPERVISOR.0));
    let saved = std::fs::read_to_string(h.state().config().settings_path.clone()).unwrap();
    assert!(saved.contains(warehouse.base_url()), "{saved}");
    assert!(!saved.contains(&code), "no code in the settings file");
    // The code worked once.
    let client = packdesk::warehouse::client::WarehouseClient::new(
        warehouse.base_url(),
        &packdesk::warehouse::client::Trust::Fingerprint(warehouse.fingerprint().into()),
    )
    .unwrap();
    assert!(warehouse.runtime.block_on(client.enroll(&code)).is_err());
}

#[test]
fn a_desk_given_a_database_says_what_to_do_instead() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    config.database = Some("postgres://packer@db.example:5432/warehouse".into());
    station_settings().save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the refused start", |app| {
        matches!(app.state().shell.startup, Startup::Failed(_))
    });
    assert!(shows(h, "Packdesk could not start"));
    assert!(
        shows(h, "packdesk warehouse serve"),
        "{:?}",
        h.state().state().shell.startup
    );
}
