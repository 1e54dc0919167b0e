//! The packing feature's state: the order open for packing and what is in flight for it.

use std::time::Instant;

use egui::TextureHandle;

use super::parcel_form::ParcelForm;
use super::unanswered::Unanswered;
use crate::station::db::{Claim, Event, LabelId, OrderNumber, ParcelId, StationOrder};
use crate::ui::failure::Failure;

/// The order open for packing, or being opened.
#[derive(Default)]
pub struct Packing {
    pub open: Option<OpenOrder>,
    /// An order being loaded to open.
    pub opening: Option<OrderNumber>,
    /// What the desk's scale said last (shown beside the weight), while one is set up.
    pub scale: Option<ScaleLive>,
}

/// The scale's latest word: a reading, or why there is none.
#[derive(Debug, Clone, PartialEq)]
pub enum ScaleLive {
    Reading(crate::station::scale::Reading),
    Problem(String),
}

/// An order opened at the station: its detail, the shipment shown, and the parcel being packed.
pub struct OpenOrder {
    pub order: StationOrder,
    /// Index into `order.shipments`.
    pub shipment: usize,
    /// Set when an order refresh is in flight.
    pub refreshing: bool,
    pub form: ParcelForm,
    /// The parcel the label and fulfillment buttons act on (recorded in the station).
    pub parcel: Option<ParcelId>,
    pub label: LabelJob,
    pub preview: Preview,
    /// Carrier for the fulfillment; starts from Settings.
    pub carrier: String,
    pub fulfill: Request,
    pub cancel: CancelFlow,
    pub save: Request,
    pub print: Request,
    /// Whether this desk holds the shown shipment (one shipment, one packer).
    pub claim: ClaimState,
    /// A claim, renewal or take-over is being asked of the record.
    pub claim_in_flight: bool,
    /// The shipment changed while a claim was in flight, whose answer may predate the change
    /// (another desk's release): ask again once it comes.
    pub claim_again: bool,
    pub take_over: TakeOverFlow,
    /// The order's events, oldest first (read with the order when it opens and reloads).
    pub history: Vec<Event>,
    /// Writes sent without an answer, each with the key a repeat sends again.
    pub unanswered: Unanswered,
}

/// Whether this desk may pack the shown shipment.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum ClaimState {
    /// Nothing to pack: the shipment is canceled or fulfilled.
    #[default]
    NotNeeded,
    Claiming,
    /// This desk holds it; renewed at `renew_at`.
    Ours {
        renew_at: Instant,
    },
    /// Another desk holds it (`said`: "Being packed at Station 3 by Ana since 10:42."); asked
    /// again when its lease runs out.
    Theirs {
        claim: Claim,
        said: String,
    },
    /// The record could not be asked; asked again at `retry_at`.
    Failed {
        failure: Failure,
        retry_at: Instant,
    },
}

/// A supervisor taking another desk's claim over: unlock, then send.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum TakeOverFlow {
    #[default]
    Closed,
    Unlocking,
    Sending,
}

/// The label request of the current parcel.
#[derive(Debug, Clone, PartialEq)]
pub enum LabelJob {
    Idle,
    /// Recording the parcel and sending the request.
    Requesting,
    /// The service answered `pending`; asking again.
    Polling {
        attempt: u32,
        next_in_ms: u64,
    },
    Ready {
        label: LabelId,
        tracking_code: String,
    },
    Failed(Failure),
}

impl LabelJob {
    pub fn in_flight(&self) -> bool {
        matches!(self, Self::Requesting | Self::Polling { .. })
    }
}

/// The label preview rendered from the ZPL document.
#[derive(Default)]
pub enum Preview {
    #[default]
    None,
    Rendering,
    Ready {
        label: LabelId,
        texture: TextureHandle,
    },
    Failed(String),
}

/// A request that can be in flight once.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Request {
    #[default]
    Idle,
    Pending,
    Done(String),
    Failed(Failure),
}

impl Request {
    pub fn pending(&self) -> bool {
        matches!(self, Self::Pending)
    }
}

/// Canceling a shipment: unlock, confirm, send.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum CancelFlow {
    #[default]
    Closed,
    /// The supervisor PIN dialog is open.
    Unlocking,
    /// Unlocked: the confirmation naming the order and shipment is open.
    Confirming,
    Sending,
}
