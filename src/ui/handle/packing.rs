//! Packing commands: the shipment shown, the parcel form, discarding a parcel and marking it
//! fulfilled; the label itself is in [`super::label`].

use time::OffsetDateTime;

use super::label;
use crate::api::LabelStatus;
use crate::station::db::{FulfilmentInput, OrderStatus, StationOrder, StationShipment};
use crate::station::settings::Settings;
use crate::ui::app::Core;
use crate::ui::command::Command;
use crate::ui::failure::Failure;
use crate::ui::jobs::orders;
use crate::ui::parcel_form::ParcelForm;
use crate::ui::rules::why_not_fulfil;
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
        Command::GetLabel => label::get(core),
        Command::RetryLabel => label::retry(core),
        Command::DiscardParcel => discard(core),
        Command::ShowPreview(label) => label::show_preview(core, label),
        Command::SaveLabel(label, kind) => label::save(core, label, kind),
        Command::PrintLabel(label) => label::print(core, label),
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
        label::show_preview(core, label);
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
