//! The supervisor unlock and cancelling a shipment.
//!
//! The unlock (PIN, lockout after wrong tries, kept in a file so a restart gives no fresh
//! tries) is one for cancelling, the outbox's discard and Settings; Settings also sets the
//! first PIN and changes or removes it behind the current one. Cancelling: the unlock, the
//! confirmation naming the order and shipment, then `PUT /v1/orders` with `status: canceled`.

use std::time::{Instant, SystemTime};

use crate::api::Secret;
use crate::station::db::OrderStatus;
use crate::station::pin::UnlockResult;
use crate::ui::app::Core;
use crate::ui::command::Command;
use crate::ui::jobs::orders;
use crate::ui::jobs::panels::{self, PinChecked, PinPurpose, PinRequest};
use crate::ui::rules::why_not_cancel;
use crate::ui::settings::{SettingsIntent, locked_out_line, tries_left};
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

/// Settings' supervisor intents: unlock, lock, set (or change) and remove the PIN.
pub fn settings_intent(core: &mut Core, intent: SettingsIntent) {
    match intent {
        SettingsIntent::Unlock(pin) => check_from_settings(core, pin, PinRequest::Unlock),
        SettingsIntent::Lock => handle(core, Command::LockSupervisor),
        SettingsIntent::SetPin { current, pin } => set_pin(core, current, pin),
        SettingsIntent::RemovePin { current } => {
            check_from_settings(core, current, PinRequest::Remove);
        }
        _ => {}
    }
}

fn set_pin(core: &mut Core, current: Option<Secret>, pin: Secret) {
    if core.state.supervisor.lock.is_none() && core.state.settings.supervisor_pin_hash.is_none() {
        // The first set-up: there is no PIN to ask for yet.
        core.jobs.spawn(move |_| panels::hash_pin(pin));
        return;
    }
    match current.filter(|c| !c.is_empty()) {
        Some(current) => check_from_settings(core, current, PinRequest::Change(pin)),
        None => refuse(
            core,
            PinPurpose::Change,
            "Enter the current PIN to change it.",
        ),
    }
}

/// Checks a PIN typed in Settings as a job; while locked out it is refused unchecked.
fn check_from_settings(core: &mut Core, pin: Secret, request: PinRequest) {
    let purpose = match request {
        PinRequest::Unlock => PinPurpose::Unlock,
        PinRequest::Change(_) => PinPurpose::Change,
        PinRequest::Remove => PinPurpose::Remove,
    };
    let supervisor = &mut core.state.supervisor;
    // One check at a time: each hands back the whole lock, so two would lose a wrong try.
    if supervisor.checking {
        return refuse(
            core,
            purpose,
            "A PIN is being checked; try again in a moment.",
        );
    }
    let Some(lock) = supervisor.lock.clone() else {
        return refuse(core, purpose, "No supervisor PIN is set.");
    };
    let now = Instant::now();
    if let Some(until) = lock.locked_out_until(now) {
        let line = locked_out_line(until.saturating_duration_since(now));
        return refuse(core, purpose, &line);
    }
    supervisor.checking = true;
    core.jobs
        .spawn(move |_| panels::check_pin(lock, pin, request));
}

/// Says next to the fields why a PIN typed in Settings did nothing.
fn refuse(core: &mut Core, purpose: PinPurpose, why: &str) {
    if let Some(view) = &mut core.state.settings_panel {
        match purpose {
            PinPurpose::Unlock => view.unlock_refused(why),
            PinPurpose::Change | PinPurpose::Remove => view.pin_refused(why),
        }
    }
}

