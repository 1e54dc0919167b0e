//! The supervisor feature's handlers: what its commands and job results do to its state.

use super::command::{Done, PinChecked, PinPurpose, PinRequest, SupervisorCommand};
use super::jobs;
use super::state::{PinSection, SupervisorState};
use super::view::{locked_out_line, tries_left};
use crate::api::Secret;
use crate::station::pin::{self, SupervisorLock, UnlockResult};
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::status::{FocusTarget, Level};
use std::time::{Instant, SystemTime};

/// Carries a command out: the dialog's and the lock button's, and Settings' sections'
/// (`section` is what they show).
pub fn handle(
    supervisor: &mut SupervisorState,
    section: &mut PinSection,
    desk: &mut Desk<'_>,
    command: SupervisorCommand,
) {
    match command {
        SupervisorCommand::UnlockWith(pin) => {
            check_from_settings(supervisor, section, desk, pin, PinRequest::Unlock);
        }
        SupervisorCommand::ChangePin { current, pin } => {
            set_pin(supervisor, section, desk, current, pin);
        }
        SupervisorCommand::RemovePin { current } => {
            check_from_settings(supervisor, section, desk, current, PinRequest::Remove);
        }
        SupervisorCommand::SetPin(pin) => {
            supervisor.pin_input = pin::pin_digits(&pin);
        }
        SupervisorCommand::Unlock => unlock(supervisor, desk),
        SupervisorCommand::Lock => {
            if let Some(lock) = &mut supervisor.lock {
                lock.lock();
            }
            if let Some(record) = desk.record().filter(|r| r.own_server) {
                desk.spawn(move |_| async move {
                    jobs::server_lock(record).await;
                    Done::ServerLocked
                });
            }
            desk.notice(Level::Info, "Supervisor functions locked.");
        }
    }
}

fn unlock(supervisor: &mut SupervisorState, desk: &mut Desk<'_>) {
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
    let record = desk.record();
    desk.spawn(move |_| jobs::unlock(lock, pin, record));
}

pub fn locked_out_message(until: Instant) -> String {
    let seconds = until.saturating_duration_since(Instant::now()).as_secs() + 1;
    format!(
        "Too many wrong PINs: the supervisor unlock is locked for {}:{:02}.",
        seconds / 60,
        seconds % 60
    )
}

/// Applies what the supervisor's jobs sent back; Settings' sections show the PIN's news.
pub fn apply(
    supervisor: &mut SupervisorState,
    section: &mut PinSection,
    desk: &mut Desk<'_>,
    done: Done,
) {
    match done {
        Done::Unlocked { lock, result } => unlocked(supervisor, desk, lock, result),
        Done::PinHashed(result) => pin_hashed(supervisor, section, desk, result),
        Done::PinChecked(checked) => pin_checked(supervisor, section, desk, *checked),
        Done::PinSaved(result) => pin_saved(section, result),
        Done::LockoutSaved(result) => lockout_saved(supervisor, desk, result),
        Done::ServerLocked => {}
    }
}

fn unlocked(
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
    lock: SupervisorLock,
    result: Result<UnlockResult, Failure>,
) {
    supervisor.lock = Some(lock);
    supervisor.checking = false;
    save_lockout(supervisor, desk);
    let confirm = match result {
        Ok(UnlockResult::Unlocked) => {
            supervisor.message = None;
            true
        }
        Ok(UnlockResult::Wrong { tries_left: left }) => {
            supervisor.message = Some(format!(
                "Wrong PIN — {} before the unlock is locked for a while.",
                tries_left(left)
            ));
            false
        }
        Ok(UnlockResult::LockedOut { until }) => {
            supervisor.message = Some(locked_out_message(until));
            false
        }
        Err(failure) => {
            supervisor.message = Some(failure.message());
            false
        }
    };
    desk.shell.focus = Some(FocusTarget::Pin);
    // A cancel waiting on the unlock moves on to its confirmation.
    if confirm {
        desk.then(Command::SupervisorUnlocked);
    }
}

fn set_pin(
    supervisor: &mut SupervisorState,
    section: &mut PinSection,
    desk: &mut Desk<'_>,
    current: Option<Secret>,
    pin: Secret,
) {
    if supervisor.lock.is_none() && desk.settings.supervisor_pin_hash.is_none() {
        // The first set-up: there is no PIN to ask for yet.
        let record = desk.record();
        desk.spawn(move |_| jobs::hash_pin(pin, record));
        return;
    }
    match current.filter(|c| !c.is_empty()) {
        Some(current) => {
            check_from_settings(supervisor, section, desk, current, PinRequest::Change(pin));
        }
        None => refuse(
            section,
            PinPurpose::Change,
            "Enter the current PIN to change it.",
        ),
    }
}

