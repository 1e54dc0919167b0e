//! The outbox feature's handlers: what its commands and job results do to its state.

use super::command::{Done, OutboxCommand, OutboxProgress};
use super::jobs;
use super::state::OutboxView;
use crate::station::db::{Action, OutboxEntry, OutboxId, OutboxState, OutboxSummary};
use crate::ui::access::SupervisorState;
use crate::ui::desk::Desk;
use crate::ui::status::{Connection, Level, Notice};
use std::time::Instant;

pub fn handle(
    view: &mut OutboxView,
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
    command: OutboxCommand,
) {
    match command {
        OutboxCommand::EditBody(id, text) => {
            view.drafts.insert(id, text);
        }
        OutboxCommand::Resend(id) => resend(view, desk, id),
        OutboxCommand::Discard(id) => discard(view, supervisor, desk, id),
    }
}

fn resend(view: &mut OutboxView, desk: &mut Desk<'_>, id: OutboxId) {
    let Some(record) = desk.record() else {
        return;
    };
    if view.busy.is_some() {
        return;
    }
    let Some(entry) = view.open.iter().find(|e| e.id == id) else {
        return;
    };
    // Only a body that differs from the stored one is a correction.
    let corrected = match view.drafts.get(&id) {
        None => None,
        Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(body) if body == entry.body => None,
            Ok(body) => Some(body),
            Err(e) => {
                view.message = Some(Notice {
                    level: Level::Error,
                    text: format!("The corrected body is not JSON ({e}); fix it, then resend."),
                });
                return;
            }
        },
    };
    // Sending it again as it is fixes a passing failure; changing it is a supervisor's call.
    if corrected.is_some()
        && let Some(why) = desk.access.why_not(Action::CorrectOutbox)
    {
        view.message = Some(Notice {
            level: Level::Warning,
            text: why,
        });
        return;
    }
    view.busy = Some(id);
    view.message = None;
    desk.spawn(move |_| jobs::resend(record, id, corrected));
}

fn discard(
    view: &mut OutboxView,
    supervisor: &mut SupervisorState,
    desk: &mut Desk<'_>,
    id: OutboxId,
) {
    let Some(record) = desk.record() else {
        return;
    };
    if let Some(why) = desk.access.why_not(Action::DiscardOutbox) {
        view.message = Some(Notice {
            level: Level::Warning,
            text: why,
        });
        return;
    }
    let unlocked = supervisor.is_unlocked(&desk.access, Instant::now());
    if !unlocked {
        view.message = Some(Notice {
            level: Level::Warning,
            text: "Discarding is a supervisor action: unlock with the supervisor PIN first.".into(),
        });
        return;
    }
    if view.busy.is_some() {
        return;
    }
    view.busy = Some(id);
    view.message = None;
    let reason = format!(
        "discarded by a supervisor at station {}",
        desk.settings.station_name
    );
    if let Some(lock) = &mut supervisor.lock {
        lock.touch(Instant::now());
    }
    desk.spawn(move |_| jobs::discard(record, id, reason));
}

/// A person's resend or discard came back.
pub fn apply(view: &mut OutboxView, done: Done) {
    let Done::Changed(result) = done;
    view.busy = None;
    view.message = Some(match result {
        Ok(entry) => {
            view.drafts.remove(&entry.id);
            let text = match entry.state {
                OutboxState::Discarded => format!(
                    "{} of order {} discarded; it will not be sent.",
                    entry.action.label(),
                    entry.order
                ),
                _ => format!(
                    "{} of order {} queued for sending again.",
                    entry.action.label(),
                    entry.order
                ),
            };
            // Until the worker's next report, show the entry where it is now.
            if let Some(slot) = view.open.iter_mut().find(|e| e.id == entry.id) {
                *slot = entry;
            }
            view.open.retain(|e| e.state.is_open());
            // The worker reports only after an attempt; the status bar must not wait for one.
            view.summary = summary_of(&view.open);
            Notice {
                level: Level::Info,
                text,
            }
        }
        Err(failure) => Notice {
            level: Level::Error,
            text: failure.message(),
        },
    });
}

/// The server's outbox as last read: the snapshot replaces the shown one; an entry that newly
/// needs attention says so in the status bar. Returns the entries that newly need attention,
/// for the features that follow their own (the quote's order).
pub fn progress(
    view: &mut OutboxView,
    desk: &mut Desk<'_>,
    progress: OutboxProgress,
) -> Vec<OutboxEntry> {
    let OutboxProgress { summary, open, .. } = progress;
    let newly: Vec<OutboxEntry> = open
        .iter()
        .filter(|e| e.state == OutboxState::NeedsAttention)
        .filter(|e| {
            !view
                .open
                .iter()
                .any(|seen| seen.id == e.id && seen.state == OutboxState::NeedsAttention)
        })
        .cloned()
        .collect();
    for entry in &newly {
        desk.shell.connection = Connection::Online;
        desk.shell.notice(
            Level::Error,
            format!(
                "{} of order {} needs attention: {} — see the Outbox tab.",
                entry.action.label(),
                entry.order,
                entry.last_error.as_deref().unwrap_or("refused")
            ),
        );
    }
    view.summary = summary;
    view.drafts.retain(|id, _| open.iter().any(|e| e.id == *id));
    view.open = open;
    newly
}

/// The summary of the entries shown, until the worker's next snapshot replaces it.
fn summary_of(open: &[OutboxEntry]) -> OutboxSummary {
    let count = |state: OutboxState| open.iter().filter(|e| e.state == state).count();
    OutboxSummary {
        queued: count(OutboxState::Queued),
        retrying: count(OutboxState::Retrying),
        needs_attention: count(OutboxState::NeedsAttention),
        next_retry_at: open
            .iter()
            .filter(|e| e.state == OutboxState::Retrying)
            .map(|e| e.next_attempt_at)
            .min(),
    }
}
