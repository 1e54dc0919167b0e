//! The customs feature's handlers: what its commands and job results do to its state.

use super::command::{CustomsCommand, Done, SettingsEdit};
use super::jobs;
use super::state::{Check, Customs, Documents, Printing};
use crate::customs::build::Outcome;
use crate::customs::documents::{Made, print_plan};
use crate::customs::settings::{CustomsSettings, MAX_INVOICE_COPIES};
use crate::station::db::{Action, DocumentKind, Paper};
use crate::station::print::PrintTarget;
use crate::ui::access::SupervisorState;
use crate::ui::desk::Desk;
use crate::ui::status::Level;
use std::time::Instant;

pub fn handle(
    customs: &mut Customs,
    supervisor: &SupervisorState,
    desk: &mut Desk<'_>,
    command: CustomsCommand,
) {
    match command {
        CustomsCommand::Load => {
            if let Some(record) = desk.record() {
                desk.spawn(move |_| jobs::load(record));
            }
        }
        CustomsCommand::Check { order, shipment_id } => {
            if let Some(record) = desk.record() {
                desk.spawn(move |_| jobs::check(record, order, shipment_id));
            }
        }
        CustomsCommand::Clear => {
            customs.check = None;
            customs.documents = Documents::None;
            customs.print = Printing::Idle;
            customs.preview = None;
        }
        CustomsCommand::ForLabel {
            order,
            parcel,
            label,
            fresh,
        } => {
            let Some(record) = desk.record() else {
                return;
            };
            customs.documents = Documents::Making(label);
            customs.print = Printing::Idle;
            customs.preview = None;
            desk.spawn(move |_| jobs::for_label(record, order, parcel, label, fresh));
        }
        CustomsCommand::Print => print(customs, desk),
        CustomsCommand::Edit(edit) => edit_draft(&mut customs.draft, edit),
        CustomsCommand::Save => save(customs, supervisor, desk),
    }
}

/// Why the settings cannot be saved here now, or `None`.
pub fn why_not_save(
    supervisor: &SupervisorState,
    desk_access: &crate::ui::access::Access,
) -> Option<String> {
    if let Some(why) = desk_access.why_not(Action::ChangeSettings) {
        return Some(why);
    }
    (supervisor.unlock_state(desk_access, Instant::now()) == Some(false)).then(|| {
        "Changing the customs settings needs a supervisor: unlock with the supervisor PIN above."
            .into()
    })
}

fn save(customs: &mut Customs, supervisor: &SupervisorState, desk: &mut Desk<'_>) {
    if customs.saving {
        return;
    }
    if let Some(why) = why_not_save(supervisor, &desk.access) {
        customs.settings_message = Some(why);
        return;
    }
    let Some(record) = desk.record() else {
        return;
    };
    customs.saving = true;
    let draft = customs.draft.clone();
    desk.spawn(move |_| jobs::save(record, draft));
}

fn print(customs: &mut Customs, desk: &mut Desk<'_>) {
    if customs.print == Printing::Sending {
        return;
    }
    if let Some(why) = desk.access.why_not(Action::Pack) {
        customs.print = Printing::Failed(why);
        return;
    }
    let Documents::Made { documents, .. } = &customs.documents else {
        return;
    };
    let settings = customs.settings.clone().unwrap_or_default();
    let label_printer = desk.settings.label_printer.clone().map(PrintTarget::Zpl);
    let document_printer = desk
        .settings
        .document_printer
        .clone()
        .map(PrintTarget::Spooler);
    let plan = print_plan(
        &settings,
        documents,
        label_printer.as_ref(),
        document_printer.as_ref(),
    );
    // What the plan leaves out for want of a document printer, said with the result.
    let waiting =
        document_printer.is_none() && (settings.print_invoice || settings.print_packing_slip);
    let note = waiting.then(|| {
        " The invoice and packing slip wait: no document printer is set (Settings, Printer settings)."
            .to_owned()
    });
    if plan.is_empty() {
        customs.print = Printing::Failed(
            "No printer for the customs documents: set a document printer in Settings, \
             under Printer settings. The documents are kept; Reprint documents sends them then."
                .into(),
        );
        return;
    }
    let (Some(record), Some(prints)) = (desk.record(), desk.backend.prints.clone()) else {
        return;
    };
    customs.print = Printing::Sending;
    desk.spawn(move |_| jobs::print(record, prints, plan, note));
}

