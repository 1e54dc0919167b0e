//! Every command line README.md shows, run as a process as typed (`session` says what is
//! swapped for throwaway parts), a section per test so they run side by side. A command the
//! README shows and the binary refuses, crashes on or prints otherwise fails here; so does a
//! section of commands no test below runs, and a command this runner does not know.

mod ci;
mod parse;
mod session;

use parse::Section;

const README: &str = include_str!("../../../README.md");

/// The sections below, each run by its own test.
const RUN: &[&str] = &[
    TWO_COMMANDS,
    SERVICE,
    INSTANCES,
    IMPORT,
    SCALES,
    LINUX,
    WAREHOUSE,
    PACKAGING,
    FRESH_MACHINE,
];
const TWO_COMMANDS: &str = "Two commands";
const SERVICE: &str = "The reference service";
const INSTANCES: &str = "Several instances, one merchant";
const IMPORT: &str = "Orders from files";
const SCALES: &str = "Scales";
const LINUX: &str = "Running the app on Linux";
const WAREHOUSE: &str = "A warehouse: one server, many desks";
const PACKAGING: &str = "Packaging";
const FRESH_MACHINE: &str = "What a fresh machine needs";

fn section(heading: &str) -> Section {
    parse::sections(README)
        .into_iter()
        .find(|s| s.heading == heading)
        .unwrap_or_else(|| panic!("README.md has no section {heading:?} with commands"))
}

/// Runs each line of the section in one session; panics naming the README line that failed.
fn run(heading: &str) {
    let section = section(heading);
    let mut session = session::Session::new();
    for line in &section.lines {
        if let Err(why) = session.run(line) {
            panic!(
                "README.md line {} ({heading}):\n  {}\n{why}",
                line.number, line.text
            );
        }
    }
    for skipped in &session.skipped {
        eprintln!("README {heading}: not run here: {skipped}");
    }
    if let Err(why) = session.finish() {
        panic!("README.md ({heading}):\n{why}");
    }
}

#[test]
fn every_section_with_commands_is_run() {
    let headings: Vec<String> = parse::sections(README)
        .into_iter()
        .map(|s| s.heading)
        .collect();
    for heading in &headings {
        assert!(
            RUN.contains(&heading.as_str()),
            "README section {heading:?} shows commands no test runs: add it to tests/it/readme"
        );
    }
    for heading in RUN {
        assert!(
            headings.iter().any(|h| h == heading),
            "{heading:?} is no longer a README section with commands"
        );
    }
}

#[test]
fn two_commands() {
    run(TWO_COMMANDS);
}

#[test]
fn the_reference_service() {
    run(SERVICE);
}

#[test]
fn several_instances_one_merchant() {
    run(INSTANCES);
}

#[test]
fn orders_from_files() {
    run(IMPORT);
}

#[test]
fn scales() {
    run(SCALES);
}

#[test]
fn running_the_app_on_linux() {
    run(LINUX);
}

#[test]
fn a_warehouse() {
    run(WAREHOUSE);
}

#[test]
fn packaging() {
    run(PACKAGING);
}

#[test]
fn what_a_fresh_machine_needs() {
    run(FRESH_MACHINE);
}

#[test]
fn the_import_formats_example_is_the_file_the_readme_imports() {
    let format = include_str!("../../../assets/import/README.md");
    let example = include_str!("../../../assets/import/example.json");
    let shown = format
        .split("```json\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap();
    assert_eq!(
        shown, example,
        "assets/import/README.md's example and example.json differ"
    );
}
