//! Cancelling a shipment: the supervisor unlock (PIN, lockout after wrong tries), the
//! confirmation naming the order and shipment, then `PUT /v1/orders` with `status: canceled`.

use std::time::Instant;

use crate::station::db::OrderStatus;
use crate::ui::app::Core;
use crate::ui::command::Command;
use crate::ui::jobs::orders;
use crate::ui::rules::why_not_cancel;
use crate::ui::state::{CancelFlow, FocusTarget, Level};

pub fn handle(core: &mut Core, command: Command) {
    match command {
        Command::StartCancel => start(core),
        Command::SetPin(pin) => {
            // Only digits reach the PIN; a scanner's or a stray key's text does not.
            core.state.supervisor.pin_input =
                pin.chars().filter(char::is_ascii_digit).take(8).collect();
        }
        Command::Unlock => unlock(core),
        Command::ConfirmCancel => confirm(core),
        Command::CloseCancel => {
            if let Some(open) = &mut core.state.open
                && open.cancel != CancelFlow::Sending
            {
                open.cancel = CancelFlow::Closed;
            }
            core.state.supervisor.pin_input.clear();
            core.state.focus = Some(FocusTarget::Scan);
        }
        Command::LockSupervisor => {
            if let Some(lock) = &mut core.state.supervisor.lock {
                lock.lock();
            }
            core.state
                .notice(Level::Info, "Supervisor functions locked.");
        }
        _ => {}
    }
}

fn start(core: &mut Core) {
    let now = Instant::now();
    let unlocked = core
        .state
        .supervisor
        .lock
        .as_ref()
        .map(|lock| lock.is_unlocked(now));
    let Some(open) = &mut core.state.open else {
        return;
    };
    if let Some(why) = why_not_cancel(open) {
        core.state.notice(Level::Warning, why);
        return;
    }
    match unlocked {
        None => core.state.notice(
            Level::Warning,
            "No supervisor PIN is set: set one in Settings to allow cancelling.",
        ),
        Some(true) => open.cancel = CancelFlow::Confirming,
        Some(false) => {
            open.cancel = CancelFlow::Unlocking;
            core.state.supervisor.pin_input.clear();
            core.state.supervisor.message = None;
            core.state.focus = Some(FocusTarget::Pin);
        }
    }
}

fn unlock(core: &mut Core) {
    let supervisor = &mut core.state.supervisor;
    if supervisor.checking {
        return;
    }
    let Some(lock) = supervisor.lock.clone() else {
        return;
    };
    if let Some(until) = lock.locked_out_until(Instant::now()) {
        supervisor.message = Some(locked_out_message(until));
        return;
    }
    let pin = std::mem::take(&mut supervisor.pin_input);
    if pin.is_empty() {
        supervisor.message = Some("Enter the supervisor PIN.".into());
        return;
    }
    supervisor.checking = true;
    core.jobs.spawn(move |_| orders::unlock(lock, pin));
}

pub fn locked_out_message(until: Instant) -> String {
    let seconds = until.saturating_duration_since(Instant::now()).as_secs() + 1;
    format!(
        "Too many wrong PINs: the supervisor unlock is locked for {}:{:02}.",
        seconds / 60,
        seconds % 60
    )
}

fn confirm(core: &mut Core) {
    let (Some(db), Some(outbox)) = (core.backend.db.clone(), core.backend.outbox.clone()) else {
        return;
    };
    let now = Instant::now();
    let unlocked = core.state.supervisor.is_unlocked(now);
    let Some(open) = &mut core.state.open else {
        return;
    };
    if open.cancel != CancelFlow::Confirming {
        return;
    }
    if !unlocked {
        open.cancel = CancelFlow::Unlocking;
        core.state.supervisor.message =
            Some("The supervisor unlock expired; enter the PIN again.".into());
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
    if let Some(lock) = &mut core.state.supervisor.lock {
        lock.touch(now);
    }
    core.jobs
        .spawn(move |_| orders::cancel(db, outbox, number, shipment_id));
}
