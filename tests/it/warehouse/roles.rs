//! People and roles across desks at one warehouse server: a desk asks who is there (a badge
//! scanned or a name typed, then the person's own PIN, checked by the server); a packer packs but cannot cancel or
//! open Settings, and is told which role that needs; a supervisor can, without the station PIN;
//! customer service submits a quote as an order that a packing station sees live; and the
//! order's events name who did what at which desk.

use crate::ui::open_in;
use crate::ui::open_order;
use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::ui::command::Command;
use packdesk::ui::status::Tab;

use crate::ui::site::{PACKER, SERVICE, SUPERVISOR, Warehouse, sign_in, signed_in};
use crate::ui::{click, demo, open_by_scan, press, scan, shows, type_into, wait_until};

#[test]
fn each_role_does_its_own_work_and_the_record_says_who() {
    let warehouse = Warehouse::start();
    let mut bench = warehouse.desk("Test bench");
    let mut service_desk = warehouse.desk("Service desk");

    // The bench asks who is there; Ana scans her badge and types her PIN (a wrong one first).
    let b = &mut bench.harness;
    assert!(shows(b, "Who is at this desk?"));
    b.check_accessibility();
    scan(b, "B-17");
    wait_until(b, "the badge", |app| {
        app.state().features.people.who == "B-17"
    });
    type_into(b, "PIN", "0000");
    click(b, "Sign in");
    wait_until(b, "the PIN check", |app| {
        !app.state().features.people.checking
    });
    assert!(shows(b, "Wrong name, badge or PIN."));
    assert_eq!(signed_in(b), None);
    type_into(b, "PIN", PACKER.1);
    click(b, "Sign in");
    wait_until(b, "the PIN check", |app| {
        !app.state().features.people.checking
    });
    assert_eq!(signed_in(b).as_deref(), Some(PACKER.0));

    // Customer service at the other desk submits a quote as an order: the bench sees it live.
    let c = &mut service_desk.harness;
    sign_in(c, SERVICE.0, SERVICE.1);
    assert_eq!(signed_in(c).as_deref(), Some(SERVICE.0));
    assert!(
        c.get_by_label("Settings").accesskit_node().is_disabled(),
        "customer service does not change settings"
    );
    click(c, "Quote");
    let order = demo(0);
    c.state_mut()
        .state_mut()
        .features
        .quote
        .cart_loaded(&serde_json::to_string(&order.cart).unwrap());
    c.step();
    click(c, "Calculate");
    wait_until(c, "the calculation", |app| {
        let quote = &app.state().features.quote;
        !quote.calculating && quote.result.is_some()
    });
    c.get_by_label("Result for shipment S1")
        .get_by_label("Choose standard")
        .click();
    c.step();
    c.get_by_label("Order number").focus();
    c.step();
    c.get_by_label("Order number").type_text("3000007");
    c.step();
    c.step();
    click(c, "Submit as order");
    wait_until(
        &mut bench.harness,
        "the order at the packing station, live",
        |app| {
            app.state()
                .features
                .orders
                .rows
                .iter()
                .any(|r| r.source_reference == 3_000_007)
        },
    );

    // Ana packs it but may not cancel it, nor open Settings; both say which role they need.
    let b = &mut bench.harness;
    open_by_scan(b, 3_000_007);
    let packer_refusal = "Canceling needs the supervisor role; Ana is signed in as packer.";
    press(b, Key::F8);
    assert!(
        b.state()
            .state()
            .shell
            .notices
            .iter()
            .any(|n| n.text == packer_refusal),
        "{:?}",
        b.state().state().shell.notices
    );
    assert_eq!(
        open_order(b).cancel,
        packdesk::ui::packing::CancelFlow::Closed
    );
    assert!(b.get_by_label("Settings").accesskit_node().is_disabled());
    b.state_mut().command(Command::ShowTab(Tab::Settings));
    b.step();
    assert_ne!(b.state().state().shell.tab, Tab::Settings);
    assert!(
        !b.get_by_label("Everything left (Ctrl+E)")
            .accesskit_node()
            .is_disabled(),
        "a packer packs"
    );

    // Ana signs out (her claim goes back); Sam signs in and cancels without the station PIN.
    click(b, "Sign out");
    wait_until(b, "the sign-in screen", |app| {
        app.state().features.people.signing_in()
    });
    assert!(b.state().state().features.packing.open.is_none());
    sign_in(b, SUPERVISOR.0, SUPERVISOR.1);
    assert_eq!(signed_in(b).as_deref(), Some("Sam"));
    assert!(!b.get_by_label("Settings").accesskit_node().is_disabled());
    open_by_scan(b, 3_000_007);
    press(b, Key::F8);
    wait_until(b, "the confirmation, with no PIN asked", |app| {
        open_in(app).cancel == packdesk::ui::packing::CancelFlow::Confirming
    });
    click(b, "Cancel shipment S1 of order 3000007");
    wait_until(b, "the cancellation", |app| {
        open_in(app).cancel == packdesk::ui::packing::CancelFlow::Closed
    });

    // The order's history at the desk says who canceled, where.
    wait_until(b, "the history with the cancellation", |app| {
        app.state()
            .features
            .packing
            .open
            .as_ref()
            .is_some_and(|o| o.history.iter().any(|e| e.kind == "cancellation"))
    });
    b.query_by_label_contains("History (").unwrap().click();
    b.step();
    b.step();
    assert!(shows(b, "cancellation (S1)"), "the history lists it");

    // The record says who did what, where.
    let mut db = warehouse.record();
    let events = db.events(3_000_007).unwrap();
    let who = |kind: &str| {
        events
            .iter()
            .find(|e| e.kind == kind)
            .map(|e| (e.desk.clone(), e.person.clone()))
    };
    assert_eq!(
        who("order_create"),
        Some((Some("Service desk".into()), Some("Cy".into())))
    );
    assert_eq!(
        who("claimed"),
        Some((Some("Test bench".into()), Some("Ana".into())))
    );
    assert_eq!(
        who("cancellation"),
        Some((Some("Test bench".into()), Some("Sam".into())))
    );
    let history = db.warehouse_events(20).unwrap();
    let kinds: Vec<&str> = history.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "desk_added").count(),
        2,
        "two desks enrolled: {kinds:?}"
    );
}

