//! The supervisor PIN guards Settings too: changing or removing it needs the current PIN; the
//! sections that change the service, the station record and the printers are read-only until a
//! supervisor unlocks them (the same unlock as canceling); and three wrong PINs lock the unlock
//! even across a restart.

use crate::ui::open_order;
use std::time::Instant;

use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use packdesk::api::Secret;
use packdesk::station::pin;
use packdesk::station::settings::Settings;
use packdesk::ui::app::PackdeskApp;
use packdesk::ui::command::Command;
use packdesk::ui::packing::CancelFlow;
use packdesk::ui::status::Startup;
use packdesk::ui::supervisor::SupervisorCommand;

use super::{
    AppHarness, PIN, click, demo, embedded_station, open_by_scan, press, settle, shows, type_into,
    wait_until,
};

/// Unlocks Settings' supervisor sections with `pin` and waits for the check.
pub(crate) fn unlock_settings(h: &mut AppHarness, pin: &str) {
    type_into(h, "Supervisor PIN", pin);
    click(h, "Unlock");
    wait_until(h, "the PIN check", |app| {
        !app.state().features.supervisor.checking
    });
}

/// Clicks a button of the PIN section and waits until the shell answered.
fn pin_button(h: &mut AppHarness, label: &str) {
    click(h, label);
    wait_until(h, "the PIN change", |app| !pin_working(app));
}

fn pin_working(app: &PackdeskApp) -> bool {
    app.state().features.supervisor.checking || app.state().features.pin_section.pin_working
}

fn disabled(h: &AppHarness, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

fn unlocked(h: &AppHarness) -> bool {
    let state = h.state().state();
    state
        .features
        .supervisor
        .is_unlocked(&state.features.people.access(), Instant::now())
}

fn pin_on_disk(h: &AppHarness) -> Option<String> {
    Settings::load(&h.state().config().settings_path)
        .unwrap()
        .supervisor_pin_hash
}

#[test]
fn changing_the_pin_needs_the_current_one() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    click(h, "Settings");
    let before = pin_on_disk(h);
    assert!(before.is_some());

    // Without the current PIN: refused next to the field by the panel, and by the shell too.
    type_into(h, "New PIN", "1357");
    type_into(h, "Repeat the PIN", "1357");
    click(h, "Change PIN");
    assert!(shows(h, "Enter the current PIN to change it."));
    h.state_mut()
        .command(Command::from(SupervisorCommand::ChangePin {
            current: None,
            pin: Secret::new("1357"),
        }));
    settle(h);
    assert_eq!(h.state().state().settings.supervisor_pin_hash, before);
    assert_eq!(pin_on_disk(h), before);

    // A wrong current PIN changes nothing and counts as a wrong try.
    type_into(h, "Current PIN", "1111");
    pin_button(h, "Change PIN");
    assert!(shows(h, "The current PIN is wrong: 2 tries left."));
    settle(h);
    assert_eq!(pin_on_disk(h), before);

    // The old PIN still unlocks.
    unlock_settings(h, PIN);
    assert!(unlocked(h));
    click(h, "Lock supervisor");
    assert!(!unlocked(h));

    // With the right current PIN the new one is in force and saved.
    type_into(h, "Current PIN", PIN);
    type_into(h, "New PIN", "1357");
    type_into(h, "Repeat the PIN", "1357");
    pin_button(h, "Change PIN");
    assert!(shows(h, "Supervisor PIN changed."));
    settle(h);
    let saved = pin_on_disk(h).expect("a PIN is saved");
    assert!(pin::verify_pin("1357", &saved));
    assert!(!pin::verify_pin(PIN, &saved));

    // The old PIN no longer unlocks; the new one does.
    click(h, "Lock supervisor");
    unlock_settings(h, PIN);
    assert!(shows(h, "Wrong PIN: 2 tries left."));
    assert!(!unlocked(h));
    unlock_settings(h, "1357");
    assert!(unlocked(h));
    h.check_accessibility();
}

