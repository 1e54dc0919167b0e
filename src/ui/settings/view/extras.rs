//! The slots of the settings panel that other features fill.

use egui::Ui;

/// The sections of Settings that are other features' (the supervisor's unlock and PIN, the
/// customs documents). The shell hands them in, so settings draws them without importing
/// those features; each returns what it asked for by itself.
pub trait Extras {
    /// At the top while a PIN is set: the supervisor unlock.
    fn unlock_ui(&mut self, ui: &mut Ui);
    /// Setting, changing or removing the supervisor PIN.
    fn pin_ui(&mut self, ui: &mut Ui);
    /// The customs documents' settings (kept in the warehouse record, not the settings file).
    fn customs_ui(&mut self, ui: &mut Ui);
}