#[test]
fn an_idle_desk_signs_its_person_out_and_lets_the_shipment_go() {
    let warehouse = Warehouse::on(None);
    let mut station = warehouse.desk("Test bench");
    let order = demo(2);
    warehouse.submit(&order);
    let h = &mut station.harness;
    h.state_mut().state_mut().settings.idle_sign_out_minutes = 2;
    scan(h, "B-17");
    wait_until(h, "the badge", |app| {
        app.state().features.people.who == "B-17"
    });
    type_into(h, "PIN", PACKER.1);
    click(h, "Sign in");
    wait_until(h, "the PIN check", |app| {
        !app.state().features.people.checking
    });
    assert_eq!(signed_in(h).as_deref(), Some(PACKER.0));
    wait_until(h, "the order", |app| {
        app.state()
            .features
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == order.number)
    });
    open_by_scan(h, order.number);
    wait_until(h, "the claim", |app| {
        matches!(
            open_in(app).claim,
            packdesk::ui::packing::ClaimState::Ours { .. }
        )
    });
    assert_eq!(warehouse.record().claims(order.number).unwrap().len(), 1);

    // A minute without a key or a click is not yet the two minutes set.
    h.state_mut()
        .backdate_last_input(std::time::Duration::from_secs(60));
    h.step();
    h.step();
    assert_eq!(signed_in(h).as_deref(), Some(PACKER.0));
    assert!(h.state().state().features.packing.open.is_some());

    // Two minutes are: the desk asks who is there again and the shipment is free for others.
    h.state_mut()
        .backdate_last_input(std::time::Duration::from_secs(61));
    wait_until(h, "the idle sign-out", |app| {
        app.state().features.people.signing_in()
    });
    assert_eq!(signed_in(h), None);
    assert!(h.state().state().features.packing.open.is_none());
    assert!(shows(h, "Signed out after the desk sat idle. (Ana)"));
    crate::ui::settle(h);
    assert_eq!(
        warehouse.record().claims(order.number).unwrap(),
        vec![],
        "the claim went back"
    );
}
