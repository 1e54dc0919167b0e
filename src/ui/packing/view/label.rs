//! Getting the label (with its visible status while pending), the preview, save and print, and
//! marking the parcel fulfilled.

use egui::RichText;

use crate::station::db::DocumentKind;
use crate::ui::access::Access;
use crate::ui::command::Command;
use crate::ui::failure::Failure;
use crate::ui::packing::command::PackingCommand;
use crate::ui::packing::rules::{why_no_label, why_not_fulfill, why_not_print};
use crate::ui::packing::state::{LabelJob, OpenOrder, Preview, Request};
use crate::ui::state::AppState;
use crate::ui::widgets::{WARNING, text_field_ui};

/// Width of the label preview (a 4×6 in label).
const PREVIEW_WIDTH: f32 = 300.0;

/// The "Get label" button under the form, with why it is disabled, and the request's status.
pub fn get_label_ui(
    ui: &mut egui::Ui,
    open: &OpenOrder,
    access: &Access,
    commands: &mut Vec<Command>,
) {
    let why = why_no_label(open, access);
    let button = ui
        .add_enabled(why.is_none(), egui::Button::new("Get label (F2)"))
        .on_disabled_hover_text(why.clone().unwrap_or_default());
    if button.clicked() {
        commands.push(Command::from(PackingCommand::GetLabel));
    }
    if let Some(why) = &why
        && !open.label.in_flight()
    {
        ui.label(RichText::new(why).weak());
    } else if why.is_none() {
        let check = open.form.check();
        if !check.is_ok() {
            ui.label(RichText::new(format!("Still needed: {}", check.summary().join(" "))).weak());
        }
    }
    label_status_ui(ui, &open.label);
}

/// The preview of an earlier parcel's label ("Preview label n" in the history), to reprint it.
pub fn earlier_label_ui(
    ui: &mut egui::Ui,
    open: &OpenOrder,
    access: &Access,
    commands: &mut Vec<Command>,
) {
    if matches!(open.preview, Preview::None) {
        return;
    }
    ui.separator();
    ui.label(RichText::new("Label of an earlier parcel").strong());
    ui.horizontal_top(|ui| {
        preview_ui(ui, open);
        if let Preview::Ready { label, .. } = &open.preview {
            ui.vertical(|ui| output_ui(ui, open, *label, access, commands));
        }
    });
}

/// A recorded parcel: its label's status, the preview beside save, print and the fulfillment.
pub fn label_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    open: &OpenOrder,
    extras: &dyn super::extras::Extras,
    commands: &mut Vec<Command>,
) {
    label_status_ui(ui, &open.label);
    if matches!(open.label, LabelJob::Failed(_)) {
        ui.horizontal(|ui| {
            if ui.button("Retry label (F2)").clicked() {
                commands.push(Command::from(PackingCommand::RetryLabel));
            }
            if ui.button("Discard parcel").clicked() {
                commands.push(Command::from(PackingCommand::DiscardParcel));
            }
        });
    }
    ui.horizontal_top(|ui| {
        preview_ui(ui, open);
        ui.vertical(|ui| {
            if let LabelJob::Ready { label, .. } = &open.label {
                let access = state.features.people.access();
                output_ui(ui, open, *label, &access, commands);
                ui.separator();
                let refused = why_not_print(&access);
                extras.documents_ui(ui, *label, refused.as_deref(), commands);
                ui.separator();
            }
            fulfill_ui(ui, state, open, commands);
        });
    });
}

fn label_status_ui(ui: &mut egui::Ui, label: &LabelJob) {
    match label {
        LabelJob::Idle => {}
        LabelJob::Requesting => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Requesting the label…");
            });
        }
        LabelJob::Polling {
            attempt,
            next_in_ms,
        } => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "Label pending at the service — asking again in {:.1} s (attempt {attempt})",
                    *next_in_ms as f64 / 1000.0
                ));
            });
        }
        LabelJob::Ready { tracking_code, .. } => {
            ui.label(
                RichText::new(format!("Label ready — tracking {tracking_code}"))
                    .strong()
                    .color(egui::Color32::from_rgb(40, 150, 70)),
            );
        }
        LabelJob::Failed(failure) => failure_ui(ui, failure),
    }
}

