//! One shipment, one packer: the shown shipment is claimed for this desk when it opens, renewed
//! while it stays open (`timers`), given up when the packer leaves it; another desk's claim
//! makes it read-only with who has it, until released, run out, or taken over by a supervisor.

use std::time::{Duration, Instant};

use super::jobs;
use crate::station::db::{Action, CLAIM_RENEW_EVERY, Claim, ClaimOutcome, OrderStatus};
use crate::ui::access::SupervisorState;
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::packing::state::{ClaimState, OpenOrder, Packing, TakeOverFlow};
use crate::ui::status::{FocusTarget, Level};

/// How soon a claim the record could not answer is asked again.
const RETRY_AFTER: Duration = Duration::from_secs(5);

/// Claims the shown shipment when it still has packing to do.
pub fn claim_shown(open: &mut OpenOrder, desk: &mut Desk<'_>) {
    let Some(record) = desk.record() else {
        return;
    };
    let Some(shipment) = open.order.shipments.get(open.shipment) else {
        return;
    };
    if matches!(
        shipment.status,
        OrderStatus::Canceled | OrderStatus::Fulfilled
    ) {
        open.claim = ClaimState::NotNeeded;
        return;
    }
    if !matches!(
        open.claim,
        ClaimState::Ours { .. } | ClaimState::Theirs { .. }
    ) {
        open.claim = ClaimState::Claiming;
    }
    open.claim_in_flight = true;
    let (order, shipment_id) = (open.order.source_reference, shipment.shipment_id.clone());
    desk.spawn(move |_| jobs::claim::claim(record, order, shipment_id));
}

/// Gives up this desk's claim on the shown shipment (leaving it, or showing another).
pub fn release_shown(open: &mut OpenOrder, desk: &mut Desk<'_>) {
    let held = matches!(open.claim, ClaimState::Ours { .. });
    open.claim = ClaimState::NotNeeded;
    let (Some(record), true) = (desk.record(), held) else {
        return;
    };
    let Some(shipment) = open.order.shipments.get(open.shipment) else {
        return;
    };
    let (order, shipment_id) = (open.order.source_reference, shipment.shipment_id.clone());
    desk.spawn(move |_| jobs::claim::release(record, order, shipment_id));
}

/// What the record said to a claim of `order`'s `shipment_id`.
pub fn claimed(
    packing: &mut Packing,
    desk: &mut Desk<'_>,
    order: u64,
    shipment_id: &str,
    result: Result<ClaimOutcome, Failure>,
) {
    let shown = packing.open.as_mut().filter(|open| {
        open.order.source_reference == order
            && open
                .order
                .shipments
                .get(open.shipment)
                .is_some_and(|s| s.shipment_id == shipment_id)
    });
    let Some(open) = shown else {
        // The packer moved on while it was asked: give back what was won for nothing.
        if let (Ok(ClaimOutcome::Ours(_)), Some(record)) = (&result, desk.record()) {
            let id = shipment_id.to_owned();
            desk.spawn(move |_| jobs::claim::release(record, order, id));
        }
        return;
    };
    open.claim_in_flight = false;
    let again = std::mem::take(&mut open.claim_again);
    let was_ours = matches!(open.claim, ClaimState::Ours { .. });
    let was_theirs = matches!(open.claim, ClaimState::Theirs { .. });
    open.claim = match result {
        Ok(ClaimOutcome::Ours(_)) => ClaimState::Ours {
            renew_at: Instant::now() + CLAIM_RENEW_EVERY,
        },
        Ok(ClaimOutcome::Theirs(claim)) => {
            let said = claim.describe(desk.shell.local_offset);
            if was_ours {
                desk.notice(
                    Level::Warning,
                    format!("Shipment {shipment_id} of order {order} was taken over. {said}"),
                );
            } else if !was_theirs {
                desk.notice(Level::Warning, format!("Order {order}: {said}"));
            }
            ClaimState::Theirs { claim, said }
        }
        Err(failure) => ClaimState::Failed {
            failure,
            retry_at: Instant::now() + RETRY_AFTER,
        },
    };
    if again && !matches!(open.claim, ClaimState::Failed { .. }) {
        claim_shown(open, desk);
    }
}

