//! National tariff lines (`assets/tables/duty/lines/`): rates pinned by hand from the
//! official files, checked against what the engine loads.

mod au;
mod ca;
mod choice;
mod eu;
mod gb;
mod jp;
mod us;

use std::collections::BTreeSet;

use packdesk::service::landed_cost::Tables;

/// One national line's MFN rate as read from the official file by hand.
pub struct Pin {
    /// The national line, digits only.
    pub code: &'static str,
    /// Its MFN rate as a rate expression (`assets/tables/duty/lines/README.md`).
    pub mfn: &'static str,
    /// The row of the official file it was read from (code, description, rate), abridged.
    pub row: &'static str,
}

/// Every pin is a line of the tariff with that rate; there are at least 40, over at least
/// 15 chapters.
fn check(tariff: &str, pins: &[Pin]) {
    let tables = Tables::load().unwrap();
    let schedule = tables.schedule(tariff).unwrap();
    for pin in pins {
        let line = schedule
            .line(pin.code)
            .unwrap_or_else(|| panic!("{tariff} has no line {} ({})", pin.code, pin.row));
        assert_eq!(line.mfn.to_string(), pin.mfn, "{tariff} {}", pin.row);
    }
    let chapters: BTreeSet<&str> = pins.iter().map(|p| &p.code[..2]).collect();
    assert!(
        pins.len() >= 40 && chapters.len() >= 15,
        "{tariff}: {chapters:?}"
    );
}

#[test]
fn us_rates_read_from_the_hts() {
    check("US", us::PINS);
}

#[test]
fn eu_rates_read_from_the_combined_nomenclature() {
    check("EU", eu::PINS);
}

#[test]
fn gb_rates_read_from_the_uk_global_tariff() {
    check("GB", gb::PINS);
}

#[test]
fn jp_rates_read_from_the_customs_tariff_schedule() {
    check("JP", jp::PINS);
}

#[test]
fn au_rates_read_from_the_working_tariff() {
    check("AU", au::PINS);
}

#[test]
fn ca_rates_read_from_the_customs_tariff() {
    check("CA", ca::PINS);
}
