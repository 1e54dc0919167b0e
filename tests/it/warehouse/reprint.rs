//! Printers are per desk but label documents are in the warehouse record: a label one desk got
//! (and fulfilled) reprints at another desk's printer with the service gone, by a packer (not by
//! customer service, who is told which role it needs).

use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable};
use packdesk::station::db::{Location, Role, StationDb};
use packdesk::station::print::Dpi;
use packdesk::ui::command::Command;
use packdesk::ui::packing::{LabelJob, PackingCommand};

use super::roles::{add, people_read, signed_in, type_pin};
use crate::pg_cluster;
use crate::printing::peer::{Mode, ZplPeer};
use crate::ui::warehouse::{empty_station, second_desk, submit_at_embedded_service};
use crate::ui::{
    click, click_when_enabled, demo, mark_fulfilled, open_by_scan, press, shows, type_into,
    wait_until,
};

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
    let mut db = StationDb::connect(&Location::parse(&url).unwrap()).unwrap();
    add(&mut db, "Sam", Role::Supervisor, None, "2468");
    add(&mut db, "Ana", Role::Packer, None, "1357");
    add(&mut db, "Bo", Role::Packer, None, "8642");
    add(&mut db, "Cy", Role::CustomerService, None, "9753");
    for (h, name, role, pin) in [
        (&mut bench.harness, "Ana", "Packer", "1357"),
        (&mut station_2.harness, "Cy", "Customer service", "9753"),
    ] {
        people_read(h);
        click(h, &format!("{name} ({role})"));
        type_pin(h, name, pin);
        assert_eq!(signed_in(h).as_deref(), Some(name));
    }
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
            .label_document(packdesk::station::db::DocumentKind::Zpl)
            .expect("the ZPL document kept with the label")
            .id;
        (label.tracking_code.clone(), zpl)
    };
    mark_fulfilled(b);
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
    let label = s2
        .state()
        .state()
        .packing
        .open
        .as_ref()
        .unwrap()
        .order
        .shipments[0]
        .parcels[0]
        .latest_label()
        .unwrap()
        .id;
    s2.state_mut()
        .command(Command::Packing(PackingCommand::PrintLabel(label)));
    s2.step();
    assert!(shows(s2, refusal), "said where the print's answer goes");
    assert!(printer.printed().is_empty());

    // A packer signs in there and reprints the label at that desk's printer from the record.
    click(s2, "Sign out");
    click(s2, "Bo (Packer)");
    type_pin(s2, "Bo", "8642");
    open_by_scan(s2, order.number);
    click_when_enabled(s2, "Reprint label 1");
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
    let db_zpl = db.label_document(zpl_at_bench).unwrap().unwrap().1;
    assert_eq!(
        zpl.as_bytes(),
        db_zpl.as_slice(),
        "the bench's document, byte for byte"
    );
}
