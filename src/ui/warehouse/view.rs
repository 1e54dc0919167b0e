//! The status bar's word on the warehouse in use.

use egui::{RichText, Ui};

use super::state::WarehouseStatus;

/// The status bar: which record, and whether it can be reached.
pub fn warehouse_status_ui(ui: &mut Ui, status: &WarehouseStatus) {
    if let Some(why) = &status.unreachable {
        let red = ui.visuals().error_fg_color;
        ui.label(
            RichText::new("Warehouse server unreachable — retrying")
                .color(red)
                .strong(),
        )
        .on_hover_text(why);
        ui.separator();
    } else if status.switching {
        ui.spinner();
        ui.label("Switching the warehouse…");
        ui.separator();
    } else if status.shared {
        ui.label(RichText::new("Warehouse server").weak())
            .on_hover_text(&status.location);
        ui.separator();
    }
}
