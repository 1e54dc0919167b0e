//! The orders table's state.

use super::filter::{OrderFilter, SortColumn, SortDirection};
use crate::station::db::{OrderNumber, OrderRow};

/// The orders table: all rows, the indices shown, and how they are chosen.
pub struct OrdersView {
    pub rows: Vec<OrderRow>,
    /// Indices into `rows`, filtered and sorted.
    pub shown: Vec<usize>,
    pub filter: OrderFilter,
    pub sort: (SortColumn, SortDirection),
    /// Destinations (countries) present, for the filter.
    pub destinations: Vec<String>,
    pub loading: bool,
    /// The row to highlight and scroll to (the last opened order).
    pub selected: Option<OrderNumber>,
    /// `shown` for each search text of the current run of typing (same status, destination,
    /// sort and rows), so Backspace goes back without refiltering every row.
    pub search_steps: Vec<(String, Vec<usize>)>,
}

impl Default for OrdersView {
    fn default() -> Self {
        Self {
            rows: Vec::new(),
            shown: Vec::new(),
            filter: OrderFilter::default(),
            // Ascending age: the newest orders first.
            sort: (SortColumn::Age, SortDirection::Ascending),
            destinations: Vec::new(),
            loading: false,
            selected: None,
            search_steps: Vec::new(),
        }
    }
}