/// F-less button "Take over": at once while a supervisor is unlocked, after the PIN otherwise.
pub fn start_take_over(
    packing: &mut Packing,
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
) {
    let now = Instant::now();
    let unlocked = supervisor.unlock_state(&desk.access, now);
    let Some(open) = &mut packing.open else {
        return;
    };
    if let Some(why) = desk.access.why_not(Action::TakeOverClaim) {
        desk.notice(Level::Warning, why);
        return;
    }
    if !matches!(open.claim, ClaimState::Theirs { .. }) {
        return;
    }
    match unlocked {
        None => desk.notice(
            Level::Warning,
            "No supervisor PIN is set: set one in Settings to allow taking a shipment over.",
        ),
        Some(true) => send_take_over(open, desk),
        Some(false) => {
            open.take_over = TakeOverFlow::Unlocking;
            supervisor.pin_input.clear();
            supervisor.message = None;
            desk.shell.focus = Some(FocusTarget::Pin);
        }
    }
}

/// The supervisor unlocked: a take-over waiting on it is sent.
pub fn unlocked(packing: &mut Packing, desk: &mut Desk<'_>) {
    if let Some(open) = &mut packing.open
        && open.take_over == TakeOverFlow::Unlocking
    {
        desk.shell.focus = None;
        send_take_over(open, desk);
    }
}

pub fn close_take_over(packing: &mut Packing, supervisor: &mut SupervisorState) {
    if let Some(open) = &mut packing.open
        && open.take_over == TakeOverFlow::Unlocking
    {
        open.take_over = TakeOverFlow::Closed;
    }
    supervisor.pin_input.clear();
}

fn send_take_over(open: &mut OpenOrder, desk: &mut Desk<'_>) {
    let (Some(record), Some(shipment)) = (desk.record(), open.order.shipments.get(open.shipment))
    else {
        return;
    };
    open.take_over = TakeOverFlow::Sending;
    open.claim_in_flight = true;
    let (order, shipment_id) = (open.order.source_reference, shipment.shipment_id.clone());
    desk.spawn(move |_| jobs::claim::take_over(record, order, shipment_id));
}

pub fn taken_over(
    packing: &mut Packing,
    desk: &mut Desk<'_>,
    order: u64,
    shipment_id: &str,
    result: Result<Claim, Failure>,
) {
    let Some(open) = packing
        .open
        .as_mut()
        .filter(|open| open.order.source_reference == order)
    else {
        return;
    };
    open.take_over = TakeOverFlow::Closed;
    open.claim_in_flight = false;
    let again = std::mem::take(&mut open.claim_again);
    match result {
        Ok(_) => {
            // Changed while the take-over was asked: renewed at once, which asks the record.
            let renew_in = if again {
                Duration::ZERO
            } else {
                CLAIM_RENEW_EVERY
            };
            open.claim = ClaimState::Ours {
                renew_at: Instant::now() + renew_in,
            };
            desk.notice(
                Level::Info,
                format!("Shipment {shipment_id} of order {order} is now packed at this station."),
            );
        }
        Err(failure) => desk.notice(
            Level::Error,
            format!("The shipment was not taken over: {}", failure.message()),
        ),
    }
}

/// The claim command due at `now` (a renewal, or asking again after another desk's lease ran
/// out or the record failed), and how long until the next one.
pub fn due(open: &OpenOrder, now: Instant, wall: time::OffsetDateTime) -> (bool, Option<Duration>) {
    if open.claim_in_flight {
        return (false, None);
    }
    match &open.claim {
        ClaimState::Ours { renew_at }
        | ClaimState::Failed {
            retry_at: renew_at, ..
        } => match renew_at.checked_duration_since(now) {
            None => (true, None),
            Some(wait) if wait.is_zero() => (true, None),
            Some(wait) => (false, Some(wait)),
        },
        ClaimState::Theirs { claim, .. } => {
            let left = claim.until - wall;
            if left.is_negative() || left.is_zero() {
                (true, None)
            } else {
                (false, Some(left.unsigned_abs()))
            }
        }
        ClaimState::NotNeeded | ClaimState::Claiming => (false, None),
    }
}
