//! The settings panel: secrets are write-only, the PIN is typed twice (and changed only with the
//! current one), service URLs use HTTPS, and with a PIN set a supervisor's sections are read-only
//! until unlocked.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use packdesk::api::Secret;
use packdesk::station::secrets::SecretKind;
use packdesk::station::settings::{Environment, EnvironmentKind, Settings};
use packdesk::ui::FeatureCommand;
use packdesk::ui::command::Command;
use packdesk::ui::customs::state::Customs;
use packdesk::ui::settings::{
    SettingsCommand, SettingsView, SupervisorGate, settings_ui, url_problem,
};
use packdesk::ui::shell::compose::SettingsExtras;
use packdesk::ui::supervisor::{PinSection, SupervisorCommand};

use super::{click, is_under, type_in};

const STORED_KEY: &str = "sk_live_9b1c3f9a77e1";

pub struct Panel {
    view: SettingsView,
    /// How the supervisor unlock stands (the shell's word); the default: no PIN set.
    gate: SupervisorGate,
    intents: Vec<SettingsCommand>,
    /// The supervisor's sections as typed, drawn in the panel's slots as the app draws them.
    pin: PinSection,
    customs: Customs,
    /// What those sections asked for.
    commands: Vec<Command>,
}

impl Panel {
    /// The last thing the supervisor's sections asked for.
    fn asked(&mut self) -> Option<SupervisorCommand> {
        match self.commands.pop() {
            Some(Command::Feature(FeatureCommand::Supervisor(command))) => Some(command),
            _ => None,
        }
    }
}

fn settings_panel(view: SettingsView) -> Harness<'static, Panel> {
    Harness::builder()
        .with_size([1400.0, 1800.0])
        .build_ui_state(
            |ui, panel: &mut Panel| {
                let mut extras = SettingsExtras {
                    gate: panel.gate,
                    pin: &mut panel.pin,
                    customs: &panel.customs,
                    commands: &mut panel.commands,
                };
                let intents = settings_ui(ui, &mut panel.view, panel.gate, &mut extras);
                panel.intents.extend(intents);
            },
            Panel {
                view,
                gate: SupervisorGate::default(),
                intents: Vec::new(),
                pin: PinSection::default(),
                customs: Customs::default(),
                commands: Vec::new(),
            },
        )
}

fn with_sandbox() -> SettingsView {
    let mut settings = Settings::default();
    settings.environments.push(Environment {
        name: "Sandbox".into(),
        kind: EnvironmentKind::Sandbox,
        base_url: "https://sandbox.example.com".into(),
        labels_url: "https://sandbox.example.com/api/post/fc/labels".into(),
        allow_plain_http: false,
    });
    settings.active_environment = "Sandbox".into();
    let mut view = SettingsView::new(settings);
    view.show_stored_secret(
        "Sandbox",
        SecretKind::ApiKey,
        Some(&Secret::new(STORED_KEY)),
    );
    view
}

