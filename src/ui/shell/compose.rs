//! Where one feature's screen shows another feature's parts: the shell fills the slots a screen
//! declares (its `Extras` trait), so the two features never import each other.

use crate::station::db::LabelId;
use crate::ui::access::SupervisorGate;
use crate::ui::command::Command;
use crate::ui::customs::state::Customs;
use crate::ui::import::state::ImportView;
use crate::ui::supervisor::state::PinSection;
use crate::ui::{customs, import, orders, packing, settings, supervisor};

/// Customs' notes and documents inside the open order.
pub struct PackingExtras<'a> {
    pub customs: &'a Customs,
}

impl packing::Extras for PackingExtras<'_> {
    fn item_notes_ui(&self, ui: &mut egui::Ui, source_line_id: &str) {
        customs::view::item_notes_ui(ui, self.customs, source_line_id);
    }

    fn shipment_notes_ui(&self, ui: &mut egui::Ui) {
        customs::view::shipment_notes_ui(ui, self.customs);
    }

    fn documents_ui(
        &self,
        ui: &mut egui::Ui,
        label: LabelId,
        refused: Option<&str>,
        commands: &mut Vec<Command>,
    ) {
        customs::view::documents_ui(ui, self.customs, label, refused, commands);
    }
}

/// The import button and its report on the orders screen.
pub struct OrdersExtras<'a> {
    pub import: &'a ImportView,
}

impl orders::Extras for OrdersExtras<'_> {
    fn controls_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        import::view::import_button_ui(ui, self.import, commands);
    }

    fn report_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        import::view::report_ui(ui, self.import, commands);
    }
}

/// The supervisor's unlock and PIN sections, and customs' documents section, in Settings.
pub struct SettingsExtras<'a> {
    /// How the supervisor unlock stands now.
    pub gate: SupervisorGate,
    pub pin: &'a mut PinSection,
    pub customs: &'a Customs,
    pub commands: &'a mut Vec<Command>,
}

impl settings::Extras for SettingsExtras<'_> {
    fn unlock_ui(&mut self, ui: &mut egui::Ui) {
        let asked = supervisor::unlock_section_ui(ui, self.pin, &self.gate);
        self.commands.extend(asked.into_iter().map(Command::from));
    }

    fn pin_ui(&mut self, ui: &mut egui::Ui) {
        let asked = supervisor::pin_section_ui(ui, self.pin, &self.gate);
        self.commands.extend(asked.into_iter().map(Command::from));
    }

    fn customs_ui(&mut self, ui: &mut egui::Ui) {
        let locked = self.gate.locked();
        customs::view::settings_section_ui(ui, self.customs, locked, self.commands);
    }
}
