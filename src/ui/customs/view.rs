//! The customs views: the documents beside a parcel's label, what an item misses, and the
//! Settings → Customs documents section.

use egui::RichText;

use super::command::{CustomsCommand, SettingsEdit};
use super::state::{Customs, Documents, Printing};
use crate::customs::paperwork::{DeclarationForm, PaperSize};
use crate::customs::settings::{MAX_INVOICE_COPIES, SettingsField};
use crate::station::db::LabelId;
use crate::ui::command::Command;
use crate::ui::widgets::{error_ui, text_field_ui};

fn send(commands: &mut Vec<Command>, command: CustomsCommand) {
    commands.push(Command::from(command));
}

/// The customs documents of `label` (beside the label's preview and buttons).
pub fn documents_ui(
    ui: &mut egui::Ui,
    customs: &Customs,
    label: LabelId,
    refused: Option<&str>,
    commands: &mut Vec<Command>,
) {
    if customs.documents.label() != Some(label) {
        return;
    }
    ui.label(RichText::new("Customs documents").strong());
    match &customs.documents {
        Documents::None => {}
        Documents::Making(_) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Making the customs documents…");
            });
        }
        Documents::NotNeeded(_, why) => {
            ui.label(RichText::new(why).weak());
        }
        Documents::Missing(_, missing) => {
            ui.label(
                RichText::new("Not printed: fix these first, then get the documents again.")
                    .color(ui.visuals().error_fg_color),
            );
            for piece in missing {
                error_ui(ui, &piece.message, 360.0);
            }
        }
        Documents::Failed(_, why) => error_ui(ui, why, 360.0),
        Documents::Made {
            summary, documents, ..
        } => {
            if let Some(summary) = summary {
                let form = match summary.form {
                    DeclarationForm::Cn22 => "CN22 (up to 300 SDR)",
                    DeclarationForm::Cn23 => "CN23 (over 300 SDR)",
                };
                ui.label(format!(
                    "Invoice {} · {} line(s) · goods {} + transport {} + duties and taxes paid {} = {} {}",
                    summary.invoice_number,
                    summary.lines,
                    summary.subtotal,
                    summary.transport,
                    summary.paid_total,
                    summary.total,
                    summary.currency
                ));
                ui.label(format!("{form}: contents worth {} SDR", summary.value_sdr));
            }
            if let Some((_, texture)) = &customs.preview {
                let size = texture.size_vec2();
                ui.add(
                    egui::Image::new(texture)
                        .fit_to_exact_size(size * (200.0 / size.x.max(1.0)))
                        .alt_text("CN22 preview"),
                );
            }
            for document in documents {
                ui.label(
                    RichText::new(format!(
                        "{} ({}, {} KB)",
                        document.paper.title(),
                        document.kind.as_str().to_uppercase(),
                        document.size.div_ceil(1024)
                    ))
                    .weak(),
                );
            }
            let sending = customs.print == Printing::Sending;
            if ui
                .add_enabled(
                    !sending && refused.is_none(),
                    egui::Button::new("Reprint documents"),
                )
                .on_disabled_hover_text(refused.unwrap_or_default())
                .clicked()
            {
                send(commands, CustomsCommand::Print);
            }
        }
    }
    match &customs.print {
        Printing::Idle => {}
        Printing::Sending => {
            ui.spinner();
        }
        Printing::Done(text) => {
            ui.label(RichText::new(text).weak());
        }
        Printing::Failed(why) => error_ui(ui, why, 360.0),
    }
}

/// What the open shipment's paperwork misses at one item line (under the items).
pub fn item_notes_ui(ui: &mut egui::Ui, customs: &Customs, source_line_id: &str) {
    for message in customs.missing_at_item(source_line_id) {
        error_ui(ui, &format!("Customs: {message}"), 520.0);
    }
}

/// What the open shipment's paperwork misses elsewhere (the settings, the locked quote).
pub fn shipment_notes_ui(ui: &mut egui::Ui, customs: &Customs) {
    for missing in customs.missing() {
        if !matches!(missing.at, crate::customs::build::MissingAt::Item { .. }) {
            error_ui(ui, &format!("Customs: {}", missing.message), 520.0);
        }
    }
}

