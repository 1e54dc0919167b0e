//! Keyboard shortcuts: the whole packer flow works without a mouse (README lists them).

use egui::{Key, Modifiers};

use super::scan::scan_id;
use crate::station::db::DocumentKind;
use crate::ui::command::Command;
use crate::ui::packing::command::PackingCommand;
use crate::ui::packing::parcel_form::ParcelEdit;
use crate::ui::packing::state::{CancelFlow, LabelJob};
use crate::ui::state::AppState;
use crate::ui::status::{FocusTarget, Tab};
use crate::ui::supervisor::command::SupervisorCommand;

/// One key binding: the key, what it does (README's table is checked against this), where it
/// works, and the command it gives.
pub struct Shortcut {
    pub modifiers: Modifiers,
    pub key: Key,
    pub does: &'static str,
    /// Only in an open shipment on the Orders tab with no dialog open.
    in_shipment: bool,
    command: fn(&AppState) -> Option<Command>,
}

impl Shortcut {
    /// How people write the key: `F2`, `Ctrl+E`.
    pub fn keys(&self) -> String {
        let name = match self.key {
            Key::Num1 => "1",
            Key::Num2 => "2",
            Key::Num3 => "3",
            Key::Num4 => "4",
            other => other.name(),
        };
        if self.modifiers == Modifiers::NONE {
            name.to_string()
        } else {
            format!("Ctrl+{name}")
        }
    }
}

/// Where a binding works.
#[derive(Clone, Copy)]
enum Scope {
    Anywhere,
    InShipment,
}

const fn bind(
    scope: Scope,
    modifiers: Modifiers,
    key: Key,
    does: &'static str,
    command: fn(&AppState) -> Option<Command>,
) -> Shortcut {
    Shortcut {
        modifiers,
        key,
        does,
        in_shipment: matches!(scope, Scope::InShipment),
        command,
    }
}

const CTRL: Modifiers = Modifiers::COMMAND;
const NONE: Modifiers = Modifiers::NONE;

/// Every key binding; `shortcuts` applies them and README lists them (a test holds it to that).
pub const BINDINGS: &[Shortcut] = &[
    bind(
        Scope::Anywhere,
        CTRL,
        Key::F,
        "search orders (Enter opens the first match)",
        |_| Some(Command::Focus(FocusTarget::Search)),
    ),
    bind(Scope::Anywhere, CTRL, Key::Num1, "the orders tab", |_| {
        Some(Command::ShowTab(Tab::Orders))
    }),
    bind(Scope::Anywhere, CTRL, Key::Num2, "the quote tab", |_| {
        Some(Command::ShowTab(Tab::Quote))
    }),
    bind(Scope::Anywhere, CTRL, Key::Num3, "the settings tab", |_| {
        Some(Command::ShowTab(Tab::Settings))
    }),
    bind(Scope::Anywhere, CTRL, Key::Num4, "the outbox tab", |_| {
        Some(Command::ShowTab(Tab::Outbox))
    }),
    bind(
        Scope::Anywhere,
        NONE,
        Key::F5,
        "retry after a network failure / reload the orders",
        |_| Some(Command::Retry),
    ),
    bind(
        Scope::Anywhere,
        CTRL,
        Key::L,
        "lock the supervisor functions",
        |_| Some(Command::from(SupervisorCommand::Lock)),
    ),
    bind(
        Scope::InShipment,
        NONE,
        Key::F2,
        "get the label (again, after a network failure)",
        |state| {
            let open = state.features.packing.open.as_ref()?;
            let retry = open.parcel.is_some() && matches!(open.label, LabelJob::Failed(_));
            Some(if retry {
                Command::from(PackingCommand::RetryLabel)
            } else {
                Command::from(PackingCommand::GetLabel)
            })
        },
    ),
    bind(
        Scope::InShipment,
        NONE,
        Key::F3,
        "next shipment of the order",
        |_| Some(Command::from(PackingCommand::NextShipment)),
    ),
    bind(
        Scope::InShipment,
        NONE,
        Key::F4,
        "mark the parcel fulfilled",
        |_| Some(Command::from(PackingCommand::MarkFulfilled)),
    ),
    bind(
        Scope::InShipment,
        NONE,
        Key::F6,
        "type the parcel weight",
        |_| Some(Command::Focus(FocusTarget::Weight)),
    ),
    bind(
        Scope::InShipment,
        NONE,
        Key::F8,
        "cancel the shipment (supervisor)",
        |_| Some(Command::from(PackingCommand::StartCancel)),
    ),
    bind(
        Scope::InShipment,
        CTRL,
        Key::E,
        "put everything left into the parcel",
        |_| {
            Some(Command::from(PackingCommand::EditParcel(
                ParcelEdit::EverythingLeft,
            )))
        },
    ),
    bind(
        Scope::InShipment,
        CTRL,
        Key::S,
        "save the label PDF",
        |state| match &state.features.packing.open.as_ref()?.label {
            LabelJob::Ready { label, .. } => Some(Command::from(PackingCommand::SaveLabel(
                *label,
                DocumentKind::Pdf,
            ))),
            _ => None,
        },
    ),
    bind(
        Scope::InShipment,
        CTRL,
        Key::P,
        "print the label",
        |state| match &state.features.packing.open.as_ref()?.label {
            LabelJob::Ready { label, .. } => {
                Some(Command::from(PackingCommand::PrintLabel(*label)))
            }
            _ => None,
        },
    ),
];

