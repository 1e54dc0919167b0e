//! What the packer asks of the open order, and what packing's jobs end with or report.

use std::path::PathBuf;

use super::parcel_form::{LabelMode, ParcelEdit};
use crate::station::db::{
    Claim, ClaimOutcome, DocumentKind, Event, LabelId, LabelOptions, NewParcel, OrderNumber,
    ParcelId, StationOrder,
};
use crate::ui::failure::Failure;

/// What the packer asks of the open order.
#[derive(Debug, Clone, PartialEq)]
pub enum PackingCommand {
    /// Open an order's detail (a click in the table, or a scanned order number).
    Open(OrderNumber),
    /// Show another shipment of the open order (index).
    ShowShipment(usize),
    /// Show the next shipment of the open order, wrapping around.
    NextShipment,
    /// A change to the parcel form.
    EditParcel(ParcelEdit),
    /// Record the parcel and ask the service for its label (F2).
    GetLabel,
    /// Ask again for the current parcel's label after a network failure or a long `pending`.
    RetryLabel,
    /// Give a recorded parcel's units back (its label failed or it was repacked).
    DiscardParcel,
    /// Render the preview of a label from its cached ZPL document.
    ShowPreview(LabelId),
    /// Save a label document to a file the packer picks (Ctrl+S: the PDF).
    SaveLabel(LabelId, DocumentKind),
    /// Send a label to the printer from Settings (Ctrl+P).
    PrintLabel(LabelId),
    /// Set the carrier of the next fulfillment.
    SetCarrier(String),
    /// Send `PUT /v1/orders` marking the current parcel fulfilled (F4).
    MarkFulfilled,
    /// Start canceling the shown shipment: unlock, then confirm (F8).
    StartCancel,
    /// The supervisor unlocked: an unlock dialog for canceling moves on to the confirmation.
    SupervisorUnlocked,
    /// Send the cancellation of the shown shipment (after the confirmation).
    ConfirmCancel,
    /// Close the unlock or confirmation dialog without canceling.
    CloseCancel,
    /// Leave the open order (another station record is in use, say).
    Close,
    /// Claim the shown shipment again: a renewal, or another desk's lease ran out.
    RenewClaim,
    /// Start taking another desk's claim over: the supervisor unlock, then the take-over.
    StartTakeOver,
    /// Close the take-over's unlock dialog.
    CloseTakeOver,
    /// The shipment changed at another desk (or here): load the open order again.
    Refresh,
    /// These orders changed in the record: the open one reloads, and a shipment another desk
    /// held is asked for again (it may have been released).
    Changed(Vec<OrderNumber>),
}

/// What packing's jobs end with.
pub enum Done {
    /// The order to open, with its history.
    OrderLoaded {
        number: OrderNumber,
        result: Result<(StationOrder, Vec<Event>), Failure>,
    },
    Label(Result<Box<LabelDone>, Box<LabelFailed>>),
    Preview {
        label: LabelId,
        result: Result<egui::ColorImage, Failure>,
    },
    Fulfilled(Result<StationOrder, Failure>),
    Canceled(Result<StationOrder, Failure>),
    ParcelDiscarded(Result<StationOrder, Failure>),
    /// The file the label was saved to; `None` when the dialog was closed.
    Saved(Result<Option<PathBuf>, Failure>),
    /// Where the label was sent.
    Printed(Result<String, Failure>),
    /// What claiming (or renewing) the shipment found.
    Claimed {
        order: OrderNumber,
        shipment_id: String,
        result: Result<ClaimOutcome, Failure>,
    },
    TakenOver {
        order: OrderNumber,
        shipment_id: String,
        result: Result<Claim, Failure>,
    },
    /// A claim given up (left, switched shipment); nothing to show unless it failed.
    Released(Result<(), Failure>),
    /// The open order loaded again after a change elsewhere.
    /// The open order read again, with its history.
    Refreshed(Result<(StationOrder, Vec<Event>), Failure>),
}

/// What a label job reports before it ends.
pub enum Progress {
    /// The parcel is recorded and its label requested (the write answered); with the order
    /// as it is now, when it could be read.
    ParcelRecorded {
        number: OrderNumber,
        parcel: ParcelId,
        order: Option<Box<StationOrder>>,
    },
    /// The service answered `pending`; the job asks again after `next_in_ms`.
    LabelPending {
        parcel: ParcelId,
        attempt: u32,
        next_in_ms: u64,
    },
}

/// A label that came back `success`.
pub struct LabelDone {
    pub order: StationOrder,
    pub parcel: ParcelId,
    pub label: LabelId,
    pub tracking_code: String,
    pub preview: Result<egui::ColorImage, Failure>,
}

/// A label that did not come.
pub struct LabelFailed {
    pub failure: Failure,
    /// The order as it is now (the parcel voided or kept).
    pub order: Option<StationOrder>,
    /// The parcel still recorded, to retry with; `None` when it was voided or never recorded.
    pub parcel_kept: Option<ParcelId>,
    pub sent_lines: Vec<usize>,
}

/// The parcel a label is asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum ParcelSource {
    /// Record this parcel first.
    New(Box<NewParcel>),
    /// A parcel recorded earlier whose label is missing or pending.
    Existing(ParcelId),
}

/// Everything the label job needs.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelPlan {
    pub order: OrderNumber,
    pub shipment_id: String,
    pub parcel: ParcelSource,
    pub mode: LabelMode,
    pub options: LabelOptions,
    /// Form indices of the parcel's lines in the order they are sent (to place `skus[i]`).
    pub sent_lines: Vec<usize>,
}
