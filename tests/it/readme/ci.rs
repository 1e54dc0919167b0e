//! README commands that set up a machine or build the project: not run again inside a test
//! (a test cannot install packages or run `cargo test` within itself), but held to what CI
//! does on a clean machine: every package the README installs is one `.ci/run` installs, and
//! every build, test and packaging command is one `.ci/run` runs.

use std::collections::BTreeSet;

fn ci_script() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/run")).unwrap()
}

/// The packages `.ci/run` installs: its `packages=(…)` list.
fn ci_packages() -> BTreeSet<String> {
    let script = ci_script();
    let start = script.find("packages=(").map(|at| at + "packages=(".len());
    let list = start
        .and_then(|start| {
            script[start..]
                .find(')')
                .map(|end| &script[start..start + end])
        })
        .unwrap_or_default();
    list.split_whitespace().map(str::to_owned).collect()
}

/// `apt-get install -y PACKAGE…`: each package is one CI installs; a local `.deb` is the one
/// CI builds and installs with `dpkg -i`.
pub fn installs(words: &[String]) -> Result<(), String> {
    let packages = ci_packages();
    let mut missing = Vec::new();
    for word in words.iter().skip(1) {
        match word.as_str() {
            "install" | "update" => {}
            flag if flag.starts_with('-') => {}
            deb if deb.ends_with(".deb") && !ci_script().contains("dpkg -i") => {
                missing.push(format!("{deb} (CI installs no .deb)"));
            }
            deb if deb.ends_with(".deb") => {}
            package if !packages.contains(package) => missing.push(package.to_owned()),
            _ => {}
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the README installs {missing:?}, which .ci/run does not: a clean machine would lack them"
        ))
    }
}

/// What `.ci/run` runs for each cargo command the README shows (other than `cargo run`).
const CARGO: &[(&[&str], &str)] = &[
    // The same test functions as `cargo test`, a process each (README "Two commands").
    (&["cargo", "test"], "cargo nextest run"),
    (&["cargo", "build", "--release"], "cargo build --release"),
    (
        &["cargo", "install", "--locked", "cargo-packager"],
        "cargo install --locked cargo-packager",
    ),
    (&["cargo", "clippy"], "cargo clippy"),
    (&["cargo", "fmt"], "cargo fmt --check"),
];

/// A cargo command the README shows is one CI runs; `cargo packager`'s formats are each one
/// CI packages, except the ones that download their tools (named in `skipped`).
pub fn covers(words: &[String], skipped: &mut Vec<String>) -> Result<(), String> {
    let script = ci_script();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    if words.get(1) == Some(&"packager") {
        let formats = words
            .iter()
            .position(|w| *w == "--formats")
            .and_then(|at| words.get(at + 1))
            .ok_or("cargo packager without --formats")?;
        for format in formats.split(',') {
            match format {
                // linuxdeploy comes from GitHub on first use: CI's machine reaches only the
                // package registries.
                "appimage" => skipped.push(
                    "cargo packager --formats appimage: downloads linuxdeploy from GitHub".into(),
                ),
                format => {
                    let line = format!("cargo packager --release --formats {format}");
                    if !script.contains(&line) {
                        return Err(format!("the README packages {format}; .ci/run does not"));
                    }
                }
            }
        }
        return Ok(());
    }
    let (_, ci_line) = CARGO
        .iter()
        .find(|(prefix, _)| words.starts_with(prefix))
        .ok_or_else(|| {
            format!(
                "`{}`: not a cargo command CI is known to run",
                words.join(" ")
            )
        })?;
    if script.contains(ci_line) {
        Ok(())
    } else {
        Err(format!(
            "the README shows `{}`; .ci/run does not run `{ci_line}`",
            words.join(" ")
        ))
    }
}