#[test]
fn three_wrong_pins_keep_the_unlock_locked_across_a_restart() {
    let mut station = embedded_station();
    let config = station.harness.state().config().clone();
    {
        let h = &mut station.harness;
        click(h, "Settings");
        unlock_settings(h, "0000");
        assert!(shows(h, "Wrong PIN: 2 tries left."));
        // A wrong current PIN is a wrong try of the same lock.
        type_into(h, "Current PIN", "1111");
        pin_button(h, "Remove PIN");
        assert!(shows(h, "The current PIN is wrong: 1 try left."));
        unlock_settings(h, "9999");
        assert!(shows(h, "Locked for 5 minutes after three wrong PINs"));
        settle(h);
    }
    let kept = pin::load_lockout(&config.supervisor_lock_path)
        .unwrap()
        .expect("the lockout is kept on disk");
    assert!(kept.locked_until_unix.is_some(), "{kept:?}");

    let mut station = station.restart(config);
    let h = &mut station.harness;
    wait_until(h, "the start", |app| {
        app.state().shell.startup == Startup::Ready
    });
    click(h, "Settings");
    assert!(shows(h, "Locked for 5 minutes after three wrong PINs"));
    assert!(disabled(h, "Supervisor PIN"));
    assert!(disabled(h, "Current PIN"));
    assert!(disabled(h, "Remove PIN"));
    h.check_accessibility();

    // Even the right PIN, handed to the shell directly, is refused without a check.
    h.state_mut()
        .command(Command::from(SupervisorCommand::UnlockWith(Secret::new(
            PIN,
        ))));
    assert!(
        !h.state().state().features.supervisor.checking,
        "no PIN is checked"
    );
    h.step();
    assert!(!unlocked(h));
    h.state_mut()
        .command(Command::from(SupervisorCommand::ChangePin {
            current: Some(Secret::new(PIN)),
            pin: Secret::new("1357"),
        }));
    assert!(
        !h.state().state().features.supervisor.checking,
        "no PIN is checked"
    );
    settle(h);
    assert!(pin::verify_pin(PIN, &pin_on_disk(h).unwrap()), "PIN kept");

    // Canceling is locked out just the same.
    click(h, "Orders");
    open_by_scan(h, demo(0).number);
    press(h, Key::F8);
    assert_eq!(open_order(h).cancel, CancelFlow::Unlocking);
    assert!(disabled(h, "PIN"), "the cancel dialog takes no PIN either");
}

#[test]
fn a_supervisors_settings_are_read_only_until_unlocked() {
    let mut station = embedded_station();
    let h = &mut station.harness;
    click(h, "Settings");
    let supervisors = [
        "New environment name",
        "Warehouse server",
        "Folder watched for order files",
        "Thermal label printer (ZPL over the network)",
        "Office printer (PDF through the system's print queue)",
    ];
    for label in supervisors {
        assert!(disabled(h, label), "{label} is read-only while locked");
    }
    assert!(
        !disabled(h, "Station name"),
        "the station's own settings stay open"
    );
    assert!(shows(
        h,
        "Environment, warehouse and printer settings are locked"
    ));
    h.check_accessibility();

    unlock_settings(h, PIN);
    assert!(unlocked(h));
    for label in supervisors {
        assert!(!disabled(h, label), "{label} is editable once unlocked");
    }
    click(h, "Warehouse server");
    type_into(h, "Server address", "https://warehouse.local:8443");
    type_into(h, "Enrollment code", "ABCD-EFGH");
    assert!(!disabled(h, "Enroll this desk"));
    type_into(h, "New environment name", "Staging");
    click(h, "Add environment");
    assert!(shows(h, "Environment Staging"));
    type_into(h, "New environment name", "Depot");
    assert!(!disabled(h, "Add environment"));
    h.check_accessibility();

    // The same unlock serves canceling: no PIN is asked for.
    click(h, "Orders");
    open_by_scan(h, demo(0).number);
    press(h, Key::F8);
    assert_eq!(open_order(h).cancel, CancelFlow::Confirming);
    press(h, Key::Escape);

    // Locked again (here as the outbox's button does): read-only again, what was typed kept.
    h.state_mut()
        .command(Command::from(SupervisorCommand::Lock));
    click(h, "Settings");
    for label in ["Add environment", "Enroll this desk", "Warehouse server"] {
        assert!(disabled(h, label), "{label} is read-only again");
    }
    assert!(shows(h, "Environment Staging"));
}
