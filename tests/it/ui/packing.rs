//! The packer's flow: scan the order open, pack two of its three SKUs, notice a unit slip, get
//! the label (preview rendered from the ZPL), mark the parcel fulfilled, see the status change.

use crate::ui::open_in;
use crate::ui::open_order;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use packdesk::station::db::OrderStatus;
use packdesk::ui::packing::{LabelJob, Preview, Request};

use super::{
    click, demo, embedded_station, mark_fulfilled, open_by_scan, press, scan, settle, shows,
    wait_until,
};

#[test]
fn scan_pack_two_of_three_skus_label_and_fulfill() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    assert!(shows(h, "Embedded sandbox"), "the environment badge");
    // Demo order 1: one shipment to Québec with three different SKUs.
    let order = demo(1);
    let items = &order.cart.shipments[0].items;
    assert_eq!(items.len(), 3);
    open_by_scan(h, order.number);
    assert!(shows(h, &format!("Order {}", order.number)));
    h.check_accessibility();

    // Two of the three SKUs go into this parcel.
    h.get_by_role_and_label(Role::CheckBox, &items[0].sku)
        .click();
    h.step();
    h.get_by_role_and_label(Role::CheckBox, &items[2].sku)
        .click();
    h.step();
    h.step();
    let grams: rust_decimal::Decimal = [&items[0], &items[2]]
        .iter()
        .map(|i| i.weight.per_unit * i.quantity)
        .sum();

    // The scale said grams, the packer left the unit on pounds: a slip the form points out.
    click(h, "lb");
    // F6 jumps to the weight field; the scale's reading is typed there.
    press(h, Key::F6);
    h.get_by_label("Weight (F6)").type_text(&grams.to_string());
    h.step();
    h.step();
    assert!(shows(h, "did you mean"), "the unit-slip warning");
    click(h, "g");
    assert!(!shows(h, "did you mean"));

    press(h, Key::F2);
    wait_until(h, "the label", |app| {
        let open = open_in(app);
        matches!(open.label, LabelJob::Ready { .. } | LabelJob::Failed(_))
            && !matches!(open.preview, Preview::Rendering)
    });
    let open = open_order(h);
    let LabelJob::Ready { tracking_code, .. } = &open.label else {
        panic!("no label: {:?}", open.label);
    };
    let tracking_code = tracking_code.clone();
    assert!(
        matches!(open.preview, Preview::Ready { .. }),
        "the ZPL preview"
    );
    assert!(shows(h, &format!("Label ready — tracking {tracking_code}")));

    mark_fulfilled(h);
    let open = open_order(h);
    assert_eq!(
        open.fulfill,
        Request::Done("Parcel fulfilled — queued for sending.".into())
    );
    let shipment = &open.order.shipments[0];
    assert_eq!(shipment.status, OrderStatus::PartlyFulfilled);
    assert_eq!(
        shipment.items[1].left,
        items[1].quantity.to_string().parse::<u32>().unwrap()
    );
    assert!(shows(h, "S1 · partly fulfilled"));

    // The rest goes in a second parcel: a second label and a second fulfillment.
    press_ctrl(h, Key::E);
    press(h, Key::F6);
    let rest = items[1].weight.per_unit * items[1].quantity;
    h.get_by_label("Weight (F6)").type_text(&rest.to_string());
    h.step();
    h.step();
    press(h, Key::F2);
    wait_until(h, "the second label", |app| {
        matches!(
            open_in(app).label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
    mark_fulfilled(h);
    wait_until(h, "the second fulfillment", |app| {
        let open = open_in(app);
        !open.fulfill.pending() && open.order.shipments[0].status == OrderStatus::Fulfilled
    });
    let shipment = &open_order(h).order.shipments[0];
    let fulfillments: Vec<_> = shipment.fulfillments().collect();
    assert_eq!(fulfillments.len(), 2, "one fulfillment per parcel");
    assert_ne!(
        fulfillments[0].sent.tracking_number,
        fulfillments[1].sent.tracking_number
    );
    assert!(shows(h, "S1 · fulfilled"));

    // Back in the table, the order's row says so too.
    press(h, Key::Escape);
    settle(h);
    let row = h
        .state()
        .state()
        .features
        .orders
        .rows
        .iter()
        .find(|r| r.source_reference == order.number)
        .unwrap();
    assert_eq!(row.status, OrderStatus::Fulfilled);
    assert!(shows(h, "fulfilled"));
    h.check_accessibility();
}

fn press_ctrl(h: &mut super::AppHarness, key: Key) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, key);
    h.step();
    h.step();
}

