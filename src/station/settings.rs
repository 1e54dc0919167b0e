//! Station settings: a JSON file in the platform's config directory. It never holds a secret —
//! the API key and access token live in the OS credential store (`secrets`), and the supervisor
//! PIN only as a salted argon2 hash.
//!
//! Loading tolerates a missing file (defaults) and a damaged one (it is copied aside to
//! `settings.json.damaged`, the error says so, and defaults are used). Saving writes a temporary
//! file and renames it over the old one, so a crash never leaves half a file.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::pin::{self, PinError};
use super::print::{PrintTarget, SpoolerPrinter, ZplPrinter};

/// Name of the built-in environment served by the in-process reference service.
pub const EMBEDDED_ENVIRONMENT: &str = "Embedded sandbox";

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("could not read or write the settings file {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the settings file {path} is damaged ({reason}); it was copied to {backup} and the defaults are used"
    )]
    Damaged {
        path: PathBuf,
        backup: PathBuf,
        reason: String,
    },
    #[error("the settings could not be written as JSON: {0}")]
    Encode(String),
    #[error("{0}")]
    Environment(String),
}

/// Which service an environment talks to; the window title and badge show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnvironmentKind {
    /// The reference service started inside the app on loopback, with demo orders.
    EmbeddedSandbox,
    Sandbox,
    Production,
}

impl EnvironmentKind {
    pub fn label(&self) -> &'static str {
        match self {
            Self::EmbeddedSandbox => "Embedded sandbox",
            Self::Sandbox => "Sandbox",
            Self::Production => "Production",
        }
    }
}

/// A service the station can talk to. Its credentials are in the credential store under its
/// `name`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Environment {
    pub name: String,
    pub kind: EnvironmentKind,
    /// `{base_url}` of SPEC.md (landed cost and orders). For the embedded environment it is
    /// set at start-up to the in-process service's address.
    pub base_url: String,
    /// `{labels_url}` of SPEC.md.
    pub labels_url: String,
    /// Allow `http://` to hosts other than loopback (never for production use).
    #[serde(default)]
    pub allow_plain_http: bool,
}

impl Environment {
    /// The built-in embedded environment; its URLs are filled in when the service starts.
    pub fn embedded() -> Self {
        Self {
            name: EMBEDDED_ENVIRONMENT.into(),
            kind: EnvironmentKind::EmbeddedSandbox,
            base_url: String::new(),
            labels_url: String::new(),
            allow_plain_http: false,
        }
    }

    /// Checks both URLs: absolute http(s) URLs, and HTTPS unless the host is loopback or
    /// `allow_plain_http` is set. The embedded environment's URLs may be empty until start-up.
    pub fn check_urls(&self) -> Result<(), SettingsError> {
        for (what, text) in [
            ("base URL", &self.base_url),
            ("label URL", &self.labels_url),
        ] {
            if self.kind == EnvironmentKind::EmbeddedSandbox && text.is_empty() {
                continue;
            }
            let problem = |why: &str| {
                SettingsError::Environment(format!("{} {what} {text:?} {why}", self.name))
            };
            let url = url::Url::parse(text).map_err(|_| problem("is not a URL"))?;
            if carries_credentials(&url) {
                // Said without the address: it holds what must not be shown or logged.
                return Err(SettingsError::Environment(format!(
                    "{} {what} carries a user name or password: take it out of the address and \
                     put the key in the API key field (kept in the credential store, never in a \
                     file)",
                    self.name
                )));
            }
            let loopback = match url.host() {
                Some(url::Host::Domain(host)) => host.eq_ignore_ascii_case("localhost"),
                Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
                Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
                None => return Err(problem("has no host")),
            };
            match url.scheme() {
                "https" => {}
                "http" if loopback || self.allow_plain_http => {}
                "http" => return Err(problem("must use https (or allow plain HTTP for it)")),
                _ => return Err(problem("must start with https://")),
            }
        }
        Ok(())
    }
}

