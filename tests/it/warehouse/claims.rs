//! Two desks at one warehouse server, as packers meet them: an order submitted elsewhere
//! appears without Reload; one shipment, one packer (the second desk is read-only and says who
//! has it, and may pack once the first leaves); a supervisor takes a claim over; and a
//! cancellation at one desk reaches the packer's open view at the other at once.

use crate::ui::open_in;
use crate::ui::open_order;
use std::time::{Duration, Instant};

use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::station::db::{Claimant, OrderStatus};
use packdesk::ui::packing::{ClaimState, LabelJob};

use crate::ui::site::{PACKER, SUPERVISOR, Warehouse, sign_in};
use crate::ui::{AppHarness, click, demo, open_by_scan, press, shows, wait_until};
use packdesk::ui::app::PackdeskApp;

fn claim(h: &AppHarness) -> ClaimState {
    open_order(h).claim.clone()
}

/// Whether the desk holds the open shipment's claim.
fn holds(app: &PackdeskApp) -> bool {
    matches!(open_in(app).claim, ClaimState::Ours { .. })
}

#[test]
fn one_shipment_one_packer_across_desks_and_a_cancel_reaches_the_packer_live() {
    let warehouse = Warehouse::start();
    let mut bench = warehouse.desk("Test bench");
    let mut station_3 = warehouse.desk("Station 3");
    sign_in(&mut bench.harness, PACKER.0, PACKER.1);
    sign_in(&mut station_3.harness, SUPERVISOR.0, SUPERVISOR.1);
    let order = demo(0);
    warehouse.submit(&order);

    // Both desks show the new order without anyone pressing Reload.
    for h in [&mut bench.harness, &mut station_3.harness] {
        wait_until(h, "the order, live", |app| {
            app.state()
                .features
                .orders
                .rows
                .iter()
                .any(|r| r.source_reference == order.number)
        });
    }

    // Station 3 opens it first and holds it; the bench sees it read-only and why.
    let s3 = &mut station_3.harness;
    open_by_scan(s3, order.number);
    assert!(
        matches!(claim(s3), ClaimState::Ours { .. }),
        "{:?}",
        claim(s3)
    );
    let b = &mut bench.harness;
    open_by_scan(b, order.number);
    assert!(
        matches!(claim(b), ClaimState::Theirs { .. }),
        "{:?}",
        claim(b)
    );
    assert!(shows(b, "Being packed at Station 3 by Sam since"));
    b.check_accessibility();
    assert!(
        b.get_by_label("Get label (F2)")
            .accesskit_node()
            .is_disabled(),
        "no label for a shipment another desk packs"
    );
    b.key_press_modifiers(egui::Modifiers::COMMAND, Key::E);
    b.step();
    press(b, Key::F2);
    let open = open_order(b);
    assert_eq!(open.label, LabelJob::Idle);
    assert!(
        open.form
            .lines
            .iter()
            .all(|l| l.quantity.trim().is_empty() || l.quantity == "0"),
        "no units added: {:?}",
        open.form
            .lines
            .iter()
            .map(|l| &l.quantity)
            .collect::<Vec<_>>()
    );

    // Station 3 leaves it: the bench may pack it within a second, without a click.
    press(&mut station_3.harness, Key::Escape);
    let left = Instant::now();
    wait_until(&mut bench.harness, "the bench's claim", holds);
    assert!(left.elapsed().as_secs_f64() < 3.0, "{:?}", left.elapsed());

    // Station 3 opens it again: now the bench has it. The supervisor there takes it over (a
    // signed-in supervisor is asked for no PIN).
    let s3 = &mut station_3.harness;
    open_by_scan(s3, order.number);
    assert!(matches!(claim(s3), ClaimState::Theirs { .. }));
    assert!(shows(s3, "Being packed at Test bench by Ana since"));
    click(s3, "Take over (supervisor)…");
    wait_until(s3, "the take-over", holds);
    let events = warehouse.record().events(order.number).unwrap();
    let taken = events
        .iter()
        .find(|e| e.kind == "claim_taken_over")
        .unwrap();
    assert_eq!(taken.body["from"]["desk"], "Test bench");
    assert_eq!(taken.body["to"]["desk"], "Station 3");
    // The bench finds out and goes read-only.
    wait_until(&mut bench.harness, "the bench to lose the claim", |app| {
        matches!(open_in(app).claim, ClaimState::Theirs { .. })
    });

    // The supervisor at Station 3 cancels the shipment while the bench has it open: the
    // bench's view shows the cancellation within a second and refuses the label.
    let s3 = &mut station_3.harness;
    press(s3, Key::F8);
    wait_until(s3, "the confirmation", |app| {
        open_in(app).cancel == packdesk::ui::packing::CancelFlow::Confirming
    });
    click(s3, &format!("Cancel shipment S1 of order {}", order.number));
    let canceled = Instant::now();
    wait_until(&mut bench.harness, "the cancellation at the bench", |app| {
        open_in(app).order.shipments[0].status == OrderStatus::Canceled
    });
    assert!(
        canceled.elapsed().as_secs_f64() < 3.0,
        "{:?}",
        canceled.elapsed()
    );
    let b = &mut bench.harness;
    wait_until(b, "the word of it", |app| {
        app.state()
            .shell
            .notices
            .iter()
            .any(|n| n.text.contains("was canceled by a supervisor"))
    });
    assert!(
        b.get_by_label("Get label (F2)")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_crashed_desks_claim_runs_out_and_the_shipment_is_free_again() {
    let warehouse = Warehouse::start();
    let mut bench = warehouse.desk("Test bench");
    sign_in(&mut bench.harness, PACKER.0, PACKER.1);
    let order = demo(1);
    warehouse.submit(&order);
    wait_until(&mut bench.harness, "the order, live", |app| {
        app.state()
            .features
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == order.number)
    });
    // A desk claimed the shipment and died: nothing renews or releases its short lease.
    let mut crashed = warehouse.record();
    let dead = Claimant {
        desk_id: "crashed-desk".into(),
        desk_name: "Station 9".into(),
        person: Some("Bo".into()),
    };
    crashed
        .claim(order.number, "S1", &dead, Duration::from_secs(2))
        .unwrap();
    drop(crashed);

    let b = &mut bench.harness;
    open_by_scan(b, order.number);
    assert!(
        matches!(claim(b), ClaimState::Theirs { .. }),
        "{:?}",
        claim(b)
    );
    assert!(shows(b, "Being packed at Station 9 by Bo since"));
    // Once the lease ran out the bench asks again by itself, and may pack.
    let waited = Instant::now();
    wait_until(b, "the run-out claim to pass to the bench", holds);
    assert!(
        waited.elapsed() < Duration::from_secs(10),
        "{:?}",
        waited.elapsed()
    );
    assert!(
        !shows(b, "Take over (supervisor)"),
        "the read-only banner is gone"
    );
}
