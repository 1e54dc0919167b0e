//! Drawing the cart form: destination and currency, then each shipment with its origin, rates
//! and items. Every region has an accessible name (`Shipment 2, item 1`) so a person using a
//! screen reader, and a UI test, can tell the repeated fields apart.

use egui::{Align, Frame, Layout, RichText, Ui};

use crate::domain::CountryCode;
use crate::ui::form::{Fields, NARROW, WIDE};
use crate::ui::quote::form::{AddressForm, ItemForm, QuoteForm, RateForm, ShipmentForm};
use crate::ui::widgets::region;

/// A change to the shape of the form, applied after drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    AddShipment,
    RemoveShipment(usize),
    AddRate(usize),
    RemoveRate(usize, usize),
    AddItem(usize),
    RemoveItem(usize, usize),
}

impl Edit {
    pub fn apply(self, form: &mut QuoteForm) {
        let unit = form.default_weight_unit;
        match self {
            Self::AddShipment => form.add_shipment(),
            Self::RemoveShipment(s) if s < form.shipments.len() => {
                form.shipments.remove(s);
            }
            Self::AddRate(s) => {
                if let Some(shipment) = form.shipments.get_mut(s) {
                    shipment.rates.push(RateForm::default());
                }
            }
            Self::RemoveRate(s, r) => {
                if let Some(shipment) = form.shipments.get_mut(s)
                    && r < shipment.rates.len()
                {
                    shipment.rates.remove(r);
                }
            }
            Self::AddItem(s) => {
                if let Some(shipment) = form.shipments.get_mut(s) {
                    shipment.add_item(unit);
                }
            }
            Self::RemoveItem(s, i) => {
                if let Some(shipment) = form.shipments.get_mut(s)
                    && i < shipment.items.len()
                {
                    shipment.items.remove(i);
                }
            }
            Self::RemoveShipment(_) => {}
        }
    }
}

/// Fields side by side, wrapping, each column top-aligned.
fn row(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    ui.with_layout(Layout::left_to_right(Align::Min).with_main_wrap(true), add);
}

pub fn form_ui(ui: &mut Ui, form: &mut QuoteForm, fields: &mut Fields) -> Vec<Edit> {
    let mut edits = Vec::new();
    region(ui, "Destination", |ui| {
        ui.heading("Ship to");
        address_ui(ui, &mut form.ship_to, "ship_to", fields, true);
    });
    region(ui, "Currency and discount", |ui| {
        row(ui, |ui| {
            fields.text(ui, "Currency", &mut form.currency, "currency_code", NARROW);
            fields.text(
                ui,
                "Order discount",
                &mut form.order_discount,
                "order_discount",
                NARROW,
            );
            fields.text(
                ui,
                "External reference (optional)",
                &mut form.external_reference_id,
                "external_reference_id",
                WIDE,
            );
        });
    });
    fields.problems(ui, "shipments");
    let count = form.shipments.len();
    for (s, shipment) in form.shipments.iter_mut().enumerate() {
        let name = format!("Shipment {}", s + 1);
        Frame::group(ui.style()).show(ui, |ui| {
            region(ui, &name, |ui| {
                shipment_ui(ui, s, shipment, count, fields, &mut edits);
            });
        });
    }
    if ui.button("Add shipment").clicked() {
        edits.push(Edit::AddShipment);
    }
    edits
}

fn address_ui(
    ui: &mut Ui,
    form: &mut AddressForm,
    prefix: &str,
    fields: &mut Fields,
    destination: bool,
) {
    let required = destination
        && CountryCode::parse(&crate::ui::form::country::country_code(&form.country))
            .is_some_and(|c| c.requires_province_and_postal_code());
    let mark = if required { " (required)" } else { "" };
    row(ui, |ui| {
        fields.country(
            ui,
            "Country",
            &mut form.country,
            &format!("{prefix}.country_code"),
        );
        let province_label = format!("Province / state{mark}");
        let country = form.country.clone();
        fields.province(
            ui,
            &province_label,
            &mut form.province,
            &country,
            &format!("{prefix}.province"),
        );
        let postal_label = format!("Postal code{mark}");
        fields.text(
            ui,
            &postal_label,
            &mut form.postal_code,
            &format!("{prefix}.postal_code"),
            NARROW,
        );
        fields.text(ui, "City", &mut form.city, &format!("{prefix}.city"), WIDE);
    });
    if destination {
        row(ui, |ui| {
            fields.text(
                ui,
                "Recipient name",
                &mut form.name,
                &format!("{prefix}.name"),
                WIDE,
            );
            fields.text(
                ui,
                "Address line 1",
                &mut form.address1,
                &format!("{prefix}.address1"),
                WIDE,
            );
            fields.text(
                ui,
                "Address line 2",
                &mut form.address2,
                &format!("{prefix}.address2"),
                WIDE,
            );
        });
    }
}

