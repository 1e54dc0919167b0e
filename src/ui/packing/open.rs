//! Opening an order, the shipment shown, the parcel form, scanning into it, discarding a parcel
//! and marking it fulfilled; the label itself is in [`super::label`].

use crate::station::db::Event;
use crate::ui::access::Access;
use time::OffsetDateTime;

use super::parcel_form::ParcelForm;
use super::rules::{why_not_fulfill, why_not_ours};
use super::unanswered::{self, Unanswered};
use super::{claim, follow, jobs, label};
use crate::api::LabelStatus;
use crate::station::db::OutboxEntry;
use crate::station::db::{
    FulfillmentInput, OrderNumber, OrderStatus, StationOrder, StationShipment,
};
use crate::station::settings::Settings;
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::packing::state::{
    CancelFlow, ClaimState, LabelJob, OpenOrder, Packing, Preview, Request, TakeOverFlow,
};
use crate::ui::status::{FocusTarget, Level, Notice, Tab};

/// Loads an order to open it (the detail shows when it arrives).
pub fn open(packing: &mut Packing, desk: &mut Desk<'_>, number: OrderNumber) {
    let Some(record) = desk.record() else {
        return;
    };
    packing.opening = Some(number);
    desk.shell.tab = Tab::Orders;
    desk.then(Command::SelectOrder(number));
    desk.spawn(move |_| jobs::load_order(record, number));
}

/// Loads the open order again (it changed at another desk); the view keeps its state.
pub fn refresh(packing: &mut Packing, desk: &mut Desk<'_>) {
    let Some(record) = desk.record() else {
        return;
    };
    let Some(open) = &mut packing.open else {
        return;
    };
    if open.refreshing {
        return;
    }
    open.refreshing = true;
    let number = open.order.source_reference;
    desk.spawn(move |_| jobs::claim::refresh(record, number));
}

/// The open order as another desk left it: its record, and what can still be done. A
/// shipment canceled meanwhile says so at once (its buttons stop working with the reason).
pub fn refreshed(
    packing: &mut Packing,
    desk: &mut Desk<'_>,
    order: StationOrder,
    history: Vec<Event>,
) {
    let Some(open) = &mut packing.open else {
        return;
    };
    open.refreshing = false;
    if open.order.source_reference != order.source_reference {
        return;
    }
    let status = |o: &StationOrder| o.shipments.get(open.shipment).map(|s| s.status);
    let was = status(&open.order);
    let now = status(&order);
    open.order = order;
    open.history = history;
    if now == Some(OrderStatus::Canceled) && was != Some(OrderStatus::Canceled) {
        let shipment = open
            .order
            .shipments
            .get(open.shipment)
            .map(|s| s.shipment_id.clone())
            .unwrap_or_default();
        desk.notice(
            Level::Warning,
            format!(
                "Shipment {shipment} of order {} was canceled by a supervisor: it can no \
                 longer be labelled or fulfilled.",
                open.order.source_reference
            ),
        );
        claim::release_shown(open, desk);
    }
}

/// The order just loaded becomes the open order, on its first shipment with units left.
pub fn open_loaded(
    packing: &mut Packing,
    outbox: &[OutboxEntry],
    desk: &mut Desk<'_>,
    order: StationOrder,
    history: Vec<Event>,
) {
    let keep_shipment = packing
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
    let carrier = desk.settings.default_carrier.clone();
    let form = form_for(&order, shipment, desk.settings);
    // The same shipment loaded again keeps its claim; anything else gives the old one up.
    let shipment_id = order.shipments.get(shipment).map(|s| s.shipment_id.clone());
    let mut unanswered = Unanswered::default();
    let kept = match packing.open.take() {
        Some(mut previous) => {
            if previous.order.source_reference == order.source_reference {
                unanswered = std::mem::take(&mut previous.unanswered);
            }
            let same = previous.order.source_reference == order.source_reference
                && previous
                    .order
                    .shipments
                    .get(previous.shipment)
                    .map(|s| &s.shipment_id)
                    == shipment_id.as_ref();
            if same {
                Some((
                    previous.claim,
                    previous.claim_in_flight,
                    previous.claim_again,
                ))
            } else {
                claim::release_shown(&mut previous, desk);
                None
            }
        }
        None => None,
    };
    packing.open = Some(OpenOrder {
        order,
        shipment,
        refreshing: false,
        form,
        parcel: None,
        label: LabelJob::Idle,
        preview: Preview::None,
        carrier,
        fulfill: Request::Idle,
        cancel: CancelFlow::Closed,
        save: Request::Idle,
        print: Request::Idle,
        claim: ClaimState::NotNeeded,
        claim_in_flight: false,
        claim_again: false,
        history,
        take_over: TakeOverFlow::Closed,
        unanswered,
    });
    if let Some(open) = &mut packing.open {
        match kept {
            Some((state, in_flight, again)) => {
                (open.claim, open.claim_in_flight, open.claim_again) = (state, in_flight, again);
            }
            None => claim::claim_shown(open, desk),
        }
    }
    resume_parcel(packing, outbox, desk);
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

pub fn show_shipment(
    packing: &mut Packing,
    outbox: &[OutboxEntry],
    desk: &mut Desk<'_>,
    index: usize,
) {
    let settings = desk.settings.clone();
    let Some(open) = &mut packing.open else {
        return;
    };
    if open.label.in_flight() || open.order.shipments.get(index).is_none() {
        return;
    }
    if open.shipment != index {
        claim::release_shown(open, desk);
    }
    open.shipment = index;
    open.form = form_for(&open.order, index, &settings);
    open.parcel = None;
    open.label = LabelJob::Idle;
    open.preview = Preview::None;
    open.fulfill = Request::Idle;
    open.cancel = CancelFlow::Closed;
    if !matches!(open.claim, ClaimState::Ours { .. }) {
        claim::claim_shown(open, desk);
    }
    resume_parcel(packing, outbox, desk);
}

/// Picks up a parcel of the shown shipment that was packed but not fulfilled (after a restart
/// or a network failure), with its label state and preview.
fn resume_parcel(packing: &mut Packing, outbox: &[OutboxEntry], desk: &mut Desk<'_>) {
    let Some(open) = &mut packing.open else {
        return;
    };
    let Some(shipment) = open.order.shipments.get(open.shipment) else {
        return;
    };
    // What its customs paperwork misses is said as soon as the shipment shows.
    desk.then(Command::ShipmentShown {
        order: Box::new(open.order.clone()),
        shipment_id: shipment.shipment_id.clone(),
    });
    let live = shipment
        .parcels
        .iter()
        .rev()
        .find(|p| p.voided_at.is_none() && p.fulfillment.is_none());
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
            desk.then(Command::LabelShown {
                order: open.order.source_reference,
                parcel: parcel.id,
                label: label.id,
                fresh: false,
            });
            Some(label.id)
        }
        _ => {
            open.label = follow::resumed(outbox, parcel).unwrap_or_else(|| {
                LabelJob::Failed(Failure::Offline(
                    "This parcel has no label yet — Retry asks for it again.".into(),
                ))
            });
            // The server's outbox still has its request: wait for the label here too.
            if open.label.in_flight()
                && let Some(record) = desk.record()
            {
                let (number, parcel) = (open.order.source_reference, parcel.id);
                desk.spawn(move |reporter| {
                    jobs::label::wait_for(record, number, parcel, Vec::new(), reporter)
                });
            }
            None
        }
    };
    if let Some(label) = preview_label {
        label::show_preview(packing, desk, label);
    }
}

