//! Printers are per desk but label documents are in the warehouse record: a label one desk got
//! (and fulfilled) reprints at another desk's printer with the service gone.

use egui::Key;
use packdesk::station::print::Dpi;
use packdesk::ui::command::Command;
use packdesk::ui::packing::{LabelJob, PackingCommand};

use crate::pg_cluster;
use crate::printing::peer::{Mode, ZplPeer};
use crate::ui::warehouse::{empty_station, second_desk, submit_at_embedded_service};
use crate::ui::{click, demo, open_by_scan, press, type_into, wait_until};

#[test]
fn another_desk_reprints_a_label_from_the_shared_record_with_the_service_gone() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let mut bench = empty_station(Some(url.clone()));
    let mut station_2 = second_desk(&bench, &url, "Station 2");
    let printer = ZplPeer::start(Mode::Ready);
    station_2
        .harness
        .state_mut()
        .state_mut()
        .settings
        .label_printer = Some(printer.printer(Dpi::D203));
    let order = demo(3);
    submit_at_embedded_service(&bench.harness, &order, &url);

    // The bench packs the whole order and gets its label, then leaves it.
    let b = &mut bench.harness;
    wait_until(b, "the order, live", |app| {
        app.state()
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
            app.state().packing.open.as_ref().unwrap().label,
            LabelJob::Ready { .. } | LabelJob::Failed(_)
        )
    });
    let (tracking, zpl_at_bench) = {
        let open = b.state().state().packing.open.as_ref().unwrap();
        assert!(
            matches!(open.label, LabelJob::Ready { .. }),
            "{:?}",
            open.label
        );
        let label = open.order.shipments[0].parcels[0].latest_label().unwrap();
        let zpl = label
            .documents
            .iter()
            .find(|d| d.kind == packdesk::station::db::DocumentKind::Zpl)
            .expect("the ZPL document kept with the label")
            .id;
        (label.tracking_code.clone(), zpl)
    };
    press(b, Key::F4);
    wait_until(b, "the fulfillment", |app| {
        !app.state().packing.open.as_ref().unwrap().fulfill.pending()
    });
    b.state_mut()
        .command(Command::Packing(PackingCommand::Close));
    wait_until(b, "the order closed", |app| {
        app.state().packing.open.is_none()
    });

    // The service (running inside the bench's app) goes away with the bench.
    let service = b.state().embedded_service().unwrap().addr;
    drop(bench);
    assert!(
        std::net::TcpStream::connect(service).is_err(),
        "the service no longer answers"
    );

    // Station 2 opens the order and reprints the label at its own printer from the record.
    let s2 = &mut station_2.harness;
    open_by_scan(s2, order.number);
    click(s2, "Reprint label 1");
    wait_until(s2, "the print", |app| {
        !app.state().packing.open.as_ref().unwrap().print.pending()
    });
    let printed = crate::printing::printed(&printer, 1);
    assert_eq!(
        printed.len(),
        1,
        "{:?}",
        s2.state().state().packing.open.as_ref().unwrap().print
    );
    let zpl = &printed[0];
    assert!(zpl.starts_with("^XA") && zpl.contains(&tracking), "{zpl}");
    let db_zpl = packdesk::station::db::StationDb::connect(
        &packdesk::station::db::Location::parse(&url).unwrap(),
    )
    .unwrap()
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