/// Checks a PIN typed in Settings as a job; while locked out it is refused unchecked.
fn check_from_settings(
    supervisor: &mut SupervisorState,
    section: &mut PinSection,
    desk: &mut Desk<'_>,
    pin: Secret,
    request: PinRequest,
) {
    let purpose = match request {
        PinRequest::Unlock => PinPurpose::Unlock,
        PinRequest::Change(_) => PinPurpose::Change,
        PinRequest::Remove => PinPurpose::Remove,
    };
    // One check at a time: each hands back the whole lock, so two would lose a wrong try.
    if supervisor.checking {
        return refuse(
            section,
            purpose,
            "A PIN is being checked; try again in a moment.",
        );
    }
    let Some(lock) = supervisor.lock.clone() else {
        return refuse(section, purpose, "No supervisor PIN is set.");
    };
    let now = Instant::now();
    if let Some(until) = lock.locked_out_until(now) {
        let line = locked_out_line(until.saturating_duration_since(now));
        return refuse(section, purpose, &line);
    }
    supervisor.checking = true;
    let record = desk.record();
    desk.spawn(move |_| jobs::check_pin(lock, pin, request, record));
}

/// Says next to the fields why a PIN typed in Settings did nothing.
fn refuse(section: &mut PinSection, purpose: PinPurpose, why: &str) {
    match purpose {
        PinPurpose::Unlock => section.unlock_refused(why),
        PinPurpose::Change | PinPurpose::Remove => section.pin_refused(why),
    }
}

/// A PIN typed in Settings was checked: the try counts (and is kept on disk), and a right PIN
/// unlocks, or puts the new PIN in force, or removes the PIN.
fn pin_checked(
    supervisor: &mut SupervisorState,
    section: &mut PinSection,
    desk: &mut Desk<'_>,
    checked: PinChecked,
) {
    let PinChecked {
        lock,
        purpose,
        result,
        new_hash,
    } = checked;
    supervisor.checking = false;
    supervisor.lock = Some(lock);
    save_lockout(supervisor, desk);
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
        Err(failure) => Some(failure.message()),
    };
    if let Some(why) = refused {
        return refuse(section, purpose, &why);
    }
    match (purpose, new_hash) {
        (PinPurpose::Unlock, _) => section.unlocked(),
        (PinPurpose::Change, Some(Ok(phc))) => {
            pin_in_force(supervisor, section, desk, Some(phc));
        }
        (PinPurpose::Change, Some(Err(failure))) => section.pin_failed(&failure.message()),
        (PinPurpose::Change, None) => section.pin_failed("The new PIN was not hashed; try again."),
        (PinPurpose::Remove, _) => pin_in_force(supervisor, section, desk, None),
    }
}

/// The first PIN was hashed (no current PIN to check).
fn pin_hashed(
    supervisor: &mut SupervisorState,
    section: &mut PinSection,
    desk: &mut Desk<'_>,
    result: Result<String, Failure>,
) {
    match result {
        // A PIN set meanwhile is changed only with it.
        Ok(_) if supervisor.lock.is_some() => section
            .pin_failed("A supervisor PIN was set meanwhile: change it with the current PIN."),
        Ok(phc) => pin_in_force(supervisor, section, desk, Some(phc)),
        Err(failure) => section.pin_failed(&failure.message()),
    }
}

/// A new PIN (or none) takes effect at once. Only it is written, not the rest of the draft,
/// which may still be half-edited.
fn pin_in_force(
    supervisor: &mut SupervisorState,
    section: &mut PinSection,
    desk: &mut Desk<'_>,
    phc: Option<String>,
) {
    let first = desk.settings.supervisor_pin_hash.is_none();
    supervisor.follow_pin(phc.as_deref());
    let mut settings = desk.settings.clone();
    settings.supervisor_pin_hash.clone_from(&phc);
    match (&phc, first) {
        (Some(_), true) => section.pin_set(),
        (Some(_), false) => section.pin_changed(),
        (None, _) => section.pin_removed(),
    }
    desk.then(Command::UsePin(phc));
    let path = desk.config.settings_path.clone();
    desk.spawn(move |_| jobs::save_pin(path, settings));
}

/// The settings file with the new PIN was written (or why not).
fn pin_saved(section: &mut PinSection, result: Result<(), Failure>) {
    if let Err(failure) = result {
        section.pin_failed(&format!(
            "The PIN is in force now, but a restart would forget it: {}",
            failure.message()
        ));
    }
}

/// Writes the wrong tries and the lockout to their file after an unlock attempt. One write at a
/// time, and the newest state once more if it changed meanwhile, so the file ends up current.
fn save_lockout(supervisor: &mut SupervisorState, desk: &mut Desk<'_>) {
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
    let path = desk.config.supervisor_lock_path.clone();
    desk.spawn(move |_| jobs::save_lockout(path, lockout));
}

fn lockout_saved(
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
    result: Result<(), Failure>,
) {
    supervisor.lockout_saving = false;
    if let Err(failure) = result {
        let why = failure.message();
        tracing::warn!("the supervisor lockout was not saved: {why}");
        desk.notice(
            Level::Warning,
            format!("The wrong PIN tries could not be kept ({why}): a restart would forget them."),
        );
    }
    if supervisor.lockout_dirty {
        save_lockout(supervisor, desk);
    }
}