/// A scanned code that is a SKU of the shown shipment: one more unit in the parcel.
/// What the scan box says about it; `None` when the code is not one of the shipment's SKUs.
pub fn scan_into_parcel(packing: &mut Packing, code: &str, access: &Access) -> Option<Notice> {
    let open = packing.open.as_mut()?;
    let in_shipment = open
        .order
        .shipments
        .get(open.shipment)
        .is_some_and(|s| s.item_by_sku(code).is_some());
    if !in_shipment {
        return None;
    }
    let message = if let Some(why) = why_not_ours(open, access) {
        Notice {
            level: Level::Warning,
            text: why,
        }
    } else if open.parcel.is_some() || open.label.in_flight() {
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
                text: why.to_string(),
            },
        }
    };
    Some(message)
}

pub fn discard(packing: &mut Packing, desk: &mut Desk<'_>) {
    let Some(record) = desk.record() else {
        return;
    };
    let Some(open) = &mut packing.open else {
        return;
    };
    let (Some(parcel), false) = (open.parcel, open.label.in_flight()) else {
        return;
    };
    if matches!(open.label, LabelJob::Ready { .. }) {
        desk.shell.notice(
            Level::Warning,
            "This parcel has a label; mark it fulfilled instead of discarding it.",
        );
        return;
    }
    let number = open.order.source_reference;
    open.label = LabelJob::Requesting;
    desk.spawn(move |_| jobs::discard_parcel(record, number, parcel));
}

pub fn mark_fulfilled(packing: &mut Packing, desk: &mut Desk<'_>) {
    let Some(record) = desk.record() else {
        return;
    };
    let location = desk.settings.location_code.clone();
    let settings = desk.settings.clone();
    let Some(open) = &mut packing.open else {
        return;
    };
    if let Some(why) = why_not_fulfill(open, &settings, &desk.access) {
        desk.shell.notice(Level::Warning, why);
        return;
    }
    let (Some(parcel), LabelJob::Ready { tracking_code, .. }) = (open.parcel, &open.label) else {
        return;
    };
    let input = FulfillmentInput {
        tracking_number: tracking_code.clone(),
        carrier: open.carrier.trim().to_string(),
        location,
        shipped_at: OffsetDateTime::now_utc(),
    };
    let asked = unanswered::ask(
        &mut open.unanswered.fulfill,
        (parcel, input),
        unanswered::same_fulfillment,
    );
    let number = open.order.source_reference;
    open.fulfill = Request::Pending;
    let ((parcel, input), key) = (asked.write, asked.key);
    desk.spawn(move |_| jobs::fulfill(record, number, parcel, input, key));
}

/// After a fulfillment or a voided parcel: a fresh form for the next parcel of the shipment.
pub fn next_parcel(packing: &mut Packing, desk: &mut Desk<'_>, order: StationOrder) {
    let settings = desk.settings.clone();
    let Some(open) = &mut packing.open else {
        return;
    };
    open.order = order;
    open.form = form_for(&open.order, open.shipment, &settings);
    open.parcel = None;
    open.label = LabelJob::Idle;
    open.preview = Preview::None;
    desk.shell.focus = Some(FocusTarget::Scan);
}