#[test]
fn a_pending_label_is_polled_visibly_then_printed_to_a_zpl_printer() {
    let printer = crate::printing::peer::ZplPeer::start(crate::printing::peer::Mode::Ready);
    let port = printer.port;
    let dir = tempfile::tempdir().unwrap();
    let mut config = packdesk::ui::config::AppConfig::in_directory(dir.path());
    config.embedded_label_delay = std::time::Duration::from_millis(1500);
    let mut settings = super::station_settings();
    settings.label_printer = Some(printer.printer(packdesk::station::print::Dpi::D203));
    settings.save(&config.settings_path).unwrap();
    let mut station = super::start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the demo orders", |app| {
        app.state().features.orders.rows.len() >= 30
    });
    let order = demo(4);
    open_by_scan(h, order.number);
    press_ctrl(h, Key::E);
    press(h, Key::F6);
    h.get_by_label("Weight (F6)").type_text("400");
    h.step();
    press(h, Key::F2);
    wait_until(h, "a pending answer", |app| {
        matches!(open_in(app).label, LabelJob::Polling { .. })
    });
    assert!(shows(h, "Label pending at the service — asking again in"));
    wait_until(h, "the label", |app| {
        let open = open_in(app);
        matches!(open.label, LabelJob::Ready { .. })
            && matches!(open.preview, Preview::Ready { .. })
    });

    press_ctrl(h, Key::P);
    wait_until(h, "the print answer", |app| !open_in(app).print.pending());
    // A parcel to the US also gets its CN22, printed by itself to the same thermal printer.
    let printed = crate::printing::printed(&printer, 2);
    assert_eq!(printed.len(), 2, "the label and the CN22");
    let labels: Vec<&String> = printed.iter().filter(|z| !z.contains("CN 22")).collect();
    assert_eq!(labels.len(), 1, "{printed:?}");
    let zpl = labels[0];
    assert!(
        zpl.starts_with("^XA") && zpl.trim_end().ends_with("^XZ"),
        "{zpl}"
    );
    assert!(zpl.contains(&order.number.to_string()));
    assert_eq!(
        printer.status_queries(),
        2,
        "asked for its status before each"
    );
    assert!(shows(
        h,
        &format!("Label sent to the printer 127.0.0.1:{port}.")
    ));
}

#[test]
fn scanned_skus_fill_the_parcel_and_a_double_read_is_ignored() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    let order = demo(1);
    open_by_scan(h, order.number);
    let sku = order.cart.shipments[0].items[2].sku.clone();
    scan(h, &sku);
    scan(h, &sku);
    h.step();
    let quantity = |h: &super::AppHarness| open_order(h).form.lines[2].quantity.clone();
    assert_eq!(quantity(h), "1", "the second read came within the window");
    assert!(shows(h, "Ignored a repeated read"));
    std::thread::sleep(packdesk::ui::shell::REPEATED_SCAN_WINDOW);
    scan(h, &sku.to_lowercase());
    h.step();
    assert_eq!(quantity(h), "2");
    assert!(shows(h, &format!("{sku}: 2 in this parcel.")));
}

#[test]
fn a_packer_opens_an_order_by_clicking_its_row() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    wait_until(h, "the demo orders in the table", |app| {
        !app.state().features.orders.shown.is_empty()
    });
    // The table's top row: on screen whatever the window's height.
    let state = h.state().state();
    let number = state.features.orders.rows[state.features.orders.shown[0]].source_reference;
    h.get_by_label(&number.to_string()).click();
    wait_until(h, "the clicked order to open", |app| {
        app.state()
            .features
            .packing
            .open
            .as_ref()
            .is_some_and(|o| o.order.source_reference == number)
    });
    assert!(shows(h, &format!("Order {number}")));
}
