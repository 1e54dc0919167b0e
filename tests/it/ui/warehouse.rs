//! The warehouse record in the app: order files dropped onto the window; two desks on one
//! PostgreSQL database seeing each other's orders and fulfillments; and a warehouse database
//! that goes away mid-session (said plainly, nothing half-recorded, back by itself).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::Key;
use egui_kittest::kittest::Queryable;
use packdesk::station::db::{Location, OrderStatus, StationDb};
use packdesk::station::secrets::{CredentialStore, SecretKind};
use packdesk::station::settings::{Environment, EnvironmentKind};
use packdesk::ui::AppConfig;
use packdesk::ui::command::Command;
use packdesk::ui::config::CredentialSource;
use packdesk::ui::failure::{Failure, WAREHOUSE_UNREACHABLE};
use packdesk::ui::packing::LabelJob;
use packdesk::ui::packing::PackingCommand;
use packdesk::ui::packing::parcel_form::{AddressField, ParcelEdit, Side};
use packdesk::ui::status::Startup;
use serde_json::json;

use super::{
    AppHarness, Station, click, demo, mark_fulfilled, open_by_scan, press, shows, start,
    station_settings, wait_until,
};
use crate::pg_cluster;

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

/// A station on the embedded service without demo orders, on `database` (`None`: its file).
pub(crate) fn empty_station(database: Option<String>) -> Station {
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    config.seed_demo_orders = false;
    config.database = database;
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
        .orders
        .rows
        .iter()
        .find(|r| r.source_reference == number)
        .map(|r| r.status)
}

/// Quotes and creates `order` at the app's embedded service, as the shop would, and records it
/// in the station record at `url`.
pub(crate) fn submit_at_embedded_service(
    h: &AppHarness,
    order: &packdesk::demo::orders::DemoOrder,
    url: &str,
) {
    let client = crate::support::client_for(h.state().embedded_service().unwrap());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let quote = runtime.block_on(client.landed_cost(&order.cart)).unwrap();
    let body = packdesk::demo::orders::create_body(order, &quote).unwrap();
    runtime.block_on(client.create_order(&body)).unwrap();
    StationDb::connect(&Location::parse(url).unwrap())
        .unwrap()
        .record_submitted_order(&order.cart, &quote, &body)
        .unwrap();
}

#[test]
fn dropped_order_files_are_imported_and_reported() {
    let mut station = empty_station(None);
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
        !app.state().import.running && app.state().orders.rows.len() == 2
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
        !app.state().import.running && app.state().import.reports.len() == 2
    });
    assert!(shows(
        h,
        "Imported 0 orders, 2 already present, 1 rejected."
    ));
    click(h, "Close report");
    assert!(!shows(h, "Import report"));
}

