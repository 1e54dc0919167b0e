//! The orders table: the station's orders, searched, filtered and sorted in memory.
//!
//! The table's rows come from the station's record ([`jobs::load_rows`]); a search over 100 000
//! orders stays within a frame because typing on only narrows what is shown (`filter::narrow`).

pub mod command;
pub mod filter;
mod handle;
mod jobs;
pub mod state;
pub mod view;

pub use command::{Done, OrdersCommand};
pub use handle::{apply, handle};
pub use state::OrdersView;
pub use view::{Extras, age, orders_ui};
