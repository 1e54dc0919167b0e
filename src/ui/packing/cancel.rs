//! Canceling the shown shipment: the supervisor unlock, the confirmation naming the order and
//! shipment, then `PUT /v1/orders` with `status: canceled` through the outbox.

use std::time::Instant;

use super::jobs;
use super::rules::why_not_cancel;
use super::unanswered;
use crate::station::db::OrderStatus;
use crate::ui::access::SupervisorState;
use crate::ui::desk::Desk;
use crate::ui::packing::state::{CancelFlow, Packing};
use crate::ui::status::{FocusTarget, Level};

/// F8: the confirmation at once while a supervisor is unlocked, the PIN dialog otherwise.
pub fn start(packing: &mut Packing, supervisor: &mut SupervisorState, desk: &mut Desk<'_>) {
    let now = Instant::now();
    let unlocked = supervisor.unlock_state(&desk.access, now);
    let Some(open) = &mut packing.open else {
        return;
    };
    if let Some(why) = why_not_cancel(open, &desk.access) {
        desk.notice(Level::Warning, why);
        return;
    }
    match unlocked {
        None => desk.notice(
            Level::Warning,
            "No supervisor PIN is set: set one in Settings to allow canceling.",
        ),
        Some(true) => open.cancel = CancelFlow::Confirming,
        Some(false) => {
            open.cancel = CancelFlow::Unlocking;
            supervisor.pin_input.clear();
            supervisor.message = None;
            desk.shell.focus = Some(FocusTarget::Pin);
        }
    }
}

/// The supervisor unlocked: the PIN dialog for canceling gives way to the confirmation.
pub fn unlocked(packing: &mut Packing, desk: &mut Desk<'_>) {
    if let Some(open) = &mut packing.open
        && open.cancel == CancelFlow::Unlocking
    {
        open.cancel = CancelFlow::Confirming;
        desk.shell.focus = None;
    }
}

pub fn close(packing: &mut Packing, supervisor: &mut SupervisorState, desk: &mut Desk<'_>) {
    if let Some(open) = &mut packing.open
        && open.cancel != CancelFlow::Sending
    {
        open.cancel = CancelFlow::Closed;
    }
    supervisor.pin_input.clear();
    desk.shell.focus = Some(FocusTarget::Scan);
}

/// Sends the cancellation, if the unlock still holds (it may have run out on the dialog).
pub fn confirm(packing: &mut Packing, supervisor: &mut SupervisorState, desk: &mut Desk<'_>) {
    let Some(record) = desk.record() else {
        return;
    };
    let now = Instant::now();
    let unlocked = supervisor.is_unlocked(&desk.access, now);
    let Some(open) = &mut packing.open else {
        return;
    };
    if open.cancel != CancelFlow::Confirming {
        return;
    }
    if !unlocked {
        open.cancel = CancelFlow::Unlocking;
        supervisor.message = Some("The supervisor unlock expired; enter the PIN again.".into());
        return;
    }
    let Some(shipment) = open.order.shipments.get(open.shipment) else {
        return;
    };
    if shipment.status == OrderStatus::Canceled {
        open.cancel = CancelFlow::Closed;
        return;
    }
    let (number, shipment_id) = (open.order.source_reference, shipment.shipment_id.clone());
    open.cancel = CancelFlow::Sending;
    if let Some(lock) = &mut supervisor.lock {
        lock.touch(now);
    }
    let asked = unanswered::ask(&mut open.unanswered.cancel, shipment_id, PartialEq::eq);
    desk.spawn(move |_| jobs::cancel(record, number, asked.write, asked.key));
}
