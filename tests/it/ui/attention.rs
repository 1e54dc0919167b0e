//! The "needs attention" list driven as a person: a refused call is corrected (the API key
//! fixed in Settings) and resent until it is delivered; another is discarded after the
//! supervisor unlock, which refuses a wrong PIN first. And a quote submitted as an order that
//! the service refuses with a 422 shows the message on the quote form.

use std::path::PathBuf;

use egui::Key;
use egui_kittest::kittest::Queryable;
use packdesk::api::{Client, ClientConfig, Secret};
use packdesk::demo::orders::create_body;
use packdesk::service::server::{self, RunningService, ServeConfig};
use packdesk::station::db::StationDb;
use packdesk::station::secrets::{CredentialStore, SecretKind};
use packdesk::station::settings::{Environment, EnvironmentKind};
use packdesk::ui::state::{LabelJob, Startup};
use packdesk::ui::{AppConfig, CredentialSource};

use super::{
    AppHarness, PIN, Station, click, demo, open_by_scan, press, shows, start, station_settings,
    type_into, wait_until,
};

const API_KEY: &str = "attention-key-1";
const TOKEN: &str = "attention-token-1";

struct Staging {
    station: Station,
    service: Option<RunningService>,
    runtime: tokio::runtime::Runtime,
    port: u16,
    _service_dir: tempfile::TempDir,
}

fn serve(dir: PathBuf, port: u16) -> ServeConfig {
    ServeConfig {
        addr: ([127, 0, 0, 1], port).into(),
        api_key: Some(API_KEY.into()),
        access_token: Some(TOKEN.into()),
        ..ServeConfig::local(dir)
    }
}