/// A failure in words; field problems are shown on their fields, so only a pointer here.
pub fn failure_ui(ui: &mut egui::Ui, failure: &Failure) {
    let text = match failure {
        Failure::Fields(errors) => format!(
            "The label was refused: {} problem(s), shown next to their fields.",
            errors.len()
        ),
        other => other.message(),
    };
    let color = if failure.is_offline() {
        WARNING
    } else {
        ui.visuals().error_fg_color
    };
    ui.label(RichText::new(text).color(color));
}

fn preview_ui(ui: &mut egui::Ui, open: &OpenOrder) {
    match &open.preview {
        Preview::None => {}
        Preview::Rendering => {
            ui.spinner();
            ui.label("Rendering the preview…");
        }
        Preview::Failed(why) => {
            ui.label(RichText::new(format!("No preview: {why}")).color(WARNING));
        }
        Preview::Ready { label, texture } => {
            let size = texture.size_vec2();
            let scale = PREVIEW_WIDTH / size.x.max(1.0);
            ui.add(
                egui::Image::new(texture)
                    .fit_to_exact_size(size * scale)
                    .alt_text(format!("Label {label} preview")),
            );
        }
    }
}

fn output_ui(
    ui: &mut egui::Ui,
    open: &OpenOrder,
    label: crate::station::db::LabelId,
    access: &Access,
    commands: &mut Vec<Command>,
) {
    let refused = why_not_print(access);
    ui.horizontal(|ui| {
        let busy = open.save.pending();
        if ui
            .add_enabled(!busy, egui::Button::new("Save PDF (Ctrl+S)"))
            .clicked()
        {
            commands.push(Command::from(PackingCommand::SaveLabel(
                label,
                DocumentKind::Pdf,
            )));
        }
        if ui
            .add_enabled(!busy, egui::Button::new("Save ZPL"))
            .clicked()
        {
            commands.push(Command::from(PackingCommand::SaveLabel(
                label,
                DocumentKind::Zpl,
            )));
        }
        if ui
            .add_enabled(
                !open.print.pending() && refused.is_none(),
                egui::Button::new("Print (Ctrl+P)"),
            )
            .on_disabled_hover_text(refused.as_deref().unwrap_or_default())
            .clicked()
        {
            commands.push(Command::from(PackingCommand::PrintLabel(label)));
        }
    });
    request_ui(ui, &open.save);
    request_ui(ui, &open.print);
}

fn request_ui(ui: &mut egui::Ui, request: &Request) {
    match request {
        Request::Idle => {}
        Request::Pending => {
            ui.spinner();
        }
        Request::Done(text) => {
            ui.label(RichText::new(text).weak());
        }
        Request::Failed(failure) => failure_ui(ui, failure),
    }
}

fn fulfill_ui(ui: &mut egui::Ui, state: &AppState, open: &OpenOrder, commands: &mut Vec<Command>) {
    ui.label(RichText::new("Fulfillment").strong());
    let tracking = match &open.label {
        LabelJob::Ready { tracking_code, .. } => tracking_code.as_str(),
        _ => "—",
    };
    ui.horizontal(|ui| {
        ui.label(format!("Tracking number: {tracking}"));
        ui.separator();
        let location = if state.settings.location_code.is_empty() {
            "not set (Settings)"
        } else {
            state.settings.location_code.as_str()
        };
        ui.label(format!("Location: {location}"));
    });
    if let Some(text) = text_field_ui(
        ui,
        egui::Id::unique("fulfill_carrier"),
        "Carrier",
        None,
        &open.carrier,
        None,
        180.0,
    ) {
        commands.push(Command::from(PackingCommand::SetCarrier(text)));
    }
    let why = why_not_fulfill(open, &state.settings, &state.features.people.access());
    ui.horizontal(|ui| {
        let button = ui
            .add_enabled(why.is_none(), egui::Button::new("Mark fulfilled (F4)"))
            .on_disabled_hover_text(why.clone().unwrap_or_default());
        if button.clicked() {
            commands.push(Command::from(PackingCommand::MarkFulfilled));
        }
        if open.fulfill.pending() {
            ui.spinner();
            ui.label("Sending the fulfillment…");
        }
    });
    if let Some(why) = &why
        && !open.fulfill.pending()
    {
        ui.label(RichText::new(why).weak());
    }
    match &open.fulfill {
        Request::Done(text) => {
            ui.label(RichText::new(text).color(egui::Color32::from_rgb(40, 150, 70)));
        }
        Request::Failed(failure) => failure_ui(ui, failure),
        _ => {}
    }
}
