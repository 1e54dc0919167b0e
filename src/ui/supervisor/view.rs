//! The supervisor's sections of Settings: the unlock for the locked sections (at the top, with
//! a PIN set), and setting, changing and removing the PIN (the last two behind the current PIN).
//! Each makes its own field messages and returns what was asked for as `SupervisorCommand`s.

use std::time::Duration;

use egui::{RichText, Ui};

use super::state::PinSection;
use crate::api::Secret;
use crate::station::pin::{
    DEFAULT_RELOCK_AFTER, LOCKOUT, MAX_WRONG_TRIES, check_pin_rule, pin_digits,
};
use crate::ui::access::{SupervisorCommand, SupervisorGate};
use crate::ui::form::{FieldErrors, Fields, NARROW};

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

/// The unlock at the top of Settings (with a PIN set): what is locked and the PIN field, or,
/// once unlocked, the way to lock again.
pub fn unlock_section_ui(
    ui: &mut Ui,
    view: &mut PinSection,
    gate: &SupervisorGate,
) -> Vec<SupervisorCommand> {
    let mut intents = Vec::new();
    let errors = problems(view, gate);
    let mut fields = Fields::new(&errors);
    if gate.unlocked {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Supervisor unlocked: environments, the warehouse and the printers can be \
                 changed. They lock again after {} minutes without supervisor activity.",
                DEFAULT_RELOCK_AFTER.as_secs() / 60
            ));
            if ui.button("Lock supervisor").clicked() {
                intents.push(SupervisorCommand::Lock);
            }
        });
        return intents;
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
            intents.push(SupervisorCommand::UnlockWith(Secret::new(std::mem::take(
                &mut view.unlock_pin,
            ))));
            view.unlock_message = None;
        }
        if gate.checking {
            ui.spinner();
        }
    });
    intents
}

/// Setting the first PIN, or changing or removing the one in force with the current PIN.
pub fn pin_section_ui(
    ui: &mut Ui,
    view: &mut PinSection,
    gate: &SupervisorGate,
) -> Vec<SupervisorCommand> {
    let mut intents = Vec::new();
    let errors = problems(view, gate);
    let mut fields = Fields::new(&errors);
    // Not "Supervisor PIN": that names the unlock's field, and a name finds one widget.
    ui.heading("Setting the supervisor PIN");
    ui.label(if gate.pin_set {
        "A supervisor PIN is set. Changing or removing it needs the current PIN."
    } else {
        "No supervisor PIN yet: canceling shipments stays locked, and every section of \
         Settings is open, until one is set."
    });
    if let Some(message) = &view.message {
        ui.label(RichText::new(message).strong());
    }
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
    intents
}

/// The command "Set PIN" or "Change PIN" hands over, once the fields allow it.
fn set_pin(view: &mut PinSection, gate: &SupervisorGate) -> Option<SupervisorCommand> {
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
    view.message = None;
    Some(SupervisorCommand::ChangePin { current, pin })
}

/// The command "Remove PIN" hands over, once the current PIN is typed.
fn remove_pin(view: &mut PinSection) -> Option<SupervisorCommand> {
    if view.current_pin.is_empty() {
        view.current_pin_message = Some("Enter the current PIN to remove it.".into());
        return None;
    }
    view.current_pin_message = None;
    view.pin_working = true;
    view.message = None;
    Some(SupervisorCommand::RemovePin {
        current: Secret::new(std::mem::take(&mut view.current_pin)),
    })
}

/// The messages next to the PIN fields: a running lockout first (it is what stands in the way),
/// else why the last unlock or change was refused; the new PIN's problem once both fields hold
/// something or after a try.
fn problems(view: &PinSection, gate: &SupervisorGate) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if let Some(left) = gate.locked_out_for {
        let line = locked_out_line(left);
        errors.add("unlock_pin", &line);
        errors.add("current_pin", &line);
    } else {
        if let Some(why) = &view.unlock_message {
            errors.add("unlock_pin", why);
        }
        if let Some(why) = &view.current_pin_message {
            errors.add("current_pin", why);
        }
    }
    let typed_both = !view.pin.is_empty() && view.pin_again.len() >= view.pin.len();
    if (view.pin_tried || typed_both)
        && let Some(problem) = pin_problem(&view.pin, &view.pin_again)
    {
        let path = if problem.contains("differ") {
            "pin_again"
        } else {
            "pin"
        };
        errors.add(path, problem);
    }
    errors
}

/// Why a new PIN typed twice cannot be set, or `None`.
pub fn pin_problem(pin: &str, again: &str) -> Option<&'static str> {
    if check_pin_rule(pin).is_err() {
        Some("The PIN must be 4 to 8 digits (0–9).")
    } else if pin != again {
        Some("The two PINs differ: type the same PIN in both fields.")
    } else {
        None
    }
}

/// A PIN field keeps what [`pin_digits`] keeps.
fn digits_only(pin: &mut String) {
    *pin = pin_digits(pin);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_is_four_to_eight_digits_typed_twice() {
        assert_eq!(pin_problem("2468", "2468"), None);
        assert!(pin_problem("123", "123").unwrap().contains("4 to 8"));
        assert!(pin_problem("12a4", "12a4").unwrap().contains("4 to 8"));
        assert!(pin_problem("123456789", "123456789").is_some());
        assert!(pin_problem("2468", "2469").unwrap().contains("differ"));
    }
}