fn edit_draft(draft: &mut CustomsSettings, edit: SettingsEdit) {
    let e = &mut draft.exporter;
    match edit {
        SettingsEdit::Company(v) => e.company = v,
        SettingsEdit::Address1(v) => e.address1 = v,
        SettingsEdit::Address2(v) => e.address2 = v,
        SettingsEdit::PostalCode(v) => e.postal_code = v,
        SettingsEdit::City(v) => e.city = v,
        SettingsEdit::Province(v) => e.province = v,
        SettingsEdit::Country(v) => e.country_code = v.trim().to_ascii_uppercase(),
        SettingsEdit::Eori(v) => e.eori = v.trim().to_ascii_uppercase(),
        SettingsEdit::VatNumber(v) => e.vat_number = v.trim().to_ascii_uppercase(),
        SettingsEdit::IossNumber(v) => e.ioss_number = v.trim().to_ascii_uppercase(),
        SettingsEdit::UkVatNumber(v) => e.uk_vat_number = v.trim().to_ascii_uppercase(),
        SettingsEdit::Signatory(v) => draft.signatory = v,
        SettingsEdit::Paper(paper) => draft.paper = paper,
        SettingsEdit::PrintInvoice(on) => draft.print_invoice = on,
        SettingsEdit::InvoiceCopies(n) => draft.invoice_copies = n.clamp(1, MAX_INVOICE_COPIES),
        SettingsEdit::PrintDeclaration(on) => draft.print_declaration = on,
        SettingsEdit::PrintPackingSlip(on) => draft.print_packing_slip = on,
    }
}

/// Renders the CN22's ZPL for the preview, when the documents have one.
fn show_preview(customs: &Customs, desk: &mut Desk<'_>) {
    let Documents::Made { documents, .. } = &customs.documents else {
        return;
    };
    let cn22 = documents
        .iter()
        .find(|d| d.paper == Paper::Cn22 && d.kind == DocumentKind::Zpl);
    if let (Some(cn22), Some(record)) = (cn22, desk.record()) {
        let document = cn22.id;
        desk.spawn(move |_| jobs::preview(record, document));
    }
}

/// Applies what the customs jobs sent back.
pub fn apply(customs: &mut Customs, desk: &mut Desk<'_>, done: Done) {
    match done {
        Done::Loaded(Ok(settings)) => {
            let settings = settings.unwrap_or_default();
            // Unsaved edits survive reading the settings again.
            let edited = customs
                .settings
                .as_ref()
                .is_some_and(|s| *s != customs.draft);
            if !edited {
                customs.draft = settings.clone();
            }
            customs.settings = Some(settings);
        }
        Done::Loaded(Err(failure)) => {
            tracing::warn!("customs settings not read: {}", failure.message());
        }
        Done::Saved(result) => {
            customs.saving = false;
            match result {
                Ok(settings) => {
                    customs.settings_message =
                        Some("Customs settings saved for every desk.".into());
                    customs.draft = settings.clone();
                    customs.settings = Some(settings);
                }
                Err(failure) => customs.settings_message = Some(failure.message()),
            }
        }
        Done::Checked {
            order,
            shipment_id,
            result,
        } => match result {
            Ok(outcome) => {
                let (not_needed, missing) = match outcome {
                    Outcome::NotNeeded(why) => (Some(why), Vec::new()),
                    Outcome::Missing(missing) => (None, missing),
                    Outcome::Ready(_) => (None, Vec::new()),
                };
                customs.check = Some(Check {
                    order,
                    shipment_id,
                    not_needed,
                    missing,
                });
            }
            Err(failure) => tracing::warn!("customs check failed: {}", failure.message()),
        },
        Done::Read { label, result } => {
            if customs.documents.label() != Some(label) {
                return;
            }
            customs.documents = match result {
                Ok(documents) => Documents::Made {
                    label,
                    summary: None,
                    documents,
                },
                Err(failure) => Documents::Failed(label, failure.message()),
            };
            show_preview(customs, desk);
        }
        Done::Made {
            label,
            fresh,
            result,
        } => {
            if customs.documents.label() != Some(label) {
                return;
            }
            customs.documents = match result {
                Ok(Made::NotNeeded(why)) => Documents::NotNeeded(label, why),
                Ok(Made::Missing(missing)) => {
                    desk.notice(
                        Level::Warning,
                        "Customs documents are not printed until the missing data is fixed: see \
                         the parcel.",
                    );
                    Documents::Missing(label, missing)
                }
                Ok(Made::Made { summary, documents }) => Documents::Made {
                    label,
                    summary: Some(summary),
                    documents,
                },
                Err(failure) => Documents::Failed(label, failure.message()),
            };
            if fresh && matches!(customs.documents, Documents::Made { .. }) {
                print(customs, desk);
            }
            show_preview(customs, desk);
        }
        Done::Preview { document, result } => match (result, desk.egui()) {
            (Ok(image), Some(ctx)) => {
                let texture = ctx.load_texture(
                    format!("customs-{document}"),
                    image,
                    egui::TextureOptions::LINEAR,
                );
                customs.preview = Some((document, texture));
            }
            (Ok(_), None) => {}
            (Err(failure), _) => tracing::warn!("no CN22 preview: {}", failure.message()),
        },
        Done::Printed(result) => {
            customs.print = match result {
                Ok(text) => Printing::Done(text),
                Err(failure) => Printing::Failed(failure.message()),
            };
        }
    }
}
