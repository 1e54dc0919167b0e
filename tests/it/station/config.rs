//! Settings, credentials in keyring's mock store, and the supervisor PIN.

use std::time::{Duration, Instant};

use packdesk::api::Secret;
use packdesk::station::pin::{self, SupervisorLock, UnlockResult};
use packdesk::station::secrets::{CredentialStore, SecretKind, masked};
use packdesk::station::settings::{Environment, EnvironmentKind, Settings, SettingsError, Units};
use serde_json::Value;

#[test]
fn settings_round_trip_tolerate_damage_and_never_hold_a_secret() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config/settings.json");
    assert_eq!(Settings::load(&path).unwrap(), Settings::default());

    let mut settings = Settings::default();
    settings.environments.push(Environment {
        name: "Production".into(),
        kind: EnvironmentKind::Production,
        base_url: "https://api.example.com".into(),
        labels_url: "https://labels.example.com/api/post/fc/labels".into(),
        allow_plain_http: false,
    });
    settings.active_environment = "Production".into();
    settings.location_code = "BER-1".into();
    settings.units = Units::Imperial;
    settings.set_supervisor_pin("4711").unwrap();
    settings.save(&path).unwrap();
    let loaded = Settings::load(&path).unwrap();
    assert_eq!(loaded, settings);
    assert_eq!(loaded.active().kind, EnvironmentKind::Production);
    assert!(pin::verify_pin(
        "4711",
        loaded.supervisor_pin_hash.as_deref().unwrap()
    ));
    let files: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(files, ["settings.json"], "no temporary file left behind");

    // Credentials go to the credential store; the file holds none of them.
    let store = CredentialStore::mock().unwrap();
    store
        .set(
            "Production",
            SecretKind::ApiKey,
            &Secret::new("sk_live_51Hx9b1c3f9a"),
        )
        .unwrap();
    store
        .set(
            "Production",
            SecretKind::AccessToken,
            &Secret::new("eyJhbGciOiJIUzI1NiJ9.tok"),
        )
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("sk_live") && !text.contains("eyJhbGci") && !text.contains("4711"));
    fn keys(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => map.iter().for_each(|(k, v)| {
                out.push(k.to_lowercase());
                keys(v, out)
            }),
            Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
            _ => {}
        }
    }
    let mut names = Vec::new();
    keys(&serde_json::from_str(&text).unwrap(), &mut names);
    for word in ["key", "token", "secret", "password"] {
        assert!(
            names.iter().all(|n| !n.contains(word)),
            "{word} in {names:?}"
        );
    }
    assert_eq!(
        masked(
            &store
                .get("Production", SecretKind::ApiKey)
                .unwrap()
                .unwrap()
        ),
        "••••••3f9a"
    );

    // A damaged file: a clear error, a backup of it, and defaults.
    std::fs::write(&path, "{\"station_name\": ").unwrap();
    let err = Settings::load(&path).unwrap_err();
    let SettingsError::Damaged { backup, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(
        std::fs::read_to_string(backup).unwrap(),
        "{\"station_name\": "
    );
    assert!(err.to_string().contains("damaged"), "{err}");
    let (settings, problem) = Settings::load_or_default(&path);
    assert_eq!((settings, problem.is_some()), (Settings::default(), true));
}

#[test]
fn mock_credential_stores_round_trip_and_are_separate() {
    let first = CredentialStore::mock().unwrap();
    let second = CredentialStore::mock().unwrap();
    first
        .set(
            "Sandbox",
            SecretKind::AccessToken,
            &Secret::new("token-abcdefgh1234"),
        )
        .unwrap();
    let got = first
        .get("Sandbox", SecretKind::AccessToken)
        .unwrap()
        .unwrap();
    assert_eq!(got.expose(), "token-abcdefgh1234");
    assert!(
        !format!("{got:?}").contains("abcdefgh"),
        "Debug never shows a secret"
    );
    assert_eq!(
        second.get("Sandbox", SecretKind::AccessToken).unwrap(),
        None
    );
    assert_eq!(first.get("Sandbox", SecretKind::ApiKey).unwrap(), None);
    first.delete("Sandbox", SecretKind::AccessToken).unwrap();
    assert_eq!(first.get("Sandbox", SecretKind::AccessToken).unwrap(), None);
    assert!(
        first.persistence_note().is_some(),
        "the mock keeps nothing past the process"
    );
}

#[test]
fn supervisor_lock_out_timeline_with_an_injected_clock() {
    let t0 = Instant::now();
    let minute = Duration::from_secs(60);
    let mut lock = SupervisorLock::new(pin::hash_pin("8642").unwrap(), 10 * minute);
    assert_eq!(
        lock.try_unlock("0000", t0),
        UnlockResult::Wrong { tries_left: 2 }
    );
    assert_eq!(
        lock.try_unlock("1111", t0 + minute),
        UnlockResult::Wrong { tries_left: 1 }
    );
    let until = t0 + 2 * minute + pin::LOCKOUT;
    assert_eq!(
        lock.try_unlock("2222", t0 + 2 * minute),
        UnlockResult::LockedOut { until }
    );
    // While locked out even the right PIN is refused, without being checked.
    assert_eq!(
        lock.try_unlock("8642", until - Duration::from_secs(1)),
        UnlockResult::LockedOut { until }
    );
    assert!(!lock.is_unlocked(until - Duration::from_secs(1)));
    // After the lockout the count starts again.
    assert_eq!(
        lock.try_unlock("3333", until),
        UnlockResult::Wrong { tries_left: 2 }
    );
    assert_eq!(
        lock.try_unlock("8642", until + minute),
        UnlockResult::Unlocked
    );
    assert!(lock.is_unlocked(until + 10 * minute - Duration::from_secs(1)));
    assert!(
        !lock.is_unlocked(until + 11 * minute),
        "relocked after 10 idle minutes"
    );
    assert_eq!(pin::MAX_WRONG_TRIES, 3);
    assert_eq!(pin::LOCKOUT, 5 * minute);
}