/// Every text the accessibility tree carries: names and values.
fn all_text(harness: &Harness<'_, Panel>) -> Vec<String> {
    harness
        .root()
        .query_all_by(|_| true)
        .flat_map(|node| {
            let node = node.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .collect()
}

#[test]
fn secrets_are_write_only_and_shown_masked() {
    let mut harness = settings_panel(with_sandbox());
    let region = "Environment Sandbox";
    assert!(
        harness
            .get_by_label(region)
            .query_by_label("Stored: ••••••77e1")
            .is_some()
    );
    assert!(
        harness
            .get_by_label(region)
            .query_by_label("Nothing stored yet")
            .is_some(),
        "no token yet"
    );

    type_in(&mut harness, region, "New API key", "new-key-0001-abcd");
    let typed = harness
        .get_by_label(region)
        .get_by_label("New API key")
        .value()
        .unwrap_or_default();
    assert!(
        !typed.contains("abcd"),
        "typed secrets are masked too: {typed:?}"
    );
    let debug = format!("{:?}", harness.state().view);
    assert!(
        !debug.contains("new-key") && !debug.contains("sk_live"),
        "Debug shows no secret"
    );
    for text in all_text(&harness) {
        assert!(
            !text.contains("sk_live") && !text.contains("new-key"),
            "a secret shows: {text:?}"
        );
    }

    click(&mut harness, region, "Save API key");
    let intent = harness
        .state_mut()
        .intents
        .pop()
        .expect("saving a key asks the shell to store it");
    assert!(
        !format!("{intent:?}").contains("new-key"),
        "Debug hides the secret"
    );
    let SettingsCommand::SaveSecret {
        environment,
        kind,
        secret,
    } = intent
    else {
        panic!("expected SaveSecret");
    };
    assert_eq!(
        (environment.as_str(), kind, secret.expose()),
        ("Sandbox", SecretKind::ApiKey, "new-key-0001-abcd")
    );
    let left = harness
        .get_by_label(region)
        .get_by_label("New API key")
        .value()
        .unwrap_or_default();
    assert!(
        left.is_empty(),
        "the field forgets the key once handed over"
    );

    harness
        .state_mut()
        .view
        .secret_saved("Sandbox", SecretKind::ApiKey, &secret);
    harness.run();
    assert!(
        harness
            .get_by_label(region)
            .query_by_label("Stored: ••••••abcd")
            .is_some()
    );

    // Without a credential store, the shell's sentence is shown and nothing can be saved.
    let problem =
        "No credential store is available, so the API key and access token cannot be saved.";
    harness.state_mut().view.credential_store_problem = Some(problem.into());
    type_in(&mut harness, region, "New access token", "token-1234-5678");
    assert!(harness.query_by_label(problem).is_some());
    assert!(
        harness
            .get_by_label("Save access token")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn the_pin_is_typed_twice_and_not_kept() {
    let mut harness = settings_panel(with_sandbox());
    let region = "Supervisor PIN settings";
    type_in(&mut harness, region, "New PIN", "2468");
    type_in(&mut harness, region, "Repeat the PIN", "2469");
    let mismatch = "The two PINs differ: type the same PIN in both fields.";
    {
        let pin = harness.get_by_label(region);
        assert!(is_under(
            pin.get_by_label(mismatch).rect(),
            pin.get_by_label("Repeat the PIN").rect()
        ));
    }
    click(&mut harness, region, "Set PIN");
    assert!(
        harness.state().commands.is_empty(),
        "a mismatched PIN is not set"
    );

    type_in(&mut harness, region, "New PIN", "12");
    type_in(&mut harness, region, "Repeat the PIN", "12");
    assert!(
        harness
            .query_by_label("The PIN must be 4 to 8 digits (0–9).")
            .is_some()
    );

    type_in(&mut harness, region, "New PIN", "2468");
    type_in(&mut harness, region, "Repeat the PIN", "2468");
    assert!(harness.query_by_label(mismatch).is_none());
    click(&mut harness, region, "Set PIN");
    let Some(SupervisorCommand::ChangePin { current, pin }) = harness.state_mut().asked() else {
        panic!("a matching PIN is handed to the shell to hash");
    };
    assert_eq!(pin.expose(), "2468");
    assert!(current.is_none(), "the first PIN needs no current one");
    for label in ["New PIN", "Repeat the PIN"] {
        let value = harness
            .get_by_label(region)
            .get_by_label(label)
            .value()
            .unwrap_or_default();
        assert!(value.is_empty(), "{label} is cleared");
    }
    harness.state_mut().pin.pin_set();
    harness.state_mut().gate.pin_set = true;
    harness.run();
    assert!(harness.query_by_label("Change PIN").is_some());

    // Now a PIN is set: changing it without the current one is refused next to the field.
    type_in(&mut harness, region, "New PIN", "1357");
    type_in(&mut harness, region, "Repeat the PIN", "1357");
    click(&mut harness, region, "Change PIN");
    assert!(
        harness.state().commands.is_empty(),
        "no current PIN: no change"
    );
    let missing = "Enter the current PIN to change it.";
    {
        let pin = harness.get_by_label(region);
        assert!(is_under(
            pin.get_by_label(missing).rect(),
            pin.get_by_label("Current PIN").rect()
        ));
    }
    type_in(&mut harness, region, "Current PIN", "2468");
    click(&mut harness, region, "Change PIN");
    let Some(SupervisorCommand::ChangePin { current, pin }) = harness.state_mut().asked() else {
        panic!("the change is handed to the shell with the current PIN");
    };
    assert_eq!(
        (current.as_ref().map(Secret::expose), pin.expose()),
        (Some("2468"), "1357")
    );
    assert!(harness.query_by_label(missing).is_none());

    // The shell found the current PIN wrong: said under it, nothing else changes.
    harness
        .state_mut()
        .pin
        .pin_refused("The current PIN is wrong: 2 tries left.");
    harness.run();
    assert!(
        harness
            .query_by_label("The current PIN is wrong: 2 tries left.")
            .is_some()
    );
    click(&mut harness, region, "Remove PIN");
    assert!(
        harness.state().commands.is_empty(),
        "no current PIN: no removal"
    );
    type_in(&mut harness, region, "Current PIN", "2468");
    click(&mut harness, region, "Remove PIN");
    let Some(SupervisorCommand::RemovePin { current }) = harness.state_mut().asked() else {
        panic!("the removal is handed to the shell with the current PIN");
    };
    assert_eq!(current.expose(), "2468");
    harness.state_mut().pin.pin_removed();
    harness.state_mut().gate = SupervisorGate::default();
    harness.run();
    assert!(harness.query_by_label("Set PIN").is_some());
    assert!(harness.query_by_label("Current PIN").is_none());
}

#[test]
fn a_supervisors_sections_are_read_only_until_unlocked() {
    let mut harness = settings_panel(with_sandbox());
    harness.state_mut().gate = SupervisorGate {
        pin_set: true,
        ..SupervisorGate::default()
    };
    harness.run();
    let disabled = |h: &Harness<'static, Panel>, label: &str| {
        h.get_by_label(label).accesskit_node().is_disabled()
    };
    for label in [
        "New environment name",
        "New API key",
        "Base URL",
        "Warehouse server",
        "Folder watched for order files",
        "Thermal label printer (ZPL over the network)",
    ] {
        assert!(disabled(&harness, label), "{label} is read-only");
    }
    assert!(!disabled(&harness, "Station name"), "the station's own");
    assert!(!disabled(&harness, "Save settings"));
    assert!(
        harness
            .query_all_by_label_contains("Locked: read-only until a supervisor unlocks")
            .count()
            >= 3,
        "each locked section says so"
    );
    harness.check_accessibility();

    type_in(&mut harness, "Supervisor unlock", "Supervisor PIN", "2468");
    click(&mut harness, "Supervisor unlock", "Unlock");
    let Some(SupervisorCommand::UnlockWith(pin)) = harness.state_mut().asked() else {
        panic!("the PIN is handed to the shell to check");
    };
    assert_eq!(pin.expose(), "2468");
    harness
        .state_mut()
        .pin
        .unlock_refused("Wrong PIN: 2 tries left.");
    harness.run();
    assert!(harness.query_by_label("Wrong PIN: 2 tries left.").is_some());

    // Locked out: the PIN fields take nothing, and say for how long.
    harness.state_mut().gate.locked_out_for = Some(Duration::from_secs(299));
    harness.run();
    assert!(disabled(&harness, "Supervisor PIN"));
    assert!(disabled(&harness, "Current PIN"));
    assert!(
        harness
            .query_all_by_label_contains(
                "Locked for 5 minutes after three wrong PINs: try again in 4:59."
            )
            .next()
            .is_some()
    );

    harness.state_mut().gate = SupervisorGate {
        pin_set: true,
        unlocked: true,
        ..SupervisorGate::default()
    };
    harness.run();
    for label in [
        "New environment name",
        "New API key",
        "Base URL",
        "Warehouse server",
        "Thermal label printer (ZPL over the network)",
    ] {
        assert!(!disabled(&harness, label), "{label} is editable");
    }
    assert!(harness.query_by_label("Supervisor PIN").is_none());
    click(&mut harness, "Supervisor unlock", "Lock supervisor");
    assert!(matches!(
        harness.state_mut().asked(),
        Some(SupervisorCommand::Lock)
    ));
    harness.check_accessibility();
}

#[test]
fn service_urls_need_https_unless_plain_http_is_allowed() {
    let mut harness = settings_panel(with_sandbox());
    type_in(
        &mut harness,
        "Environment settings",
        "New environment name",
        "Staging",
    );
    click(&mut harness, "Environment settings", "Add environment");
    let region = "Environment Staging";
    let plain = "http://staging.example.com";
    type_in(&mut harness, region, "Base URL", plain);
    let rule =
        url_problem("base URL", plain, false).expect("plain HTTP to a remote host is refused");
    assert!(rule.contains("https://"), "{rule}");
    {
        let env = harness.get_by_label(region);
        assert!(is_under(
            env.get_by_label(&rule).rect(),
            env.get_by_label("Base URL").rect()
        ));
    }

    click(&mut harness, "Station settings", "Save settings");
    assert!(
        harness.state().intents.is_empty(),
        "settings with a refused URL are not saved"
    );
    let missing = url_problem("label URL", "", false).unwrap();
    assert!(
        harness
            .get_by_label(region)
            .query_by_label(&missing)
            .is_some(),
        "after a try, empty URLs are named"
    );

    click(&mut harness, region, "Allow plain HTTP (test servers only)");
    assert!(harness.query_by_label(&rule).is_none(), "allowed now");
    type_in(
        &mut harness,
        region,
        "Label URL",
        "https://staging.example.com/api/post/fc/labels",
    );
    click(&mut harness, "Station settings", "Save settings");
    let Some(SettingsCommand::Save(saved)) = harness.state_mut().intents.pop() else {
        panic!("valid settings are handed to the shell to save");
    };
    let staging = saved
        .environments
        .iter()
        .find(|e| e.name == "Staging")
        .unwrap();
    assert_eq!(staging.base_url, plain);
    assert!(staging.allow_plain_http);
    assert!(
        staging.check_urls().is_ok(),
        "the station's own rule agrees"
    );
}
