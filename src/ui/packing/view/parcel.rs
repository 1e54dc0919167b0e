//! The parcel being packed: SKUs and quantities (never more than left) with their ASNs, weight
//! and dimensions with their units, the label addresses, checked as typed with each message
//! under its field. The label, preview and fulfillment follow (`label_ui`).

use egui::RichText;

use crate::domain::{LengthUnit, WeightUnit};
use crate::station::db::StationShipment;
use crate::ui::command::Command;
use crate::ui::packing::command::PackingCommand;
use crate::ui::packing::parcel_form::{
    AddressField, Check, FieldKey, LabelMode, ParcelEdit, ParcelForm, Side,
};
use crate::ui::packing::rules::why_not_ours;
use crate::ui::packing::state::OpenOrder;
use crate::ui::shell::scan::quantity_id;
use crate::ui::state::AppState;
use crate::ui::widgets::{WARNING, error_ui, text_field_ui, unit_selector_ui};

pub fn parcel_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    open: &OpenOrder,
    shipment: &StationShipment,
    extras: &dyn super::extras::Extras,
    commands: &mut Vec<Command>,
) {
    if let Some(parcel) = open.parcel {
        // Recorded: the form is done; the label, its preview and the fulfillment matter now.
        summary_ui(ui, open, shipment, parcel);
        ui.separator();
        super::label::label_ui(ui, state, open, extras, commands);
        return;
    }
    let form = &open.form;
    let check = form.check();
    let not_ours = why_not_ours(open, &state.features.people.access());
    let locked =
        open.label.in_flight() || shipment.why_cannot_pack().is_some() || not_ours.is_some();
    let edit = |commands: &mut Vec<Command>, edit: ParcelEdit| {
        if !locked {
            commands.push(Command::from(PackingCommand::EditParcel(edit)));
        }
    };
    ui.heading(format!(
        "Pack a parcel of shipment {}",
        shipment.shipment_id
    ));
    if let Some(why) = shipment.why_cannot_pack().or(not_ours) {
        ui.label(RichText::new(why).strong());
    }
    ui.add_enabled_ui(!locked, |ui| {
        ui.horizontal(|ui| {
            ui.label("Label for");
            let full_ok = crate::ui::packing::rules::full_order_possible(open);
            if ui
                .radio(form.mode == LabelMode::Parcel, "this parcel (split)")
                .clicked()
            {
                edit(commands, ParcelEdit::Mode(LabelMode::Parcel));
            }
            let full = ui
                .add_enabled(
                    full_ok,
                    egui::RadioButton::new(form.mode == LabelMode::FullOrder, "the full order"),
                )
                .on_disabled_hover_text(
                    "Only for an order with one shipment and nothing packed yet.",
                );
            if full.clicked() {
                edit(commands, ParcelEdit::Mode(LabelMode::FullOrder));
            }
        });
        lines_ui(ui, form, &check, commands, &edit);
        measures_ui(
            ui,
            form,
            &check,
            state.features.packing.scale.as_ref(),
            commands,
            &edit,
        );
        addresses_ui(ui, form, &check, commands, &edit);
        ui.horizontal(|ui| {
            ui.label(format!("Track reference: {}", form.track_reference));
            ui.separator();
            let brand = if form.brand_code.is_empty() {
                "not set (Settings)"
            } else {
                form.brand_code.as_str()
            };
            ui.label(format!("Brand code: {brand}"));
        });
        ui.horizontal(|ui| {
            ui.label("Label documents: PDF and ZPL (for the preview)");
            let mut base64 = form.base64;
            if ui.checkbox(&mut base64, "also inline as base64").changed() {
                edit(commands, ParcelEdit::Base64(base64));
            }
        });
    });
    for problem in check.general.iter().chain(&form.reported_other) {
        error_ui(ui, problem, 600.0);
    }
    ui.separator();
    super::label::get_label_ui(ui, open, &state.features.people.access(), commands);
    super::label::earlier_label_ui(ui, open, &state.features.people.access(), commands);
}

/// The recorded parcel in a few lines.
fn summary_ui(
    ui: &mut egui::Ui,
    open: &OpenOrder,
    shipment: &StationShipment,
    parcel: crate::station::db::ParcelId,
) {
    let position = shipment.parcels.iter().position(|p| p.id == parcel);
    ui.heading(format!(
        "Parcel {} of shipment {}",
        position.map_or(shipment.parcels.len() + 1, |p| p + 1),
        shipment.shipment_id
    ));
    let Some(recorded) = shipment.parcels.iter().find(|p| p.id == parcel) else {
        ui.label("Recording the parcel…");
        return;
    };
    let items: Vec<String> = recorded
        .lines
        .iter()
        .map(|l| format!("{} × {}", l.quantity, l.sku))
        .collect();
    ui.label(items.join(", "));
    let mut measures = recorded.weight.to_string();
    if let Some(d) = &recorded.dimensions {
        measures.push_str(&format!(
            " · {} × {} × {} {}",
            d.length.normalize(),
            d.width.normalize(),
            d.height.normalize(),
            d.unit.code()
        ));
    }
    ui.label(measures);
    let to = &recorded.to;
    ui.label(format!(
        "To {} {}, {}, {} {} {}, {}",
        to.first_name, to.last_name, to.line1, to.zipcode, to.city, to.province, to.country
    ));
    ui.label(RichText::new(format!("Track reference {}", recorded.track_reference)).weak());
    let _ = open;
}

type Edit<'a> = dyn Fn(&mut Vec<Command>, ParcelEdit) + 'a;

