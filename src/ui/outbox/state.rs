//! The outbox as the app shows it.

use crate::station::db::{
    OutboxAction, OutboxEntry, OutboxId, OutboxState, OutboxSummary, ParcelId,
};
use crate::ui::status::Notice;

/// The outbox as the worker last reported it, and what a person is correcting.
#[derive(Debug, Clone, Default)]
pub struct OutboxView {
    pub summary: OutboxSummary,
    /// Entries still to deliver, oldest first.
    pub open: Vec<OutboxEntry>,
    /// Bodies being corrected, as typed (JSON text).
    pub drafts: std::collections::BTreeMap<OutboxId, String>,
    /// An entry being resent or discarded (its buttons are disabled meanwhile).
    pub busy: Option<OutboxId>,
    /// What the last resend or discard did, or why it could not.
    pub message: Option<Notice>,
}

impl OutboxView {
    pub fn needing_attention(&self) -> impl Iterator<Item = &OutboxEntry> {
        self.open
            .iter()
            .filter(|e| e.state == OutboxState::NeedsAttention)
    }

    /// The open entry of this parcel's fulfillment or label, if any.
    pub fn for_parcel(&self, parcel: ParcelId, action: OutboxAction) -> Option<&OutboxEntry> {
        self.open
            .iter()
            .find(|e| e.parcel == Some(parcel) && e.action == action)
    }
}
