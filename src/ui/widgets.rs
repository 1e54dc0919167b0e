//! Small widgets every feature uses: a labelled text field with its message underneath, a unit
//! selector, and the app's colours and style.

use egui::{Color32, RichText, Ui, UiBuilder};

use crate::station::db::OrderStatus;

/// Amber for warnings that do not block (a likely unit slip, a missing setting).
pub const WARNING: Color32 = Color32::from_rgb(214, 140, 0);

pub fn setup_style(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(8.0, 4.0);
    });
}

/// A labelled single-line field; its message (error, red) shows underneath. Returns the new
/// text when the person changed it. `labels` name it for screen readers and tests, e.g. the
/// section title and the field label ("Ship to" "City").
pub fn text_field_ui(
    ui: &mut egui::Ui,
    id: egui::Id,
    label: &str,
    section: Option<egui::Id>,
    value: &str,
    message: Option<&str>,
    width: f32,
) -> Option<String> {
    let mut text = value.to_string();
    let mut changed = false;
    ui.vertical(|ui| {
        ui.set_width(width);
        let label = ui.label(label);
        let mut response = ui.add(
            egui::TextEdit::singleline(&mut text)
                .id(id)
                .desired_width(width),
        );
        if let Some(section) = section {
            response = response.labelled_by(section);
        }
        response.labelled_by(label.id);
        if let Some(message) = message {
            error_ui(ui, message, width);
        }
    });
    if text != value {
        changed = true;
    }
    changed.then_some(text)
}

/// A problem with a field, in red, wrapped to the field's width.
pub fn error_ui(ui: &mut egui::Ui, message: &str, width: f32) {
    let color = ui.visuals().error_fg_color;
    ui.scope(|ui| {
        ui.set_max_width(width.max(120.0));
        ui.label(RichText::new(message).color(color).small());
    });
}

/// Buttons for a unit (`g | lb`); the chosen one is highlighted. Returns a new choice.
pub fn unit_selector_ui<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    current: T,
    options: &[(T, &str)],
) -> Option<T> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        for (value, name) in options {
            if ui.selectable_label(*value == current, *name).clicked() && *value != current {
                chosen = Some(*value);
            }
        }
    });
    chosen
}

/// A named region of a form or panel: what a screen reader announces, and what tests find it by.
pub fn region<R>(ui: &mut Ui, name: &str, add: impl FnOnce(&mut Ui) -> R) -> R {
    ui.scope_builder(UiBuilder::new().accessibility_label(name), add)
        .inner
}

/// A status in its colour.
pub fn status_label_ui(ui: &mut egui::Ui, status: OrderStatus) {
    let color = match status {
        OrderStatus::Open => ui.visuals().text_color(),
        OrderStatus::Labelled => egui::Color32::from_rgb(30, 110, 170),
        OrderStatus::PartlyFulfilled => WARNING,
        OrderStatus::Fulfilled => egui::Color32::from_rgb(40, 150, 70),
        OrderStatus::Canceled => ui.visuals().weak_text_color(),
    };
    ui.label(RichText::new(status.label()).color(color));
}