/// A station on a "Staging" environment this test serves, holding the demo orders `orders`
/// (created at the service by the merchant's checkout), with `stored_key` as its API key.
fn staging(stored_key: &str, orders: &[usize]) -> Staging {
    let (dir, service_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let service = runtime
        .block_on(server::start(serve(service_dir.path().into(), 0)))
        .unwrap();
    let client = Client::new(ClientConfig::new(
        service.base_url.clone(),
        service.labels_url.clone(),
        Secret::new(API_KEY),
        Secret::new(TOKEN),
    ))
    .unwrap();
    let mut config = AppConfig::in_directory(dir.path());
    let mut db = StationDb::open(&config.station_db_path).unwrap();
    for index in orders {
        let order = demo(*index);
        let quote = runtime.block_on(client.landed_cost(&order.cart)).unwrap();
        let body = create_body(&order, &quote).unwrap();
        runtime.block_on(client.create_order(&body)).unwrap();
        db.record_submitted_order(&order.cart, &quote, &body)
            .unwrap();
    }
    drop(db);
    let mut settings = station_settings();
    settings.environments.push(Environment {
        name: "Staging".into(),
        kind: EnvironmentKind::Sandbox,
        base_url: service.base_url.clone(),
        labels_url: service.labels_url.clone(),
        allow_plain_http: false,
    });
    settings.active_environment = "Staging".into();
    settings.save(&config.settings_path).unwrap();
    let store = CredentialStore::mock().unwrap();
    let stored = [
        (SecretKind::ApiKey, stored_key),
        (SecretKind::AccessToken, TOKEN),
    ];
    for (kind, value) in stored {
        store.set("Staging", kind, &Secret::new(value)).unwrap();
    }
    config.credentials = CredentialSource::Given(store);
    let mut station = start(dir, config);
    wait_until(&mut station.harness, "the station", |app| {
        app.state().startup == Startup::Ready && app.state().orders.rows.len() == orders.len()
    });
    Staging {
        port: service.addr.port(),
        station,
        service: Some(service),
        runtime,
        _service_dir: service_dir,
    }
}

/// Packs the whole first shipment, gets its label and marks it fulfilled (queued).
fn pack_label_fulfil(h: &mut AppHarness, number: u64) {
    open_by_scan(h, number);
    click(h, "Everything left (Ctrl+E)");
    type_into(h, "Weight (F6)", "1.5");
    click(h, "lb");
    press(h, Key::F2);
    wait_until(h, "the label", |app| {
        matches!(
            app.state().open.as_ref().unwrap().label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
    let label = &h.state().state().open.as_ref().unwrap().label;
    assert!(matches!(label, LabelJob::Ready { .. }), "{label:?}");
    press(h, Key::F4);
    wait_until(h, "the fulfilment recorded", |app| {
        !app.state().open.as_ref().unwrap().fulfil.pending()
    });
    press(h, Key::Escape);
}

#[test]
#[ignore = "unfinished: the resend half passes; the Discard click after the unlock emits no command yet"]
fn refusals_are_corrected_and_resent_or_discarded_by_a_supervisor() {
    let mut staging = staging("an-old-key", &[6, 7]);
    let (first, second) = (demo(6).number, demo(7).number);
    let h = &mut staging.station.harness;
    pack_label_fulfil(h, first);
    pack_label_fulfil(h, second);
    // The label used the access token; the fulfilments need the API key, which is stale.
    wait_until(h, "both refusals", |app| {
        app.state().outbox.summary.needs_attention == 2
    });
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Num4);
    h.step();
    h.step();
    assert!(shows(h, "rejected the credentials"));
    let key = |number: u64| {
        let open = &h.state().state().outbox.open;
        open.iter()
            .find(|e| e.order == number)
            .map(|e| e.key.clone())
            .unwrap()
    };
    let (first_key, second_key) = (key(first), key(second));

    // The person fixes the key in Settings, comes back and resends the first one.
    click(h, "Settings");
    type_into(h, "New API key", API_KEY);
    click(h, "Save API key");
    wait_until(h, "the key saved and in use", |app| {
        app.jobs_in_flight() == 0
    });
    click(h, "Outbox");
    click(h, &format!("Resend {first_key}"));
    wait_until(h, "the first delivered", |app| {
        app.state().outbox.summary.needs_attention == 1
            && !app.state().outbox.open.iter().any(|e| e.order == first)
    });
    assert!(
        !shows(h, &format!("Resend {first_key}")),
        "it left the list"
    );
    let service = staging.service.as_ref().unwrap();
    let delivered = service.store.order(first).unwrap().unwrap();
    assert_eq!(delivered.shipments[0].fulfillments.len(), 1);

    // The second is discarded: a supervisor action, and a wrong PIN is refused first.
    let discard = format!("Discard {second_key}");
    type_into(h, "Supervisor PIN (to discard)", "1111");
    click(h, "Unlock supervisor");
    wait_until(h, "the PIN checked", |app| !app.state().supervisor.checking);
    assert!(shows(h, "Wrong PIN"));
    click(h, &discard);
    assert_eq!(
        h.state().state().outbox.summary.needs_attention,
        1,
        "a locked supervisor discards nothing"
    );
    type_into(h, "Supervisor PIN (to discard)", PIN);
    click(h, "Unlock supervisor");
    wait_until(h, "the unlock", |app| !app.state().supervisor.checking);
    assert!(shows(h, "Supervisor unlocked"));
    // The unlock asked for the focus; the first frame settles it before the click.
    h.step();
    click(h, &discard);
    wait_until(h, "the discard", |app| {
        app.state().outbox.summary.is_empty() && app.state().outbox.busy.is_none()
    });
    assert!(!shows(h, &discard));
    assert!(shows(h, "Nothing needs attention."));
    let kept = service.store.order(second).unwrap().unwrap();
    assert!(kept.shipments[0].fulfillments.is_empty(), "never sent");
}

#[test]
#[ignore = "unfinished: order_errors are set, but the form line is not found under the order fields yet"]
fn a_submitted_quote_refused_with_a_422_shows_it_on_the_quote_form() {
    let mut staging = staging(API_KEY, &[]);
    let h = &mut staging.station.harness;
    click(h, "Quote");
    let cart = serde_json::to_string(&demo(0).cart).unwrap();
    h.state_mut().state_mut().quote.cart_loaded(&cart);
    h.step();
    click(h, "Calculate");
    wait_until(h, "the calculation", |app| {
        let quote = &app.state().quote;
        !quote.calculating && quote.result.is_some()
    });
    h.get_by_label("Result for shipment S1")
        .get_by_label("Choose standard")
        .click();
    h.step();
    type_into(h, "Order number", "2000003");

    // Meanwhile the service was replaced by one that never saw that calculation.
    let old = staging.service.take().unwrap();
    staging.runtime.block_on(old.shutdown()).unwrap();
    let fresh = tempfile::tempdir().unwrap();
    let service = staging
        .runtime
        .block_on(server::start(serve(fresh.path().into(), staging.port)))
        .unwrap();
    click(h, "Submit as order");
    wait_until(h, "the refusal", |app| {
        !app.state().quote.order_errors.is_empty()
    });
    let quote = &h.state().state().quote;
    let message = quote.message.clone().unwrap();
    assert!(message.contains("did not accept the order"), "{message}");
    assert!(message.contains("waits in the Outbox tab"), "{message}");
    assert!(shows(h, "no calculation"), "the 422's message on the form");
    let field = h.get_by_label("Order number").rect();
    // The form's line (the notice in the status bar says it too).
    let shown = h
        .query_all_by_label_contains("landedcost_request_id: no calculation")
        .map(|n| n.rect())
        .find(|r| r.min.y > field.max.y)
        .unwrap();
    assert!(
        shown.min.y > field.max.y && shown.min.y - field.max.y < 200.0,
        "under the order fields: {field:?} {shown:?}"
    );
    assert!(service.store.order(2_000_003).unwrap().is_none());
    assert_eq!(h.state().state().outbox.summary.needs_attention, 1);
}
