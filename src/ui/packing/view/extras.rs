//! The slots of the open order that other features fill.

use crate::station::db::LabelId;
use crate::ui::command::Command;

/// What other features draw inside the open order (customs' notes and documents). The shell
/// hands it in, so packing draws them without importing those features.
pub trait Extras {
    /// Under the shipment's list of items: what concerns one item (by its source line).
    fn item_notes_ui(&self, ui: &mut egui::Ui, source_line_id: &str);
    /// Under the items: what concerns the whole shipment.
    fn shipment_notes_ui(&self, ui: &mut egui::Ui);
    /// Beside a ready label: its paperwork. `refused` says why this person may not print.
    fn documents_ui(
        &self,
        ui: &mut egui::Ui,
        label: LabelId,
        refused: Option<&str>,
        commands: &mut Vec<Command>,
    );
}
