//! The quote panel's views: the panel (`panel`), the cart form (`form`) and the calculation
//! (`result`). They read a `QuoteView` and return `QuoteCommand`s.

pub mod form;
pub mod panel;
pub mod result;
