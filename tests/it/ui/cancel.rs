//! A supervisor cancels a shipment: a wrong PIN is refused, the right one unlocks, the
//! confirmation names the order and shipment, and the canceled shipment cannot be labelled.

use crate::ui::open_in;
use crate::ui::open_order;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::station::db::OrderStatus;
use packdesk::ui::packing::CancelFlow;

use super::{
    PIN, click, demo, embedded_station, enter_pin, open_by_scan, press, shows, wait_until,
};

#[test]
fn cancel_with_a_wrong_then_the_right_pin() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    let order = demo(0);
    open_by_scan(h, order.number);

    press(h, Key::F8);
    assert!(shows(h, "Supervisor unlock"));
    h.check_accessibility();
    enter_pin(h, "1111");
    assert!(
        shows(h, "Wrong PIN — 2 tries left"),
        "the wrong PIN is refused"
    );
    let open = open_order(h);
    assert_eq!(open.cancel, CancelFlow::Unlocking);

    enter_pin(h, PIN);
    let title = format!("Cancel shipment S1 of order {}?", order.number);
    assert!(
        shows(h, &title),
        "the confirmation names order and shipment"
    );
    click(h, &format!("Cancel shipment S1 of order {}", order.number));
    wait_until(h, "the cancellation", |app| {
        open_in(app).cancel == CancelFlow::Closed
    });

    let open = open_order(h);
    assert_eq!(open.order.shipments[0].status, OrderStatus::Canceled);
    assert!(open.order.shipments[0].cancellation.is_some());
    let button = h.get_by_label("Get label (F2)");
    assert!(
        button.accesskit_node().is_disabled(),
        "a canceled shipment gets no label"
    );
    assert!(shows(
        h,
        "Shipment S1 is canceled, so it cannot be labelled."
    ));
    let cancel = h.get_by_label("Cancel shipment… (F8)");
    assert!(cancel.accesskit_node().is_disabled());
    assert!(shows(h, "Shipment S1 is already canceled."));
    let sku = &order.cart.shipments[0].items[0].sku;
    let tick = h.get_by_role_and_label(Role::CheckBox, sku);
    assert!(tick.accesskit_node().is_disabled(), "nothing can be packed");
}

#[test]
fn three_wrong_pins_lock_the_unlock() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    open_by_scan(h, demo(4).number);
    press(h, Key::F8);
    for pin in ["0000", "1111", "9999"] {
        enter_pin(h, pin);
    }
    assert!(shows(h, "Too many wrong PINs"));
    // Even the right PIN is not checked while locked out.
    let field = h.get_by_label("PIN");
    assert!(field.accesskit_node().is_disabled());
}