/// Settings → Customs documents; read-only while `locked` (the supervisor's).
pub fn settings_section_ui(
    ui: &mut egui::Ui,
    customs: &Customs,
    locked: bool,
    commands: &mut Vec<Command>,
) {
    ui.heading("Customs documents");
    ui.label(
        RichText::new(
            "For parcels that cross a customs border. Shared by every desk of the warehouse.",
        )
        .weak(),
    );
    let draft = &customs.draft;
    let e = &draft.exporter;
    ui.add_enabled_ui(!locked, |ui| {
        let mut field = |ui: &mut egui::Ui,
                         label: &str,
                         value: &str,
                         at: Option<SettingsField>,
                         edit: fn(String) -> SettingsEdit| {
            let message = at.and_then(|f| customs.missing_at_setting(f));
            let id = egui::Id::unique(("customs_setting", label));
            if let Some(text) = text_field_ui(ui, id, label, None, value, message, 220.0) {
                send(commands, CustomsCommand::Edit(edit(text)));
            }
        };
        ui.horizontal(|ui| {
            field(
                ui,
                "Exporter company",
                &e.company,
                Some(SettingsField::Company),
                SettingsEdit::Company,
            );
            field(
                ui,
                "Street",
                &e.address1,
                Some(SettingsField::Address),
                SettingsEdit::Address1,
            );
            field(
                ui,
                "Street, second line",
                &e.address2,
                None,
                SettingsEdit::Address2,
            );
        });
        ui.horizontal(|ui| {
            field(
                ui,
                "Postal code",
                &e.postal_code,
                None,
                SettingsEdit::PostalCode,
            );
            field(ui, "City", &e.city, None, SettingsEdit::City);
            field(
                ui,
                "Province or state",
                &e.province,
                None,
                SettingsEdit::Province,
            );
            field(
                ui,
                "Exporter country (e.g. DE)",
                &e.country_code,
                Some(SettingsField::Country),
                SettingsEdit::Country,
            );
        });
        ui.horizontal(|ui| {
            field(
                ui,
                "EORI number",
                &e.eori,
                Some(SettingsField::Eori),
                SettingsEdit::Eori,
            );
            field(
                ui,
                "VAT number",
                &e.vat_number,
                None,
                SettingsEdit::VatNumber,
            );
            field(
                ui,
                "IOSS number",
                &e.ioss_number,
                Some(SettingsField::IossNumber),
                SettingsEdit::IossNumber,
            );
            field(
                ui,
                "UK VAT number",
                &e.uk_vat_number,
                Some(SettingsField::UkVatNumber),
                SettingsEdit::UkVatNumber,
            );
        });
        ui.horizontal(|ui| {
            field(
                ui,
                "Signatory",
                &draft.signatory,
                Some(SettingsField::Signatory),
                SettingsEdit::Signatory,
            );
        });
        ui.horizontal(|ui| {
            let label = ui.label("Paper size");
            for (paper, name) in [(PaperSize::A4, "A4"), (PaperSize::Letter, "Letter")] {
                if ui
                    .radio(draft.paper == paper, name)
                    .labelled_by(label.id)
                    .clicked()
                {
                    send(commands, CustomsCommand::Edit(SettingsEdit::Paper(paper)));
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label("Print with each cross-border label:");
            let mut invoice = draft.print_invoice;
            if ui.checkbox(&mut invoice, "Commercial invoice").changed() {
                send(
                    commands,
                    CustomsCommand::Edit(SettingsEdit::PrintInvoice(invoice)),
                );
            }
            let label = ui.label("Invoice copies");
            let mut copies = draft.invoice_copies;
            if ui
                .add(egui::DragValue::new(&mut copies).range(1..=MAX_INVOICE_COPIES))
                .labelled_by(label.id)
                .changed()
            {
                send(
                    commands,
                    CustomsCommand::Edit(SettingsEdit::InvoiceCopies(copies)),
                );
            }
            let mut declaration = draft.print_declaration;
            if ui.checkbox(&mut declaration, "CN22 / CN23").changed() {
                send(
                    commands,
                    CustomsCommand::Edit(SettingsEdit::PrintDeclaration(declaration)),
                );
            }
            let mut slip = draft.print_packing_slip;
            if ui.checkbox(&mut slip, "Packing slip").changed() {
                send(
                    commands,
                    CustomsCommand::Edit(SettingsEdit::PrintPackingSlip(slip)),
                );
            }
        });
        let changed = customs.settings.as_ref() != Some(draft);
        if ui
            .add_enabled(
                changed && !customs.saving,
                egui::Button::new("Save customs settings"),
            )
            .clicked()
        {
            send(commands, CustomsCommand::Save);
        }
    });
    if let Some(message) = &customs.settings_message {
        ui.label(message);
    }
}
