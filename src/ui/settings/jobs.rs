//! The settings panel's work: the settings file, the credential store, and test prints.

use std::path::PathBuf;

use super::command::Done;
use crate::api::Secret;
use crate::station::print::{self, PrintTarget, ZplTimeouts};
use crate::station::secrets::{CredentialStore, SecretKind};
use crate::station::settings::Settings;
use crate::ui::failure::Failure;
use crate::ui::shell::warehouse_link;

/// Writes the settings file; the embedded environment's addresses are not kept (they change
/// with every start).
pub async fn save_settings(path: PathBuf, settings: Settings) -> Done {
    let result = crate::ui::settings_file::write_settings(path, settings.clone()).await;
    Done::Saved {
        settings: Box::new(settings),
        result,
    }
}

pub async fn save_secret(
    store: Option<CredentialStore>,
    environment: String,
    kind: SecretKind,
    secret: Secret,
) -> Done {
    let result = match store {
        None => Err(Failure::Keyring(
            "No credential store is available, so it cannot be saved.".into(),
        )),
        Some(store) => {
            let (env, value) = (environment.clone(), secret.clone());
            tokio::task::spawn_blocking(move || store.set(&env, kind, &value))
                .await
                .map_err(|e| Failure::Keyring(e.to_string()))
                .and_then(|r| r.map_err(|e| Failure::Keyring(e.to_string())))
                .map(|()| secret)
        }
    };
    Done::SecretSaved {
        environment,
        kind,
        result,
    }
}

/// The stored secrets of every environment, for the settings panel to show masked.
pub async fn stored_secrets(store: CredentialStore, environments: Vec<String>) -> Done {
    let found = tokio::task::spawn_blocking(move || {
        let mut found = Vec::new();
        for env in environments {
            for kind in [SecretKind::ApiKey, SecretKind::AccessToken] {
                found.push((env.clone(), kind, store.get(&env, kind).ok().flatten()));
            }
        }
        found
    })
    .await
    .unwrap_or_default();
    Done::StoredSecrets(found)
}

/// One reading of the scale as configured, in words ("0.420 kg, stable").
pub async fn read_scale(config: crate::station::scale::ScaleConfig) -> Done {
    let read = tokio::task::spawn_blocking(move || {
        crate::station::scale::read_once(&config, std::time::Duration::from_secs(2))
    })
    .await;
    Done::ScaleRead(match read {
        Ok(Ok(reading)) => Ok(reading),
        Ok(Err(e)) => Err(Failure::Other(e.to_string())),
        Err(e) => Err(Failure::Other(format!("Reading stopped: {e}."))),
    })
}

pub async fn detect_scales() -> Done {
    let found = tokio::task::spawn_blocking(crate::station::scale::discover_hid).await;
    Done::ScalesDetected(found.unwrap_or_default())
}

/// Sends the test page to a printer straight away (a test is not a queued job).
pub async fn test_print(target: PrintTarget, station: String) -> Done {
    let sent = tokio::task::spawn_blocking(move || match &target {
        PrintTarget::Zpl(printer) => print::send_zpl(
            printer,
            &print::test_label_zpl(&station),
            ZplTimeouts::default(),
        ),
        PrintTarget::Spooler(printer) => print::spool_pdf(printer, &print::test_page_pdf(&station)),
    })
    .await;
    Done::TestPrinted(match sent {
        Ok(result) => result.map_err(|e| Failure::Printer(e.to_string())),
        Err(e) => Err(Failure::Printer(format!("The test print stopped: {e}."))),
    })
}

/// The names of the settings that differ (never their values: a PIN hash is one of them).
pub fn changed_fields(before: &Settings, after: &Settings) -> Vec<String> {
    let (Ok(serde_json::Value::Object(before)), Ok(serde_json::Value::Object(after))) =
        (serde_json::to_value(before), serde_json::to_value(after))
    else {
        return Vec::new();
    };
    after
        .iter()
        .filter(|(name, value)| before.get(*name) != Some(value))
        .map(|(name, _)| name.clone())
        .collect()
}

/// Enrolls this desk at a warehouse server: its token goes to the credential store.
pub async fn enroll(
    url: String,
    fingerprint: Option<String>,
    code: String,
    store: Option<CredentialStore>,
) -> Done {
    let Some(store) = store else {
        return Done::Enrolled(Err(Failure::Keyring(
            "No credential store is available to keep this desk's token; see the note above."
                .into(),
        )));
    };
    let result = warehouse_link::enroll(&url, fingerprint.as_deref(), &code, &store).await;
    Done::Enrolled(
        result
            .map(|()| format!("This desk is enrolled at {url}. Save the settings to use it."))
            .map_err(|e| Failure::Other(e.to_string())),
    )
}
