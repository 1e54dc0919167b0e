//! The settings panel: environments (base and label URLs, kind), write-only credentials, station
//! details, preferred units, the printers (with a test print), the supervisor PIN and the
//! scanner terminator.
//!
//! Self-contained and free of I/O: [`settings_ui`] edits a draft of
//! [`Settings`](crate::station::settings::Settings) and returns [`SettingsIntent`]s; the shell
//! saves the file, writes secrets to the credential store and hashes the PIN, then reports back
//! through the `SettingsView` methods. The view never holds a stored secret, only its masked form.
//!
//! Once a supervisor PIN is set, the sections that change the service, the keys, the station
//! record and the printers are read-only until a supervisor unlocks them (the same unlock as
//! cancelling; the shell says how it stands in a [`SupervisorGate`]), and changing or removing
//! the PIN needs the current one.

mod check;
mod printers_ui;
mod settings_ui;
mod supervisor_ui;

use std::time::Duration;

use std::collections::BTreeMap;

pub use check::{environment_problems, pin_problem, url_problem};
pub use settings_ui::settings_ui;
pub use supervisor_ui::{locked_out_line, tries_left};

use crate::api::Secret;
use crate::station::secrets::{SecretKind, masked};
use crate::station::settings::Settings;

/// What the person asked for; the shell does it and reports back.
#[derive(Clone, PartialEq, Eq)]
pub enum SettingsIntent {
    /// Write these settings (the URLs passed the checks), then [`SettingsView::saved`] or
    /// [`SettingsView::save_failed`].
    Save(Box<Settings>),
    /// Store this secret for the environment in the credential store, then
    /// [`SettingsView::secret_saved`] or [`SettingsView::secret_failed`].
    SaveSecret {
        environment: String,
        kind: SecretKind,
        secret: Secret,
    },
    /// Set the PIN (4–8 digits, typed twice), keeping only its hash. With a PIN set, `current`
    /// is checked first (a wrong one counts as a wrong try of the supervisor unlock). Then
    /// [`SettingsView::pin_set`] or [`SettingsView::pin_changed`] with the hash,
    /// [`SettingsView::pin_refused`] (current PIN wrong or missing) or
    /// [`SettingsView::pin_failed`].
    SetPin {
        current: Option<Secret>,
        pin: Secret,
    },
    /// Remove the PIN after checking the current one, then [`SettingsView::pin_removed`] or
    /// [`SettingsView::pin_refused`].
    RemovePin { current: Secret },
    /// Unlock the supervisor's sections with this PIN (the unlock cancelling uses too), then
    /// [`SettingsView::unlocked`] or [`SettingsView::unlock_refused`].
    Unlock(Secret),
    /// Lock the supervisor functions again (the supervisor is done).
    Lock,
    /// Send a test page to this printer now, then [`SettingsView::test_printed`].
    TestPrint(crate::station::print::PrintTarget),
    /// The Warehouse section's test connection or password (`ui::warehouse`).
    Warehouse(crate::ui::warehouse::WarehouseIntent),
}

// By hand: a derived Debug of `SaveSecret`/`SetPin` must not show more than `Secret` does.
impl std::fmt::Debug for SettingsIntent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Save(settings) => f.debug_tuple("Save").field(settings).finish(),
            Self::SaveSecret {
                environment,
                kind,
                secret,
            } => f
                .debug_struct("SaveSecret")
                .field("environment", environment)
                .field("kind", kind)
                .field("secret", secret)
                .finish(),
            Self::SetPin { current, pin } => f
                .debug_struct("SetPin")
                .field("current", current)
                .field("pin", pin)
                .finish(),
            Self::RemovePin { current } => f
                .debug_struct("RemovePin")
                .field("current", current)
                .finish(),
            Self::Unlock(pin) => f.debug_tuple("Unlock").field(pin).finish(),
            Self::Lock => f.write_str("Lock"),
            Self::TestPrint(target) => f.debug_tuple("TestPrint").field(target).finish(),
            Self::Warehouse(intent) => f.debug_tuple("Warehouse").field(intent).finish(),
        }
    }
}

