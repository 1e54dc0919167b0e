//! The packing feature's handlers: what its commands and job results do to its state.

use super::command::{Done, PackingCommand, Progress};
use super::state::{ClaimState, LabelJob, Packing};
use super::{cancel, claim, label, open, results, rules, unanswered};
use crate::station::db::OutboxEntry;
use crate::ui::access::SupervisorState;
use crate::ui::command::Command;
use crate::ui::desk::Desk;

pub fn handle(
    packing: &mut Packing,
    outbox: &[OutboxEntry],
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
    command: PackingCommand,
) {
    match command {
        PackingCommand::Open(number) => open::open(packing, desk, number),
        PackingCommand::ShowShipment(index) => open::show_shipment(packing, outbox, desk, index),
        PackingCommand::NextShipment => {
            if let Some(open) = &packing.open {
                let next = (open.shipment + 1) % open.order.shipments.len().max(1);
                open::show_shipment(packing, outbox, desk, next);
            }
        }
        PackingCommand::EditParcel(edit) => {
            if let Some(open) = &mut packing.open
                && !open.label.in_flight()
                && open.parcel.is_none()
                && rules::why_not_ours(open, &desk.access).is_none()
            {
                open.form.apply(edit);
            }
        }
        PackingCommand::GetLabel => label::get(packing, desk),
        PackingCommand::RetryLabel => label::retry(packing, desk),
        PackingCommand::DiscardParcel => open::discard(packing, desk),
        PackingCommand::ShowPreview(label) => label::show_preview(packing, desk, label),
        PackingCommand::SaveLabel(label, kind) => label::save(packing, desk, label, kind),
        PackingCommand::PrintLabel(label) => label::print(packing, desk, label),
        PackingCommand::SetCarrier(text) => {
            if let Some(open) = &mut packing.open {
                open.carrier = text;
            }
        }
        PackingCommand::MarkFulfilled => open::mark_fulfilled(packing, desk),
        PackingCommand::StartCancel => cancel::start(packing, supervisor, desk),
        PackingCommand::SupervisorUnlocked => {
            cancel::unlocked(packing, desk);
            claim::unlocked(packing, desk);
        }
        PackingCommand::ConfirmCancel => cancel::confirm(packing, supervisor, desk),
        PackingCommand::CloseCancel => cancel::close(packing, supervisor, desk),
        PackingCommand::Close => {
            if let Some(mut open) = packing.open.take() {
                claim::release_shown(&mut open, desk);
            }
            desk.then(Command::OrderLeft);
        }
        PackingCommand::RenewClaim => {
            if let Some(open) = &mut packing.open {
                claim::claim_shown(open, desk);
            }
        }
        PackingCommand::StartTakeOver => claim::start_take_over(packing, supervisor, desk),
        PackingCommand::CloseTakeOver => claim::close_take_over(packing, supervisor),
        PackingCommand::Refresh => open::refresh(packing, desk),
        PackingCommand::Changed(orders) => {
            let Some(open) = &mut packing.open else {
                return;
            };
            if !orders.contains(&open.order.source_reference) {
                return;
            }
            // Ask again: a claim of ours may have been taken over, theirs given back. A claim
            // in flight may have been answered before the change: asked again after it.
            if open.claim_in_flight {
                open.claim_again = true;
            } else if !matches!(open.claim, ClaimState::NotNeeded) {
                claim::claim_shown(open, desk);
            }
            open::refresh(packing, desk);
        }
    }
}

/// Applies what a packing job sent back.
pub fn apply(packing: &mut Packing, outbox: &[OutboxEntry], desk: &mut Desk<'_>, done: Done) {
    results::apply(packing, outbox, desk, done);
}

/// Applies what a label job reported on its way.
pub fn progress(packing: &mut Packing, progress: Progress) {
    let Some(open) = &mut packing.open else {
        return;
    };
    match progress {
        Progress::ParcelRecorded {
            number,
            parcel,
            order,
        } => {
            if open.order.source_reference == number {
                open.parcel = Some(parcel);
                unanswered::settle(&mut open.unanswered.label, Ok(()));
                if let Some(order) = order {
                    open.order = *order;
                }
            }
        }
        Progress::LabelPending {
            parcel,
            attempt,
            next_in_ms,
        } => {
            if open.parcel == Some(parcel) {
                open.label = LabelJob::Polling {
                    attempt,
                    next_in_ms,
                };
            }
        }
    }
}
