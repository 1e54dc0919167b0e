//! Printers are per desk but label documents are the warehouse server's: a label one desk got
//! (and fulfilled) reprints at another desk's printer with the provider gone, by a packer (not
//! by customer service, who is told which role it needs), byte for byte what the server kept.

use crate::ui::open_in;
use crate::ui::open_order;
use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::station::print::Dpi;
use packdesk::ui::command::Command;
use packdesk::ui::packing::{LabelJob, PackingCommand};

use crate::printing::peer::{Mode, ZplPeer};
use crate::ui::site::{PACKER, SERVICE, Warehouse, sign_in, signed_in};
use crate::ui::{
    click, click_when_enabled, demo, mark_fulfilled, open_by_scan, press, shows, type_into,
    wait_until,
};

#[test]
fn another_desk_reprints_a_label_from_the_shared_record_with_the_service_gone() {
    let mut warehouse = Warehouse::start();
    let mut bench = warehouse.desk("Test bench");
    let mut station_2 = warehouse.desk("Station 2");
    let printer = ZplPeer::start(Mode::Ready);
    station_2
        .harness
        .state_mut()
        .state_mut()
        .settings
        .label_printer = Some(printer.printer(Dpi::D203));
    warehouse.add_person("Bo", packdesk::station::db::Role::Packer, "8642");
    for (h, (name, pin)) in [
        (&mut bench.harness, PACKER),
        (&mut station_2.harness, SERVICE),
    ] {
        sign_in(h, name, pin);
        assert_eq!(signed_in(h).as_deref(), Some(name));
    }
    let order = demo(3);
    warehouse.submit(&order);

    // The bench packs the whole order and gets its label, then leaves it.
    let b = &mut bench.harness;
    wait_until(b, "the order, live", |app| {
        app.state()
            .features
            .orders
            .rows
            .iter()
            .any(|r| r.source_reference == order.number)
    });
    open_by_scan(b, order.number);
    click(b, "Everything left (Ctrl+E)");
    type_into(b, "Weight (F6)", "650");
    click(b, "g");
    press(b, Key::F2);
    wait_until(b, "the label", |app| {
        matches!(
            open_in(app).label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
    let (tracking, zpl_at_bench) = {
        let open = open_order(b);
        assert!(
            matches!(open.label, LabelJob::Ready { .. }),
            "{:?}",
            open.label
        );
        let label = open.order.shipments[0].parcels[0].latest_label().unwrap();
        let zpl = label
            .label_document(packdesk::station::db::DocumentKind::Zpl)
            .expect("the ZPL document kept with the label")
            .id;
        (label.tracking_code.clone(), zpl)
    };
    mark_fulfilled(b);
    b.state_mut().command(Command::from(PackingCommand::Close));
    wait_until(b, "the order closed", |app| {
        app.state().features.packing.open.is_none()
    });

    // The provider goes away, and the bench with it.
    drop(bench);
    let service = warehouse.stop_provider();
    assert!(
        std::net::TcpStream::connect(service).is_err(),
        "the provider no longer answers"
    );

    // At station 2 customer service may read the order but not print its label.
    let s2 = &mut station_2.harness;
    open_by_scan(s2, order.number);
    let refusal = "Packing, labels and fulfilling needs the packer or supervisor role; \
                   Cy is signed in as customer service.";
    assert!(
        s2.get_by_label("Reprint label 1")
            .accesskit_node()
            .is_disabled()
    );
    let label = open_order(s2).order.shipments[0].parcels[0]
        .latest_label()
        .unwrap()
        .id;
    s2.state_mut()
        .command(Command::from(PackingCommand::PrintLabel(label)));
    s2.step();
    assert!(shows(s2, refusal), "said where the print's answer goes");
    assert!(printer.printed().is_empty());

    // A packer signs in there and reprints the label at that desk's printer from the record.
    click(s2, "Sign out");
    sign_in(s2, "Bo", "8642");
    open_by_scan(s2, order.number);
    // Pressed again while nothing started: a click in the frame the order's reload redrew
    // the history in is lost.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while matches!(open_order(s2).print, packdesk::ui::packing::Request::Idle) {
        assert!(
            std::time::Instant::now() < deadline,
            "the reprint never started"
        );
        click_when_enabled(s2, "Reprint label 1");
        s2.step();
    }
    wait_until(s2, "the print", |app| !open_in(app).print.pending());
    let printed = crate::printing::printed(&printer, 1);
    assert_eq!(printed.len(), 1, "{:?}", open_order(s2).print);
    let zpl = &printed[0];
    assert!(zpl.starts_with("^XA") && zpl.contains(&tracking), "{zpl}");
    let db_zpl = warehouse
        .record()
        .label_document(zpl_at_bench)
        .unwrap()
        .unwrap()
        .1;
    assert_eq!(
        zpl.as_bytes(),
        db_zpl.as_slice(),
        "the bench's document, byte for byte"
    );
}
