//! Everything the quote panel shows, and how each answer changes it.

use std::collections::{BTreeMap, BTreeSet};

use super::form::QuoteForm;
use super::totals::Quote;
use crate::api::{ClientError, FieldError, TaxCalculationRequest, TaxCalculationResponse};
use crate::ui::failure::Failure;
use crate::ui::form::FieldErrors;

/// Everything the quote panel shows.
#[derive(Debug, Clone, Default)]
pub struct QuoteView {
    pub form: QuoteForm,
    /// The last calculation: the request as sent and the answer.
    pub result: Option<Quote>,
    /// Chosen `shipping_rate_id` per `shipment_id` of the result.
    pub chosen_rates: BTreeMap<String, String>,
    /// The store's order number, sent as `source_reference`.
    pub order_number: String,
    pub calculating: bool,
    pub submitting: bool,
    /// What the form shows this frame: its own problems (of fields being worked on, or all of
    /// them after a try) and `service_errors`. Rebuilt every frame.
    pub errors: FieldErrors,
    /// The problems of the last 422 of the landed-cost call, by request path. A field's entry
    /// goes away when the field is edited.
    pub service_errors: FieldErrors,
    /// The problems of the last order submission, by order-body path.
    pub order_errors: FieldErrors,
    /// A sentence about the last action (saved, submitted, failed, ...).
    pub message: Option<String>,
    pub(super) touched: BTreeSet<String>,
    pub(super) show_all: bool,
    pub(super) sent: Option<TaxCalculationRequest>,
}

impl QuoteView {
    pub fn new(form: QuoteForm) -> Self {
        Self {
            form,
            ..Self::default()
        }
    }

    /// The answer to the last `Calculate`.
    pub fn calculated(&mut self, response: TaxCalculationResponse) {
        self.calculating = false;
        self.service_errors = FieldErrors::new();
        self.order_errors = FieldErrors::new();
        self.chosen_rates.clear();
        self.message = None;
        // The request that was sent, so the totals match the answer even if the form changed.
        let request = self.sent.take().or_else(|| self.form.to_request().ok());
        self.result = request.map(|request| Quote { request, response });
        if self.result.is_none() {
            self.message = Some(
                "The answer arrived but the cart it answers is unknown: calculate again.".into(),
            );
        }
    }

    /// The last `Calculate` failed: a 422's fields go under their form fields, anything else
    /// becomes a sentence saying what to do.
    pub fn calculation_failed(&mut self, error: &ClientError) {
        self.calculating = false;
        self.sent = None;
        self.message = Some(self.failure_message(error, "calculation"));
        if let ClientError::Validation { errors } = error {
            self.service_errors = FieldErrors::from_list(errors);
        }
    }

    /// The last `SubmitOrder` was accepted (204).
    pub fn order_submitted(&mut self) {
        self.submitting = false;
        self.order_errors = FieldErrors::new();
        self.message = Some(format!("Order {} submitted.", self.order_number.trim()));
    }

    /// The order is recorded at the station and queued in the outbox for the service.
    pub fn order_queued(&mut self) {
        self.submitting = false;
        self.order_errors = FieldErrors::new();
        self.message = Some(format!(
            "Order {} recorded — queued for sending (see the status bar).",
            self.order_number.trim()
        ));
    }

    /// The outbox delivered the queued order and the service refused it (needs attention):
    /// its messages go next to the fields they name, as a direct answer's would.
    pub fn order_refused(&mut self, order: u64, errors: &[FieldError], why: &str) {
        if self.order_number.trim().parse::<u64>().ok() != Some(order) {
            return;
        }
        self.submitting = false;
        self.message = Some(format!(
            "Order {order} was refused by the service: {why}. Its messages are at their fields; \
             correct the order in the Outbox tab and resend it."
        ));
        self.order_errors = FieldErrors::from_list(errors);
    }

    /// The order could not be recorded at the station, so nothing was sent.
    pub fn order_failed(&mut self, failure: &Failure) {
        self.submitting = false;
        self.message = Some(format!(
            "The station could not record the order, so nothing was sent: {}",
            failure.message()
        ));
        if let Failure::Fields(errors) = failure {
            self.order_errors = FieldErrors::from_list(errors);
        }
    }

    /// The text of a cart file the agent chose.
    pub fn cart_loaded(&mut self, text: &str) {
        match QuoteForm::from_json(text) {
            Ok(form) => {
                self.form = form;
                self.result = None;
                self.chosen_rates.clear();
                self.service_errors = FieldErrors::new();
                self.touched.clear();
                // A loaded cart's problems show at once: nobody typed them.
                self.show_all = true;
                self.message = Some("Cart loaded.".into());
            }
            Err(not_a_cart) => self.message = Some(not_a_cart.to_string()),
        }
    }

    /// `place` says where it went, e.g. the file name.
    pub fn cart_saved(&mut self, place: &str) {
        self.message = Some(format!("Cart saved to {place}."));
    }

    /// Reading or writing a cart file failed; `problem` is the sentence to show.
    pub fn cart_file_failed(&mut self, problem: &str) {
        self.message = Some(problem.to_string());
    }

    fn failure_message(&self, error: &ClientError, what: &str) -> String {
        match error {
            ClientError::Validation { errors } if what == "calculation" => format!(
                "The service found {} problem(s) in the cart; they are marked in the form.",
                errors.len()
            ),
            ClientError::Validation { errors } => format!(
                "The service did not accept the order ({} problem(s), shown below).",
                errors.len()
            ),
            ClientError::Conflict { .. } if what == "order" => format!(
                "The service already has an order {}: check the order number.",
                self.order_number.trim()
            ),
            other => other.user_message(),
        }
    }

    /// The problems the form shows now.
    pub(super) fn visible_errors(&self, local: &[FieldError]) -> FieldErrors {
        let mut shown = FieldErrors::new();
        let active = |path: &str| {
            self.show_all
                || self.touched.contains(path)
                || self.touched.iter().any(|t| group(t) == group(path))
        };
        shown.extend(local.iter().filter(|e| active(&e.field)));
        shown.extend(self.service_errors_list().iter());
        shown
    }

    fn service_errors_list(&self) -> Vec<FieldError> {
        self.service_errors
            .iter()
            .map(|(path, message)| FieldError::new(path, message))
            .collect()
    }
}

/// The object a field belongs to: its path without the last member (`shipments[0].items[1]`
/// for `shipments[0].items[1].sku`), so typing in one field shows its neighbours' problems.
fn group(path: &str) -> &str {
    path.rfind('.').and_then(|i| path.get(..i)).unwrap_or("")
}