/// How the supervisor unlock stands, as the shell tells the panel each frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SupervisorGate {
    /// A supervisor PIN is set (without one nothing is locked: the first set-up).
    pub pin_set: bool,
    /// The PIN was entered recently enough to act as supervisor.
    pub unlocked: bool,
    /// How long the lockout after too many wrong PINs still runs.
    pub locked_out_for: Option<Duration>,
    /// A PIN is being checked.
    pub checking: bool,
}

impl SupervisorGate {
    /// Whether the supervisor's sections are read-only now.
    pub fn locked(&self) -> bool {
        self.pin_set && !self.unlocked
    }
}

/// The masked form of an environment's stored secrets (`None`: nothing stored).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredSecrets {
    pub api_key: Option<String>,
    pub access_token: Option<String>,
}

/// Everything the settings panel shows.
#[derive(Clone, Default)]
pub struct SettingsView {
    /// The draft being edited; saved only through [`SettingsIntent::Save`].
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
    pub(crate) pin: String,
    pub(crate) pin_again: String,
    pub(crate) pin_tried: bool,
    /// The PIN in force, to change or remove it.
    pub(crate) current_pin: String,
    /// The PIN that unlocks the supervisor's sections.
    pub(crate) unlock_pin: String,
    /// Said under "Current PIN": why the PIN was not changed or removed.
    pub current_pin_message: Option<String>,
    /// Said under "Supervisor PIN": why the unlock did not happen.
    pub unlock_message: Option<String>,
    /// A PIN change or removal is on its way (its buttons are disabled).
    pub pin_working: bool,
    pub(crate) save_tried: bool,
    pub(crate) new_environment: String,
    /// The label printer's port as typed.
    pub(crate) printer_port: String,
    /// A test print is on its way (its buttons are disabled).
    pub test_printing: bool,
    pub test_print_message: Option<String>,
    /// The Warehouse section (station record and inbox folder).
    pub warehouse: crate::ui::warehouse::WarehouseDraft,
}

// By hand: the half-typed key, token and PIN must never reach a log.
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
            warehouse: crate::ui::warehouse::WarehouseDraft::new(&settings),
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
            SecretKind::WarehousePassword => self.warehouse.stored_password = shown,
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
        self.message = Some(match kind {
            SecretKind::WarehousePassword => "The warehouse database password is saved.".into(),
            _ => format!("The {} for {environment} is saved.", kind.label()),
        });
    }

    pub fn secret_failed(&mut self, problem: &str) {
        self.message = Some(problem.to_string());
    }

    /// The first PIN was hashed; `phc` is the hash to keep in the draft.
    pub fn pin_set(&mut self, phc: String) {
        self.pin_done(Some(phc), "Supervisor PIN set.");
    }

    /// The current PIN was right and the new one is in force.
    pub fn pin_changed(&mut self, phc: String) {
        self.pin_done(Some(phc), "Supervisor PIN changed.");
    }

    /// The current PIN was right and no PIN is in force any more.
    pub fn pin_removed(&mut self) {
        self.pin_done(
            None,
            "Supervisor PIN removed: cancelling and discarding need a new one, and every \
             section of Settings is open until one is set.",
        );
    }

    fn pin_done(&mut self, phc: Option<String>, said: &str) {
        self.draft.supervisor_pin_hash = phc;
        self.pin_working = false;
        self.current_pin_message = None;
        self.message = Some(said.into());
    }

    /// The PIN was not changed or removed: the current PIN was wrong, missing or locked out.
    pub fn pin_refused(&mut self, why: &str) {
        self.pin_working = false;
        self.current_pin_message = Some(why.to_string());
    }

    /// The supervisor's sections were unlocked.
    pub fn unlocked(&mut self) {
        self.unlock_message = None;
    }

    /// The unlock did not happen: a wrong PIN, or locked out.
    pub fn unlock_refused(&mut self, why: &str) {
        self.unlock_message = Some(why.to_string());
    }

    /// How the test print went.
    pub fn test_printed(&mut self, result: Result<String, String>) {
        self.test_printing = false;
        self.test_print_message = Some(match result {
            Ok(said) => format!("Test print: {said}"),
            Err(why) => format!("Test print failed: {why}"),
        });
    }

    pub fn pin_failed(&mut self, problem: &str) {
        self.pin_working = false;
        self.message = Some(problem.to_string());
    }
}
