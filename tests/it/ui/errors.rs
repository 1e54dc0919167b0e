//! Errors a person can act on: a 422 shown next to the field it names, a network failure shown
//! as "offline" with a Retry that loses nothing, and rejected credentials pointing to Settings.

use crate::ui::open_in;
use crate::ui::open_order;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::api::{Client, ClientConfig, LabelAddress, LabelRequest, LabelSku, Secret};
use packdesk::demo::orders::create_body;
use packdesk::service::server::{self, ServeConfig};
use packdesk::station::db::StationDb;
use packdesk::station::secrets::{CredentialStore, SecretKind};
use packdesk::station::settings::{Environment, EnvironmentKind};
use packdesk::ui::config::{AppConfig, CredentialSource};
use packdesk::ui::failure::Failure;
use packdesk::ui::packing::parcel_form::FieldKey;
use packdesk::ui::packing::{LabelJob, Request};
use packdesk::ui::status::{Connection, Startup};
use rust_decimal::Decimal;

use super::{
    AppHarness, click, demo, embedded_station, open_by_scan, press, shows, start, station_settings,
    type_into, wait_until,
};

fn address(
    first: &str,
    last: &str,
    line1: &str,
    city: &str,
    province: &str,
    country: &str,
    zip: &str,
) -> LabelAddress {
    LabelAddress {
        first_name: first.into(),
        last_name: last.into(),
        phone_number: "+44 20 7946 0958".into(),
        line1: line1.into(),
        line2: None,
        city: city.into(),
        province: province.into(),
        country: country.into(),
        zipcode: zip.into(),
    }
}

fn wait_for_label(h: &mut AppHarness) {
    wait_until(h, "the label answer", |app| {
        let open = open_in(app);
        matches!(open.label, LabelJob::Ready { .. } | LabelJob::Failed(_))
    });
}

#[test]
fn a_422_is_shown_next_to_the_quantity_it_names() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    // Demo order 3 to London: its first line has 3 units.
    let order = demo(3);
    let line = order.cart.shipments[0].items[0].clone();
    assert_eq!(line.quantity, Decimal::from(3));

    // Another station already labelled one unit of that SKU; this station does not know.
    let client = crate::support::client_for(h.state().embedded_service().unwrap());
    let other = LabelRequest {
        order_number: order.number.to_string(),
        skus: Some(vec![LabelSku {
            sku_name: line.sku.clone(),
            asn: "OTHER-1".into(),
            quantity: Decimal::ONE,
        }]),
        from_address: Some(address(
            "Dana",
            "Fischer",
            "Chausseestraße 86",
            "Berlin",
            "BE",
            "DE",
            "10115",
        )),
        to_address: Some(address(
            "Oliver",
            "Smith",
            "221B Baker Street",
            "London",
            "LND",
            "GB",
            "NW1 6XE",
        )),
        track_reference: Some("OTHER-STATION-1".into()),
        parcel_weight: Some("500".into()),
        brand_code: Some("ACME".into()),
        ..LabelRequest::default()
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(client.label(&other)).unwrap();

    open_by_scan(h, order.number);
    h.get_by_role_and_label(Role::CheckBox, &line.sku).click();
    h.step();
    h.step();
    let grams = line.weight.per_unit * line.quantity + Decimal::from(80);
    type_into(h, "Weight (F6)", &grams.to_string());
    press(h, Key::F2);
    wait_for_label(h);

    let open = open_order(h);
    assert!(
        matches!(open.label, LabelJob::Failed(Failure::Fields(_))),
        "{:?}",
        open.label
    );
    let (key, message) = open.form.reported.first().cloned().unwrap();
    assert_eq!(key, FieldKey::LineQuantity(0));
    assert!(message.contains("left to label"), "{message}");
    assert!(
        open.parcel.is_none(),
        "the refused parcel gave its units back"
    );
    assert!(
        open.order.shipments[0]
            .parcels
            .iter()
            .all(|p| p.voided_at.is_some())
    );

    // The message sits right under the quantity field it is about.
    let field = h.get_by_label(&format!("Quantity {}", line.sku)).rect();
    let shown = h.get_by_label_contains("left to label").rect();
    assert!(
        shown.min.y >= field.max.y - 1.0 && shown.min.y - field.max.y < 40.0,
        "{field:?} {shown:?}"
    );
    assert!(
        shown.min.x <= field.max.x && shown.max.x >= field.min.x,
        "{field:?} {shown:?}"
    );

    // Editing the quantity clears the service's message.
    type_into(h, &format!("Quantity {}", line.sku), "2");
    assert!(!shows(h, "left to label"));
}

/// A station on a "Staging" environment served by a reference service this test controls,
/// holding demo order 6 as if the merchant's checkout had submitted it.
struct Staging {
    station: super::Station,
    data_dir: std::path::PathBuf,
    port: u16,
    runtime: tokio::runtime::Runtime,
    number: u64,
}

const API_KEY: &str = "staging-key-123";
const ACCESS_TOKEN: &str = "staging-token-456";

