//! An open order: its shipments, and for the shown one the items (ordered / in earlier parcels /
//! left), the addresses, the chosen rate, the duties and taxes locked at order time, and the
//! labels and fulfillments so far. The parcel being packed is drawn beside it (`parcel`), and the
//! cancel dialogs over it (`cancel`).

mod cancel;
mod extras;
mod label;
mod parcel;

pub use cancel::dialogs_ui;
pub use extras::Extras;

use egui::RichText;

use crate::api::{Address, LabelStatus};
use crate::station::db::{OrderStatus, Parcel, StationOrder, StationShipment};
use crate::ui::access::Access;
use crate::ui::command::Command;
use crate::ui::packing::command::PackingCommand;
use crate::ui::packing::rules::why_not_print;
use crate::ui::packing::state::{ClaimState, OpenOrder, TakeOverFlow};
use crate::ui::state::AppState;
use crate::ui::widgets::status_label_ui;

pub fn order_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    open: &OpenOrder,
    extras: &dyn Extras,
    commands: &mut Vec<Command>,
) {
    let order = &open.order;
    ui.horizontal(|ui| {
        if ui.button("‹ Orders (Esc)").clicked() {
            commands.push(Command::Back);
        }
        ui.heading(format!("Order {}", order.source_reference));
        ui.label(order.cart.ship_to.name.as_deref().unwrap_or(""));
        ui.label(destination(&order.cart.ship_to));
        status_label_ui(ui, order.status);
    });
    ui.horizontal(|ui| {
        ui.label("Shipments:");
        for (i, shipment) in order.shipments.iter().enumerate() {
            let text = format!("{} · {}", shipment.shipment_id, shipment.status.label());
            if ui.selectable_label(i == open.shipment, text).clicked() {
                commands.push(Command::from(PackingCommand::ShowShipment(i)));
            }
        }
        if order.shipments.len() > 1 {
            ui.label(RichText::new("F3: next shipment").weak());
        }
    });
    claim_ui(ui, open, commands);
    ui.separator();
    let Some(shipment) = order.shipments.get(open.shipment) else {
        return;
    };
    ui.columns(2, |columns| {
        if let [left, right] = columns {
            egui::ScrollArea::vertical()
                .id_salt("shipment_detail")
                .show(left, |ui| {
                    shipment_detail_ui(ui, state, open, (order, shipment), extras, commands);
                    history_ui(ui, open);
                });
            egui::ScrollArea::vertical()
                .id_salt("parcel_form")
                .show(right, |ui| {
                    parcel::parcel_ui(ui, state, open, shipment, extras, commands);
                });
        }
    });
}

/// The order's history, newest first: what happened, when, at which desk and by whom.
fn history_ui(ui: &mut egui::Ui, open: &OpenOrder) {
    egui::CollapsingHeader::new(format!("History ({} events)", open.history.len()))
        .id_salt("order_history")
        .default_open(false)
        .show(ui, |ui| {
            egui::Grid::new("order_history_grid")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    for heading in ["When (UTC)", "What", "Desk", "Who"] {
                        ui.strong(heading);
                    }
                    ui.end_row();
                    for event in open.history.iter().rev() {
                        let at = event.at;
                        ui.label(format!(
                            "{}-{:02}-{:02} {:02}:{:02}",
                            at.year(),
                            u8::from(at.month()),
                            at.day(),
                            at.hour(),
                            at.minute()
                        ));
                        let what = match &event.shipment_id {
                            Some(shipment) => {
                                format!("{} ({shipment})", event.kind.replace('_', " "))
                            }
                            None => event.kind.replace('_', " "),
                        };
                        ui.label(what);
                        ui.label(event.desk.as_deref().unwrap_or("—"));
                        ui.label(event.person.as_deref().unwrap_or("—"));
                        ui.end_row();
                    }
                });
        });
}

/// Another station's claim: who has the shipment, and the supervisor's way to take it over.
fn claim_ui(ui: &mut egui::Ui, open: &OpenOrder, commands: &mut Vec<Command>) {
    let ClaimState::Theirs { said, .. } = &open.claim else {
        return;
    };
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!("Read-only here. {said}"))
                .strong()
                .color(ui.visuals().warn_fg_color),
        );
        let sending = open.take_over == TakeOverFlow::Sending;
        if ui
            .add_enabled(!sending, egui::Button::new("Take over (supervisor)…"))
            .clicked()
        {
            commands.push(Command::from(PackingCommand::StartTakeOver));
        }
        if sending {
            ui.spinner();
        }
    });
}