/// Preferred units for weights and dimensions in forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Units {
    /// Grams and centimetres.
    #[default]
    Metric,
    /// Pounds and inches.
    Imperial,
}

/// What the barcode scanner sends after a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScannerTerminator {
    #[default]
    Enter,
    Tab,
    /// Line feed (`\n`).
    Lf,
    /// End of transmission (`\x04`).
    Eot,
}

impl ScannerTerminator {
    /// The character the scanner sends.
    pub fn as_char(&self) -> char {
        match self {
            Self::Enter => '\r',
            Self::Tab => '\t',
            Self::Lf => '\n',
            Self::Eot => '\u{4}',
        }
    }
}

/// Everything the station remembers between runs. No secrets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The embedded environment is always first and always present.
    pub environments: Vec<Environment>,
    /// Name of the environment in use.
    pub active_environment: String,
    pub station_name: String,
    /// Sent as the fulfillment `location` and the label `locationCode`.
    pub location_code: String,
    pub default_carrier: String,
    /// Sent as the label `brandCode`.
    pub brand_code: String,
    pub units: Units,
    /// PHC string of the supervisor PIN (argon2id, salted); `None` until one is set.
    pub supervisor_pin_hash: Option<String>,
    pub scanner_terminator: ScannerTerminator,
    /// The thermal label printer (raw ZPL over TCP); `None`: labels go to the document printer.
    pub label_printer: Option<ZplPrinter>,
    /// The office printer (PDF through the spooler); `None`: not set.
    pub document_printer: Option<SpoolerPrinter>,
    /// The warehouse database every desk shares, `postgres://user@host:5432/database` without
    /// its password (that is in the credential store); `None`: this desk only (SQLite).
    pub warehouse_database: Option<String>,
    /// The warehouse server this desk is enrolled at (`https://warehouse.local:8443`); `None`:
    /// the app runs its own one-desk server on this desk's file. The desk's token is in the
    /// credential store under this address.
    #[serde(default)]
    pub warehouse_server: Option<String>,
    /// The server certificate's SHA-256 the desk was enrolled with; `None`: the system's
    /// trust store decides.
    #[serde(default)]
    pub warehouse_fingerprint: Option<String>,
    /// A folder watched for import files (`None`: no inbox); see `station::inbox`.
    pub inbox_folder: Option<PathBuf>,
    /// The largest import file this desk takes, in MB (from the inbox, the dialog, a drop or
    /// `packdesk import`); a larger one is refused unread, with this limit in its report.
    pub import_max_mb: u32,
    /// With people set up, whoever is signed in is signed out after this many minutes without
    /// a key, click or scan at the desk (0: never).
    pub idle_sign_out_minutes: u32,
    /// The desk's scale (`station::scale`): none, a USB HID scale or a serial one.
    pub scale: crate::station::scale::ScaleConfig,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            environments: vec![Environment::embedded()],
            active_environment: EMBEDDED_ENVIRONMENT.into(),
            station_name: "Packing station".into(),
            location_code: String::new(),
            default_carrier: String::new(),
            brand_code: String::new(),
            units: Units::Metric,
            supervisor_pin_hash: None,
            scanner_terminator: ScannerTerminator::Enter,
            label_printer: None,
            document_printer: None,
            warehouse_database: None,
            warehouse_server: None,
            warehouse_fingerprint: None,
            inbox_folder: None,
            import_max_mb: IMPORT_MAX_MB,
            idle_sign_out_minutes: 15,
            scale: crate::station::scale::ScaleConfig::None,
        }
    }
}

/// Why a warehouse server address with `user:password@` in it is not kept: settings are a file.
pub const WAREHOUSE_URL_WITH_PASSWORD: &str = "Take the name and password out of the warehouse \
    server's address: a desk signs in with its enrollment code (its token is kept in the \
    credential store, never in a file).";