fn staging(
    stored_api_key: &str,
    stored_token: &str,
    service_running: bool,
) -> (Staging, Option<server::RunningService>) {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("staging-service");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let serve = ServeConfig {
        api_key: Some(API_KEY.into()),
        access_token: Some(ACCESS_TOKEN.into()),
        ..ServeConfig::local(data_dir.clone())
    };
    let running = runtime.block_on(server::start(serve)).unwrap();
    let port = running.addr.port();
    let client = Client::new(ClientConfig::new(
        running.base_url.clone(),
        running.labels_url.clone(),
        Secret::new(API_KEY),
        Secret::new(ACCESS_TOKEN),
    ))
    .unwrap();
    let order = demo(6);
    let quote = runtime.block_on(client.landed_cost(&order.cart)).unwrap();
    let body = create_body(&order, &quote).unwrap();
    runtime.block_on(client.create_order(&body)).unwrap();

    let mut config = AppConfig::in_directory(dir.path());
    StationDb::open(&config.station_db_path)
        .unwrap()
        .record_submitted_order(&order.cart, &quote, &body)
        .unwrap();
    let mut settings = station_settings();
    settings.environments.push(Environment {
        name: "Staging".into(),
        kind: EnvironmentKind::Sandbox,
        base_url: running.base_url.clone(),
        labels_url: running.labels_url.clone(),
        allow_plain_http: false,
    });
    settings.active_environment = "Staging".into();
    settings.save(&config.settings_path).unwrap();
    let store = CredentialStore::mock().unwrap();
    store
        .set("Staging", SecretKind::ApiKey, &Secret::new(stored_api_key))
        .unwrap();
    store
        .set(
            "Staging",
            SecretKind::AccessToken,
            &Secret::new(stored_token),
        )
        .unwrap();
    config.credentials = CredentialSource::Given(store);
    let running = if service_running {
        Some(running)
    } else {
        runtime.block_on(running.shutdown()).unwrap();
        None
    };
    let mut station = start(dir, config);
    wait_until(&mut station.harness, "the station", |app| {
        app.state().shell.startup == Startup::Ready && app.state().features.orders.rows.len() == 1
    });
    assert!(
        shows(&station.harness, "Sandbox — Staging"),
        "the environment badge"
    );
    let staging = Staging {
        station,
        data_dir,
        port,
        runtime,
        number: order.number,
    };
    (staging, running)
}

fn pack_everything(h: &mut AppHarness, number: u64) {
    open_by_scan(h, number);
    click(h, "Everything left (Ctrl+E)");
    type_into(h, "Weight (F6)", "1.5");
    click(h, "lb");
}

#[test]
fn offline_shows_retry_and_loses_nothing() {
    let (mut staging, none) = staging(API_KEY, ACCESS_TOKEN, false);
    assert!(none.is_none());
    let h = &mut staging.station.harness;
    pack_everything(h, staging.number);
    press(h, Key::F2);
    wait_for_label(h);

    let state = h.state().state();
    assert!(matches!(state.shell.connection, Connection::Offline(_)));
    let open = state.features.packing.open.as_ref().unwrap();
    assert!(matches!(open.label, LabelJob::Failed(Failure::Offline(_))));
    assert!(open.parcel.is_some(), "the parcel is kept for the retry");
    assert_eq!(open.form.weight, "1.5", "nothing typed is lost");
    assert!(h.query_by_label("Offline").is_some());
    assert!(shows(h, "Retry (F5)"));

    // The service comes back on the same address; F5 asks again.
    let serve = ServeConfig {
        addr: ([127, 0, 0, 1], staging.port).into(),
        api_key: Some(API_KEY.into()),
        access_token: Some(ACCESS_TOKEN.into()),
        ..ServeConfig::local(staging.data_dir.clone())
    };
    let _running = staging.runtime.block_on(server::start(serve)).unwrap();
    press(h, Key::F5);
    wait_until(h, "the label after the retry", |app| {
        matches!(open_in(app).label, LabelJob::Ready { .. })
    });
    assert_eq!(h.state().state().shell.connection, Connection::Online);
    assert!(h.query_by_label("Online").is_some());
}

/// A station whose stored API key the service rejects, with one fulfillment refused and waiting
/// in the Outbox tab.
fn refused_fulfillment() -> (Staging, Option<server::RunningService>) {
    let (mut staging, running) = staging("an-old-key", ACCESS_TOKEN, true);
    assert!(running.is_some());
    let h = &mut staging.station.harness;
    pack_everything(h, staging.number);
    press(h, Key::F2);
    wait_for_label(h);
    assert!(matches!(open_order(h).label, LabelJob::Ready { .. }));
    press(h, Key::F4);
    // The fulfillment is recorded at once and queued; the service refuses the old API key, so
    // the entry waits in the Outbox tab with the reason.
    wait_until(h, "the refusal in the outbox", |app| {
        app.state().features.outbox.summary.needs_attention == 1
    });
    let open = open_order(h);
    assert!(matches!(open.fulfill, Request::Done(_)));
    assert!(shows(h, "1 needs attention"));
    click(h, "Show what needs attention");
    assert!(shows(h, "Fulfillment · order"));
    assert!(shows(h, "rejected the credentials"));
    // Who tried it is named: the warehouse server's outbox, which alone sends.
    assert!(shows(h, "Last tried by warehouse server "));
    (staging, running)
}

