//! Drawing a calculation: per shipment the rates side by side (a column per rate) with duties,
//! taxes and the all-in total, a breakdown table per rate, the HS codes and the USD rate; then
//! the order number and "Submit as order" for the chosen rates.

use egui::{CollapsingHeader, Grid, RichText, TextEdit, Ui};
use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::api::undecided::Undecided;
use crate::api::{
    BreakdownType, CartShipmentResponse, OrderCreateRequest, ShipmentType, TaxBreakdown,
};
use crate::domain::Currency;
use crate::ui::form::Fields;
use crate::ui::quote::state::QuoteView;
use crate::ui::quote::totals::{Quote, RateTotals, ShipmentTotals, format_amount};
use crate::ui::widgets::region;

/// The rows of a shipment's rate grid: label and the figure it shows.
/// Reads one figure of a rate.
type Figure = fn(&RateTotals) -> Decimal;

const FIGURES: &[(&str, Figure)] = &[
    ("Shipping", |r| r.shipping),
    ("Duties", |r| r.duties),
    ("Product taxes", |r| r.product_taxes),
    ("Shipment taxes", |r| r.shipment_taxes),
    ("Total taxes", |r| r.total_taxes),
    ("All-in total", |r| r.all_in),
];

/// Breakdown table columns.
pub const BREAKDOWN_COLUMNS: [&str; 7] = [
    "Type",
    "Name",
    "SKU",
    "Jurisdiction",
    "Taxable amount",
    "Rate %",
    "Amount",
];

/// Draws the calculation in `view.result`; returns the order to submit when asked.
pub fn result_ui(
    ui: &mut Ui,
    view: &mut QuoteView,
    stale: bool,
    refused: Option<&str>,
) -> Option<OrderCreateRequest> {
    let quote = view.result.clone()?;
    let currency = quote.currency().ok();
    let response = &quote.response;
    ui.heading("Landed cost");
    ui.label(format!(
        "Calculation {} · {} · 1 {} = {} USD",
        response.landedcost_request_id,
        response.created_at,
        response.currency_code,
        response.usd_conversion_rate.normalize()
    ));
    if stale {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            "The cart changed after this calculation: calculate again before submitting it as an order.",
        );
    }
    let totals = match quote.shipment_totals() {
        Ok(totals) => totals,
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("The figures cannot be shown: {e}."),
            );
            return None;
        }
    };
    let order_errors = view.order_errors.clone();
    let mut fields = Fields::new(&order_errors);
    for (index, (shipment, answered)) in totals.iter().zip(&response.shipments).enumerate() {
        region(
            ui,
            &format!("Result for shipment {}", shipment.shipment_id),
            |ui| {
                let kind = match answered.shipment_type {
                    ShipmentType::CrossBorder => "cross-border",
                    ShipmentType::Local => "local",
                };
                ui.label(
                    RichText::new(format!("Shipment {} · {kind}", shipment.shipment_id)).strong(),
                );
                ui.label(format!(
                    "Products {} · item discounts {}",
                    format_amount(shipment.products, currency),
                    format_amount(shipment.discounts, currency)
                ));
                rates_grid_ui(ui, index, shipment, currency, &mut view.chosen_rates);
                undecided_ui(ui, index, answered);
                fields.problems(ui, &format!("shipments[{index}].tax_transaction_id"));
                for rate in &answered.shipping_rate_taxes {
                    CollapsingHeader::new(format!("Breakdown for {}", rate.shipping_rate_id))
                        .id_salt(("breakdown", index, &rate.shipping_rate_id))
                        .show(ui, |ui| {
                            breakdown_ui(
                                ui,
                                index,
                                &rate.shipping_rate_id,
                                &rate.landed_cost.breakdown,
                                currency,
                            );
                        });
                }
            },
        );
        ui.separator();
    }
    hs_codes_ui(ui, &quote);
    order_ui(ui, view, &quote, currency, (stale, refused), &mut fields)
}