/// The keys that are not one binding of [`BINDINGS`]: the scan box, Esc (what it does depends
/// on where the focus is) and egui's own field keys.
pub const OTHER_KEYS: &[(&str, &str)] = &[
    (
        "Scan / type + Enter",
        "open an order by number; in an open shipment, add one unit of a SKU",
    ),
    (
        "Esc",
        "leave a field, clear the scan box, close a dialog, back to the orders",
    ),
    ("Tab, Shift+Tab, Space", "move between fields, tick a box"),
];

/// Turns this frame's shortcut keys into commands (and takes them out of the input).
pub fn shortcuts(ctx: &egui::Context, state: &AppState, commands: &mut Vec<Command>) {
    if !state.ready() {
        return;
    }
    let focused = ctx.memory(|m| m.focused());
    let dialog = state
        .features
        .packing
        .open
        .as_ref()
        .is_some_and(|o| !matches!(o.cancel, CancelFlow::Closed));
    let pressed = |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_key(modifiers, key));

    if pressed(NONE, Key::Escape) {
        if dialog {
            commands.push(Command::from(PackingCommand::CloseCancel));
        } else if focused.is_some() && focused != Some(scan_id()) {
            // Leave the field; the scan box takes the focus back.
            if let Some(id) = focused {
                ctx.memory_mut(|m| m.surrender_focus(id));
            }
            commands.push(Command::Focus(FocusTarget::Scan));
        } else if !state.shell.scan.buffer.is_empty() {
            commands.push(Command::ScanClear);
        } else {
            commands.push(Command::Back);
        }
    }
    let in_shipment =
        state.features.packing.open.is_some() && state.shell.tab == Tab::Orders && !dialog;
    for binding in BINDINGS {
        if binding.in_shipment && !in_shipment {
            continue;
        }
        if pressed(binding.modifiers, binding.key)
            && let Some(command) = (binding.command)(state)
        {
            commands.push(command);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// README's shortcut table is exactly the bindings plus the other keys: a binding added,
    /// changed or removed without README (or the other way round) fails here.
    #[test]
    fn the_readme_lists_exactly_the_bindings() {
        let readme = include_str!("../../../README.md");
        let table: Vec<&str> = readme
            .lines()
            .skip_while(|l| !l.starts_with("| Key | Does |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        let mut expected: Vec<String> = OTHER_KEYS
            .iter()
            .map(|(keys, does)| format!("| {keys} | {does} |"))
            .chain(
                BINDINGS
                    .iter()
                    .map(|b| format!("| {} | {} |", b.keys(), b.does)),
            )
            .collect();
        let mut found: Vec<String> = table.iter().map(|l| l.to_string()).collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected);
    }

    #[test]
    fn no_key_is_bound_twice() {
        for (i, a) in BINDINGS.iter().enumerate() {
            for b in &BINDINGS[i + 1..] {
                assert!(
                    !(a.key == b.key && a.modifiers == b.modifiers),
                    "{} is bound twice",
                    a.keys()
                );
            }
        }
    }
}
