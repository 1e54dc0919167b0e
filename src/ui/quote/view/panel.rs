//! The quote panel: the cart form in the middle, the calculation on the right.

use egui::{Panel, RichText, ScrollArea, Ui};

use crate::api::{FieldError, TaxCalculationRequest};
use crate::ui::form::{FieldErrors, Fields};
use crate::ui::quote::command::QuoteCommand;
use crate::ui::quote::form::QuoteForm;
use crate::ui::quote::state::QuoteView;

/// Draws the quote panel: cart form in the middle, calculation on the right.
/// `refused`: why the person here may not submit orders (their role), or `None`.
pub fn quote_ui(ui: &mut Ui, view: &mut QuoteView, refused: Option<&str>) -> Vec<QuoteCommand> {
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
                } else if let Some(order) = super::result::result_ui(ui, view, stale, refused) {
                    view.submitting = true;
                    view.order_errors = FieldErrors::new();
                    view.message = None;
                    intents.push(QuoteCommand::SubmitOrder(order));
                }
            });
        });

    egui::CentralPanel::default().show(ui, |ui| {
        ScrollArea::vertical()
            .id_salt("quote_form_scroll")
            .show(ui, |ui| {
                let errors = view.errors.clone();
                let mut fields = Fields::new(&errors);
                let edits = super::form::form_ui(ui, &mut view.form, &mut fields);
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
    intents: &mut Vec<QuoteCommand>,
) {
    ui.horizontal(|ui| {
        if ui.button("Load cart…").clicked() {
            intents.push(QuoteCommand::LoadCart);
        }
        if ui.button("Save cart…").clicked() {
            match view.form.to_json() {
                Ok(text) => intents.push(QuoteCommand::SaveCart(text)),
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
                    intents.push(QuoteCommand::Calculate(req.clone()));
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
