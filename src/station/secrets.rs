//! The API key and the label access token of each environment, kept in the operating system's
//! credential store through the keyring ecosystem (`keyring-core` and one store crate per
//! platform, as the `keyring` 4 documentation advises for applications): macOS Keychain,
//! Windows Credential Manager, and on Linux the Secret Service over D-Bus (`zbus`, no system
//! library) or, when no Secret Service answers, the kernel keyring (`keyutils`, kept until
//! reboot). Tests use keyring-core's in-memory mock store.
//!
//! Calls may block on D-Bus: make them from the job runner, not inside a frame.
//!
//! # Credentials on the station
//!
//! API key and access token per environment live in the OS credential store through keyring 4's
//! `keyring-core` with one store crate per platform (Secret Service over zbus or kernel keyutils on
//! Linux, Keychain, Windows Credential Manager) — the arrangement keyring 4 recommends to applications,
//! and the one that lets tests use its mock store. The settings file never holds a secret; the supervisor
//! PIN is stored as a salted argon2id hash.

use std::sync::Arc;

use keyring_core::{CredentialPersistence, Entry, Error as KeyringError};

pub use crate::api::Secret;

/// Service name of every entry; the user part is `<environment>/<kind>`.
const SERVICE: &str = "packdesk";

/// Which credential of an environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SecretKind {
    /// `x-service-direct-api-key` for landed cost and orders.
    ApiKey,
    /// Bearer token for the label endpoint.
    AccessToken,
    /// The warehouse database's password (stored under [`WAREHOUSE`] rather than an environment).
    WarehousePassword,
    /// This desk's token at a warehouse server (stored under the server's address, or
    /// [`OWN_SERVER`] for the app's own).
    DeskToken,
}

/// The "environment" name of the desk token at the app's own one-desk server.
pub const OWN_SERVER: &str = "this desk's own warehouse server";

/// The "environment" name the warehouse database's password is stored under.
pub const WAREHOUSE: &str = "warehouse database";

impl SecretKind {
    fn code(&self) -> &'static str {
        match self {
            Self::ApiKey => "api-key",
            Self::AccessToken => "access-token",
            Self::WarehousePassword => "password",
            Self::DeskToken => "desk-token",
        }
    }

    pub fn label(&self) -> &'static str {
        match self {
            Self::ApiKey => "API key",
            Self::AccessToken => "access token",
            Self::WarehousePassword => "warehouse database password",
            Self::DeskToken => "desk token",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SecretsError {
    /// No credential store answers; the sentence says what to do.
    #[error("{0}")]
    Unavailable(String),
    #[error("the credential store refused: {0}")]
    Store(String),
    #[error("the stored {0} is not text; enter it again")]
    NotText(&'static str),
}

/// The credential store the station uses.
#[derive(Clone)]
pub struct CredentialStore {
    store: Arc<keyring_core::CredentialStore>,
    name: &'static str,
}

impl std::fmt::Debug for CredentialStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CredentialStore")
            .field("name", &self.name)
            .finish()
    }
}

impl CredentialStore {
    /// The platform's credential store, checked by reading a probe entry. `Unavailable` with a
    /// plain sentence when none answers (e.g. headless Linux without a Secret Service and with
    /// the kernel keyring blocked).
    pub fn native() -> Result<Self, SecretsError> {
        let mut reasons = Vec::new();
        for (name, store) in platform_stores() {
            match store {
                Ok(store) => {
                    let candidate = Self { store, name };
                    match candidate.probe() {
                        Ok(()) => return Ok(candidate),
                        Err(e) => reasons.push(format!("{name}: {e}")),
                    }
                }
                Err(e) => reasons.push(format!("{name}: {e}")),
            }
        }
        Err(SecretsError::Unavailable(format!(
            "No credential store is available, so the API key and access token cannot be saved. \
             {} ({})",
            HOW_TO_FIX,
            reasons.join("; ")
        )))
    }

    /// keyring-core's in-memory mock store: for tests, never for real credentials.
    pub fn mock() -> Result<Self, SecretsError> {
        let store = keyring_core::mock::Store::new().map_err(store_error)?;
        Ok(Self {
            store,
            name: "mock (tests only)",
        })
    }