fn rates_grid_ui(
    ui: &mut Ui,
    index: usize,
    shipment: &ShipmentTotals,
    currency: Option<Currency>,
    chosen: &mut std::collections::BTreeMap<String, String>,
) {
    Grid::new(("rates", index))
        .striped(true)
        .spacing([24.0, 4.0])
        .show(ui, |ui| {
            ui.label("");
            for rate in &shipment.rates {
                ui.label(RichText::new(&rate.shipping_rate_id).strong());
            }
            ui.end_row();
            for (name, figure) in FIGURES {
                ui.label(*name);
                for rate in &shipment.rates {
                    ui.label(format_amount(figure(rate), currency));
                }
                ui.end_row();
            }
            ui.label("Choose");
            let mut current = chosen.get(&shipment.shipment_id).cloned();
            for rate in &shipment.rates {
                let id = rate.shipping_rate_id.clone();
                ui.radio_value(&mut current, Some(id.clone()), format!("Choose {id}"));
            }
            if let Some(id) = current {
                chosen.insert(shipment.shipment_id.clone(), id);
            }
            ui.end_row();
        });
}

/// The duty lines whose national line the product's words do not decide, with the lines at
/// other rates they may be: what the agent asks the merchant to send a full code for. (The
/// duty lines are the same at every rate: the first rate's are read.)
fn undecided_ui(ui: &mut Ui, index: usize, shipment: &CartShipmentResponse) {
    let lines = shipment
        .shipping_rate_taxes
        .first()
        .map(|r| undecided_lines(&r.landed_cost.breakdown))
        .unwrap_or_default();
    if lines.is_empty() {
        return;
    }
    region(
        ui,
        &format!("Not guaranteed in shipment {}", shipment.shipment_id),
        |ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Duty not guaranteed: the product's words leave national lines at other rates \
             possible. Ask the merchant to send the full national code of these SKUs.",
            );
            table_ui(ui, ("undecided", index), UNDECIDED_COLUMNS, lines);
        },
    );
}

/// The columns of the table of undecided duty lines.
pub const UNDECIDED_COLUMNS: [&str; 4] = ["SKU", "Charged under", "Rate %", "May also be"];

/// A row per duty line that says it is not guaranteed, in `UNDECIDED_COLUMNS` order.
pub fn undecided_lines(lines: &[TaxBreakdown]) -> Vec<[String; 4]> {
    lines
        .iter()
        .filter(|l| l.kind == BreakdownType::Duty)
        .filter_map(|l| {
            let undecided = Undecided::read(&l.tax_name)?;
            let others: Vec<String> = undecided
                .others
                .iter()
                .map(|o| {
                    let more = if o.more > 0 {
                        format!(" and {} more", o.more)
                    } else {
                        String::new()
                    };
                    format!("{} at {}{more}", o.lines.join(", "), o.rate)
                })
                .collect();
            Some([
                l.sku.as_deref().unwrap_or("—").to_string(),
                undecided.charged,
                l.rate.normalize().to_string(),
                others.join("; "),
            ])
        })
        .collect()
}

fn breakdown_ui(
    ui: &mut Ui,
    index: usize,
    rate_id: &str,
    lines: &[TaxBreakdown],
    currency: Option<Currency>,
) {
    if lines.is_empty() {
        ui.label("No duties or taxes are due at this rate.");
        return;
    }
    let rows = lines.iter().map(|line| breakdown_cells(line, currency));
    table_ui(ui, ("breakdown", index, rate_id), BREAKDOWN_COLUMNS, rows);
}

/// A striped grid: a bold header of `columns`, then a row of texts each.
fn table_ui<const N: usize>(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    columns: [&str; N],
    rows: impl IntoIterator<Item = [String; N]>,
) {
    Grid::new(id).striped(true).show(ui, |ui| {
        for column in columns {
            ui.label(RichText::new(column).strong());
        }
        ui.end_row();
        for row in rows {
            for cell in row {
                ui.label(cell);
            }
            ui.end_row();
        }
    });
}