/// [`Settings::import_max_mb`] unless set: 10 000 orders are about 40 MB.
pub const IMPORT_MAX_MB: u32 = 50;

impl Settings {
    /// The import limit in bytes (at least one MB, whatever the file says).
    pub fn import_max_bytes(&self) -> u64 {
        u64::from(self.import_max_mb.max(1)) * 1_000_000
    }

    /// `settings.json` in the platform's config directory, when the platform has one.
    pub fn default_path() -> Option<PathBuf> {
        super::project_dirs().map(|dirs| dirs.config_dir().join("settings.json"))
    }

    /// Reads the settings at `path`: defaults when there is no file; `Damaged` (after copying
    /// the file aside) when it cannot be understood. Use [`Settings::load_or_default`] to go
    /// on with defaults and show the error.
    pub fn load(path: &Path) -> Result<Settings, SettingsError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
            Err(source) => {
                return Err(SettingsError::Io {
                    path: path.to_path_buf(),
                    source,
                });
            }
        };
        match serde_json::from_str::<Settings>(&text) {
            Ok(mut settings) => {
                settings.normalize();
                Ok(settings)
            }
            Err(e) => {
                let backup = sibling(path, "damaged");
                std::fs::copy(path, &backup).map_err(|source| SettingsError::Io {
                    path: backup.clone(),
                    source,
                })?;
                Err(SettingsError::Damaged {
                    path: path.to_path_buf(),
                    backup,
                    reason: e.to_string(),
                })
            }
        }
    }

    /// The settings at `path`, or the defaults with the error to show when they could not be
    /// read.
    pub fn load_or_default(path: &Path) -> (Settings, Option<SettingsError>) {
        match Self::load(path) {
            Ok(settings) => (settings, None),
            Err(e) => (Settings::default(), Some(e)),
        }
    }

    /// Writes the settings atomically (temporary file, flushed, renamed over the old one),
    /// readable by this user only: they name the desk's warehouse and printers.
    pub fn save(&self, path: &Path) -> Result<(), SettingsError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| SettingsError::Io { path, source }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
        }
        // A password typed into an address would land in this file: never kept.
        if self.warehouse_server.as_deref().is_some_and(has_userinfo) {
            return Err(SettingsError::Environment(
                WAREHOUSE_URL_WITH_PASSWORD.into(),
            ));
        }
        for env in &self.environments {
            if has_userinfo(&env.base_url) || has_userinfo(&env.labels_url) {
                env.check_urls()?;
            }
        }
        let text =
            serde_json::to_string_pretty(self).map_err(|e| SettingsError::Encode(e.to_string()))?;
        crate::private_file::write(path, text.as_bytes(), crate::private_file::Write::Replace)
            .map_err(io(path))
    }

    /// The environment in use (the embedded one when the name is unknown).
    pub fn active(&self) -> &Environment {
        self.environments
            .iter()
            .find(|e| e.name == self.active_environment)
            .or_else(|| self.environments.first())
            .unwrap_or(&EMBEDDED)
    }

    /// Where a label prints: the label printer (ZPL), else the document printer (PDF).
    pub fn label_target(&self) -> Option<PrintTarget> {
        match (&self.label_printer, &self.document_printer) {
            (Some(zpl), _) => Some(PrintTarget::Zpl(zpl.clone())),
            (None, Some(spooler)) => Some(PrintTarget::Spooler(spooler.clone())),
            (None, None) => None,
        }
    }

    pub fn environment_mut(&mut self, name: &str) -> Option<&mut Environment> {
        self.environments.iter_mut().find(|e| e.name == name)
    }

    /// Sets the supervisor PIN (4–8 digits), keeping only its salted hash.
    pub fn set_supervisor_pin(&mut self, pin: &str) -> Result<(), PinError> {
        self.supervisor_pin_hash = Some(pin::hash_pin(pin)?);
        Ok(())
    }

    /// Puts the built-in embedded environment first if a file lost it, and drops duplicates.
    fn normalize(&mut self) {
        let mut seen = std::collections::HashSet::new();
        self.environments.retain(|e| seen.insert(e.name.clone()));
        let embedded = self
            .environments
            .iter()
            .position(|e| e.kind == EnvironmentKind::EmbeddedSandbox);
        match embedded {
            Some(0) => {}
            Some(i) => {
                let env = self.environments.remove(i);
                self.environments.insert(0, env);
            }
            None => self.environments.insert(0, Environment::embedded()),
        }
    }
}

