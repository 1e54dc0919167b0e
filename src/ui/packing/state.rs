//! The packing feature's state: the order open for packing and what is in flight for it.

use egui::TextureHandle;

use super::parcel_form::ParcelForm;
use crate::station::db::{LabelId, OrderNumber, ParcelId, StationOrder};
use crate::ui::failure::Failure;

/// The order open for packing, or being opened.
#[derive(Default)]
pub struct Packing {
    pub open: Option<OpenOrder>,
    /// An order being loaded to open.
    pub opening: Option<OrderNumber>,
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
