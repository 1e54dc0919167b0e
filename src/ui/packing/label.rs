//! Label commands: getting the label for the parcel in the form (or again for a parcel that
//! has one pending), previewing it, saving it and printing it.

use super::command::{LabelPlan, ParcelSource};
use super::jobs::label as label_job;
use super::jobs::{output, preview};
use super::parcel_form::ParcelForm;
use super::rules::why_no_label;
use super::unanswered;
use crate::station::db::{DocumentId, DocumentKind, LabelId, LabelOptions};
use crate::station::settings::Settings;
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::packing::state::{LabelJob, OpenOrder, Packing, Preview, Request};
use crate::ui::record::Record;
use crate::ui::status::Level;

/// F2: a label for a new parcel made of the form's lines, weight and size.
pub fn get(packing: &mut Packing, desk: &mut Desk<'_>) {
    let Some(record) = desk.record() else {
        return;
    };
    let Some(open) = &mut packing.open else {
        return;
    };
    if let Some(why) = why_no_label(open, &desk.access) {
        desk.shell.notice(Level::Warning, why);
        return;
    }
    let parcel = match open.form.to_new_parcel() {
        Ok(parcel) => parcel,
        Err(_) => {
            open.form.show_all = true;
            desk.shell.notice(
                Level::Warning,
                "Some fields need attention (marked in red); fix them, then F2 again.",
            );
            return;
        }
    };
    open.form.reported.clear();
    open.form.reported_other.clear();
    open.preview = Preview::None;
    desk.shell.scan.message = None;
    request(packing, desk, record, ParcelSource::New(Box::new(parcel)));
}

/// The label again for the parcel already recorded (its request failed or is still pending).
pub fn retry(packing: &mut Packing, desk: &mut Desk<'_>) {
    let Some(record) = desk.record() else {
        return;
    };
    let Some(open) = &packing.open else {
        return;
    };
    let Some(parcel) = open.parcel else {
        return;
    };
    if open.label.in_flight() {
        return;
    }
    request(packing, desk, record, ParcelSource::Existing(parcel));
}

fn request(packing: &mut Packing, desk: &mut Desk<'_>, record: Record, parcel: ParcelSource) {
    let Some(open) = &mut packing.open else {
        return;
    };
    let plan = LabelPlan {
        order: open.order.source_reference,
        shipment_id: open.form.shipment_id.clone(),
        parcel,
        mode: open.form.mode,
        options: label_options(desk.settings, &open.form),
        sent_lines: open.form.chosen_lines(),
    };
    let asked = unanswered::ask(&mut open.unanswered.label, plan, PartialEq::eq);
    open.label = LabelJob::Requesting;
    desk.spawn(move |reporter| label_job::request(record, asked.write, asked.key, reporter));
}

fn label_options(settings: &Settings, form: &ParcelForm) -> LabelOptions {
    LabelOptions {
        brand_code: settings.brand_code.clone(),
        location_code: Some(settings.location_code.clone()).filter(|c| !c.trim().is_empty()),
        base64: form.base64,
        // Always: the preview renders the ZPL document.
        zpl: true,
        // Set by the label job from the form's mode.
        full_order: false,
    }
}

/// The cached document of a label, by kind.
fn document(open: &OpenOrder, label: LabelId, kind: DocumentKind) -> Option<DocumentId> {
    open.order
        .shipments
        .iter()
        .flat_map(|s| &s.parcels)
        .flat_map(|p| &p.labels)
        .find(|l| l.id == label)
        .and_then(|l| l.label_document(kind))
        .map(|d| d.id)
}

pub fn show_preview(packing: &mut Packing, desk: &mut Desk<'_>, label: LabelId) {
    let Some(record) = desk.record() else {
        return;
    };
    let Some(open) = &mut packing.open else {
        return;
    };
    match document(open, label, DocumentKind::Zpl) {
        Some(doc) => {
            open.preview = Preview::Rendering;
            desk.spawn(move |_| preview::from_document(record, label, doc));
        }
        None => open.preview = Preview::Failed("This label has no ZPL document to preview.".into()),
    }
}

pub fn save(packing: &mut Packing, desk: &mut Desk<'_>, label: LabelId, kind: DocumentKind) {
    let Some(record) = desk.record() else {
        return;
    };
    let Some(open) = &mut packing.open else {
        return;
    };
    if open.save.pending() {
        return;
    }
    let Some(doc) = document(open, label, kind) else {
        open.save = Request::Failed(Failure::Other(format!(
            "This label has no {} document; get the label again.",
            kind.as_str().to_uppercase()
        )));
        return;
    };
    let name = format!(
        "label-{}-{}.{}",
        open.order.source_reference,
        label,
        kind.as_str()
    );
    open.save = Request::Pending;
    let extension = kind.as_str();
    desk.spawn(move |_| output::save(record, doc, name, extension));
}

pub fn print(packing: &mut Packing, desk: &mut Desk<'_>, label: LabelId) {
    let (Some(record), Some(prints)) = (desk.record(), desk.backend.prints.clone()) else {
        return;
    };
    let target = desk.settings.label_target();
    let Some(open) = &mut packing.open else {
        return;
    };
    if open.print.pending() {
        return;
    }
    if let Some(why) = super::rules::why_not_print(&desk.access) {
        open.print = Request::Failed(Failure::Other(why));
        return;
    }
    let Some(target) = target else {
        open.print = Request::Failed(Failure::Printer(
            crate::station::print::PrintError::NoPrinter.to_string(),
        ));
        return;
    };
    let kind = target.document_kind();
    let Some(doc) = document(open, label, kind) else {
        open.print = Request::Failed(Failure::Other(format!(
            "This label has no {} document to print.",
            kind.as_str().to_uppercase()
        )));
        return;
    };
    open.print = Request::Pending;
    desk.spawn(move |_| output::print(record, prints, doc, target));
}