fn shipment_ui(
    ui: &mut Ui,
    s: usize,
    shipment: &mut ShipmentForm,
    count: usize,
    fields: &mut Fields,
    edits: &mut Vec<Edit>,
) {
    let path = format!("shipments[{s}]");
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("Shipment {} of {count}", s + 1)).strong());
        if count > 1 && ui.button("Remove shipment").clicked() {
            edits.push(Edit::RemoveShipment(s));
        }
    });
    fields.problems(ui, &path);
    row(ui, |ui| {
        fields.text(
            ui,
            "Shipment ID",
            &mut shipment.shipment_id,
            &format!("{path}.shipment_id"),
            WIDE,
        );
    });
    ui.label("Ships from");
    address_ui(
        ui,
        &mut shipment.ship_from,
        &format!("{path}.ship_from"),
        fields,
        false,
    );

    ui.label(RichText::new("Shipping rates").strong());
    fields.problems(ui, &format!("{path}.shipping_rates"));
    let rates = shipment.rates.len();
    for (r, rate) in shipment.rates.iter_mut().enumerate() {
        let rate_path = format!("{path}.shipping_rates[{r}]");
        region(ui, &format!("Shipment {}, rate {}", s + 1, r + 1), |ui| {
            row(ui, |ui| {
                fields.text(
                    ui,
                    "Rate ID",
                    &mut rate.id,
                    &format!("{rate_path}.shipping_rate_id"),
                    WIDE,
                );
                fields.text(
                    ui,
                    "Amount",
                    &mut rate.amount,
                    &format!("{rate_path}.shipping_rate"),
                    NARROW,
                );
                if rates > 1 && ui.button("Remove rate").clicked() {
                    edits.push(Edit::RemoveRate(s, r));
                }
            });
            fields.problems(ui, &rate_path);
        });
    }
    if ui.button("Add rate").clicked() {
        edits.push(Edit::AddRate(s));
    }

    ui.label(RichText::new("Items").strong());
    fields.problems(ui, &format!("{path}.items"));
    let items = shipment.items.len();
    for (i, item) in shipment.items.iter_mut().enumerate() {
        let name = format!("Shipment {}, item {}", s + 1, i + 1);
        Frame::group(ui.style()).show(ui, |ui| {
            region(ui, &name, |ui| {
                let item_path = format!("{path}.items[{i}]");
                if item_ui(ui, item, &item_path, items > 1, fields) {
                    edits.push(Edit::RemoveItem(s, i));
                }
            });
        });
    }
    if ui.button("Add item").clicked() {
        edits.push(Edit::AddItem(s));
    }
}

/// One item's fields; true when "Remove item" was clicked.
fn item_ui(
    ui: &mut Ui,
    item: &mut ItemForm,
    path: &str,
    removable: bool,
    fields: &mut Fields,
) -> bool {
    let at = |key: &str| format!("{path}.{key}");
    fields.problems(ui, path);
    row(ui, |ui| {
        fields.text(ui, "SKU", &mut item.sku, &at("sku"), WIDE);
        fields.text(
            ui,
            "Product name",
            &mut item.product_name,
            &at("product_name"),
            WIDE,
        );
        fields.text(
            ui,
            "Variant name",
            &mut item.variant_name,
            &at("variant_name"),
            WIDE,
        );
        fields.text(
            ui,
            "Description",
            &mut item.description,
            &at("description"),
            WIDE,
        );
    });
    row(ui, |ui| {
        fields.text(
            ui,
            "Unit price",
            &mut item.unit_price,
            &at("unit_price"),
            NARROW,
        );
        fields.text(
            ui,
            "Unit discount",
            &mut item.unit_discount,
            &at("unit_discount"),
            NARROW,
        );
        fields.text(ui, "Quantity", &mut item.quantity, &at("quantity"), NARROW);
        fields.text(
            ui,
            "HS code (optional)",
            &mut item.hs_code,
            &at("hs_code"),
            NARROW,
        );
        fields.country(
            ui,
            "Origin country",
            &mut item.origin,
            &at("origin_country_code"),
        );
        fields.text(ui, "Category", &mut item.category, &at("category"), WIDE);
    });
    let mut remove = false;
    row(ui, |ui| {
        fields.text(
            ui,
            "Weight per unit",
            &mut item.weight,
            &at("weight.per_unit"),
            NARROW,
        );
        fields.choice(
            ui,
            "Weight unit",
            &mut item.weight_unit,
            &["g", "lb"],
            &at("weight.unit"),
        );
        let response = ui.checkbox(&mut item.requires_shipping, "Requires shipping");
        fields.note_change(&response, &at("requires_shipping"));
        fields.text(
            ui,
            "Line ID",
            &mut item.line_id,
            &at("source_line_id"),
            NARROW,
        );
        fields.text(
            ui,
            "Product ID",
            &mut item.product_id,
            &at("source_product_id"),
            NARROW,
        );
        fields.text(
            ui,
            "Variant ID",
            &mut item.variant_id,
            &at("source_variant_id"),
            NARROW,
        );
        if removable && ui.button("Remove item").clicked() {
            remove = true;
        }
    });
    fields.problems(ui, &at("weight"));
    remove
}
