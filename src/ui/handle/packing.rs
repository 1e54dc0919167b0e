//! Packing commands: the shipment shown, the parcel form, the label, the preview, saving and
//! printing, and marking the parcel fulfilled.

use time::OffsetDateTime;

use crate::api::Client;
use crate::api::LabelStatus;
use crate::station::db::{
    DocumentKind, FulfilmentInput, LabelId, LabelOptions, OrderStatus, StationOrder,
    StationShipment,
};
use crate::station::outbox::{Outbox, SharedDb};
use crate::station::settings::Settings;
use crate::ui::app::Core;
use crate::ui::command::Command;
use crate::ui::failure::Failure;
use crate::ui::jobs::label::{LabelPlan, ParcelSource, get_label};
use crate::ui::jobs::{orders, output, parcel_label, preview};
use crate::ui::parcel_form::{LabelMode, ParcelForm};
use crate::ui::rules::{why_no_label, why_not_fulfil};
use crate::ui::state::{
    CancelFlow, FocusTarget, LabelJob, Level, Notice, OpenOrder, Preview, Request,
};

pub fn handle(core: &mut Core, command: Command) {
    match command {
        Command::ShowShipment(index) => show_shipment(core, index),
        Command::NextShipment => {
            if let Some(open) = &core.state.open {
                let next = (open.shipment + 1) % open.order.shipments.len().max(1);
                show_shipment(core, next);
            }
        }
        Command::EditParcel(edit) => {
            if let Some(open) = &mut core.state.open
                && !open.label.in_flight()
                && open.parcel.is_none()
            {
                open.form.apply(edit);
            }
        }
        Command::GetLabel => get_label_cmd(core),
        Command::RetryLabel => retry_label(core),
        Command::DiscardParcel => discard(core),
        Command::ShowPreview(label) => show_preview(core, label),
        Command::SaveLabel(label, kind) => save(core, label, kind),
        Command::PrintLabel(label) => print(core, label),
        Command::SetCarrier(text) => {
            if let Some(open) = &mut core.state.open {
                open.carrier = text;
            }
        }
        Command::MarkFulfilled => mark_fulfilled(core),
        _ => {}
    }
}

/// The order just loaded becomes the open order, on its first shipment with units left.
pub fn open_loaded(core: &mut Core, order: StationOrder) {
    let keep_shipment = core
        .state
        .open
        .as_ref()
        .filter(|open| open.order.source_reference == order.source_reference)
        .map(|open| open.shipment);
    let shipment = keep_shipment.unwrap_or_else(|| {
        order
            .shipments
            .iter()
            .position(|s| s.units_left() > 0 && s.status != OrderStatus::Canceled)
            .unwrap_or(0)
    });
    let carrier = core.state.settings.default_carrier.clone();
    let form = form_for(&order, shipment, &core.state.settings);
    core.state.open = Some(OpenOrder {
        order,
        shipment,
        refreshing: false,
        form,
        parcel: None,
        label: LabelJob::Idle,
        preview: Preview::None,
        carrier,
        fulfil: Request::Idle,
        cancel: CancelFlow::Closed,
        save: Request::Idle,
        print: Request::Idle,
    });
    resume_parcel(core);
}

fn form_for(order: &StationOrder, shipment: usize, settings: &Settings) -> ParcelForm {
    match order.shipments.get(shipment) {
        Some(s) => ParcelForm::new(order, s, settings),
        None => ParcelForm {
            lines: Vec::new(),
            ..empty_form(order, settings)
        },
    }
}

fn empty_form(order: &StationOrder, settings: &Settings) -> ParcelForm {
    let placeholder = StationShipment {
        shipment_id: String::new(),
        status: OrderStatus::Open,
        ship_from: order.cart.ship_to.clone(),
        rate: crate::station::db::ChosenRate {
            shipping_rate_id: String::new(),
            shipping_rate: rust_decimal::Decimal::ZERO,
            tax_transaction_id: String::new(),
        },
        shipment_type: None,
        landed_cost: None,
        items: Vec::new(),
        parcels: Vec::new(),
        cancellation: None,
    };
    ParcelForm::new(order, &placeholder, settings)
}

fn show_shipment(core: &mut Core, index: usize) {
    let settings = core.state.settings.clone();
    let Some(open) = &mut core.state.open else {
        return;
    };
    if open.label.in_flight() || open.order.shipments.get(index).is_none() {
        return;
    }
    open.shipment = index;
    open.form = form_for(&open.order, index, &settings);
    open.parcel = None;
    open.label = LabelJob::Idle;
    open.preview = Preview::None;
    open.fulfil = Request::Idle;
    open.cancel = CancelFlow::Closed;
    resume_parcel(core);
}

