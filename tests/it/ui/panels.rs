//! The quote and settings panels inside the app: a quote submitted as an order shows up in the
//! orders table; a first PIN set in Settings (no current PIN to ask for yet) unlocks canceling
//! at once and locks the supervisor's settings.

use crate::ui::open_in;
use crate::ui::open_order;
use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::station::settings::Settings;
use packdesk::ui::config::AppConfig;
use packdesk::ui::packing::CancelFlow;
use packdesk::ui::status::Startup;

use super::{click, demo, embedded_station, open_by_scan, press, settle, shows, start, wait_until};

#[test]
fn a_quote_submitted_as_an_order_shows_in_the_orders_table() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    click(h, "Quote");
    // The agent loads a cart (the file dialog is the shell's; its text arrives like this).
    let cart = serde_json::to_string(&demo(0).cart).unwrap();
    h.state_mut().state_mut().features.quote.cart_loaded(&cart);
    h.step();
    click(h, "Calculate");
    wait_until(h, "the calculation", |app| {
        let quote = &app.state().features.quote;
        !quote.calculating && quote.result.is_some()
    });
    assert!(shows(h, "Landed cost"));
    h.get_by_label("Result for shipment S1")
        .get_by_label("Choose standard")
        .click();
    h.step();
    let field = h.get_by_label("Order number");
    field.focus();
    h.step();
    h.get_by_label("Order number").type_text("2000001");
    h.step();
    h.step();
    click(h, "Submit as order");
    wait_until(h, "the order submission", |app| {
        !app.state().features.quote.submitting
    });
    assert_eq!(
        h.state().state().features.quote.message.as_deref(),
        Some("Order 2000001 recorded — queued for sending (see the status bar).")
    );
    // The outbox worker delivers it: the service has the order and the status bar says so.
    wait_until(h, "the create delivered", |app| {
        app.state().features.outbox.summary.is_empty()
            && app
                .embedded_service()
                .is_some_and(|s| s.store.order(2_000_001).unwrap().is_some())
    });
    assert!(shows(h, "Outbox: everything sent"));
    wait_until(h, "the order in the table", |app| {
        app.state()
            .features
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == 2_000_001)
    });
    click(h, "Orders");
    assert!(h.query_by_label("2000001").is_some(), "the new order's row");
}

/// An agent quoting ankle boots to Berlin with HS 640391 only: the product's words do not
/// decide between CN 6403.91's 8 % lines and the women's calf-high boots' 5 %, so the panel
/// shows the duty as not guaranteed and which line it may also be.
#[test]
fn a_duty_the_product_words_do_not_decide_shows_the_lines_it_may_also_be() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    click(h, "Quote");
    let mut cart = demo(2).cart;
    assert_eq!(cart.ship_to.country_code, "DE");
    cart.shipments.truncate(1);
    // Shipped from the maker's warehouse in China: an import.
    cart.shipments[0].ship_from.country_code = "CN".into();
    let boots = &mut cart.shipments[0].items[0];
    boots.product_name = "Leather ankle boots".into();
    boots.category = "Footwear".into();
    boots.description = String::new();
    boots.hs_code = Some("640391".into());
    boots.origin_country_code = "CN".into();
    boots.unit_price = "240.00".parse().unwrap();
    let shipment = cart.shipments[0].shipment_id.clone();
    h.state_mut()
        .state_mut()
        .features
        .quote
        .cart_loaded(&serde_json::to_string(&cart).unwrap());
    h.step();
    click(h, "Calculate");
    wait_until(h, "the calculation", |app| {
        let quote = &app.state().features.quote;
        !quote.calculating && quote.result.is_some()
    });
    let name = format!("Not guaranteed in shipment {shipment}");
    let region = h.get_by_label(&name);
    assert!(region.query_by_label("May also be").is_some());
    assert!(
        region.query_by_label("6403.91.11").is_some(),
        "the line charged"
    );
    assert!(
        region.query_by_label("6403.91.98 at 5%").is_some(),
        "the line it may also be"
    );
}

#[test]
fn a_pin_set_in_settings_unlocks_canceling() {
    let dir = tempfile::tempdir().unwrap();
    let config = AppConfig::in_directory(dir.path());
    let settings = Settings {
        brand_code: "ACME".into(),
        location_code: "BER-1".into(),
        default_carrier: "Packdesk Post".into(),
        ..Settings::default()
    };
    settings.save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the demo orders", |app| {
        app.state().shell.startup == Startup::Ready && app.state().features.orders.rows.len() >= 30
    });
    open_by_scan(h, demo(0).number);
    // The cancel button says why it waits once the desk holds the shipment (before, it says
    // the claim is being asked for).
    held(h);
    assert!(shows(h, "No supervisor PIN is set"));

    click(h, "Settings");
    let locked = |h: &super::AppHarness| {
        h.get_by_label("New environment name")
            .accesskit_node()
            .is_disabled()
    };
    assert!(!locked(h), "without a PIN nothing is locked (first set-up)");
    assert!(
        h.query_by_label("Current PIN").is_none(),
        "no PIN to ask for"
    );
    for (label, pin) in [("New PIN", "1357"), ("Repeat the PIN", "1357")] {
        h.get_by_label(label).focus();
        h.step();
        h.get_by_label(label).type_text(pin);
        h.step();
    }
    click(h, "Set PIN");
    wait_until(h, "the PIN", |app| {
        app.state().features.supervisor.lock.is_some()
    });
    assert!(
        locked(h),
        "with a PIN the supervisor's settings wait for the unlock"
    );
    assert!(
        h.query_by_label("Current PIN").is_some(),
        "changing it asks for it"
    );
    h.check_accessibility();

    click(h, "Orders");
    open_by_scan(h, demo(0).number);
    held(h);
    press(h, Key::F8);
    assert_eq!(open_order(h).cancel, CancelFlow::Unlocking);
    // The file is written by a job: let it finish.
    settle(h);
    let saved = Settings::load(&station_settings_path(h)).unwrap();
    assert!(saved.supervisor_pin_hash.is_some(), "the hash is saved");
}

/// Waits until the desk holds the open shipment: before, canceling says the claim is being
/// asked for (the server answers it as a job).
fn held(h: &mut super::AppHarness) {
    wait_until(h, "the claim", |app| {
        matches!(
            open_in(app).claim,
            packdesk::ui::packing::ClaimState::Ours { .. }
        )
    });
}

fn station_settings_path(h: &super::AppHarness) -> std::path::PathBuf {
    h.state().config().settings_path.clone()
}
