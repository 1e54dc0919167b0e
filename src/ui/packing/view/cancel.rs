//! Canceling a shipment (supervisors): the button with why it is disabled, the PIN unlock and
//! the confirmation that names the order and shipment.

use std::time::Instant;

use egui::RichText;

use crate::ui::access::SupervisorCommand;
use crate::ui::command::Command;
use crate::ui::packing::command::PackingCommand;
use crate::ui::packing::rules::why_not_cancel;
use crate::ui::packing::state::{CancelFlow, OpenOrder, TakeOverFlow};
use crate::ui::shell::scan::pin_id;
use crate::ui::state::AppState;

pub fn cancel_section_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    open: &OpenOrder,
    commands: &mut Vec<Command>,
) {
    ui.label(RichText::new("Supervisor").strong());
    let why = why_not_cancel(open, &state.features.people.access()).or_else(|| {
        state
            .features
            .supervisor
            .lock
            .is_none()
            .then(|| "No supervisor PIN is set: set one in Settings to allow canceling.".into())
    });
    ui.horizontal(|ui| {
        let button = ui
            .add_enabled(why.is_none(), egui::Button::new("Cancel shipment… (F8)"))
            .on_disabled_hover_text(why.clone().unwrap_or_default());
        if button.clicked() {
            commands.push(Command::from(PackingCommand::StartCancel));
        }
        let unlocked = state
            .features
            .supervisor
            .lock
            .as_ref()
            .is_some_and(|l| l.is_unlocked(Instant::now()));
        if unlocked && ui.button("Lock (Ctrl+L)").clicked() {
            commands.push(Command::from(SupervisorCommand::Lock));
        }
    });
    if let Some(why) = why {
        ui.label(RichText::new(why).weak());
    }
}

/// The unlock and confirmation dialogs, over everything else.
pub fn dialogs_ui(ctx: &egui::Context, state: &AppState, commands: &mut Vec<Command>) {
    let Some(open) = &state.features.packing.open else {
        return;
    };
    let Some(shipment) = open.order.shipments.get(open.shipment) else {
        return;
    };
    let order = open.order.source_reference;
    if open.take_over == TakeOverFlow::Unlocking {
        let close = PackingCommand::CloseTakeOver;
        let response = egui::Modal::new(egui::Id::unique("supervisor_unlock")).show(ctx, |ui| {
            let why = "Taking a shipment over from another station needs a supervisor. Enter the supervisor PIN.";
            unlock_ui(ui, state, why, close.clone(), commands);
        });
        if response.should_close() {
            commands.push(Command::from(close));
        }
        return;
    }
    match open.cancel {
        CancelFlow::Closed => {}
        CancelFlow::Unlocking => {
            let close = PackingCommand::CloseCancel;
            let response =
                egui::Modal::new(egui::Id::unique("supervisor_unlock")).show(ctx, |ui| {
                    let why = "Canceling needs a supervisor. Enter the supervisor PIN.";
                    unlock_ui(ui, state, why, close.clone(), commands);
                });
            if response.should_close() {
                commands.push(Command::from(close));
            }
        }
        CancelFlow::Confirming | CancelFlow::Sending => {
            let sending = open.cancel == CancelFlow::Sending;
            let response = egui::Modal::new(egui::Id::unique("confirm_cancel")).show(ctx, |ui| {
                ui.heading(format!(
                    "Cancel shipment {} of order {order}?",
                    shipment.shipment_id
                ));
                ui.label(
                    "The service is told the shipment is canceled; it can then not be labelled \
                     or fulfilled. This cannot be undone here.",
                );
                ui.horizontal(|ui| {
                    let text = format!("Cancel shipment {} of order {order}", shipment.shipment_id);
                    if ui
                        .add_enabled(!sending, egui::Button::new(RichText::new(text).strong()))
                        .clicked()
                    {
                        commands.push(Command::from(PackingCommand::ConfirmCancel));
                    }
                    if ui
                        .add_enabled(!sending, egui::Button::new("Keep the shipment (Esc)"))
                        .clicked()
                    {
                        commands.push(Command::from(PackingCommand::CloseCancel));
                    }
                    if sending {
                        ui.spinner();
                    }
                });
            });
            if response.should_close() && !sending {
                commands.push(Command::from(PackingCommand::CloseCancel));
            }
        }
    }
}

fn unlock_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    why: &str,
    close: PackingCommand,
    commands: &mut Vec<Command>,
) {
    let supervisor = &state.features.supervisor;
    ui.heading("Supervisor unlock");
    ui.label(why);
    let locked_out = supervisor
        .lock
        .as_ref()
        .and_then(|l| l.locked_out_until(Instant::now()));
    ui.horizontal(|ui| {
        let label = ui.label("PIN");
        let mut pin = supervisor.pin_input.clone();
        let response = ui
            .add_enabled(
                locked_out.is_none() && !supervisor.checking,
                egui::TextEdit::singleline(&mut pin)
                    .id(pin_id())
                    .password(true)
                    .desired_width(100.0),
            )
            .labelled_by(label.id);
        if pin != supervisor.pin_input {
            commands.push(Command::from(SupervisorCommand::SetPin(pin)));
        }
        let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let button = ui.add_enabled(
            locked_out.is_none() && !supervisor.checking && !supervisor.pin_input.is_empty(),
            egui::Button::new("Unlock"),
        );
        if button.clicked() || enter {
            commands.push(Command::from(SupervisorCommand::Unlock));
        }
        if supervisor.checking {
            ui.spinner();
        }
    });
    if let Some(message) = &supervisor.message {
        ui.label(RichText::new(message).color(ui.visuals().error_fg_color));
    }
    if ui.button("Close (Esc)").clicked() {
        commands.push(Command::from(close));
    }
}