    /// For people: "Secret Service", "macOS Keychain", ...
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// A sentence to show when secrets here do not survive a restart, `None` when they do.
    pub fn persistence_note(&self) -> Option<&'static str> {
        match self.store.persistence() {
            CredentialPersistence::UntilDelete | CredentialPersistence::Unspecified => None,
            CredentialPersistence::UntilReboot => Some(
                "Credentials are kept in the kernel keyring until the computer restarts; enter them again after a restart.",
            ),
            _ => Some("Credentials are kept only while Packdesk runs."),
        }
    }

    pub fn set(&self, env: &str, kind: SecretKind, secret: &Secret) -> Result<(), SecretsError> {
        self.entry(env, kind)?
            .set_password(secret.expose())
            .map_err(store_error)
    }

    /// The secret, or `None` when none was saved.
    pub fn get(&self, env: &str, kind: SecretKind) -> Result<Option<Secret>, SecretsError> {
        match self.entry(env, kind)?.get_password() {
            Ok(text) => Ok(Some(Secret::new(text))),
            Err(KeyringError::NoEntry) => Ok(None),
            Err(KeyringError::BadEncoding(_)) => Err(SecretsError::NotText(kind.label())),
            Err(e) => Err(store_error(e)),
        }
    }

    /// Forgets a secret; forgetting one that was never saved is not an error.
    pub fn delete(&self, env: &str, kind: SecretKind) -> Result<(), SecretsError> {
        match self.entry(env, kind)?.delete_credential() {
            Ok(()) | Err(KeyringError::NoEntry) => Ok(()),
            Err(e) => Err(store_error(e)),
        }
    }

    /// Tests only: on keyring's mock store, the next read or write of this secret fails as a
    /// keyring that does not answer would. `false` on any other store (nothing changes).
    #[doc(hidden)]
    pub fn mock_fail_next(&self, env: &str, kind: SecretKind) -> bool {
        let Ok(entry) = self.entry(env, kind) else {
            return false;
        };
        match entry.as_any().downcast_ref::<keyring_core::mock::Cred>() {
            Some(mock) => {
                mock.set_error(KeyringError::NoStorageAccess(
                    "the mock keyring is locked".into(),
                ));
                true
            }
            None => false,
        }
    }

    fn entry(&self, env: &str, kind: SecretKind) -> Result<Entry, SecretsError> {
        self.store
            .build(SERVICE, &format!("{env}/{}", kind.code()), None)
            .map_err(store_error)
    }

    fn probe(&self) -> Result<(), KeyringError> {
        let entry = self.store.build(SERVICE, "probe", None)?;
        match entry.get_password() {
            Ok(_) | Err(KeyringError::NoEntry) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// Shows a secret without revealing it: bullets and the last 4 characters (`••••••3f9a`);
/// only bullets when it is 8 characters or shorter.
pub fn masked(secret: &Secret) -> String {
    let chars: Vec<char> = secret.expose().chars().collect();
    let tail: String = if chars.len() > 8 {
        chars.iter().skip(chars.len() - 4).collect()
    } else {
        String::new()
    };
    format!("••••••{tail}")
}

const HOW_TO_FIX: &str = if cfg!(target_os = "linux") {
    "Start a Secret Service (for example gnome-keyring or KeePassXC) in your desktop session, then open Settings again."
} else {
    "Check that the system keychain or credential manager is unlocked, then open Settings again."
};

fn store_error(e: KeyringError) -> SecretsError {
    match e {
        KeyringError::NoStorageAccess(inner) => SecretsError::Unavailable(format!(
            "The credential store is locked or refused access ({inner}). {HOW_TO_FIX}"
        )),
        KeyringError::NoDefaultStore => {
            SecretsError::Unavailable(format!("No credential store is set up. {HOW_TO_FIX}"))
        }
        KeyringError::PlatformFailure(inner) => SecretsError::Unavailable(format!(
            "The credential store does not answer ({inner}). {HOW_TO_FIX}"
        )),
        other => SecretsError::Store(other.to_string()),
    }
}

type StoreResult = Result<Arc<keyring_core::CredentialStore>, KeyringError>;

/// The stores to try on this platform, best first.
#[allow(clippy::vec_init_then_push)] // each push has its own cfg
fn platform_stores() -> Vec<(&'static str, StoreResult)> {
    // One push per platform, each behind its own cfg.
    #[allow(unused_mut)]
    let mut stores: Vec<(&'static str, StoreResult)> = Vec::new();
    #[cfg(target_os = "macos")]
    stores.push((
        "macOS Keychain",
        apple_native_keyring_store::keychain::Store::new()
            .map(|s| s as Arc<keyring_core::CredentialStore>),
    ));
    #[cfg(target_os = "windows")]
    stores.push((
        "Windows Credential Manager",
        windows_native_keyring_store::Store::new().map(|s| s as Arc<keyring_core::CredentialStore>),
    ));
    #[cfg(all(
        unix,
        not(any(target_os = "macos", target_os = "ios", target_os = "android"))
    ))]
    stores.push((
        "Secret Service",
        zbus_secret_service_keyring_store::Store::new()
            .map(|s| s as Arc<keyring_core::CredentialStore>),
    ));
    #[cfg(target_os = "linux")]
    stores.push((
        "kernel keyring",
        linux_keyutils_keyring_store::Store::new().map(|s| s as Arc<keyring_core::CredentialStore>),
    ));
    stores
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_shows_only_the_last_four() {
        assert_eq!(masked(&Secret::new("sk_live_9b1c3f9a")), "••••••3f9a");
        assert_eq!(masked(&Secret::new("short")), "••••••");
        assert_eq!(masked(&Secret::new("")), "••••••");
        assert_eq!(masked(&Secret::new("ünïcödé-κλειδί")), "••••••ειδί");
    }

    #[test]
    fn mock_store_round_trip_per_environment_and_kind() {
        let store = CredentialStore::mock().unwrap();
        assert_eq!(store.get("Sandbox", SecretKind::ApiKey).unwrap(), None);
        store
            .set("Sandbox", SecretKind::ApiKey, &Secret::new("key-1"))
            .unwrap();
        store
            .set("Sandbox", SecretKind::AccessToken, &Secret::new("token-1"))
            .unwrap();
        store
            .set("Production", SecretKind::ApiKey, &Secret::new("key-2"))
            .unwrap();
        let get = |env, kind| {
            store
                .get(env, kind)
                .unwrap()
                .map(|s| s.expose().to_string())
        };
        assert_eq!(get("Sandbox", SecretKind::ApiKey).as_deref(), Some("key-1"));
        assert_eq!(
            get("Sandbox", SecretKind::AccessToken).as_deref(),
            Some("token-1")
        );
        assert_eq!(
            get("Production", SecretKind::ApiKey).as_deref(),
            Some("key-2")
        );
        store.delete("Sandbox", SecretKind::ApiKey).unwrap();
        store.delete("Sandbox", SecretKind::ApiKey).unwrap();
        assert_eq!(get("Sandbox", SecretKind::ApiKey), None);
        assert_eq!(
            get("Sandbox", SecretKind::AccessToken).as_deref(),
            Some("token-1")
        );
    }
}