/// Picks up a parcel of the shown shipment that was packed but not fulfilled (after a restart
/// or a network failure), with its label state and preview.
fn resume_parcel(core: &mut Core) {
    let Some(open) = &mut core.state.open else {
        return;
    };
    let Some(shipment) = open.order.shipments.get(open.shipment) else {
        return;
    };
    let live = shipment
        .parcels
        .iter()
        .rev()
        .find(|p| p.voided_at.is_none() && p.fulfilment.is_none());
    let Some(parcel) = live else {
        return;
    };
    open.parcel = Some(parcel.id);
    let preview_label = match parcel.latest_label() {
        Some(label) if label.status == LabelStatus::Success => {
            open.label = LabelJob::Ready {
                label: label.id,
                tracking_code: label.tracking_code.clone(),
            };
            Some(label.id)
        }
        _ => {
            open.label = super::label_follow::resumed(&core.state.outbox.open, parcel)
                .unwrap_or_else(|| {
                    LabelJob::Failed(Failure::Offline(
                        "This parcel has no label yet — Retry asks for it again.".into(),
                    ))
                });
            None
        }
    };
    if let Some(label) = preview_label {
        show_preview(core, label);
    }
}

/// A scanned code that is a SKU of the shown shipment: one more unit in the parcel.
pub fn scan_into_parcel(core: &mut Core, code: &str) -> bool {
    let Some(open) = &mut core.state.open else {
        return false;
    };
    let in_shipment = open
        .order
        .shipments
        .get(open.shipment)
        .is_some_and(|s| s.item_by_sku(code).is_some());
    if !in_shipment {
        return false;
    }
    let message = if open.parcel.is_some() || open.label.in_flight() {
        Notice {
            level: Level::Warning,
            text: "This parcel already has its label: mark it fulfilled (F4) before packing the next one."
                .into(),
        }
    } else {
        match open.form.scan_sku(code) {
            Ok(line) => {
                let (sku, quantity) = open
                    .form
                    .lines
                    .get(line)
                    .map(|l| (l.sku.clone(), l.quantity.clone()))
                    .unwrap_or_default();
                Notice {
                    level: Level::Info,
                    text: format!("{sku}: {quantity} in this parcel."),
                }
            }
            Err(why) => Notice {
                level: Level::Warning,
                text: why,
            },
        }
    };
    core.state.scan.message = Some(message);
    true
}

fn label_options(settings: &Settings, form: &ParcelForm) -> LabelOptions {
    LabelOptions {
        brand_code: settings.brand_code.clone(),
        location_code: Some(settings.location_code.clone()).filter(|c| !c.trim().is_empty()),
        base64: form.base64,
        // Always: the preview renders the ZPL document.
        zpl: true,
    }
}

fn get_label_cmd(core: &mut Core) {
    let (Some(db), Some(client), Some(outbox)) = (
        core.backend.db.clone(),
        core.backend.client.clone(),
        core.backend.outbox.clone(),
    ) else {
        return;
    };
    let settings = core.state.settings.clone();
    let Some(open) = &mut core.state.open else {
        return;
    };
    if let Some(why) = why_no_label(open) {
        core.state.notice(Level::Warning, why);
        return;
    }
    let parcel = match open.form.to_new_parcel() {
        Ok(parcel) => parcel,
        Err(_) => {
            open.form.show_all = true;
            core.state.notice(
                Level::Warning,
                "Some fields need attention (marked in red); fix them, then F2 again.",
            );
            return;
        }
    };
    let plan = LabelPlan {
        order: open.order.source_reference,
        shipment_id: open.form.shipment_id.clone(),
        parcel: ParcelSource::New(Box::new(parcel)),
        mode: open.form.mode,
        options: label_options(&settings, &open.form),
        sent_lines: open.form.chosen_lines(),
    };
    open.form.reported.clear();
    open.form.reported_other.clear();
    open.label = LabelJob::Requesting;
    core.state.scan.message = None;
    open.preview = Preview::None;
    start_label(core, client, db, outbox, plan);
}

/// Split-parcel labels go through the outbox (the parcel and its request in one transaction);
/// a full-order label is only fetched, directly (see `jobs::label`).
fn start_label(core: &mut Core, client: Client, db: SharedDb, outbox: Outbox, plan: LabelPlan) {
    match plan.mode {
        LabelMode::Parcel => core
            .jobs
            .spawn(move |reporter| parcel_label::queue(db, outbox, plan, reporter)),
        LabelMode::FullOrder => core
            .jobs
            .spawn(move |reporter| get_label(client, db, plan, reporter)),
    }
}