fn lines_ui(
    ui: &mut egui::Ui,
    form: &ParcelForm,
    check: &Check,
    commands: &mut Vec<Command>,
    edit: &Edit<'_>,
) {
    let full = form.mode == LabelMode::FullOrder;
    egui::Grid::new("parcel_lines")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("In parcel").strong());
            ui.label(RichText::new("Product").strong());
            ui.label(RichText::new("Left").strong());
            let quantity_header = ui.label(RichText::new("Quantity").strong());
            let asn_header = ui.label(RichText::new("ASN").strong());
            ui.end_row();
            for (i, line) in form.lines.iter().enumerate() {
                let mut include = if full { line.left > 0 } else { line.include };
                let tick = ui.add_enabled(
                    line.left > 0 && !full,
                    egui::Checkbox::new(&mut include, RichText::new(&line.sku).monospace()),
                );
                if tick.changed() {
                    edit(commands, ParcelEdit::Include(i, include));
                }
                ui.label(&line.product);
                ui.label(format!("{} of {}", line.left, line.ordered));
                let quantity = if full {
                    line.left.to_string()
                } else {
                    line.quantity.clone()
                };
                let mut text = quantity.clone();
                ui.add_enabled(
                    line.left > 0 && !full,
                    egui::TextEdit::singleline(&mut text)
                        .id(quantity_id(i))
                        .desired_width(50.0),
                )
                .labelled_by(quantity_header.id)
                .labelled_by(tick.id);
                if text != quantity {
                    edit(commands, ParcelEdit::Quantity(i, text));
                }
                let mut asn = line.asn.clone();
                ui.add_enabled(
                    line.left > 0,
                    egui::TextEdit::singleline(&mut asn).desired_width(140.0),
                )
                .labelled_by(asn_header.id)
                .labelled_by(tick.id);
                if asn != line.asn {
                    edit(commands, ParcelEdit::Asn(i, asn));
                }
                ui.end_row();
                let problems: Vec<String> = [
                    FieldKey::LineInclude(i),
                    FieldKey::LineQuantity(i),
                    FieldKey::LineAsn(i),
                ]
                .into_iter()
                .filter_map(|key| form.message(check, key))
                .collect();
                if !problems.is_empty() {
                    ui.label("");
                    ui.label("");
                    ui.label("");
                    error_ui(ui, &problems.join(" "), 220.0);
                    ui.end_row();
                }
            }
        });
    ui.horizontal(|ui| {
        if !full && ui.button("Everything left (Ctrl+E)").clicked() {
            edit(commands, ParcelEdit::EverythingLeft);
        }
        if let Some(message) = form.message(check, FieldKey::Lines) {
            error_ui(ui, &message, 400.0);
        }
    });
}

fn measures_ui(
    ui: &mut egui::Ui,
    form: &ParcelForm,
    check: &Check,
    scale: Option<&crate::ui::packing::state::ScaleLive>,
    commands: &mut Vec<Command>,
    edit: &Edit<'_>,
) {
    ui.horizontal(|ui| {
        let message = form.message(check, FieldKey::Weight);
        if let Some(text) = text_field_ui(
            ui,
            crate::ui::shell::scan::weight_id(),
            "Weight (F6)",
            None,
            &form.weight,
            message.as_deref(),
            90.0,
        ) {
            edit(commands, ParcelEdit::Weight(text));
        }
        let units = [(WeightUnit::Gram, "g"), (WeightUnit::Pound, "lb")];
        if let Some(unit) = unit_selector_ui(ui, form.weight_unit, &units) {
            edit(commands, ParcelEdit::WeightUnit(unit));
        }
        if let Some(live) = scale {
            let (text, usable) = crate::ui::packing::scale::live_text(live);
            let text = RichText::new(text);
            ui.label(if usable {
                text.strong()
            } else {
                text.color(WARNING)
            });
        }
        ui.separator();
        for (key, name, value, make) in [
            (
                FieldKey::Length,
                "Length",
                &form.length,
                ParcelEdit::Length as fn(String) -> ParcelEdit,
            ),
            (FieldKey::Width, "Width", &form.width, ParcelEdit::Width),
            (FieldKey::Height, "Height", &form.height, ParcelEdit::Height),
        ] {
            let message = form.message(check, key);
            if let Some(text) = text_field_ui(
                ui,
                egui::Id::unique(("parcel", name)),
                name,
                None,
                value,
                message.as_deref(),
                60.0,
            ) {
                edit(commands, make(text));
            }
        }
        let units = [(LengthUnit::Centimetre, "cm"), (LengthUnit::Inch, "in")];
        if let Some(unit) = unit_selector_ui(ui, form.length_unit, &units) {
            edit(commands, ParcelEdit::LengthUnit(unit));
        }
    });
    if let Some(warning) = &check.weight_warning {
        ui.label(RichText::new(warning).color(WARNING).strong());
    }
}

fn addresses_ui(
    ui: &mut egui::Ui,
    form: &ParcelForm,
    check: &Check,
    commands: &mut Vec<Command>,
    edit: &Edit<'_>,
) {
    ui.columns(2, |columns| {
        for (column, side) in columns.iter_mut().zip([Side::From, Side::To]) {
            let address = match side {
                Side::From => &form.from,
                Side::To => &form.to,
            };
            let title = column.label(RichText::new(side.title()).strong());
            for pair in AddressField::ALL.chunks(2) {
                column.horizontal_top(|ui| {
                    for &field in pair {
                        let message = form.message(check, FieldKey::Address(side, field));
                        if let Some(text) = text_field_ui(
                            ui,
                            egui::Id::unique(("address", side.title(), field.wire())),
                            field.label(),
                            Some(title.id),
                            address.get(field),
                            message.as_deref(),
                            150.0,
                        ) {
                            edit(commands, ParcelEdit::Address(side, field, text));
                        }
                    }
                });
            }
        }
    });
}
