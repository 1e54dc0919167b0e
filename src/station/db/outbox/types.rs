//! The outbox's values: what an entry asks the service to do, and where it stands.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::api::FieldError;

use crate::station::model::{OrderNumber, ParcelId};

/// An outbox entry (unique in the station database).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct OutboxId(pub i64);

impl std::fmt::Display for OutboxId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The call an entry makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutboxAction {
    /// `POST /v1/orders`; the body is an `OrderCreateRequest`.
    CreateOrder,
    /// `PUT /v1/orders` marking a parcel fulfilled; an `OrderUpdateRequest`.
    Fulfill,
    /// `PUT /v1/orders` canceling a shipment; an `OrderUpdateRequest`.
    Cancel,
    /// The split-parcel label request; a `LabelRequest`.
    ParcelLabel,
}

impl OutboxAction {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::CreateOrder => "create",
            Self::Fulfill => "fulfill",
            Self::Cancel => "cancel",
            Self::ParcelLabel => "label",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "create" => Some(Self::CreateOrder),
            "fulfill" => Some(Self::Fulfill),
            "cancel" => Some(Self::Cancel),
            "label" => Some(Self::ParcelLabel),
            _ => None,
        }
    }

    /// What a person reads in the outbox list.
    pub fn label(&self) -> &'static str {
        match self {
            Self::CreateOrder => "Order create",
            Self::Fulfill => "Fulfillment",
            Self::Cancel => "Cancellation",
            Self::ParcelLabel => "Parcel label",
        }
    }

    /// Order updates must reach the service in the order they were made: a later update
    /// carries a later `source_updated_at`, and the service refuses an older one after it.
    pub fn is_update(&self) -> bool {
        matches!(self, Self::Fulfill | Self::Cancel)
    }
}

/// Where an entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutboxState {
    /// Written, not tried yet (or resent by a person).
    Queued,
    /// Tried; the service was unreachable, failing or busy (or a label is still pending). The
    /// worker tries again at `next_attempt_at`.
    Retrying,
    /// The service refused it in a way no retry fixes (401, 404, 409, 422): a person corrects
    /// and resends it, or a supervisor discards it.
    NeedsAttention,
    Delivered,
    Discarded,
}

impl OutboxState {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Retrying => "retrying",
            Self::NeedsAttention => "needs_attention",
            Self::Delivered => "delivered",
            Self::Discarded => "discarded",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "queued" => Some(Self::Queued),
            "retrying" => Some(Self::Retrying),
            "needs_attention" => Some(Self::NeedsAttention),
            "delivered" => Some(Self::Delivered),
            "discarded" => Some(Self::Discarded),
            _ => None,
        }
    }

    /// Still to be delivered (by the worker or after a person acts).
    pub fn is_open(&self) -> bool {
        matches!(self, Self::Queued | Self::Retrying | Self::NeedsAttention)
    }
}

/// A call to write into the outbox (see [`super::idempotency_key`]).
#[derive(Debug, Clone, PartialEq)]
pub struct NewOutboxEntry {
    pub action: OutboxAction,
    pub order: OrderNumber,
    pub shipment_id: Option<String>,
    pub parcel: Option<ParcelId>,
    /// The request body, exactly as it will be sent.
    pub body: serde_json::Value,
}

/// One outbox entry as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct OutboxEntry {
    pub id: OutboxId,
    /// The idempotency key: one entry per order create, per parcel fulfillment, per shipment
    /// cancellation, per parcel label.
    pub key: String,
    pub action: OutboxAction,
    pub order: OrderNumber,
    pub shipment_id: Option<String>,
    pub parcel: Option<ParcelId>,
    pub body: serde_json::Value,
    pub state: OutboxState,
    /// Times it was handed to the service (counted before sending, so a crash mid-send counts).
    pub attempts: u32,
    pub created_at: OffsetDateTime,
    pub next_attempt_at: OffsetDateTime,
    pub last_error: Option<String>,
    /// The service's field errors when it needs attention.
    pub field_errors: Vec<FieldError>,
    pub delivered_at: Option<OffsetDateTime>,
    /// While a desk sends it: until when, and which desk (see `StationDb::outbox_claim_next`).
    /// A lease that ran out means nothing: that desk stopped, and another may take the entry.
    pub lease_until: Option<OffsetDateTime>,
    pub leased_by: Option<String>,
    /// The desk that last took it to send, and when (on a shared record, any desk).
    pub tried_by: Option<String>,
    pub tried_at: Option<OffsetDateTime>,
}

impl OutboxEntry {
    /// The desk sending it at `now`, if its lease has not run out.
    pub fn sent_by_at(&self, now: OffsetDateTime) -> Option<&str> {
        match self.lease_until {
            Some(until) if until > now => self.leased_by.as_deref(),
            _ => None,
        }
    }
}

/// The outbox at a glance.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
pub struct OutboxSummary {
    pub queued: usize,
    pub retrying: usize,
    pub needs_attention: usize,
    /// The soonest retry of a `retrying` entry.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub next_retry_at: Option<OffsetDateTime>,
}

impl OutboxSummary {
    /// Nothing waiting.
    pub fn is_empty(&self) -> bool {
        self.queued + self.retrying + self.needs_attention == 0
    }
}