fn shipment_detail_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    open: &OpenOrder,
    (order, shipment): (&StationOrder, &StationShipment),
    extras: &dyn Extras,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.heading(format!("Shipment {}", shipment.shipment_id));
        status_label_ui(ui, shipment.status);
    });
    if shipment.status == OrderStatus::Canceled {
        ui.label(
            RichText::new("This shipment is canceled: it cannot be labelled or fulfilled.")
                .color(ui.visuals().error_fg_color),
        );
    }
    egui::Grid::new("shipment_items")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for title in ["SKU", "Product", "Ordered", "In earlier parcels", "Left"] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            for item in &shipment.items {
                ui.label(RichText::new(&item.item.sku).monospace());
                ui.label(&item.item.product_name);
                ui.label(item.ordered.to_string());
                ui.label(item.in_parcels.to_string());
                let left = RichText::new(item.left.to_string());
                ui.label(if item.left > 0 {
                    left.strong()
                } else {
                    left.weak()
                });
                ui.end_row();
            }
        });
    for item in &shipment.items {
        extras.item_notes_ui(ui, &item.item.source_line_id);
    }
    extras.shipment_notes_ui(ui);
    ui.add_space(6.0);
    ui.columns(2, |columns| {
        if let [from, to] = columns {
            address_ui(from, "Ships from", &shipment.ship_from);
            address_ui(to, "Ships to", &order.cart.ship_to);
        }
    });
    ui.add_space(6.0);
    let currency = &order.cart.currency_code;
    ui.label(RichText::new("Chosen rate").strong());
    ui.label(format!(
        "{} — {} {currency} (transaction {})",
        shipment.rate.shipping_rate_id,
        shipment.rate.shipping_rate,
        shipment.rate.tax_transaction_id
    ));
    ui.label(RichText::new("Duties and taxes locked at order time").strong());
    match &shipment.landed_cost {
        Some(cost) => {
            egui::Grid::new("locked_landed_cost")
                .num_columns(2)
                .show(ui, |ui| {
                    for (name, amount) in [
                        ("Duties", cost.duties),
                        ("Product taxes", cost.product_taxes),
                        ("Shipment taxes", cost.shipment_taxes),
                        ("Total taxes", cost.total_taxes),
                    ] {
                        ui.label(name);
                        ui.label(format!("{amount} {currency}"));
                        ui.end_row();
                    }
                });
        }
        None => {
            ui.label("Not known: the order was imported without its quote.");
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Parcels, labels and fulfillments so far").strong());
    if shipment.parcels.is_empty() {
        ui.label(RichText::new("None yet.").weak());
    }
    for (n, parcel) in shipment.parcels.iter().enumerate() {
        parcel_history_ui(
            ui,
            open,
            n + 1,
            parcel,
            &state.features.people.access(),
            commands,
        );
    }
    if let Some(cancellation) = &shipment.cancellation {
        ui.label(format!("Canceled at {}.", cancellation.recorded_at.date()));
    }
    ui.add_space(10.0);
    cancel::cancel_section_ui(ui, state, open, commands);
}

fn parcel_history_ui(
    ui: &mut egui::Ui,
    open: &OpenOrder,
    number: usize,
    parcel: &Parcel,
    access: &Access,
    commands: &mut Vec<Command>,
) {
    let items: Vec<String> = parcel
        .lines
        .iter()
        .map(|l| format!("{} × {}", l.quantity, l.sku))
        .collect();
    let mut text = format!("Parcel {number}: {} · {}", items.join(", "), parcel.weight);
    if parcel.voided_at.is_some() {
        text.push_str(" · discarded");
    }
    ui.horizontal_wrapped(|ui| {
        let label = RichText::new(text);
        ui.label(if parcel.voided_at.is_some() {
            label.weak()
        } else {
            label
        });
        if let Some(label) = parcel.latest_label() {
            let status = match label.status {
                LabelStatus::Success => format!("label {}", label.tracking_code),
                LabelStatus::Pending => "label pending".into(),
                LabelStatus::Error => "label failed".into(),
            };
            ui.label(status);
            let has_zpl = label
                .label_document(crate::station::db::DocumentKind::Zpl)
                .is_some();
            if has_zpl
                && open.parcel != Some(parcel.id)
                && ui.small_button(format!("Preview label {number}")).clicked()
            {
                commands.push(Command::from(PackingCommand::ShowPreview(label.id)));
            }
            // From the cached document: works with the service unreachable.
            let refused = why_not_print(access);
            if label.has_label_documents()
                && open.parcel != Some(parcel.id)
                && ui
                    .add_enabled(
                        !open.print.pending() && refused.is_none(),
                        egui::Button::new(format!("Reprint label {number}")).small(),
                    )
                    .on_disabled_hover_text(refused.as_deref().unwrap_or_default())
                    .clicked()
            {
                commands.push(Command::from(PackingCommand::PrintLabel(label.id)));
            }
        }
        if let Some(fulfillment) = &parcel.fulfillment {
            ui.label(format!(
                "fulfilled: {} via {} from {}",
                fulfillment.sent.tracking_number,
                fulfillment.sent.carrier,
                fulfillment.sent.location
            ));
        }
    });
}

fn address_ui(ui: &mut egui::Ui, title: &str, address: &Address) {
    ui.label(RichText::new(title).strong());
    for line in [&address.name, &address.address1, &address.address2]
        .into_iter()
        .flatten()
    {
        ui.label(line);
    }
    let city = [
        address.postal_code.as_deref(),
        address.city.as_deref(),
        address.province.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    ui.label(city);
    ui.label(&address.country_code);
}

fn destination(address: &Address) -> String {
    match &address.province {
        Some(p) => format!("{}-{p}", address.country_code),
        None => address.country_code.clone(),
    }
}
