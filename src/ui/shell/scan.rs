//! The scan box. A barcode scanner is a keyboard that types a whole code and a terminator in a
//! few milliseconds, so the box takes every text and key event of the frame at once (none is
//! left for a later frame) whenever it has the focus or nothing else has; and it takes the
//! focus back whenever nothing else has it.

use egui::{Event, Key};

use super::command::Done;
use crate::station::settings::ScannerTerminator;
use crate::ui::command::Command;
use crate::ui::packing::state::CancelFlow;
use crate::ui::record::Record;
use crate::ui::state::AppState;
use crate::ui::status::{FocusTarget, Level};
use crate::ui::widgets;

pub fn scan_id() -> egui::Id {
    egui::Id::unique("scan_box")
}

pub fn search_id() -> egui::Id {
    egui::Id::unique("orders_search")
}

pub fn pin_id() -> egui::Id {
    egui::Id::unique("supervisor_pin")
}

pub fn weight_id() -> egui::Id {
    egui::Id::unique("parcel_weight")
}

pub fn quantity_id(line: usize) -> egui::Id {
    egui::Id::unique(("parcel_quantity", line))
}

fn dialog_open(state: &AppState) -> bool {
    state
        .features
        .packing
        .open
        .as_ref()
        .is_some_and(|o| !matches!(o.cancel, CancelFlow::Closed))
}

/// Takes this frame's typed text and terminators for the scan box, when it is the box's turn.
pub fn capture(ctx: &egui::Context, state: &AppState, commands: &mut Vec<Command>) {
    if !state.ready() || dialog_open(state) {
        return;
    }
    let focused = ctx.memory(|m| m.focused());
    if focused.is_some() && focused != Some(scan_id()) {
        return;
    }
    let terminator = state.settings.scanner_terminator;
    let mut text = String::new();
    let flush = |text: &mut String, commands: &mut Vec<Command>, submit: bool| {
        if !text.is_empty() {
            commands.push(Command::ScanText(std::mem::take(text)));
        }
        if submit {
            commands.push(Command::ScanSubmit);
        }
    };
    let mut refocus = false;
    ctx.input_mut(|input| {
        input.events.retain(|event| match event {
            Event::Text(typed) | Event::Paste(typed) => {
                for c in typed.chars() {
                    let ends = match c {
                        '\n' | '\r' => true,
                        '\u{4}' => terminator == ScannerTerminator::Eot,
                        '\t' => terminator == ScannerTerminator::Tab,
                        _ => false,
                    };
                    if ends {
                        flush(&mut text, commands, true);
                    } else if !c.is_control() {
                        text.push(c);
                    }
                }
                false
            }
            Event::Key {
                key: Key::Enter,
                modifiers,
                ..
            } if !modifiers.ctrl && !modifiers.alt => {
                if let Event::Key { pressed: true, .. } = event {
                    flush(&mut text, commands, true);
                }
                false
            }
            Event::Key {
                key: Key::Tab,
                pressed,
                ..
            } if terminator == ScannerTerminator::Tab => {
                if *pressed {
                    flush(&mut text, commands, true);
                    refocus = true;
                }
                false
            }
            Event::Key {
                key: Key::D,
                pressed,
                modifiers,
                ..
            } if terminator == ScannerTerminator::Eot && modifiers.ctrl => {
                if *pressed {
                    flush(&mut text, commands, true);
                }
                false
            }
            Event::Key {
                key: Key::Backspace,
                pressed,
                ..
            } => {
                if *pressed && text.pop().is_none() {
                    flush(&mut text, commands, false);
                    commands.push(Command::ScanBackspace);
                }
                false
            }
            _ => true,
        });
    });
    flush(&mut text, commands, false);
    if refocus {
        commands.push(Command::Focus(FocusTarget::Scan));
    }
}

/// Gives the focus where a handler asked, else to the scan box when nobody has it.
pub fn keep_focus(ctx: &egui::Context, state: &mut AppState) {
    if let Some(target) = state.shell.focus.take() {
        let id = match target {
            FocusTarget::Scan => scan_id(),
            FocusTarget::Search => search_id(),
            FocusTarget::Pin => pin_id(),
            FocusTarget::Weight => weight_id(),
            FocusTarget::LineQuantity(line) => quantity_id(line),
        };
        ctx.memory_mut(|m| m.request_focus(id));
        return;
    }
    if state.ready() && !dialog_open(state) && ctx.memory(|m| m.focused()).is_none() {
        ctx.memory_mut(|m| m.request_focus(scan_id()));
    }
}

/// The scan box in the top bar, with what the last scan did.
pub fn scan_box_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    let label = ui.label("Scan");
    let mut shown = state.shell.scan.buffer.clone();
    let edit = egui::TextEdit::singleline(&mut shown)
        .id(scan_id())
        .hint_text("order number or SKU, then Enter")
        .desired_width(240.0)
        .interactive(state.ready());
    ui.add(edit).labelled_by(label.id);
    if shown != state.shell.scan.buffer {
        // An edit the capture did not see (cut, delete): the box shows what the state holds.
        commands.push(Command::ScanClear);
        commands.push(Command::ScanText(shown));
    }
    if let Some(message) = &state.shell.scan.message {
        let color = match message.level {
            Level::Info => ui.visuals().text_color(),
            Level::Warning => widgets::WARNING,
            Level::Error => ui.visuals().error_fg_color,
        };
        ui.label(egui::RichText::new(&message.text).color(color));
    }
}

/// What the station's record says a scanned code is (an order number, a SKU, or nothing).
pub async fn look_up(record: Record, code: String) -> Done {
    let result = record
        .call(|c, s| {
            let code = code.clone();
            async move { c.scan(&s, &code).await }
        })
        .await;
    Done::Scanned { code, result }
}
