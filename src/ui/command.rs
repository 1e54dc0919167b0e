//! Everything a view or a key can ask for. Views emit commands; `handle` applies them.

use super::orders::filter::SortColumn;
use super::parcel_form::ParcelEdit;
use super::quote::QuoteIntent;
use super::settings::SettingsIntent;
use super::state::{FocusTarget, Tab};
use crate::station::db::{DocumentKind, LabelId, OrderNumber, OrderStatus, OutboxId};

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Show another tab (orders, quote, settings).
    ShowTab(Tab),
    /// Reload the orders table from the station database.
    ReloadOrders,
    /// Set the table's search text (order number, SKU or name).
    SetSearch(String),
    /// Filter the table by status (`None`: all).
    FilterStatus(Option<OrderStatus>),
    /// Filter the table by destination country or `US-NY` (`None`: all).
    FilterDestination(Option<String>),
    /// Sort by a column; the same column again flips the direction.
    SortBy(SortColumn),
    /// Open the first order the table shows (Enter in the search box).
    OpenFirstShown,
    /// Open an order's detail.
    OpenOrder(OrderNumber),
    /// Show another shipment of the open order (index).
    ShowShipment(usize),
    /// Show the next shipment of the open order, wrapping around.
    NextShipment,
    /// Back: leave the open order (Esc).
    Back,
    /// Characters typed or scanned into the scan box.
    ScanText(String),
    /// Remove the last character of the scan box (Backspace).
    ScanBackspace,
    /// Empty the scan box.
    ScanClear,
    /// The scan box's terminator arrived: look up what the buffer names.
    ScanSubmit,
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
    /// Set the carrier of the next fulfilment.
    SetCarrier(String),
    /// Send `PUT /v1/orders` marking the current parcel fulfilled (F4).
    MarkFulfilled,
    /// Start cancelling the shown shipment: unlock, then confirm (F8).
    StartCancel,
    /// Set the supervisor PIN being typed.
    SetPin(String),
    /// Check the typed supervisor PIN.
    Unlock,
    /// Send the cancellation of the shown shipment (after the confirmation).
    ConfirmCancel,
    /// Close the unlock or confirmation dialog without cancelling.
    CloseCancel,
    /// Lock the supervisor functions again.
    LockSupervisor,
    /// Edit the body of an outbox entry before resending it (JSON text).
    EditOutboxBody(OutboxId, String),
    /// Send an outbox entry again now, with its corrected body if one was typed.
    ResendOutbox(OutboxId),
    /// Give up on an outbox entry (supervisor only).
    DiscardOutbox(OutboxId),
    /// Repeat the action that failed for lack of a connection.
    Retry,
    /// Start again after a failed start (the keyring or the database answers now, say).
    RetryStart,
    /// Forget the status-bar messages.
    DismissNotices,
    /// Move the keyboard focus to a field on the next frame (Ctrl+F: the search box).
    Focus(FocusTarget),
    /// What the quote panel asked for (calculate, submit, load or save a cart).
    Quote(Box<QuoteIntent>),
    /// What the settings panel asked for (save, store a credential, set the PIN).
    Settings(SettingsIntent),
    /// Importing orders: the file dialog, dropped files, closing the report.
    Import(crate::ui::import::ImportIntent),
}
