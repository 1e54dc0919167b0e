//! Settings → Printers: the label printer set up in the settings file gets a test label from the
//! "Test print label" button, and one that is paused says so next to the button.

use packdesk::station::print::Dpi;
use packdesk::station::settings::Settings;
use packdesk::ui::config::AppConfig;
use packdesk::ui::status::Startup;

use super::{click, shows, start, wait_until};
use crate::printing::peer::{Mode, ZplPeer};

#[test]
fn test_print_reaches_the_label_printer_and_a_paused_one_says_so() {
    let peer = ZplPeer::start(Mode::Ready);
    let dir = tempfile::tempdir().unwrap();
    let config = AppConfig::in_directory(dir.path());
    let settings = Settings {
        station_name: "Bench 7".into(),
        label_printer: Some(peer.printer(Dpi::D300)),
        ..Settings::default()
    };
    settings.save(&config.settings_path).unwrap();
    let mut station = start(dir, config);
    let h = &mut station.harness;
    wait_until(h, "the start", |app| {
        app.state().shell.startup == Startup::Ready
    });

    click(h, "Settings");
    click(h, "Test print label");
    wait_until(h, "the test print", |app| {
        app.state()
            .features
            .settings_panel
            .as_ref()
            .is_some_and(|v| !v.test_printing)
    });
    let printed = crate::printing::printed(&peer, 1);
    assert_eq!(printed.len(), 1);
    assert!(printed[0].contains("^FDBench 7^FS"), "{}", printed[0]);
    assert!(printed[0].contains("^MUd,200,300"), "printed at 300 dpi");
    assert!(shows(h, "Test print: Label sent to the printer"));

    peer.set_mode(Mode::Paused);
    click(h, "Test print label");
    wait_until(h, "the second test print", |app| {
        app.state()
            .features
            .settings_panel
            .as_ref()
            .is_some_and(|v| !v.test_printing)
    });
    assert!(shows(h, "is not ready: paused"));
    assert_eq!(peer.printed().len(), 1, "nothing sent to a paused printer");
    h.check_accessibility();
}
