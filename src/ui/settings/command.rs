//! What the settings panel asks for, what its jobs end with, and how the supervisor unlock
//! stands as the panel is told.

use crate::api::Secret;
use crate::station::print::PrintTarget;
use crate::station::secrets::SecretKind;
use crate::station::settings::Settings;
pub use crate::ui::access::SupervisorGate;
use crate::ui::failure::Failure;

/// What the person asked for; the shell does it and reports back.
#[derive(Clone, PartialEq, Eq)]
pub enum SettingsCommand {
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
    /// Send a test page to this printer now, then [`SettingsView::test_printed`].
    TestPrint(PrintTarget),
    /// One reading from the scale as set in the draft.
    ReadScale(crate::station::scale::ScaleConfig),
    /// Look for USB HID scales.
    DetectScales,
    /// Exchange a supervisor's one-time code for this desk's token at the warehouse server,
    /// then [`Done::Enrolled`].
    Enroll {
        url: String,
        fingerprint: Option<String>,
        code: String,
    },
}

// By hand: a derived Debug of `SaveSecret` must not show more than `Secret` does.
impl std::fmt::Debug for SettingsCommand {
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
            Self::TestPrint(target) => f.debug_tuple("TestPrint").field(target).finish(),
            Self::ReadScale(config) => f.debug_tuple("ReadScale").field(config).finish(),
            Self::DetectScales => f.write_str("DetectScales"),
            Self::Enroll { url, .. } => f
                .debug_struct("Enroll")
                .field("url", url)
                .finish_non_exhaustive(),
        }
    }
}

/// What the settings panel's jobs end with.
pub enum Done {
    Saved {
        settings: Box<Settings>,
        result: Result<(), Failure>,
    },
    SecretSaved {
        environment: String,
        kind: SecretKind,
        result: Result<Secret, Failure>,
    },
    /// Each environment's stored secrets (masked by the panel); `None` when none is stored.
    StoredSecrets(Vec<(String, SecretKind, Option<Secret>)>),
    /// A test page was sent (where to), or why not.
    TestPrinted(Result<String, Failure>),
    /// What "Read now" read, or why nothing.
    ScaleRead(Result<crate::station::scale::Reading, Failure>),
    ScalesDetected(Vec<crate::station::scale::HidScale>),
    /// The desk is enrolled at this server (what was found), or why not.
    Enrolled(Result<String, Failure>),
}
