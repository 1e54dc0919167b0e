//! Everything the settings panel shows: the draft being edited, the masked secrets, and what
//! the last save or test print did.

use std::collections::BTreeMap;

use crate::api::Secret;
use crate::station::secrets::{SecretKind, masked};
use crate::station::settings::Settings;
use crate::ui::failure::Failure;

/// The masked form of an environment's stored secrets (`None`: nothing stored).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredSecrets {
    pub api_key: Option<String>,
    pub access_token: Option<String>,
}

/// Everything the settings panel shows.
#[derive(Clone, Default)]
pub struct SettingsView {
    /// The draft being edited; saved only through [`SettingsCommand::Save`].
    pub draft: Settings,
    /// Index in `draft.environments` of the environment being edited.
    pub selected: usize,
    /// Masked stored secrets per environment name.
    pub stored: BTreeMap<String, StoredSecrets>,
    /// The shell's plain sentence when no credential store answers; secrets cannot be saved.
    pub credential_store_problem: Option<String>,
    /// e.g. "kept until the computer restarts" for the kernel keyring.
    pub credential_store_note: Option<String>,
    pub saving: bool,
    pub message: Option<String>,
    // Write-only inputs: cleared as soon as they are handed to the shell.
    pub(crate) new_api_key: String,
    pub(crate) new_access_token: String,
    pub(crate) save_tried: bool,
    pub(crate) new_environment: String,
    /// The label printer's port as typed.
    pub(crate) printer_port: String,
    /// A test print is on its way (its buttons are disabled).
    pub test_printing: bool,
    pub test_print_message: Option<String>,
    /// "Read now" of Settings → Scale is on its way, and what it said.
    pub scale_reading: bool,
    pub scale_message: Option<String>,
    /// HID scales found by "Detect scales".
    pub scales_detected: Vec<crate::station::scale::HidScale>,
    /// The Warehouse section (station record and inbox folder).
    pub warehouse: super::warehouse::WarehouseDraft,
}

// By hand: the half-typed key and token must never reach a log.
impl std::fmt::Debug for SettingsView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SettingsView")
            .field("draft", &self.draft)
            .field("selected", &self.selected)
            .field("stored", &self.stored)
            .field("credential_store_problem", &self.credential_store_problem)
            .field("saving", &self.saving)
            .field("message", &self.message)
            .finish_non_exhaustive()
    }
}

impl SettingsView {
    /// A view editing a copy of `settings`, the active environment selected.
    pub fn new(settings: Settings) -> Self {
        let selected = settings
            .environments
            .iter()
            .position(|e| e.name == settings.active_environment)
            .unwrap_or(0);
        let port = settings
            .label_printer
            .as_ref()
            .map_or(crate::station::print::RAW_PORT, |p| p.port);
        Self {
            warehouse: super::warehouse::WarehouseDraft::new(&settings),
            draft: settings,
            selected,
            printer_port: port.to_string(),
            ..Self::default()
        }
    }

    /// Records what is stored for `environment` — only its masked form is kept.
    pub fn show_stored_secret(
        &mut self,
        environment: &str,
        kind: SecretKind,
        secret: Option<&Secret>,
    ) {
        let shown = secret.map(masked);
        let entry = self.stored.entry(environment.to_string()).or_default();
        match kind {
            SecretKind::ApiKey => entry.api_key = shown,
            SecretKind::AccessToken => entry.access_token = shown,
            // Not the desk's any more (its server holds the database's), and a desk's token is
            // never shown, not even masked.
            SecretKind::WarehousePassword | SecretKind::DeskToken => {}
        }
    }

    pub fn saved(&mut self) {
        self.saving = false;
        self.save_tried = false;
        self.message = Some("Settings saved.".into());
    }

    pub fn save_failed(&mut self, problem: &str) {
        self.saving = false;
        self.message = Some(problem.to_string());
    }

    pub fn secret_saved(&mut self, environment: &str, kind: SecretKind, secret: &Secret) {
        self.show_stored_secret(environment, kind, Some(secret));
        self.message = Some(format!("The {} for {environment} is saved.", kind.label()));
    }

    pub fn secret_failed(&mut self, problem: &str) {
        self.message = Some(problem.to_string());
    }

    /// How the test print went.
    pub fn test_printed(&mut self, result: Result<String, Failure>) {
        self.test_printing = false;
        self.test_print_message = Some(match result {
            Ok(said) => format!("Test print: {said}"),
            Err(why) => format!("Test print failed: {}", why.message()),
        });
    }
}
