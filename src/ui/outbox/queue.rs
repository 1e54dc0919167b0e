//! The queue in the Outbox tab: every entry waiting to be sent from the station record — on a
//! shared record, every desk's — with the desk that last tried it, or is sending it now.

use egui::Grid;
use time::OffsetDateTime;

use super::state::OutboxView;
use crate::station::db::{OutboxEntry, OutboxState};

pub fn clock(at: OffsetDateTime) -> String {
    format!("{:02}:{:02}:{:02}", at.hour(), at.minute(), at.second())
}

/// "Fulfillment · order 100042 · shipment S1".
pub fn entry_title(entry: &OutboxEntry) -> String {
    format!(
        "{} · order {}{}",
        entry.action.label(),
        entry.order,
        entry
            .shipment_id
            .as_deref()
            .map(|s| format!(" · shipment {s}"))
            .unwrap_or_default()
    )
}

/// Which desk last took the entry to send, and when; or which is sending it at `now`.
pub fn tried_text(entry: &OutboxEntry, now: OffsetDateTime) -> String {
    let at = entry.tried_at.map(clock);
    match (entry.sent_by_at(now), entry.tried_by.as_deref(), at) {
        (Some(desk), _, Some(at)) => format!("{desk}, sending now (since {at} UTC)"),
        (Some(desk), _, None) => format!("{desk}, sending now"),
        (None, Some(desk), Some(at)) => format!("{desk} at {at} UTC"),
        (None, Some(desk), None) => desk.to_owned(),
        (None, None, _) => "not tried yet".into(),
    }
}

fn state_text(entry: &OutboxEntry) -> String {
    match entry.state {
        OutboxState::Retrying => format!(
            "retrying at {} UTC after {} attempt(s): {}",
            clock(entry.next_attempt_at),
            entry.attempts,
            entry.last_error.as_deref().unwrap_or("")
        ),
        _ => "queued".into(),
    }
}

/// The entries waiting to be sent (not those needing a person), one row each.
pub fn queue_ui(ui: &mut egui::Ui, view: &OutboxView, now: OffsetDateTime) {
    let waiting: Vec<&OutboxEntry> = view
        .open
        .iter()
        .filter(|e| e.state != OutboxState::NeedsAttention)
        .collect();
    if waiting.is_empty() {
        return;
    }
    ui.heading("Waiting to be sent");
    ui.label("Every entry of this station record, whichever desk queued it.");
    Grid::new("outbox_queue").striped(true).show(ui, |ui| {
        ui.strong("Entry");
        ui.strong("State");
        ui.strong("Last tried by");
        ui.end_row();
        for entry in waiting {
            ui.label(entry_title(entry));
            ui.label(state_text(entry));
            ui.label(tried_text(entry, now));
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::station::db::{OutboxAction, OutboxId};
    use time::macros::datetime;

    fn entry() -> OutboxEntry {
        let at = datetime!(2025-06-02 14:00:00 UTC);
        OutboxEntry {
            id: OutboxId(1),
            key: "create:7".into(),
            action: OutboxAction::CreateOrder,
            order: 7,
            shipment_id: None,
            parcel: None,
            body: serde_json::Value::Null,
            state: OutboxState::Queued,
            attempts: 0,
            created_at: at,
            next_attempt_at: at,
            last_error: None,
            field_errors: vec![],
            delivered_at: None,
            lease_until: None,
            leased_by: None,
            tried_by: None,
            tried_at: None,
        }
    }

    #[test]
    fn the_desk_that_tried_an_entry_is_named_and_one_sending_it_says_so() {
        let now = datetime!(2025-06-02 14:03:30 UTC);
        let mut e = entry();
        assert_eq!(tried_text(&e, now), "not tried yet");
        e.tried_by = Some("Desk 2".into());
        e.tried_at = Some(datetime!(2025-06-02 14:03:05 UTC));
        assert_eq!(tried_text(&e, now), "Desk 2 at 14:03:05 UTC");
        e.leased_by = Some("Desk 2".into());
        e.lease_until = Some(datetime!(2025-06-02 14:04:05 UTC));
        assert_eq!(
            tried_text(&e, now),
            "Desk 2, sending now (since 14:03:05 UTC)"
        );
        // A lease that ran out (that desk stopped) is only the last try.
        e.lease_until = Some(datetime!(2025-06-02 14:03:20 UTC));
        assert_eq!(tried_text(&e, now), "Desk 2 at 14:03:05 UTC");
    }
}
