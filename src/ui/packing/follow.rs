//! The open parcel's split-parcel label as the outbox delivers it: each worker report about
//! its entry moves the visible label state on (queued → sent → pending, polled → ready or
//! refused), and a parcel picked up again after a restart shows where its entry stands.

use std::time::Duration;

use time::OffsetDateTime;

use super::command::PackingCommand;
use super::jobs::parcel_label;
use crate::api::{ClientError, LabelStatus};
use crate::station::db::{OutboxAction, OutboxEntry, OutboxState, Parcel};
use crate::ui::desk::Desk;
use crate::ui::failure::{Credential, Failure};
use crate::ui::packing::state::{LabelJob, Packing};
use crate::ui::status::Level;

fn ms_until(at: OffsetDateTime) -> u64 {
    let left = Duration::try_from(at - OffsetDateTime::now_utc()).unwrap_or(Duration::ZERO);
    u64::try_from(left.as_millis()).unwrap_or(u64::MAX)
}

fn seconds(ms: u64) -> String {
    format!("{:.0} s", (ms as f64 / 1000.0).ceil())
}

/// A refusal in the packer's words: field errors go next to their fields.
fn refusal(entry: &OutboxEntry, error: Option<&ClientError>) -> Failure {
    match error {
        Some(error) => Failure::from_client(error, Credential::AccessToken),
        None if !entry.field_errors.is_empty() => Failure::Fields(entry.field_errors.clone()),
        None => Failure::Other(format!(
            "The service refused this parcel's label: {} — Retry asks again, or discard the parcel.",
            entry.last_error.as_deref().unwrap_or("no reason given")
        )),
    }
}

/// A worker report about an entry: if it is the open parcel's label, show where it stands.
pub fn on_entry(
    packing: &mut Packing,
    desk: &mut Desk<'_>,
    entry: &OutboxEntry,
    error: Option<&ClientError>,
) {
    if entry.action != OutboxAction::ParcelLabel || entry.parcel.is_none() {
        return;
    }
    let (Some(db), Some(client)) = (desk.backend.db.clone(), desk.backend.client.clone()) else {
        return;
    };
    let Some(open) = &mut packing.open else {
        return;
    };
    if open.parcel != entry.parcel || matches!(open.label, LabelJob::Ready { .. }) {
        return;
    }
    let (number, Some(parcel)) = (open.order.source_reference, entry.parcel) else {
        return;
    };
    match entry.state {
        OutboxState::Queued => open.label = LabelJob::Requesting,
        OutboxState::Retrying => match error {
            // Retrying without an error: the service answered `pending`.
            None => {
                open.label = LabelJob::Polling {
                    attempt: entry.attempts,
                    next_in_ms: ms_until(entry.next_attempt_at),
                }
            }
            Some(error) => {
                let failure = Failure::Offline(format!(
                    "{} The label request is queued and sent again by itself in {}; Retry sends it now.",
                    error.user_message(),
                    seconds(ms_until(entry.next_attempt_at))
                ));
                open.label = LabelJob::Failed(failure.clone());
                desk.shell
                    .network_failure(&failure, PackingCommand::RetryLabel.into());
                desk.shell.notice(Level::Error, failure.message());
            }
        },
        OutboxState::Delivered => {
            // In flight until the job has the label and its preview.
            open.label = LabelJob::Requesting;
            desk.spawn(move |_| parcel_label::ready(db, client, number, parcel));
        }
        OutboxState::NeedsAttention => match refusal(entry, error) {
            failure @ Failure::Fields(_) => {
                open.label = LabelJob::Requesting;
                let sent_lines = open.form.chosen_lines();
                desk.spawn(move |_| parcel_label::refused(db, number, parcel, failure, sent_lines));
            }
            failure => {
                open.label = LabelJob::Failed(failure.clone());
                desk.shell
                    .network_failure(&failure, PackingCommand::RetryLabel.into());
                desk.shell.notice(Level::Error, failure.message());
            }
        },
        OutboxState::Discarded => {}
    }
}

/// The label request was written; a Retry of a label the worker already delivered shows it.
pub fn queued(packing: &mut Packing, desk: &mut Desk<'_>, entry: OutboxEntry) {
    if entry.state == OutboxState::Delivered {
        on_entry(packing, desk, &entry, None);
    }
}

/// The label state of a packed parcel without a ready label, from its open outbox entry (a
/// restart, or the order opened again while the worker had it); `None` without one.
pub fn resumed(open_entries: &[OutboxEntry], parcel: &Parcel) -> Option<LabelJob> {
    let entry = open_entries
        .iter()
        .find(|e| e.action == OutboxAction::ParcelLabel && e.parcel == Some(parcel.id))?;
    let pending = parcel
        .latest_label()
        .is_some_and(|l| l.status == LabelStatus::Pending);
    Some(match entry.state {
        OutboxState::Queued => LabelJob::Requesting,
        OutboxState::Retrying if pending => LabelJob::Polling {
            attempt: entry.attempts,
            next_in_ms: ms_until(entry.next_attempt_at),
        },
        OutboxState::Retrying => LabelJob::Failed(Failure::Offline(format!(
            "The label request is queued and sent again by itself in {}; Retry sends it now.",
            seconds(ms_until(entry.next_attempt_at))
        ))),
        // Its field errors name the form as it was packed, not the fresh one shown now.
        _ => LabelJob::Failed(Failure::Other(format!(
            "The service refused this parcel's label: {}{} — Retry asks again, or discard the parcel.",
            entry.last_error.as_deref().unwrap_or("no reason given"),
            entry
                .field_errors
                .iter()
                .map(|e| format!("; {}: {}", e.field, e.error))
                .collect::<String>()
        ))),
    })
}
