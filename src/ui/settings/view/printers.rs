//! The printers of this station: the thermal label printer (ZPL over TCP, with its density) and
//! the office printer (PDF through the spooler), each with a test print.

use egui::{RichText, Ui};

use crate::station::print::{Dpi, PrintTarget, RAW_PORT, SpoolerPrinter, ZplPrinter};
use crate::ui::form::FieldErrors;
use crate::ui::form::{Fields, NARROW, WIDE};
use crate::ui::settings::command::SettingsCommand;
use crate::ui::settings::state::SettingsView;

/// The printer problems to show (paths start with `printers`, which blocks saving).
pub fn printer_problems(view: &SettingsView, errors: &mut FieldErrors) {
    if let Some(printer) = &view.draft.label_printer {
        if printer.host.trim().is_empty() {
            errors.add(
                "printers.label.host",
                "Enter the label printer's address (IP or host name), e.g. 192.168.1.50.",
            );
        }
        if port_of(&view.printer_port).is_none() {
            errors.add(
                "printers.label.port",
                "The port is a number from 1 to 65535 (9100 on most label printers).",
            );
        }
    }
}

fn port_of(text: &str) -> Option<u16> {
    text.trim().parse::<u16>().ok().filter(|p| *p > 0)
}

/// Draws both printers; the test buttons push [`SettingsCommand::TestPrint`].
pub fn printers_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    fields: &mut Fields,
    intents: &mut Vec<SettingsCommand>,
) {
    ui.heading("Printers");
    label_printer_ui(ui, view, fields, intents);
    ui.add_space(6.0);
    document_printer_ui(ui, view, fields, intents);
    if let Some(message) = &view.test_print_message {
        ui.label(RichText::new(message).weak());
    }
}

fn label_printer_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    fields: &mut Fields,
    intents: &mut Vec<SettingsCommand>,
) {
    let mut on = view.draft.label_printer.is_some();
    if ui
        .checkbox(&mut on, "Thermal label printer (ZPL over the network)")
        .changed()
    {
        view.draft.label_printer = on.then(|| ZplPrinter {
            host: String::new(),
            port: port_of(&view.printer_port).unwrap_or(RAW_PORT),
            dpi: Dpi::D203,
        });
    }
    let testing = view.test_printing;
    let Some(printer) = &mut view.draft.label_printer else {
        ui.label(
            RichText::new("No label printer: labels print as PDFs on the office printer.").weak(),
        );
        return;
    };
    ui.horizontal_wrapped(|ui| {
        fields.text(
            ui,
            "Label printer address",
            &mut printer.host,
            "printers.label.host",
            WIDE,
        );
        fields.text(
            ui,
            "Label printer port",
            &mut view.printer_port,
            "printers.label.port",
            NARROW,
        );
        if let Some(port) = port_of(&view.printer_port) {
            printer.port = port;
        }
    });
    ui.horizontal(|ui| {
        ui.label("Print density");
        for dpi in [Dpi::D203, Dpi::D300] {
            ui.radio_value(&mut printer.dpi, dpi, dpi.label());
        }
    });
    let ready = !printer.host.trim().is_empty() && port_of(&view.printer_port).is_some();
    let target = PrintTarget::Zpl(printer.clone());
    if ui
        .add_enabled(ready && !testing, egui::Button::new("Test print label"))
        .clicked()
    {
        view.test_printing = true;
        view.test_print_message = Some("Sending a test label…".into());
        intents.push(SettingsCommand::TestPrint(target));
    }
}

fn document_printer_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    fields: &mut Fields,
    intents: &mut Vec<SettingsCommand>,
) {
    let mut on = view.draft.document_printer.is_some();
    if ui
        .checkbox(
            &mut on,
            "Office printer (PDF through the system's print queue)",
        )
        .changed()
    {
        view.draft.document_printer = on.then(SpoolerPrinter::default);
    }
    let testing = view.test_printing;
    let Some(printer) = &mut view.draft.document_printer else {
        return;
    };
    let mut queue = printer.queue.clone().unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        fields.text(
            ui,
            "Printer queue (empty: the default printer)",
            &mut queue,
            "printers.document.queue",
            WIDE,
        );
    });
    printer.queue = Some(queue).filter(|q| !q.trim().is_empty());
    let target = PrintTarget::Spooler(printer.clone());
    if ui
        .add_enabled(!testing, egui::Button::new("Test print page"))
        .clicked()
    {
        view.test_printing = true;
        view.test_print_message = Some("Sending a test page…".into());
        intents.push(SettingsCommand::TestPrint(target));
    }
}
