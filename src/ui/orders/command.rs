//! What the orders table can be asked for, and what its jobs end with.

use super::filter::SortColumn;
use crate::station::db::{OrderNumber, OrderRow, OrderStatus};
use crate::ui::failure::Failure;

/// What the table can be asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum OrdersCommand {
    /// Reload the table from the station database.
    Reload,
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
    /// Highlight an order's row and scroll to it (the order being opened).
    Select(OrderNumber),
    /// These orders changed in the record: show their rows again.
    Changed(Vec<OrderNumber>),
}

/// What the table's jobs end with.
pub enum Done {
    Loaded(Result<Vec<OrderRow>, Failure>),
    /// The rows of orders that changed (in the record now; an order not found is gone).
    RowsChanged(Result<Vec<OrderRow>, Failure>),
}