fn retry_label(core: &mut Core) {
    let (Some(db), Some(client), Some(outbox)) = (
        core.backend.db.clone(),
        core.backend.client.clone(),
        core.backend.outbox.clone(),
    ) else {
        return;
    };
    let settings = core.state.settings.clone();
    let Some(open) = &mut core.state.open else {
        return;
    };
    let Some(parcel) = open.parcel else {
        return;
    };
    if open.label.in_flight() {
        return;
    }
    let plan = LabelPlan {
        order: open.order.source_reference,
        shipment_id: open.form.shipment_id.clone(),
        parcel: ParcelSource::Existing(parcel),
        mode: open.form.mode,
        options: label_options(&settings, &open.form),
        sent_lines: open.form.chosen_lines(),
    };
    open.label = LabelJob::Requesting;
    start_label(core, client, db, outbox, plan);
}

fn discard(core: &mut Core) {
    let Some(db) = core.backend.db.clone() else {
        return;
    };
    let Some(open) = &mut core.state.open else {
        return;
    };
    let (Some(parcel), false) = (open.parcel, open.label.in_flight()) else {
        return;
    };
    if matches!(open.label, LabelJob::Ready { .. }) {
        core.state.notice(
            Level::Warning,
            "This parcel has a label; mark it fulfilled instead of discarding it.",
        );
        return;
    }
    let number = open.order.source_reference;
    open.label = LabelJob::Requesting;
    core.jobs
        .spawn(move |_| orders::discard_parcel(db, number, parcel));
}

/// The cached document of a label, by kind.
fn document(
    open: &OpenOrder,
    label: LabelId,
    kind: DocumentKind,
) -> Option<crate::station::db::DocumentId> {
    open.order
        .shipments
        .iter()
        .flat_map(|s| &s.parcels)
        .flat_map(|p| &p.labels)
        .find(|l| l.id == label)
        .and_then(|l| l.documents.iter().find(|d| d.kind == kind))
        .map(|d| d.id)
}

fn show_preview(core: &mut Core, label: LabelId) {
    let Some(db) = core.backend.db.clone() else {
        return;
    };
    let Some(open) = &mut core.state.open else {
        return;
    };
    match document(open, label, DocumentKind::Zpl) {
        Some(doc) => {
            open.preview = Preview::Rendering;
            core.jobs
                .spawn(move |_| preview::from_document(db, label, doc));
        }
        None => open.preview = Preview::Failed("This label has no ZPL document to preview.".into()),
    }
}

fn save(core: &mut Core, label: LabelId, kind: DocumentKind) {
    let Some(db) = core.backend.db.clone() else {
        return;
    };
    let Some(open) = &mut core.state.open else {
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
    core.jobs
        .spawn(move |_| output::save(db, doc, name, extension));
}

fn print(core: &mut Core, label: LabelId) {
    let Some(db) = core.backend.db.clone() else {
        return;
    };
    let target = core.state.settings.label_target();
    let Some(open) = &mut core.state.open else {
        return;
    };
    if open.print.pending() {
        return;
    }
    let Some(target) = target else {
        open.print = Request::Failed(Failure::Other(
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
    core.jobs.spawn(move |_| output::print(db, doc, target));
}

fn mark_fulfilled(core: &mut Core) {
    let (Some(db), Some(outbox)) = (core.backend.db.clone(), core.backend.outbox.clone()) else {
        return;
    };
    let location = core.state.settings.location_code.clone();
    let settings = core.state.settings.clone();
    let Some(open) = &mut core.state.open else {
        return;
    };
    if let Some(why) = why_not_fulfil(open, &settings) {
        core.state.notice(Level::Warning, why);
        return;
    }
    let (Some(parcel), LabelJob::Ready { tracking_code, .. }) = (open.parcel, &open.label) else {
        return;
    };
    let input = FulfilmentInput {
        tracking_number: tracking_code.clone(),
        carrier: open.carrier.trim().to_string(),
        location,
        shipped_at: OffsetDateTime::now_utc(),
    };
    let number = open.order.source_reference;
    open.fulfil = Request::Pending;
    core.jobs
        .spawn(move |_| orders::fulfil(db, outbox, number, parcel, input));
}

/// After a fulfilment or a voided parcel: a fresh form for the next parcel of the shipment.
pub fn next_parcel(core: &mut Core, order: StationOrder) {
    let settings = core.state.settings.clone();
    let Some(open) = &mut core.state.open else {
        return;
    };
    open.order = order;
    open.form = form_for(&open.order, open.shipment, &settings);
    open.parcel = None;
    open.label = LabelJob::Idle;
    open.preview = Preview::None;
    core.state.focus = Some(FocusTarget::Scan);
}
