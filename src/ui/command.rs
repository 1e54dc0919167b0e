//! Everything a view or a key can ask for. Views emit commands; `route` hands each to the feature
//! it names (the shell's own commands are the ones that span features: tabs, focus, the scan
//! box, Back and Retry).

use super::FeatureCommand;
use super::status::{FocusTarget, Tab};
use crate::station::db::OrderNumber;
use crate::station::settings::Settings;

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Show another tab (orders, quote, settings, outbox).
    ShowTab(Tab),
    /// Back: close a dialog, leave the open order, or clear the search (Esc).
    Back,
    /// Characters typed or scanned into the scan box.
    ScanText(String),
    /// Remove the last character of the scan box (Backspace).
    ScanBackspace,
    /// Empty the scan box.
    ScanClear,
    /// The scan box's terminator arrived: look up what the buffer names.
    ScanSubmit,
    /// Repeat the action that failed for lack of a connection.
    Retry,
    /// Start again after a failed start (the keyring or the database answers now, say).
    RetryStart,
    /// Forget the status-bar messages.
    DismissNotices,
    /// Move the keyboard focus to a field on the next frame (Ctrl+F: the search box).
    Focus(FocusTarget),
    /// One feature's own command (`ui` lists them, in `FeatureCommand`).
    Feature(FeatureCommand),
    /// Saved settings take effect (from the settings feature): station values, the connection,
    /// the station record and the inbox folder, as they changed.
    UseSettings(Box<Settings>),
    /// A new supervisor PIN hash (or none) is in force (from the supervisor feature).
    UsePin(Option<String>),
    /// Connect again to the environment in use (its credential changed).
    Reconnect,
    /// The orders in the record changed here (imported, submitted, someone signed in): the
    /// table reads them again. Any feature may say it without knowing the table.
    ReloadOrders,
    /// Open this order to pack it (a row of the table).
    OpenOrder(OrderNumber),
    /// Mark this order's row in the table (the order just opened).
    SelectOrder(OrderNumber),
    /// Leave the open order (the person at the desk signed out).
    CloseOrder,
    /// A supervisor unlocked: whatever waited for it at the open order goes on.
    SupervisorUnlocked,
    /// A shipment of the open order is shown (opened, reloaded, or another picked): what
    /// concerns it elsewhere (its customs paperwork) is looked at afresh.
    ShipmentShown {
        order: Box<crate::station::db::StationOrder>,
        shipment_id: String,
    },
    /// The open order was left: nothing shown belongs to it any more.
    OrderLeft,
    /// A parcel's label is shown (`fresh`: it was just made, not read back).
    LabelShown {
        order: OrderNumber,
        parcel: crate::station::db::ParcelId,
        label: crate::station::db::LabelId,
        fresh: bool,
    },
}

/// A feature's own command is a `Command` (`OrdersCommand::Reload.into()`).
impl<T> From<T> for Command
where
    FeatureCommand: From<T>,
{
    fn from(command: T) -> Self {
        Self::Feature(FeatureCommand::from(command))
    }
}
