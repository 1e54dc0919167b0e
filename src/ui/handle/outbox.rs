//! The outbox in the app: the worker's reports, and a person's correction, resend or discard
//! (discard only with the supervisor unlocked).

use std::time::Instant;

use crate::station::db::{OutboxAction, OutboxId, OutboxState};
use crate::ui::app::Core;
use crate::ui::command::Command;
use crate::ui::jobs::outbox::{self, OutboxProgress};
use crate::ui::state::{Connection, Level, Notice};

pub fn handle(core: &mut Core, command: Command) {
    match command {
        Command::EditOutboxBody(id, text) => {
            core.state.outbox.drafts.insert(id, text);
        }
        Command::ResendOutbox(id) => resend(core, id),
        Command::DiscardOutbox(id) => discard(core, id),
        _ => {}
    }
}

fn resend(core: &mut Core, id: OutboxId) {
    let (Some(db), Some(worker)) = (core.backend.db.clone(), core.backend.outbox.clone()) else {
        return;
    };
    let view = &mut core.state.outbox;
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
    view.busy = Some(id);
    view.message = None;
    core.jobs
        .spawn(move |_| outbox::resend(db, worker, id, corrected));
}

fn discard(core: &mut Core, id: OutboxId) {
    let (Some(db), Some(worker)) = (core.backend.db.clone(), core.backend.outbox.clone()) else {
        return;
    };
    let unlocked = core.state.supervisor.is_unlocked(Instant::now());
    let view = &mut core.state.outbox;
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
        core.state.settings.station_name
    );
    if let Some(lock) = &mut core.state.supervisor.lock {
        lock.touch(Instant::now());
    }
    core.jobs
        .spawn(move |_| outbox::discard(db, worker, id, reason));
}

/// A person's resend or discard came back.
pub fn changed(core: &mut Core, result: Result<crate::station::db::OutboxEntry, String>) {
    let view = &mut core.state.outbox;
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
        Err(why) => Notice {
            level: Level::Error,
            text: why,
        },
    });
}

/// The worker's latest report: the snapshot replaces the shown one; a delivery or a failure
/// of the open order's calls says so in the status bar.
pub fn progress(core: &mut Core, progress: OutboxProgress) {
    let OutboxProgress {
        summary,
        open,
        entry,
        error,
    } = progress;
    let view = &mut core.state.outbox;
    view.summary = summary;
    view.drafts.retain(|id, _| open.iter().any(|e| e.id == *id));
    view.open = open;
    let Some(entry) = entry else {
        return;
    };
    match entry.state {
        OutboxState::Delivered => {
            core.state.connection = Connection::Online;
            if entry.action != OutboxAction::ParcelLabel {
                core.state.notice(
                    Level::Info,
                    format!(
                        "{} of order {} delivered to the service.",
                        entry.action.label(),
                        entry.order
                    ),
                );
            }
        }
        OutboxState::NeedsAttention => {
            core.state.connection = Connection::Online;
            if entry.action == OutboxAction::CreateOrder {
                let why = entry.last_error.as_deref().unwrap_or("refused");
                core.state
                    .quote
                    .order_refused(entry.order, &entry.field_errors, why);
            }
            core.state.notice(
                Level::Error,
                format!(
                    "{} of order {} needs attention: {} — see the Outbox tab.",
                    entry.action.label(),
                    entry.order,
                    entry.last_error.as_deref().unwrap_or("refused")
                ),
            );
        }
        _ => {}
    }
    // The packer's own label says more than the generic line above.
    super::label_follow::on_entry(core, &entry, error.as_ref());
}

/// The summary of the entries shown, until the worker's next snapshot replaces it.
fn summary_of(open: &[crate::station::db::OutboxEntry]) -> crate::station::db::OutboxSummary {
    let count = |state: OutboxState| open.iter().filter(|e| e.state == state).count();
    crate::station::db::OutboxSummary {
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
