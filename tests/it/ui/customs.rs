//! Customs paperwork at the desk: a parcel to Japan gets its label, then its commercial
//! invoice, CN22 and packing slip are made from the record, shown beside the label and sent
//! through the print queue (the CN22 to the thermal printer); an item without an HS code is
//! named at the item when the order opens, and its documents are not printed; the exporter is
//! set in Settings by a supervisor, for every desk.

use crate::ui::open_in;
use crate::ui::open_order;
use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::station::db::{Paper, StationDb};
use packdesk::station::print::DeskPrintQueue;
use packdesk::station::print::Dpi;
use packdesk::ui::customs::Documents;
use packdesk::ui::packing::LabelJob;

use super::{AppHarness, click, demo, embedded_station, open_by_scan, press, shows, wait_until};
use crate::printing::peer::{Mode, ZplPeer};

fn press_ctrl(h: &mut AppHarness, key: Key) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, key);
    h.step();
    h.step();
}

/// Packs everything left of the open shipment at 400 g and asks for the label.
fn label_everything(h: &mut AppHarness) {
    press_ctrl(h, Key::E);
    super::type_into(h, "Weight (F6)", "400");
    click(h, "g");
    press(h, Key::F2);
    wait_until(h, "the label", |app| {
        matches!(
            open_in(app).label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
}

fn label_id(h: &AppHarness) -> packdesk::station::db::LabelId {
    match &open_order(h).label {
        LabelJob::Ready { label, .. } => *label,
        other => panic!("no label: {other:?}"),
    }
}

#[test]
fn a_parcel_to_japan_gets_its_customs_documents_made_shown_and_printed() {
    let printer = ZplPeer::start(Mode::Ready);
    let mut station = embedded_station();
    let h = &mut station.harness;
    h.state_mut().state_mut().settings.label_printer = Some(printer.printer(Dpi::D203));
    wait_until(h, "the customs settings", |app| {
        app.state().features.customs.settings.is_some()
    });
    // Demo order 7 goes from Berlin to Tokyo.
    let order = demo(6);
    assert_eq!(order.cart.ship_to.country_code, "JP");
    open_by_scan(h, order.number);
    wait_until(h, "the customs check", |app| {
        app.state().features.customs.check.is_some()
    });
    assert!(
        h.state()
            .state()
            .features
            .customs
            .check
            .as_ref()
            .unwrap()
            .missing
            .is_empty(),
        "{:?}",
        h.state().state().features.customs.check
    );
    label_everything(h);
    let label = label_id(h);
    wait_until(h, "the documents printed", |app| {
        let customs = &app.state().features.customs;
        matches!(customs.documents, Documents::Made { .. })
            && !matches!(
                customs.print,
                packdesk::ui::customs::Printing::Idle | packdesk::ui::customs::Printing::Sending
            )
    });
    wait_until(h, "the CN22 preview", |app| {
        app.state().features.customs.preview.is_some()
    });
    assert!(shows(h, "Customs documents"));
    assert!(shows(h, "CN22 (up to 300 SDR): contents worth"));
    h.check_accessibility();

    // In the record, with the label: invoice, CN22 (PDF and ZPL) and packing slip.
    let mut db = StationDb::open(&h.state().config().station_db_path).unwrap();
    let documents = db.customs_documents(label).unwrap();
    let papers: Vec<(Paper, &str)> = documents
        .iter()
        .map(|d| (d.paper, d.kind.as_str()))
        .collect();
    assert_eq!(
        papers,
        [
            (Paper::Invoice, "pdf"),
            (Paper::Cn22, "pdf"),
            (Paper::Cn22, "zpl"),
            (Paper::PackingSlip, "pdf"),
        ]
    );
    // The CN22 went to the thermal printer through the queue (no document printer is set, so
    // the invoice and the slip wait for one, and the desk says so).
    let cn22 = documents
        .iter()
        .find(|d| d.paper == Paper::Cn22 && d.kind.as_str() == "zpl");
    // The desk's own print queue keeps each job.
    let queue_path = h.state().config().print_queue_path.clone();
    let jobs_of = |document: i64| -> Vec<(String, bool)> {
        DeskPrintQueue::open(&queue_path)
            .unwrap()
            .jobs()
            .unwrap()
            .into_iter()
            .filter(|(_, d, _, _)| *d == document)
            .map(|(_, _, state, reprint)| (state, reprint))
            .collect()
    };
    let cn22_id = cn22.unwrap().id.0;
    assert_eq!(jobs_of(cn22_id), [("sent".to_string(), false)]);
    let printed = crate::printing::printed(&printer, 1);
    let tracking = match &open_order(h).label {
        LabelJob::Ready { tracking_code, .. } => tracking_code.clone(),
        _ => unreachable!(),
    };
    assert!(
        printed
            .iter()
            .any(|zpl| zpl.contains("CN 22") && zpl.contains(&tracking)),
        "{printed:?}"
    );
    assert!(
        shows(h, "no document printer"),
        "said why the invoice waits"
    );

    // "Reprint documents" sends the CN22 again: a second job, a reprint.
    click(h, "Reprint documents");
    wait_until(h, "the reprint", |app| {
        !matches!(
            app.state().features.customs.print,
            packdesk::ui::customs::Printing::Sending
        )
    });
    assert_eq!(
        jobs_of(cn22_id),
        [("sent".to_string(), true), ("sent".to_string(), false)]
    );
}

#[test]
fn an_item_without_hs_code_is_named_at_the_item_and_its_documents_are_not_printed() {
    let printer = ZplPeer::start(Mode::Ready);
    let mut station = embedded_station();
    let h = &mut station.harness;
    h.state_mut().state_mut().settings.label_printer = Some(printer.printer(Dpi::D203));
    wait_until(h, "the customs settings", |app| {
        app.state().features.customs.settings.is_some()
    });
    // The shop sends an order to Tokyo whose first item has no HS code, and its quote did not
    // classify it either.
    let mut order = demo(6);
    order.number = 3_100_001;
    order.cart.shipments[0].items[0].hs_code = None;
    let sku = order.cart.shipments[0].items[0].sku.clone();
    let client = crate::support::client_for(h.state().embedded_service().unwrap());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut quote = runtime.block_on(client.landed_cost(&order.cart)).unwrap();
    let body = packdesk::demo::orders::create_body(&order, &quote).unwrap();
    runtime.block_on(client.create_order(&body)).unwrap();
    if let Some(codes) = &mut quote.hs_codes {
        codes.retain(|c| c.sku != sku);
    }
    let mut db = StationDb::open(&h.state().config().station_db_path).unwrap();
    db.record_submitted_order(&order.cart, &quote, &body)
        .unwrap();

    press(h, Key::F5);
    wait_until(h, "the new order", |app| {
        app.state()
            .features
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == order.number)
    });
    open_by_scan(h, order.number);
    wait_until(h, "the customs check", |app| {
        app.state().features.customs.check.is_some()
    });
    let at_item = format!("Customs: {sku} has no HS code");
    assert!(shows(h, &at_item), "said at the item when the order opens");

    label_everything(h);
    let label = label_id(h);
    wait_until(h, "the documents refused", |app| {
        matches!(
            app.state().features.customs.documents,
            Documents::Missing(..)
        )
    });
    assert!(shows(h, "Not printed: fix these first"));
    assert!(shows(h, &at_item));
    assert!(db.customs_documents(label).unwrap().is_empty());
    assert!(printer.printed().is_empty(), "nothing printed");

    // Leaving the order leaves its paperwork behind: nothing of it shows on the next screen.
    press(h, Key::Escape);
    wait_until(h, "the order left", |app| {
        app.state().features.packing.open.is_none()
    });
    let customs = &h.state().state().features.customs;
    assert!(customs.check.is_none(), "{:?}", customs.check);
    assert!(matches!(customs.documents, Documents::None));
    assert!(!shows(h, &at_item));
}

#[test]
fn a_supervisor_sets_the_exporter_for_every_desk_read_only_until_unlocked() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    wait_until(h, "the customs settings", |app| {
        app.state().features.customs.settings.is_some()
    });
    click(h, "Settings");
    // Locked until a supervisor unlocks Settings: the fields are read-only.
    assert!(
        h.get_by_label("EORI number").accesskit_node().is_disabled(),
        "read-only while locked"
    );
    super::supervisor::unlock_settings(h, super::PIN);
    super::type_into(h, "EORI number", "de987654321098765");
    super::type_into(h, "Signatory", "Sam Supervisor");
    // The section is at the end of the Settings list: a person scrolls down to its button.
    for _ in 0..5 {
        h.get_by_label("Save customs settings").scroll_down();
        h.step();
    }
    h.step();
    click(h, "Save customs settings");
    wait_until(h, "the save", |app| !app.state().features.customs.saving);
    assert_eq!(
        h.state()
            .state()
            .features
            .customs
            .settings_message
            .as_deref(),
        Some("Customs settings saved for every desk.")
    );

    // In the shared record, for every desk (and `packdesk documents`) to read.
    let mut db = StationDb::open(&h.state().config().station_db_path).unwrap();
    let saved: packdesk::customs::settings::CustomsSettings = serde_json::from_value(
        db.warehouse_setting(packdesk::customs::settings::SETTINGS_KEY)
            .unwrap()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(saved.exporter.eori, "DE987654321098765");
    assert_eq!(saved.signatory, "Sam Supervisor");
    assert_eq!(
        saved.exporter.company, "Packdesk Demo GmbH",
        "the rest kept"
    );
}
