//! The quote panel for customer-service agents: build a cart, have its landed cost calculated,
//! read duties and taxes per shipment and rate, and submit it as an order.
//!
//! Self-contained and free of I/O: [`quote_ui`] draws a [`QuoteView`] and returns
//! [`QuoteIntent`]s; the app shell carries them out (HTTP on its runtime, file dialogs) and
//! reports back through the `QuoteView` methods named in each intent's documentation.

mod convert;
mod errors;
mod form;
mod form_ui;
mod result_ui;
mod totals;
pub(crate) mod widgets;

use std::collections::{BTreeMap, BTreeSet};

use egui::{Panel, RichText, ScrollArea, Ui};

pub use convert::country_code;
pub use errors::{FieldErrors, is_below};
pub use form::{AddressForm, CALLER_APP, ItemForm, QuoteForm, RateForm, ShipmentForm};
pub use form_ui::region;
pub use result_ui::{BREAKDOWN_COLUMNS, breakdown_cells};
pub use totals::{ORDER_SOURCE, Quote, RateTotals, ShipmentTotals, TotalsError, format_amount};

use crate::api::{
    ClientError, FieldError, OrderCreateRequest, TaxCalculationRequest, TaxCalculationResponse,
};
use widgets::Fields;

/// What the agent asked for; the shell does it and reports back.
#[derive(Debug, Clone, PartialEq)]
pub enum QuoteIntent {
    /// `POST /v1/landed-cost` with this body, then [`QuoteView::calculated`] or
    /// [`QuoteView::calculation_failed`]. `calculating` is already set.
    Calculate(TaxCalculationRequest),
    /// `POST /v1/orders` with this body, then [`QuoteView::order_submitted`] or
    /// [`QuoteView::order_failed`]. `submitting` is already set.
    SubmitOrder(OrderCreateRequest),
    /// Ask for a cart file and read it, then [`QuoteView::cart_loaded`] with its text (or
    /// [`QuoteView::cart_file_failed`]); nothing when the dialog is cancelled.
    LoadCart,
    /// Ask where to save and write this JSON text (the landed-cost request body), then
    /// [`QuoteView::cart_saved`] (or [`QuoteView::cart_file_failed`]).
    SaveCart(String),
}

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
    touched: BTreeSet<String>,
    show_all: bool,
    sent: Option<TaxCalculationRequest>,
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

    pub fn order_failed(&mut self, error: &ClientError) {
        self.submitting = false;
        self.message = Some(self.failure_message(error, "order"));
        let errors = error.field_errors();
        if !errors.is_empty() {
            self.order_errors = FieldErrors::from_list(errors);
        }
    }

    /// The order submitted from this panel was refused by the service when the outbox sent it
    /// (it waits in the Outbox tab): its field errors go next to their fields here too.
    pub fn order_refused(&mut self, error: &ClientError) {
        self.order_failed(error);
        self.message = Some(format!(
            "{} Order {} is recorded at the station and waits in the Outbox tab: correct it there \
             and resend, or a supervisor discards it.",
            self.message.take().unwrap_or_default(),
            self.order_number.trim()
        ));
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
            Err(message) => self.message = Some(message),
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
    fn visible_errors(&self, local: &[FieldError]) -> FieldErrors {
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

/// Draws the quote panel: cart form in the middle, calculation on the right.
pub fn quote_ui(ui: &mut Ui, view: &mut QuoteView) -> Vec<QuoteIntent> {
    let mut intents = Vec::new();
    let local = view.form.to_request();
    let local_problems = local.as_ref().err().cloned().unwrap_or_default();
    view.errors = view.visible_errors(&local_problems);
    let stale = view
        .result
        .as_ref()
        .is_some_and(|quote| local.as_ref().ok() != Some(&quote.request));

    toolbar_ui(ui, view, &local, &mut intents);

    Panel::right("quote_result")
        .resizable(true)
        .default_size(560.0)
        .show(ui, |ui| {
            ScrollArea::vertical().id_salt("quote_result_scroll").show(ui, |ui| {
                if view.result.is_none() {
                    ui.label("Calculate to see duties, taxes and the all-in total per shipping rate here.");
                } else if let Some(order) = result_ui::result_ui(ui, view, stale) {
                    view.submitting = true;
                    view.order_errors = FieldErrors::new();
                    view.message = None;
                    intents.push(QuoteIntent::SubmitOrder(order));
                }
            });
        });

    egui::CentralPanel::default().show(ui, |ui| {
        ScrollArea::vertical()
            .id_salt("quote_form_scroll")
            .show(ui, |ui| {
                let errors = view.errors.clone();
                let mut fields = Fields::new(&errors);
                let edits = form_ui::form_ui(ui, &mut view.form, &mut fields);
                let unplaced = errors.not_in(&fields.shown);
                for (path, message) in unplaced {
                    let text = if path.is_empty() {
                        message.to_string()
                    } else {
                        format!("{path}: {message}")
                    };
                    ui.colored_label(ui.visuals().error_fg_color, text);
                }
                for path in fields.changed {
                    view.service_errors.remove(&path);
                    view.touched.insert(path);
                }
                if !edits.is_empty() {
                    // Paths of later entries shift: the service's answer no longer lines up.
                    view.service_errors = FieldErrors::new();
                    for edit in edits {
                        edit.apply(&mut view.form);
                    }
                }
            });
    });
    intents
}

fn toolbar_ui(
    ui: &mut Ui,
    view: &mut QuoteView,
    local: &Result<TaxCalculationRequest, Vec<FieldError>>,
    intents: &mut Vec<QuoteIntent>,
) {
    ui.horizontal(|ui| {
        if ui.button("Load cart…").clicked() {
            intents.push(QuoteIntent::LoadCart);
        }
        if ui.button("Save cart…").clicked() {
            match view.form.to_json() {
                Ok(text) => intents.push(QuoteIntent::SaveCart(text)),
                Err(problems) => {
                    view.show_all = true;
                    view.message = Some(format!(
                        "Fix the {} number(s) marked in the form before saving: a cart file holds numbers, not text.",
                        problems.len()
                    ));
                }
            }
        }
        if ui.button("New cart").clicked() {
            let unit = view.form.default_weight_unit;
            *view = QuoteView::new(QuoteForm::new(unit));
        }
        let calculate = ui.add_enabled(!view.calculating, egui::Button::new("Calculate"));
        if view.calculating {
            ui.spinner();
            ui.label("Calculating…");
        }
        if calculate.clicked() && !view.calculating {
            match local {
                Ok(req) => {
                    view.calculating = true;
                    view.message = None;
                    view.sent = Some(req.clone());
                    intents.push(QuoteIntent::Calculate(req.clone()));
                }
                Err(problems) => {
                    view.show_all = true;
                    view.message = Some(format!(
                        "Fix the {} problem(s) marked in the form, then calculate.",
                        problems.len()
                    ));
                }
            }
        }
    });
    if let Some(message) = &view.message {
        ui.label(RichText::new(message).strong());
    }
}
