//! The quote panel for customer-service agents: build a cart, have its landed cost calculated,
//! read duties and taxes per shipment and rate, and submit it as an order.
//!
//! The feature whole: [`quote_ui`] draws a [`QuoteView`] and returns [`QuoteCommand`]s (no I/O in
//! the view); [`handle`] carries them out as jobs (`jobs`: HTTP on the app's runtime, file dialogs)
//! and [`apply`] reports back through the `QuoteView` methods named in each command's documentation.

pub mod command;
pub mod convert;
pub mod form;
mod handle;
mod jobs;
pub mod state;
mod totals;
pub mod view;

pub use crate::ui::form::{FieldErrors, is_below};
pub use command::{Done, QuoteCommand};
pub use form::{AddressForm, CALLER_APP, ItemForm, QuoteForm, RateForm, ShipmentForm};
pub use handle::{apply, handle, outbox_report};
pub use state::QuoteView;
pub use totals::{ORDER_SOURCE, Quote, RateTotals, ShipmentTotals, TotalsError, format_amount};
pub use view::panel::quote_ui;
pub use view::result::{BREAKDOWN_COLUMNS, breakdown_cells};
