//! A parcel picked up again (after a restart, or opened again while the server's outbox had its
//! label request) shows where its entry stands; the label job (`jobs::label::wait_for`) then
//! waits for the label as it does after F2.

use std::time::Duration;

use time::OffsetDateTime;

use crate::api::LabelStatus;
use crate::station::db::{OutboxAction, OutboxEntry, OutboxState, Parcel};
use crate::ui::failure::Failure;
use crate::ui::packing::state::LabelJob;

fn ms_until(at: OffsetDateTime) -> u64 {
    let left = Duration::try_from(at - OffsetDateTime::now_utc()).unwrap_or(Duration::ZERO);
    u64::try_from(left.as_millis()).unwrap_or(u64::MAX)
}

fn seconds(ms: u64) -> String {
    format!("{:.0} s", (ms as f64 / 1000.0).ceil())
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