/// Another desk on the same warehouse database and the same service as `desk_a`.
pub(crate) fn second_desk(desk_a: &Station, url: &str, name: &str) -> Station {
    let (base_url, labels_url, api_key, token) = {
        let service = desk_a.harness.state().embedded_service().unwrap();
        (
            service.base_url.clone(),
            service.labels_url.clone(),
            service.credentials.api_key.clone(),
            service.credentials.access_token.clone(),
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    config.database = Some(url.to_owned());
    let mut settings = station_settings();
    settings.station_name = name.into();
    settings.environments.push(Environment {
        name: "Shop".into(),
        kind: EnvironmentKind::Sandbox,
        base_url,
        labels_url,
        allow_plain_http: false,
    });
    settings.active_environment = "Shop".into();
    settings.save(&config.settings_path).unwrap();
    let store = CredentialStore::mock().unwrap();
    store.set("Shop", SecretKind::ApiKey, &api_key).unwrap();
    store.set("Shop", SecretKind::AccessToken, &token).unwrap();
    config.credentials = CredentialSource::Given(store);
    let mut desk = start(dir, config);
    wait_until(&mut desk.harness, name, |app| {
        app.state().shell.startup == Startup::Ready
    });
    desk
}

#[test]
fn two_desks_on_one_warehouse_database_see_each_others_orders_and_fulfillments() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    // Desk A runs the embedded service; desk B is set up for the same service, as every desk
    // of a warehouse talks to the merchant's one provider.
    let mut desk_a = empty_station(Some(url.clone()));
    let mut desk_b = second_desk(&desk_a, &url, "Desk B");
    assert!(
        shows(&desk_b.harness, "Warehouse database"),
        "B's status bar"
    );

    // Desk A's customer service submits an order from the quote panel.
    let a = &mut desk_a.harness;
    click(a, "Quote");
    let order = demo(0);
    a.state_mut()
        .state_mut()
        .quote
        .cart_loaded(&serde_json::to_string(&order.cart).unwrap());
    a.step();
    click(a, "Calculate");
    wait_until(a, "the calculation", |app| {
        let quote = &app.state().quote;
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
    wait_until(a, "the order delivered", |app| {
        !app.state().quote.submitting
            && app
                .embedded_service()
                .is_some_and(|s| s.store.order(3_000_001).unwrap().is_some())
    });

    // Desk B sees it after a reload, packs it and fulfills it.
    let b = &mut desk_b.harness;
    press(b, Key::F5);
    wait_until(b, "the order at desk B", |app| {
        app.state()
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
            .command(Command::Packing(PackingCommand::EditParcel(
                ParcelEdit::Address(side, AddressField::Phone, "+49 30 1234567".into()),
            )));
    }
    b.step();
    press(b, Key::F2);
    wait_until(b, "the label at desk B", |app| {
        matches!(
            app.state().packing.open.as_ref().unwrap().label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
    assert!(
        matches!(
            b.state().state().packing.open.as_ref().unwrap().label,
            LabelJob::Ready { .. }
        ),
        "{:?}",
        b.state().state().packing.open.as_ref().unwrap().label
    );
    mark_fulfilled(b);
    let status_b = b
        .state()
        .state()
        .packing
        .open
        .as_ref()
        .unwrap()
        .order
        .status;
    assert_ne!(status_b, OrderStatus::Open);

    // Desk A sees B's fulfillment after its reload.
    let a = &mut desk_a.harness;
    click(a, "Orders");
    press(a, Key::F5);
    wait_until(a, "B's fulfillment at desk A", |app| {
        app.state()
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == 3_000_001 && r.status == status_b)
    });
}

#[test]
fn a_warehouse_database_that_goes_away_says_so_records_nothing_and_comes_back() {
    let cluster = match pg_cluster::Cluster::start() {
        Ok(cluster) => cluster,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => panic!("{why}"),
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let url = cluster.create_database("desk").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    config.database = Some(url.clone());
    station_settings().save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the station", |app| {
        app.state().shell.startup == Startup::Ready
    });
    assert!(
        h.state().state().orders.rows.is_empty(),
        "no demo orders in a warehouse's database"
    );
    // An order the shop created at the service, recorded by this desk.
    let order = demo(1);
    submit_at_embedded_service(h, &order, &url);
    press(h, Key::F5);
    wait_until(h, "the order", |app| !app.state().orders.rows.is_empty());
    open_by_scan(h, order.number);
    click(h, "Everything left (Ctrl+E)");
    super::type_into(h, "Weight (F6)", "700");
    click(h, "g");

    // The database goes away; the packer asks for the label.
    cluster.pause().unwrap();
    press(h, Key::F2);
    wait_until(h, "the refusal", |app| {
        matches!(
            app.state().packing.open.as_ref().unwrap().label,
            LabelJob::Failed(_)
        )
    });
    assert!(matches!(
        h.state().state().packing.open.as_ref().unwrap().label,
        LabelJob::Failed(Failure::WarehouseUnreachable)
    ));
    assert!(shows(h, WAREHOUSE_UNREACHABLE), "said on the action");
    wait_until(h, "the status bar", |app| {
        app.state().warehouse.unreachable.is_some()
    });
    assert!(shows(h, "Warehouse database unreachable — retrying"));
    h.check_accessibility();

    // It comes back: the desk notices by itself, and nothing of the failed try was recorded.
    cluster.resume().unwrap();
    wait_until(h, "the database back", |app| {
        app.state().warehouse.unreachable.is_none()
    });
    assert!(shows(h, "Warehouse database reachable again."));
    let recorded = StationDb::connect(&Location::parse(&url).unwrap())
        .unwrap()
        .order(order.number)
        .unwrap()
        .unwrap();
    assert!(
        recorded.shipments.iter().all(|s| s.parcels.is_empty()),
        "no parcel half-recorded"
    );

    // The same action now goes through.
    press(h, Key::F2);
    wait_until(h, "the label", |app| {
        matches!(
            app.state().packing.open.as_ref().unwrap().label,
            LabelJob::Ready { .. }
        )
    });
    drop(station);
    drop(cluster);
}

#[test]
fn settings_test_the_warehouse_connection_in_words_then_switch_to_it() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let bare = url.replace(&format!(":{}@", pg_cluster::PASSWORD), "@");
    let mut station = empty_station(None);
    let h = &mut station.harness;
    assert!(!h.state().state().warehouse.shared, "on its own file first");
    click(h, "Settings");
    // The warehouse section is a supervisor's to change.
    super::supervisor::unlock_settings(h, super::PIN);
    click(h, "Warehouse database");
    super::type_into(h, "Database URL", &bare.replace("127.0.0.1", "db.example"));
    assert!(shows(h, "TLS is required off this machine"));
    super::type_into(
        h,
        "Database URL",
        &format!("{bare}?sslmode=disable").replace("127.0.0.1", "db.example"),
    );
    assert!(
        shows(h, "Sslmode=disable is refused off this machine"),
        "said next to the field"
    );
    super::type_into(h, "Database URL", &bare);
    super::type_into(h, "Database password", "not-the-password");
    click(h, "Test connection");
    let tested = |app: &packdesk::ui::PackdeskApp| {
        app.state()
            .settings_panel
            .as_ref()
            .is_some_and(|v| !v.warehouse.testing && v.warehouse.tested.is_some())
    };
    wait_until(h, "the test", tested);
    assert!(shows(
        h,
        "PostgreSQL refused the password for user packdesk; type the right one in Settings (Warehouse)"
    ));
    super::type_into(h, "Database password", pg_cluster::PASSWORD);
    click(h, "Test connection");
    wait_until(h, "the second test", tested);
    assert!(shows(
        h,
        "The database is empty: the first desk that uses it sets it up."
    ));
    h.check_accessibility();

    click(h, "Store password");
    wait_until(h, "the password stored", |app| {
        app.state()
            .settings_panel
            .as_ref()
            .is_some_and(|v| v.warehouse.stored_password.is_some())
    });
    click(h, "Save settings");
    wait_until(h, "the switch", |app| {
        app.state().warehouse.shared && !app.state().warehouse.switching
    });
    assert!(shows(
        h,
        "Now using the station record at postgres://packdesk@127.0.0.1:"
    ));
    let saved = std::fs::read_to_string(h.state().config().settings_path.clone()).unwrap();
    assert!(saved.contains(&bare), "{saved}");
    assert!(
        !saved.contains(pg_cluster::PASSWORD),
        "no password in the settings file"
    );
}

#[test]
fn a_refused_warehouse_password_at_start_is_fixed_in_settings() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let bare = url.replace(&format!(":{}@", pg_cluster::PASSWORD), "@");
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    let mut settings = station_settings();
    settings.warehouse_database = Some(bare);
    settings.save(&config.settings_path).unwrap();
    let store = CredentialStore::mock().unwrap();
    store
        .set(
            packdesk::station::secrets::WAREHOUSE,
            SecretKind::WarehousePassword,
            &packdesk::station::secrets::Secret::new("an-old-password"),
        )
        .unwrap();
    config.credentials = CredentialSource::Given(store);
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the failed start", |app| {
        matches!(app.state().shell.startup, Startup::Failed(_))
    });
    assert!(shows(h, "Packdesk could not start"));
    assert!(shows(
        h,
        "PostgreSQL refused the password for user packdesk"
    ));

    click(h, "Settings");
    // The warehouse section is a supervisor's to change.
    super::supervisor::unlock_settings(h, super::PIN);
    super::type_into(h, "Database password", pg_cluster::PASSWORD);
    click(h, "Store password");
    // The old password is listed as stored already: wait for the new one's confirmation.
    wait_until(h, "the new password stored", |app| {
        app.state().settings_panel.as_ref().is_some_and(|v| {
            v.message
                .as_deref()
                .is_some_and(|m| m.contains("warehouse database password") && m.ends_with("saved."))
        })
    });
    click(h, "Save settings");
    wait_until(h, "the start on the warehouse database", |app| {
        app.state().shell.startup == Startup::Ready && app.state().warehouse.shared
    });
}
