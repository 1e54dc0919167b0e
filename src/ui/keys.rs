//! Keyboard shortcuts: the whole packer flow works without a mouse (README lists them).

use egui::{Key, Modifiers};

use super::command::Command;
use super::scan::scan_id;
use super::state::{AppState, CancelFlow, FocusTarget, LabelJob, Tab};
use crate::station::db::DocumentKind;

/// Every shortcut with what it does, for the help line and README.
pub const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Scan / type + Enter",
        "open an order by number; in an open shipment, add one unit of a SKU",
    ),
    ("Ctrl+F", "search orders (Enter opens the first match)"),
    (
        "Esc",
        "leave a field, clear the scan box, close a dialog, back to the orders",
    ),
    ("F2", "get the label (again, after a network failure)"),
    ("F3", "next shipment of the order"),
    ("F4", "mark the parcel fulfilled"),
    ("F5", "retry after a network failure / reload the orders"),
    ("F6", "type the parcel weight"),
    ("F8", "cancel the shipment (supervisor)"),
    ("Ctrl+E", "put everything left into the parcel"),
    ("Ctrl+S", "save the label PDF"),
    ("Ctrl+P", "print the label"),
    ("Ctrl+L", "lock the supervisor functions"),
    ("Ctrl+1 / 2 / 3 / 4", "orders / quote / settings / outbox"),
    ("Tab, Shift+Tab, Space", "move between fields, tick a box"),
];

/// Turns this frame's shortcut keys into commands (and takes them out of the input).
pub fn shortcuts(ctx: &egui::Context, state: &AppState, commands: &mut Vec<Command>) {
    if !state.ready() {
        return;
    }
    let focused = ctx.memory(|m| m.focused());
    let dialog = state
        .open
        .as_ref()
        .is_some_and(|o| !matches!(o.cancel, CancelFlow::Closed));
    let ctrl = Modifiers::COMMAND;
    let pressed = |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_key(modifiers, key));

    if pressed(Modifiers::NONE, Key::Escape) {
        if dialog {
            commands.push(Command::CloseCancel);
        } else if focused.is_some() && focused != Some(scan_id()) {
            // Leave the field; the scan box takes the focus back.
            if let Some(id) = focused {
                ctx.memory_mut(|m| m.surrender_focus(id));
            }
            commands.push(Command::Focus(FocusTarget::Scan));
        } else if !state.scan.buffer.is_empty() {
            commands.push(Command::ScanClear);
        } else {
            commands.push(Command::Back);
        }
    }
    if pressed(ctrl, Key::F) {
        commands.push(Command::Focus(FocusTarget::Search));
    }
    for (key, tab) in [
        (Key::Num1, Tab::Orders),
        (Key::Num2, Tab::Quote),
        (Key::Num3, Tab::Settings),
        (Key::Num4, Tab::Outbox),
    ] {
        if pressed(ctrl, key) {
            commands.push(Command::ShowTab(tab));
        }
    }
    if pressed(Modifiers::NONE, Key::F5) {
        commands.push(Command::Retry);
    }
    if pressed(ctrl, Key::L) {
        commands.push(Command::LockSupervisor);
    }
    let Some(open) = state
        .open
        .as_ref()
        .filter(|_| state.tab == Tab::Orders && !dialog)
    else {
        return;
    };
    if pressed(Modifiers::NONE, Key::F2) {
        let retry = open.parcel.is_some() && matches!(open.label, LabelJob::Failed(_));
        commands.push(if retry {
            Command::RetryLabel
        } else {
            Command::GetLabel
        });
    }
    if pressed(Modifiers::NONE, Key::F3) {
        commands.push(Command::NextShipment);
    }
    if pressed(Modifiers::NONE, Key::F4) {
        commands.push(Command::MarkFulfilled);
    }
    if pressed(Modifiers::NONE, Key::F6) {
        commands.push(Command::Focus(FocusTarget::Weight));
    }
    if pressed(Modifiers::NONE, Key::F8) {
        commands.push(Command::StartCancel);
    }
    if pressed(ctrl, Key::E) {
        commands.push(Command::EditParcel(
            super::parcel_form::ParcelEdit::EverythingLeft,
        ));
    }
    if let LabelJob::Ready { label, .. } = &open.label {
        if pressed(ctrl, Key::S) {
            commands.push(Command::SaveLabel(*label, DocumentKind::Pdf));
        }
        if pressed(ctrl, Key::P) {
            commands.push(Command::PrintLabel(*label));
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_readme_lists_every_shortcut() {
        let readme = include_str!("../../README.md");
        for (key, does) in super::SHORTCUTS {
            assert!(
                readme.contains(&format!("| {key} | {does} |")),
                "README.md lacks the row for {key}"
            );
        }
    }
}
