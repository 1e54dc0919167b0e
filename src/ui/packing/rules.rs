//! Why an action cannot run now: pure reads of the state, shared by the views (disabled buttons
//! say why, on hover and in text) and by the packing handlers (which refuse the command).

use crate::station::db::{Action, OrderStatus};
use crate::station::settings::Settings;
use crate::ui::access::Access;

use super::parcel_form::LabelMode;
use crate::ui::packing::state::{CancelFlow, ClaimState, LabelJob, OpenOrder};

/// Why "Get label" cannot run now, or `None`.
pub fn why_no_label(open: &OpenOrder, access: &Access) -> Option<String> {
    let shipment = open.order.shipments.get(open.shipment)?;
    if shipment.status == OrderStatus::Canceled {
        return Some(format!(
            "Shipment {} is canceled, so it cannot be labelled.",
            shipment.shipment_id
        ));
    }
    if let Some(why) = why_not_ours(open, access) {
        return Some(why);
    }
    if open.label.in_flight() {
        return Some("The label is being requested.".into());
    }
    if matches!(open.label, LabelJob::Ready { .. }) {
        return Some(
            "This parcel has its label: mark it fulfilled (F4), then pack the next one.".into(),
        );
    }
    if open.parcel.is_some() {
        return Some(
            "This parcel is recorded without a label: use Retry or Discard parcel.".into(),
        );
    }
    // A parcel whose answer was lost may be what took the last units: its repeat goes to the
    // server, which answers it as before (or packs it, if it never got there).
    if open.unanswered.label.is_none()
        && let Some(why) = shipment.why_cannot_pack()
    {
        return Some(why);
    }
    if open.form.mode == LabelMode::FullOrder && !full_order_possible(open) {
        return Some(
            "A full-order label covers the whole order: only when it has one shipment and nothing was packed yet."
                .into(),
        );
    }
    None
}

/// The order's one label fits only an order with one shipment and no parcel yet.
pub fn full_order_possible(open: &OpenOrder) -> bool {
    open.order.shipments.len() == 1
        && open
            .order
            .shipments
            .iter()
            .all(|s| s.parcels.iter().all(|p| p.voided_at.is_some()))
}

/// Why "Mark fulfilled" cannot run now, or `None`.
pub fn why_not_fulfill(open: &OpenOrder, settings: &Settings, access: &Access) -> Option<String> {
    let shipment = open.order.shipments.get(open.shipment)?;
    if shipment.status == OrderStatus::Canceled {
        return Some(format!(
            "Shipment {} is canceled, so it cannot be fulfilled.",
            shipment.shipment_id
        ));
    }
    if let Some(why) = why_not_ours(open, access) {
        return Some(why);
    }
    if open.fulfill.pending() {
        return Some("The fulfillment is being sent.".into());
    }
    let Some(parcel_id) = open.parcel else {
        return Some("Get the parcel's label first (F2).".into());
    };
    let LabelJob::Ready { tracking_code, .. } = &open.label else {
        return Some("The parcel's label is not ready yet.".into());
    };
    if let Some((shipment, parcel)) = open.order.parcel(parcel_id)
        && let Some(why) = parcel.why_cannot_fulfill(shipment)
    {
        return Some(why);
    }
    if tracking_code.trim().is_empty() {
        return Some("The label has no tracking number yet.".into());
    }
    if open.carrier.trim().is_empty() {
        return Some("Enter the carrier.".into());
    }
    if settings.location_code.trim().is_empty() {
        return Some("The location code is not set: enter it in Settings.".into());
    }
    None
}

/// Why the shown shipment cannot be canceled, or `None`.
pub fn why_not_cancel(open: &OpenOrder, access: &Access) -> Option<String> {
    let shipment = open.order.shipments.get(open.shipment)?;
    if let Some(why) = access.why_not(Action::Cancel) {
        return Some(why);
    }
    if let Some(why) = shipment.why_cannot_cancel() {
        return Some(why);
    }
    if open.label.in_flight() || open.fulfill.pending() {
        return Some("Wait until the label or fulfillment in progress is done.".into());
    }
    if open.cancel == CancelFlow::Sending {
        return Some("The cancellation is being sent.".into());
    }
    None
}

/// Why the person at this desk may not print or reprint labels, or `None`. Printers are the
/// desk's own and the documents are in the record, so neither the claim nor the service matters.
pub fn why_not_print(access: &Access) -> Option<String> {
    access.why_not(Action::Pack)
}

/// Why this desk (and the person at it) may not pack the shown shipment now, or `None`.
pub fn why_not_ours(open: &OpenOrder, access: &Access) -> Option<String> {
    if let Some(why) = access.why_not(Action::Pack) {
        return Some(why);
    }
    match &open.claim {
        ClaimState::NotNeeded | ClaimState::Ours { .. } => None,
        ClaimState::Claiming => {
            Some("Checking that no other station is packing this shipment…".into())
        }
        ClaimState::Theirs { said, .. } => Some(format!(
            "{said} A supervisor can take it over if that station left it."
        )),
        ClaimState::Failed { failure, .. } => Some(format!(
            "Could not check whether another station is packing this shipment ({}); trying again.",
            failure.message()
        )),
    }
}