/// A PIN typed in Settings was checked: the try counts (and is kept on disk), and a right PIN
/// unlocks, or puts the new PIN in force, or removes the PIN.
pub fn pin_checked(core: &mut Core, checked: PinChecked) {
    let PinChecked {
        lock,
        purpose,
        result,
        new_hash,
    } = checked;
    core.state.supervisor.checking = false;
    core.state.supervisor.lock = Some(lock);
    save_lockout(core);
    let now = Instant::now();
    let refused = match result {
        Ok(UnlockResult::Unlocked) => None,
        Ok(UnlockResult::Wrong { tries_left: left }) => Some(match purpose {
            PinPurpose::Unlock => format!("Wrong PIN: {}.", tries_left(left)),
            PinPurpose::Change | PinPurpose::Remove => {
                format!("The current PIN is wrong: {}.", tries_left(left))
            }
        }),
        Ok(UnlockResult::LockedOut { until }) => {
            Some(locked_out_line(until.saturating_duration_since(now)))
        }
        Err(why) => Some(why),
    };
    if let Some(why) = refused {
        return refuse(core, purpose, &why);
    }
    match (purpose, new_hash) {
        (PinPurpose::Unlock, _) => {
            if let Some(view) = &mut core.state.settings_panel {
                view.unlocked();
            }
        }
        (PinPurpose::Change, Some(Ok(phc))) => pin_in_force(core, Some(phc)),
        (PinPurpose::Change, Some(Err(why))) => pin_failed(core, &why),
        (PinPurpose::Change, None) => pin_failed(core, "The new PIN was not hashed; try again."),
        (PinPurpose::Remove, _) => pin_in_force(core, None),
    }
}

/// The first PIN was hashed (no current PIN to check).
pub fn pin_hashed(core: &mut Core, result: Result<String, String>) {
    match result {
        // A PIN set meanwhile is changed only with it.
        Ok(_) if core.state.supervisor.lock.is_some() => pin_failed(
            core,
            "A supervisor PIN was set meanwhile: change it with the current PIN.",
        ),
        Ok(phc) => pin_in_force(core, Some(phc)),
        Err(why) => pin_failed(core, &why),
    }
}

fn pin_failed(core: &mut Core, why: &str) {
    if let Some(view) = &mut core.state.settings_panel {
        view.pin_failed(why);
    }
}

/// A new PIN (or none) takes effect at once. Only it is written, not the rest of the draft,
/// which may still be half-edited.
fn pin_in_force(core: &mut Core, phc: Option<String>) {
    let first = core.state.settings.supervisor_pin_hash.is_none();
    core.state.settings.supervisor_pin_hash = phc.clone();
    core.state.supervisor.follow_pin(phc.as_deref());
    if let Some(view) = &mut core.state.settings_panel {
        match phc {
            Some(phc) if first => view.pin_set(phc),
            Some(phc) => view.pin_changed(phc),
            None => view.pin_removed(),
        }
    }
    let (path, settings) = (
        core.config.settings_path.clone(),
        core.state.settings.clone(),
    );
    core.jobs.spawn(move |_| panels::save_pin(path, settings));
}

/// The settings file with the new PIN was written (or why not).
pub fn pin_saved(core: &mut Core, result: Result<(), String>) {
    if let Err(why) = result {
        pin_failed(
            core,
            &format!("The PIN is in force now, but a restart would forget it: {why}"),
        );
    }
}

/// Writes the wrong tries and the lockout to their file after an unlock attempt. One write at a
/// time, and the newest state once more if it changed meanwhile, so the file ends up current.
pub fn save_lockout(core: &mut Core) {
    let supervisor = &mut core.state.supervisor;
    if supervisor.lockout_saving {
        supervisor.lockout_dirty = true;
        return;
    }
    let lockout = supervisor
        .lock
        .as_ref()
        .map(|lock| lock.lockout(Instant::now(), SystemTime::now()))
        .unwrap_or_default();
    supervisor.lockout_saving = true;
    supervisor.lockout_dirty = false;
    let path = core.config.supervisor_lock_path.clone();
    core.jobs
        .spawn(move |_| panels::save_lockout(path, lockout));
}

pub fn lockout_saved(core: &mut Core, result: Result<(), String>) {
    core.state.supervisor.lockout_saving = false;
    if let Err(why) = result {
        tracing::warn!("the supervisor lockout was not saved: {why}");
        core.state.notice(
            Level::Warning,
            format!("The wrong PIN tries could not be kept ({why}): a restart would forget them."),
        );
    }
    if core.state.supervisor.lockout_dirty {
        save_lockout(core);
    }
}
