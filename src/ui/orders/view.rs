//! The orders table: search, filters, sortable columns, and virtualised rows (only the rows on
//! screen are laid out, so 100 000 orders scroll smoothly).

use egui::{RichText, Sense};
use egui_extras::{Column, TableBuilder};
use time::OffsetDateTime;

use super::command::OrdersCommand;
use super::filter::{SortColumn, SortDirection};
use crate::station::db::{OrderRow, OrderStatus};
use crate::ui::command::Command;
use crate::ui::shell::scan::search_id;
use crate::ui::state::AppState;
use crate::ui::widgets::status_label_ui;

const ROW_HEIGHT: f32 = 24.0;

/// What other features draw on the orders screen (importing files). The shell hands it in, so
/// the table draws it without importing those features.
pub trait Extras {
    /// In the row of controls, after Reload.
    fn controls_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// Under the controls, above the table.
    fn report_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
}

pub fn orders_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    extras: &dyn Extras,
    commands: &mut Vec<Command>,
) {
    controls_ui(ui, state, extras, commands);
    extras.report_ui(ui, commands);
    ui.separator();
    if state.features.orders.rows.is_empty() {
        if state.features.orders.loading {
            ui.spinner();
        } else {
            ui.label("No orders yet. Submit one from the Quote tab or import a file.");
        }
        return;
    }
    table_ui(ui, state, commands);
}

fn controls_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    extras: &dyn Extras,
    commands: &mut Vec<Command>,
) {
    let orders = &state.features.orders;
    ui.horizontal(|ui| {
        let label = ui.label("Search");
        let mut text = orders.filter.text.clone();
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .id(search_id())
                    .hint_text("order number, SKU or name (Ctrl+F)")
                    .desired_width(260.0),
            )
            .labelled_by(label.id);
        if text != orders.filter.text {
            commands.push(Command::from(OrdersCommand::SetSearch(text)));
        }
        if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            commands.push(Command::from(OrdersCommand::OpenFirstShown));
        }

        let label = ui.label("Status");
        let shown = orders.filter.status.map_or("All", |s| s.label());
        egui::ComboBox::from_id_salt("status_filter")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(orders.filter.status.is_none(), "All")
                    .clicked()
                {
                    commands.push(Command::from(OrdersCommand::FilterStatus(None)));
                }
                for status in OrderStatus::ALL {
                    let chosen = orders.filter.status == Some(status);
                    if ui.selectable_label(chosen, status.label()).clicked() {
                        commands.push(Command::from(OrdersCommand::FilterStatus(Some(status))));
                    }
                }
            })
            .response
            .labelled_by(label.id);

        let label = ui.label("Destination");
        let shown = orders.filter.destination.as_deref().unwrap_or("All");
        egui::ComboBox::from_id_salt("destination_filter")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(orders.filter.destination.is_none(), "All")
                    .clicked()
                {
                    commands.push(Command::from(OrdersCommand::FilterDestination(None)));
                }
                for country in &orders.destinations {
                    let chosen = orders.filter.destination.as_deref() == Some(country.as_str());
                    if ui.selectable_label(chosen, country).clicked() {
                        commands.push(Command::from(OrdersCommand::FilterDestination(Some(
                            country.clone(),
                        ))));
                    }
                }
            })
            .response
            .labelled_by(label.id);

        if ui.button("Reload").clicked() {
            commands.push(Command::from(OrdersCommand::Reload));
        }
        extras.controls_ui(ui, commands);
        ui.label(format!(
            "{} of {} orders",
            orders.shown.len(),
            orders.rows.len()
        ));
    });
}

