//! The supervisor's part of Settings: the unlock for the locked sections, the line each locked
//! section starts with, and setting, changing and removing the PIN (the last two behind the
//! current PIN).

use std::time::Duration;

use egui::{RichText, Ui};

use crate::api::Secret;
use crate::station::pin::{DEFAULT_RELOCK_AFTER, LOCKOUT, MAX_WRONG_TRIES, pin_digits};
use crate::ui::form::{Fields, NARROW};
use crate::ui::settings::check::pin_problem;
use crate::ui::settings::command::{SettingsIntent, SupervisorGate};
use crate::ui::settings::state::SettingsView;

/// What a locked section says first.
const LOCKED: &str =
    "Locked: read-only until a supervisor unlocks Settings with the PIN (at the top of Settings).";

/// Said while too many wrong PINs keep the unlock locked, with the time left.
pub fn locked_out_line(left: Duration) -> String {
    let seconds = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    format!(
        "Locked for {} minutes after {} wrong PINs: try again in {}:{:02}.",
        LOCKOUT.as_secs() / 60,
        in_words(MAX_WRONG_TRIES),
        seconds / 60,
        seconds % 60
    )
}

/// "2 tries left", "1 try left".
pub fn tries_left(tries: u32) -> String {
    format!("{tries} {} left", if tries == 1 { "try" } else { "tries" })
}

fn in_words(n: u32) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}

/// The first line of a section a supervisor unlocks, while it is locked.
pub fn locked_line(ui: &mut Ui, gate: &SupervisorGate) {
    if gate.locked() {
        ui.label(RichText::new(LOCKED).color(ui.visuals().warn_fg_color));
    }
}

/// The unlock at the top of Settings (with a PIN set): what is locked and the PIN field, or,
/// once unlocked, the way to lock again.
pub fn unlock_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    gate: &SupervisorGate,
    fields: &mut Fields,
    intents: &mut Vec<SettingsIntent>,
) {
    if gate.unlocked {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Supervisor unlocked: environments, the warehouse and the printers can be \
                 changed. They lock again after {} minutes without supervisor activity.",
                DEFAULT_RELOCK_AFTER.as_secs() / 60
            ));
            if ui.button("Lock supervisor").clicked() {
                intents.push(SettingsIntent::Lock);
            }
        });
        return;
    }
    ui.label(
        RichText::new(
            "Environment, warehouse and printer settings are locked: a supervisor unlocks them \
             with the supervisor PIN.",
        )
        .strong(),
    );
    let blocked = gate.locked_out_for.is_some() || gate.checking;
    ui.horizontal(|ui| {
        let field = ui
            .add_enabled_ui(!blocked, |ui| {
                fields.password(
                    ui,
                    "Supervisor PIN",
                    &mut view.unlock_pin,
                    "unlock_pin",
                    NARROW,
                )
            })
            .inner;
        digits_only(&mut view.unlock_pin);
        let ready = !blocked && !view.unlock_pin.is_empty();
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let button = ui.add_enabled(ready, egui::Button::new("Unlock"));
        if ready && (button.clicked() || enter) {
            intents.push(SettingsIntent::Unlock(Secret::new(std::mem::take(
                &mut view.unlock_pin,
            ))));
            view.unlock_message = None;
        }
        if gate.checking {
            ui.spinner();
        }
    });
}

/// Setting the first PIN, or changing or removing the one in force with the current PIN.
pub fn pin_ui(
    ui: &mut Ui,
    view: &mut SettingsView,
    gate: &SupervisorGate,
    fields: &mut Fields,
    intents: &mut Vec<SettingsIntent>,
) {
    // Not "Supervisor PIN": that names the unlock's field, and a name finds one widget.
    ui.heading("Setting the supervisor PIN");
    ui.label(if gate.pin_set {
        "A supervisor PIN is set. Changing or removing it needs the current PIN."
    } else {
        "No supervisor PIN yet: canceling shipments stays locked, and every section of \
         Settings is open, until one is set."
    });
    let blocked = gate.locked_out_for.is_some() || gate.checking || view.pin_working;
    ui.horizontal(|ui| {
        if gate.pin_set {
            ui.add_enabled_ui(!blocked, |ui| {
                fields.password(
                    ui,
                    "Current PIN",
                    &mut view.current_pin,
                    "current_pin",
                    NARROW,
                );
            });
            digits_only(&mut view.current_pin);
        }
        fields.password(ui, "New PIN", &mut view.pin, "pin", NARROW);
        fields.password(
            ui,
            "Repeat the PIN",
            &mut view.pin_again,
            "pin_again",
            NARROW,
        );
    });
    ui.horizontal(|ui| {
        let set = if gate.pin_set {
            "Change PIN"
        } else {
            "Set PIN"
        };
        if ui.add_enabled(!blocked, egui::Button::new(set)).clicked()
            && let Some(intent) = set_pin(view, gate)
        {
            intents.push(intent);
        }
        if gate.pin_set
            && ui
                .add_enabled(!blocked, egui::Button::new("Remove PIN"))
                .clicked()
            && let Some(intent) = remove_pin(view)
        {
            intents.push(intent);
        }
        // Words, not a spinner: the panel stays still until the shell answers.
        if view.pin_working || gate.checking {
            ui.label(RichText::new("One moment…").weak());
        }
    });
}

/// The intent "Set PIN" or "Change PIN" hands over, once the fields allow it.
fn set_pin(view: &mut SettingsView, gate: &SupervisorGate) -> Option<SettingsIntent> {
    if gate.pin_set && view.current_pin.is_empty() {
        view.current_pin_message = Some("Enter the current PIN to change it.".into());
        return None;
    }
    if pin_problem(&view.pin, &view.pin_again).is_some() {
        view.pin_tried = true;
        return None;
    }
    let current = gate
        .pin_set
        .then(|| Secret::new(std::mem::take(&mut view.current_pin)));
    let pin = Secret::new(std::mem::take(&mut view.pin));
    view.pin_again.clear();
    view.pin_tried = false;
    view.current_pin_message = None;
    view.pin_working = true;
    Some(SettingsIntent::SetPin { current, pin })
}

/// The intent "Remove PIN" hands over, once the current PIN is typed.
fn remove_pin(view: &mut SettingsView) -> Option<SettingsIntent> {
    if view.current_pin.is_empty() {
        view.current_pin_message = Some("Enter the current PIN to remove it.".into());
        return None;
    }
    view.current_pin_message = None;
    view.pin_working = true;
    Some(SettingsIntent::RemovePin {
        current: Secret::new(std::mem::take(&mut view.current_pin)),
    })
}

/// A PIN field keeps what [`pin_digits`] keeps.
fn digits_only(pin: &mut String) {
    *pin = pin_digits(pin);
}