/// How many fulfillments the service holds for the order, over all its shipments.
fn fulfillments_at_service(running: &Option<server::RunningService>, number: u64) -> usize {
    let order = running
        .as_ref()
        .unwrap()
        .store
        .order(number)
        .unwrap()
        .expect("the order is at the service");
    order.shipments.iter().map(|s| s.fulfillments.len()).sum()
}

#[test]
fn a_rejected_api_key_points_to_settings() {
    let (mut staging, running) = refused_fulfillment();
    let h = &mut staging.station.harness;

    // Discarding is a supervisor's: the button stays disabled until the PIN unlocks it.
    let discard = h
        .query_all_by_label_contains("Discard fulfill:")
        .next()
        .unwrap();
    assert!(discard.accesskit_node().is_disabled());

    // The right key goes into Settings; the station reconnects, and Resend delivers the entry.
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Num3);
    h.step();
    h.step();
    // Keys are a supervisor's to change.
    super::supervisor::unlock_settings(h, super::PIN);
    type_into(h, "New API key", API_KEY);
    click(h, "Save API key");
    for _ in 0..500 {
        if shows(h, "Connected to Staging") {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(shows(h, "Connected to Staging"), "the new key is in use");
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Num4);
    h.step();
    h.step();
    h.query_all_by_label_contains("Resend fulfill:")
        .next()
        .unwrap()
        .click();
    h.step();
    wait_until(h, "the resent fulfillment delivered", |app| {
        app.state().features.outbox.summary.is_empty()
    });
    assert!(shows(h, "Nothing needs attention."));
    assert_eq!(
        fulfillments_at_service(&running, staging.number),
        1,
        "delivered once"
    );
}

#[test]
fn a_supervisor_discards_a_refused_entry_after_the_pin() {
    let (mut staging, running) = refused_fulfillment();
    let h = &mut staging.station.harness;
    type_into(h, "Supervisor PIN (to discard)", "0000");
    click(h, "Unlock supervisor");
    wait_until(h, "the PIN check", |app| {
        !app.state().features.supervisor.checking
    });
    assert!(shows(h, "Wrong PIN"), "the wrong PIN is refused");
    let discard = |h: &AppHarness| {
        h.query_all_by_label_contains("Discard fulfill:")
            .next()
            .unwrap()
            .accesskit_node()
            .is_disabled()
    };
    assert!(discard(h), "a wrong PIN does not unlock");
    type_into(h, "Supervisor PIN (to discard)", super::PIN);
    click(h, "Unlock supervisor");
    wait_until(h, "the PIN check", |app| {
        !app.state().features.supervisor.checking
    });
    assert!(shows(h, "Supervisor unlocked"));
    assert!(!discard(h));
    h.query_all_by_label_contains("Discard fulfill:")
        .next()
        .unwrap()
        .click();
    h.step();
    wait_until(h, "the entry discarded", |app| {
        app.state().features.outbox.summary.is_empty()
    });
    assert!(shows(h, "Nothing needs attention."));
    assert_eq!(
        fulfillments_at_service(&running, staging.number),
        0,
        "a discarded entry is never sent"
    );
}

/// A keyring that does not answer at start is said as such (not as a rejected key), and
/// "Try again" starts once it answers.
#[test]
fn a_keyring_that_does_not_answer_at_start_is_said_and_tried_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    let mut settings = station_settings();
    settings.environments.push(Environment {
        name: "Staging".into(),
        kind: EnvironmentKind::Sandbox,
        base_url: "https://staging.example".into(),
        labels_url: "https://staging.example/api/post/fc/labels".into(),
        allow_plain_http: false,
    });
    settings.active_environment = "Staging".into();
    settings.save(&config.settings_path).unwrap();
    let store = CredentialStore::mock().unwrap();
    store
        .set("Staging", SecretKind::ApiKey, &Secret::new(API_KEY))
        .unwrap();
    store
        .set(
            "Staging",
            SecretKind::AccessToken,
            &Secret::new(ACCESS_TOKEN),
        )
        .unwrap();
    assert!(store.mock_fail_next("Staging", SecretKind::ApiKey));
    config.credentials = CredentialSource::Given(store);
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the failed start", |app| {
        matches!(app.state().shell.startup, Startup::Failed(_))
    });
    assert!(shows(
        h,
        "The system keyring did not answer, so the API key for Staging could not be read"
    ));
    assert!(!shows(h, "rejected"));
    h.check_accessibility();
    click(h, "Try again");
    wait_until(h, "the start", |app| {
        app.state().shell.startup == Startup::Ready
    });
    assert!(shows(h, "Sandbox — Staging"), "the environment badge");
}