fn table_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    let orders = &state.features.orders;
    let now = OffsetDateTime::now_utc();
    let selected_row = orders.selected.and_then(|number| {
        orders.shown.iter().position(|&i| {
            orders
                .rows
                .get(i)
                .is_some_and(|r| r.source_reference == number)
        })
    });
    // A click anywhere on a row opens its order: labels that select their text would take the
    // click for themselves.
    ui.style_mut().interaction.selectable_labels = false;
    let mut table = TableBuilder::new(ui)
        .id_salt("orders_table")
        .striped(true)
        .sense(Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::exact(110.0))
        .column(Column::initial(200.0).at_least(120.0).clip(true))
        .column(Column::exact(100.0))
        .column(Column::exact(90.0))
        .column(Column::exact(130.0))
        .column(Column::exact(80.0))
        .column(Column::remainder().at_least(110.0));
    if let Some(row) = selected_row
        && state.features.packing.opening.is_none()
        && state.features.packing.open.is_none()
    {
        table = table.scroll_to_row(row, None);
    }
    let headers = [
        (SortColumn::OrderNumber, "Order"),
        (SortColumn::Recipient, "Recipient"),
        (SortColumn::Destination, "Destination"),
        (SortColumn::Shipments, "Shipments"),
        (SortColumn::Status, "Status"),
        (SortColumn::Age, "Age"),
        (SortColumn::Total, "Total"),
    ];
    table
        .header(ROW_HEIGHT, |mut header| {
            for (column, title) in headers {
                header.col(|ui| {
                    let text = RichText::new(title).strong();
                    if ui
                        .add(egui::Button::new(text).frame(false))
                        .on_hover_text(format!("Sort by {}", title.to_lowercase()))
                        .clicked()
                    {
                        commands.push(Command::from(OrdersCommand::SortBy(column)));
                    }
                    match orders.sort {
                        (c, direction) if c == column => sort_arrow_ui(ui, direction),
                        _ => {}
                    }
                });
            }
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, orders.shown.len(), |mut row| {
                let Some(order) = orders
                    .shown
                    .get(row.index())
                    .and_then(|&i| orders.rows.get(i))
                else {
                    return;
                };
                row.set_selected(Some(row.index()) == selected_row);
                row_cells(&mut row, order, now);
                if row.response().clicked() {
                    commands.push(Command::OpenOrder(order.source_reference));
                }
            });
        });
}

fn row_cells(row: &mut egui_extras::TableRow<'_, '_>, order: &OrderRow, now: OffsetDateTime) {
    row.col(|ui| {
        ui.label(RichText::new(order.source_reference.to_string()).monospace());
    });
    row.col(|ui| {
        ui.label(&order.recipient);
    });
    row.col(|ui| {
        ui.label(order.destination());
    });
    row.col(|ui| {
        ui.label(order.shipment_count.to_string());
    });
    row.col(|ui| {
        status_label_ui(ui, order.status);
    });
    row.col(|ui| {
        ui.label(age(now - order.created_at));
    });
    row.col(|ui| {
        ui.label(format!("{} {}", order.total, order.currency));
    });
}

/// A small triangle: up for ascending, down for descending.
fn sort_arrow_ui(ui: &mut egui::Ui, direction: SortDirection) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), Sense::hover());
    let (c, r) = (rect.center(), 4.0);
    let points = match direction {
        SortDirection::Ascending => vec![
            egui::pos2(c.x - r, c.y + r * 0.6),
            egui::pos2(c.x + r, c.y + r * 0.6),
            egui::pos2(c.x, c.y - r * 0.8),
        ],
        SortDirection::Descending => vec![
            egui::pos2(c.x - r, c.y - r * 0.6),
            egui::pos2(c.x + r, c.y - r * 0.6),
            egui::pos2(c.x, c.y + r * 0.8),
        ],
    };
    let color = ui.visuals().strong_text_color();
    ui.painter().add(egui::Shape::convex_polygon(
        points,
        color,
        egui::Stroke::NONE,
    ));
}

/// "12 min", "5 h", "3 d".
pub fn age(elapsed: time::Duration) -> String {
    let minutes = elapsed.whole_minutes().max(0);
    if minutes < 60 {
        format!("{minutes} min")
    } else if minutes < 48 * 60 {
        format!("{} h", minutes / 60)
    } else {
        format!("{} d", minutes / (24 * 60))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_at_a_glance() {
        assert_eq!(age(time::Duration::minutes(12)), "12 min");
        assert_eq!(age(time::Duration::minutes(-3)), "0 min");
        assert_eq!(age(time::Duration::hours(5)), "5 h");
        assert_eq!(age(time::Duration::hours(47)), "47 h");
        assert_eq!(age(time::Duration::days(3)), "3 d");
    }
}