/// The texts of one breakdown row, in `BREAKDOWN_COLUMNS` order.
pub fn breakdown_cells(line: &TaxBreakdown, currency: Option<Currency>) -> [String; 7] {
    let kind = match line.kind {
        BreakdownType::Duty => "Duty",
        BreakdownType::ProductTax => "Product tax",
        BreakdownType::ShipmentTax => "Shipment tax",
    };
    [
        kind.to_string(),
        line.tax_name.to_string(),
        line.sku.as_deref().unwrap_or("—").to_string(),
        format!("{} ({})", line.jurisdiction.name, line.jurisdiction.kind),
        format_amount(line.taxable_amount, currency),
        line.rate.normalize().to_string(),
        format_amount(line.amount, currency),
    ]
}

fn hs_codes_ui(ui: &mut Ui, quote: &Quote) {
    let Some(codes) = quote.response.hs_codes.as_ref().filter(|c| !c.is_empty()) else {
        return;
    };
    region(ui, "HS codes", |ui| {
        ui.label(RichText::new("HS codes used").strong());
        Grid::new("hs_codes").striped(true).show(ui, |ui| {
            ui.label(RichText::new("SKU").strong());
            ui.label(RichText::new("HS code").strong());
            ui.end_row();
            for entry in codes {
                ui.label(&entry.sku);
                ui.label(&entry.hs_code);
                ui.end_row();
            }
        });
    });
}

fn order_ui(
    ui: &mut Ui,
    view: &mut QuoteView,
    quote: &Quote,
    currency: Option<Currency>,
    (stale, refused): (bool, Option<&str>),
    fields: &mut Fields,
) -> Option<OrderCreateRequest> {
    let mut submit = None;
    region(ui, "Submit order", |ui| {
        ui.heading("Order");
        let label = ui.label("Order number");
        let response = ui
            .add(TextEdit::singleline(&mut view.order_number).desired_width(140.0))
            .labelled_by(label.id);
        fields.note_change(&response, "source_reference");
        fields.problems(ui, "source_reference");
        match (
            quote.order_total(&view.chosen_rates),
            quote.order_discount(),
        ) {
            (Ok(Some(total)), Ok(discount)) => {
                ui.label(
                    RichText::new(format!(
                        "Order total {} {}",
                        format_amount(total, currency),
                        quote.response.currency_code
                    ))
                    .strong(),
                );
                ui.label(format!(
                    "The chosen rates' all-in totals minus the order discount of {}.",
                    format_amount(discount, currency)
                ));
            }
            (Err(e), _) | (_, Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            }
            (Ok(None), _) => {
                ui.label("Choose a rate for every shipment to see the order total.");
            }
        }
        let order = quote.order_request(
            &view.chosen_rates,
            &view.order_number,
            OffsetDateTime::now_utc(),
        );
        let reason = if let Some(refused) = refused {
            Some(refused.to_owned())
        } else if view.submitting {
            Some("Submitting…".to_string())
        } else if stale {
            Some("Calculate again: the cart changed.".to_string())
        } else {
            order
                .as_ref()
                .err()
                .and_then(|problems| problems.first())
                .map(|p| p.error.clone())
        };
        let button = ui.add_enabled(reason.is_none(), egui::Button::new("Submit as order"));
        if let Some(reason) = &reason {
            ui.label(RichText::new(reason).weak());
        }
        if button.clicked() && reason.is_none() {
            submit = order.ok();
        }
        for (path, message) in view.order_errors.not_in(&fields.shown) {
            let text = if path.is_empty() {
                message.to_string()
            } else {
                format!("{path}: {message}")
            };
            ui.colored_label(ui.visuals().error_fg_color, text);
        }
    });
    if !fields.changed.is_empty() {
        view.order_errors.remove("source_reference");
    }
    submit
}
