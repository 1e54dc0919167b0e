//! The outbox: at a glance in the status bar, and the "Outbox" tab listing what needs a person
//! — each entry's action, order, error and field errors, the desk that last tried it, its body
//! to correct and resend, and Discard for a supervisor — then the queue (`queue`).

use std::time::Instant;

use egui::{RichText, ScrollArea};
use time::OffsetDateTime;

use super::command::OutboxCommand;
use super::queue::{clock, entry_title, queue_ui, tried_text};
use crate::station::db::{Action, OutboxEntry, OutboxSummary};
use crate::ui::access::SupervisorCommand;
use crate::ui::command::Command;
use crate::ui::state::AppState;
use crate::ui::status::{Level, Tab};
use crate::ui::widgets::WARNING;

/// "Outbox: 2 queued · 1 retrying (next 14:03:05 UTC) · 1 needs attention".
pub fn summary_text(summary: &OutboxSummary) -> String {
    if summary.is_empty() {
        return "Outbox: everything sent".into();
    }
    let mut parts = Vec::new();
    if summary.queued > 0 {
        parts.push(format!("{} queued", summary.queued));
    }
    if summary.retrying > 0 {
        let next = summary
            .next_retry_at
            .map(|at| format!(" (next {} UTC)", clock(at)))
            .unwrap_or_default();
        parts.push(format!("{} retrying{next}", summary.retrying));
    }
    if summary.needs_attention > 0 {
        parts.push(format!("{} needs attention", summary.needs_attention));
    }
    format!("Outbox: {}", parts.join(" · "))
}

/// The status bar's part: the summary, and a button to the list when something needs a person.
pub fn outbox_status_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    let summary = &state.features.outbox.summary;
    let text = RichText::new(summary_text(summary));
    let text = if summary.needs_attention > 0 {
        text.color(ui.visuals().error_fg_color)
    } else if summary.retrying > 0 {
        text.color(WARNING)
    } else {
        text
    };
    ui.label(text);
    if summary.needs_attention > 0 && ui.small_button("Show what needs attention").clicked() {
        commands.push(Command::ShowTab(Tab::Outbox));
    }
}

/// The "Outbox" tab.
pub fn outbox_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    let view = &state.features.outbox;
    ui.heading("Outbox");
    ui.label(summary_text(&view.summary));
    if let Some(message) = &view.message {
        let color = match message.level {
            Level::Info => ui.visuals().text_color(),
            Level::Warning => WARNING,
            Level::Error => ui.visuals().error_fg_color,
        };
        ui.label(RichText::new(&message.text).color(color));
    }
    supervisor_ui(ui, state, commands);
    ui.separator();
    let attention: Vec<&OutboxEntry> = view.needing_attention().collect();
    if attention.is_empty() {
        ui.label("Nothing needs attention.");
    }
    let now = OffsetDateTime::now_utc();
    ScrollArea::vertical().show(ui, |ui| {
        for entry in attention {
            entry_ui(ui, state, entry, now, commands);
            ui.separator();
        }
        queue_ui(ui, view, now);
    });
}

fn entry_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    entry: &OutboxEntry,
    now: OffsetDateTime,
    commands: &mut Vec<Command>,
) {
    let view = &state.features.outbox;
    ui.label(RichText::new(entry_title(entry)).strong());
    let red = ui.visuals().error_fg_color;
    ui.label(
        RichText::new(format!(
            "Refused after {} attempt(s): {}",
            entry.attempts,
            entry.last_error.as_deref().unwrap_or("no reason given")
        ))
        .color(red),
    );
    for problem in &entry.field_errors {
        ui.label(RichText::new(format!("• {}: {}", problem.field, problem.error)).color(red));
    }
    ui.label(format!("Last tried by {}", tried_text(entry, now)));
    let stored = || serde_json::to_string_pretty(&entry.body).unwrap_or_default();
    let mut text = view.drafts.get(&entry.id).cloned().unwrap_or_else(stored);
    let label = ui.label(format!("Body of {} to send (correct it here)", entry.key));
    let edited = ui
        .add(
            egui::TextEdit::multiline(&mut text)
                .code_editor()
                .desired_rows(6)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    if edited.changed() {
        commands.push(Command::from(OutboxCommand::EditBody(entry.id, text)));
    }
    let busy = view.busy.is_some();
    let unlocked = supervisor_unlocked(state);
    ui.horizontal(|ui| {
        let resend = ui.add_enabled(!busy, egui::Button::new(format!("Resend {}", entry.key)));
        if resend.clicked() {
            commands.push(Command::from(OutboxCommand::Resend(entry.id)));
        }
        let discard = ui
            .add_enabled(
                !busy && unlocked,
                egui::Button::new(format!("Discard {}", entry.key)),
            )
            .on_disabled_hover_text("Discarding needs the supervisor unlock.");
        if discard.clicked() {
            commands.push(Command::from(OutboxCommand::Discard(entry.id)));
        }
        if view.busy == Some(entry.id) {
            ui.spinner();
        }
    });
}

fn supervisor_unlocked(state: &AppState) -> bool {
    state
        .features
        .supervisor
        .is_unlocked(&state.features.people.access(), Instant::now())
}

/// The supervisor unlock for Discard, in the tab itself.
fn supervisor_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    let supervisor = &state.features.supervisor;
    if let Some(why) = state
        .features
        .people
        .access()
        .why_not(Action::DiscardOutbox)
    {
        ui.label(why);
        return;
    }
    if state.features.people.access().is_supervisor() {
        ui.label("Signed in as supervisor: entries can be discarded.");
        return;
    }
    if supervisor.lock.is_none() {
        ui.label("Discarding needs a supervisor PIN: set one in Settings.");
        return;
    }
    if supervisor_unlocked(state) {
        ui.horizontal(|ui| {
            ui.label("Supervisor unlocked: entries can be discarded.");
            if ui.button("Lock supervisor").clicked() {
                commands.push(Command::from(SupervisorCommand::Lock));
            }
        });
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label("Supervisor PIN (to discard)");
        let mut pin = supervisor.pin_input.clone();
        ui.add_enabled(
            !supervisor.checking,
            egui::TextEdit::singleline(&mut pin)
                .password(true)
                .desired_width(100.0),
        )
        .labelled_by(label.id);
        if pin != supervisor.pin_input {
            commands.push(Command::from(SupervisorCommand::SetPin(pin)));
        }
        let button = ui.add_enabled(
            !supervisor.checking && !supervisor.pin_input.is_empty(),
            egui::Button::new("Unlock supervisor"),
        );
        if button.clicked() {
            commands.push(Command::from(SupervisorCommand::Unlock));
        }
    });
    if let Some(message) = &supervisor.message {
        ui.label(RichText::new(message).color(ui.visuals().error_fg_color));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_each_state_and_the_next_retry() {
        assert_eq!(
            summary_text(&OutboxSummary::default()),
            "Outbox: everything sent"
        );
        let at = time::macros::datetime!(2025-06-02 14:03:05 UTC);
        let text = summary_text(&OutboxSummary {
            queued: 2,
            retrying: 1,
            needs_attention: 3,
            next_retry_at: Some(at),
        });
        assert_eq!(
            text,
            "Outbox: 2 queued · 1 retrying (next 14:03:05 UTC) · 3 needs attention"
        );
    }
}
