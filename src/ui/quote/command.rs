//! What the agent asks for, and what the quote panel's jobs end with.

use crate::api::{ClientError, OrderCreateRequest, TaxCalculationRequest, TaxCalculationResponse};
use crate::ui::failure::Failure;

/// What the agent asked for; the shell does it and reports back.
#[derive(Debug, Clone, PartialEq)]
pub enum QuoteCommand {
    /// `POST /v1/landed-cost` with this body, then [`QuoteView::calculated`] or
    /// [`QuoteView::calculation_failed`]. `calculating` is already set.
    Calculate(TaxCalculationRequest),
    /// `POST /v1/orders` with this body, then [`QuoteView::order_queued`] or
    /// [`QuoteView::order_failed`]. `submitting` is already set.
    SubmitOrder(OrderCreateRequest),
    /// Ask for a cart file and read it, then [`QuoteView::cart_loaded`] with its text (or
    /// [`QuoteView::cart_file_failed`]); nothing when the dialog is canceled.
    LoadCart,
    /// Ask where to save and write this JSON text (the landed-cost request body), then
    /// [`QuoteView::cart_saved`] (or [`QuoteView::cart_file_failed`]).
    SaveCart(String),
}

/// What the quote panel's jobs end with.
pub enum Done {
    Calculated(Result<TaxCalculationResponse, ClientError>),
    /// The order was recorded and queued (or why not: nothing was sent).
    Submitted(Result<(), Failure>),
    /// A cart file's text; `None` when the dialog was closed.
    CartLoaded(Result<Option<String>, Failure>),
    /// Where the cart was saved; `None` when the dialog was closed.
    CartSaved(Result<Option<String>, Failure>),
}