static EMBEDDED: std::sync::LazyLock<Environment> = std::sync::LazyLock::new(Environment::embedded);

/// Whether an address carries `user@` or `user:password@`, which a settings file must not keep.
pub fn carries_credentials(url: &url::Url) -> bool {
    !url.username().is_empty() || url.password().is_some()
}

/// [`carries_credentials`] of an address as typed (one that is no URL carries none).
fn has_userinfo(text: &str) -> bool {
    url::Url::parse(text).is_ok_and(|url| carries_credentials(&url))
}

/// `settings.json` -> `settings.json.<suffix>` in the same directory (same file system, so a
/// rename is atomic).
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(kind: EnvironmentKind, base: &str, plain: bool) -> Environment {
        Environment {
            name: "Test".into(),
            kind,
            base_url: base.into(),
            labels_url: "https://labels.example.com/api/post/fc/labels".into(),
            allow_plain_http: plain,
        }
    }

    #[test]
    fn plain_http_only_to_loopback_or_when_allowed() {
        let ok = |e: Environment| e.check_urls().is_ok();
        assert!(ok(env(
            EnvironmentKind::Production,
            "https://api.example.com",
            false
        )));
        assert!(ok(env(
            EnvironmentKind::Sandbox,
            "http://127.0.0.1:8080",
            false
        )));
        assert!(ok(env(
            EnvironmentKind::Sandbox,
            "http://localhost:8080",
            false
        )));
        assert!(ok(env(
            EnvironmentKind::Sandbox,
            "http://[::1]:8080",
            false
        )));
        assert!(!ok(env(
            EnvironmentKind::Sandbox,
            "http://sandbox.example.com",
            false
        )));
        assert!(ok(env(
            EnvironmentKind::Sandbox,
            "http://sandbox.example.com",
            true
        )));
        assert!(!ok(env(
            EnvironmentKind::Production,
            "ftp://api.example.com",
            false
        )));
        assert!(!ok(env(
            EnvironmentKind::Production,
            "api.example.com",
            false
        )));
        assert!(!ok(env(EnvironmentKind::Production, "", false)));
        assert!(Environment::embedded().check_urls().is_ok());
    }

    #[test]
    fn the_embedded_environment_is_always_first() {
        let text = r#"{"environments": [{"name": "Sandbox", "kind": "sandbox",
            "base_url": "https://s.example.com", "labels_url": "https://l.example.com"}],
            "active_environment": "Gone", "units": "imperial"}"#;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, text).unwrap();
        let settings = Settings::load(&path).unwrap();
        let names: Vec<&str> = settings
            .environments
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(names, [EMBEDDED_ENVIRONMENT, "Sandbox"]);
        assert_eq!(settings.units, Units::Imperial);
        assert_eq!(
            settings.station_name, "Packing station",
            "missing fields take defaults"
        );
        assert_eq!(settings.active().kind, EnvironmentKind::EmbeddedSandbox);
    }

    #[test]
    fn scanner_terminators_are_the_characters_scanners_send() {
        let chars: Vec<char> = [
            ScannerTerminator::Enter,
            ScannerTerminator::Tab,
            ScannerTerminator::Lf,
            ScannerTerminator::Eot,
        ]
        .iter()
        .map(ScannerTerminator::as_char)
        .collect();
        assert_eq!(chars, ['\r', '\t', '\n', '\u{4}']);
    }
}
