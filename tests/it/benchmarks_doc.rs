//! BENCHMARKS.md is a reference: its first table gives every target a current figure, the day
//! it was measured and a command that measures it again. A row whose command names a bench, a
//! script or a flag of the app that no longer exists fails here, so the table cannot quietly
//! drift from the code.

use std::path::Path;
use std::process::Command;

/// One row of the targets table: its target (to name it in a failure) and its cells by column.
struct Row {
    target: String,
    measured: String,
    command: String,
}

/// The rows of the table under "## Targets", read by the header's own column names.
fn target_rows(markdown: &str) -> Result<Vec<Row>, String> {
    let section = markdown
        .split("\n## Targets\n")
        .nth(1)
        .ok_or("no \"## Targets\" section")?;
    let mut lines = section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'));
    let header = cells(lines.next().ok_or("no table under \"## Targets\"")?);
    let column = |name: &str| {
        header
            .iter()
            .position(|cell| cell == name)
            .ok_or(format!("the table has no \"{name}\" column"))
    };
    let (target, measured, command) = (column("Target")?, column("Measured")?, column("Command")?);
    Ok(lines
        .skip(1) // the |---| line
        .map(|line| {
            let cells = cells(line);
            let cell = |i: usize| cells.get(i).cloned().unwrap_or_default();
            Row {
                target: cell(target),
                measured: cell(measured),
                command: cell(command),
            }
        })
        .collect())
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner
        .split('|')
        .map(|cell| cell.trim().to_string())
        .collect()
}

/// The text of each `code span` in a cell.
fn code_spans(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// What is wrong with one row: a missing command or date, or a command naming something that
/// is not there. `manifest` is `Cargo.toml`'s text; `app_flag_exists` asks the real binary
/// whether it takes a flag.
fn row_problems(
    root: &Path,
    manifest: &str,
    row: &Row,
    app_flag_exists: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut problems = Vec::new();
    let name = &row.target;
    let commands = code_spans(&row.command);
    if commands.is_empty() {
        problems.push(format!("\"{name}\": no command in backticks"));
    }
    if !has_date(&row.measured) {
        problems.push(format!("\"{name}\": no YYYY-MM-DD date under Measured"));
    }
    for command in commands {
        let words: Vec<&str> = command.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            if *word == "--bench" {
                let bench = words.get(i + 1).copied().unwrap_or("");
                let declared = manifest.contains(&format!("[[bench]]\nname = \"{bench}\""));
                if !declared || !root.join(format!("benches/{bench}.rs")).is_file() {
                    problems.push(format!("\"{name}\": no bench \"{bench}\" ({command})"));
                }
            } else if is_repository_path(word) && !root.join(word).is_file() {
                problems.push(format!("\"{name}\": no file {word} ({command})"));
            } else if word.ends_with("target/release/packdesk") {
                for flag in words[i + 1..].iter().filter(|w| w.starts_with("--")) {
                    if !app_flag_exists(flag) {
                        problems.push(format!("\"{name}\": packdesk has no {flag}"));
                    }
                }
            }
        }
    }
    problems
}

/// A script or file of the repository named in a command (build outputs under target/ are not).
fn is_repository_path(word: &str) -> bool {
    ["benches/", "packaging/", ".ci/"]
        .iter()
        .any(|dir| word.starts_with(dir))
}

fn has_date(text: &str) -> bool {
    text.as_bytes().windows(10).any(|w| {
        w.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        })
    })
}

/// Asks the real binary: clap refuses an argument it does not know before it reads `--help`.
fn packdesk_takes(flag: &str) -> bool {
    Command::new(env!("CARGO_BIN_EXE_packdesk"))
        .args([flag, "--help"])
        .output()
        .map(|out| out.status.success())
        .unwrap_or(false)
}

#[test]
fn every_benchmark_target_names_a_command_that_exists_and_a_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let markdown = std::fs::read_to_string(root.join("BENCHMARKS.md")).unwrap();
    let rows = target_rows(&markdown).unwrap();
    assert!(rows.len() >= 20, "only {} target rows", rows.len());
    let problems: Vec<String> = rows
        .iter()
        .flat_map(|row| row_problems(root, &manifest, row, &packdesk_takes))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_row_naming_a_bench_a_script_or_a_flag_that_is_gone_is_reported() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let markdown = "\n## Targets\n\n\
        | Target | Current figure | Measured | Command |\n\
        |---|---|---|---|\n\
        | A | 1 ms | 2026-11-29 | `cargo bench --bench engine` |\n\
        | B | 1 ms | 2026-11-29 | `cargo bench --bench no_such_bench` |\n\
        | C | 1 ms | 2026-11-29 | `benches/no_such_script.sh target/release/packdesk 5` |\n\
        | D | 1 ms | 2026-11-29 | `xvfb-run target/release/packdesk --no-such-flag` |\n\
        | E | 1 ms | last week | `bash .ci/run` |\n\
        | F | 1 ms | 2026-11-29 | none |\n";
    let rows = target_rows(markdown).unwrap();
    let problems: Vec<Vec<String>> = rows
        .iter()
        .map(|row| row_problems(root, &manifest, row, &packdesk_takes))
        .collect();
    assert!(problems[0].is_empty(), "{:?}", problems[0]);
    for (row, expected) in [
        (1, "no bench \"no_such_bench\""),
        (2, "no file benches/no_such_script.sh"),
        (3, "packdesk has no --no-such-flag"),
        (4, "no YYYY-MM-DD date"),
        (5, "no command in backticks"),
    ] {
        assert!(
            problems[row].len() == 1 && problems[row][0].contains(expected),
            "row {row}: {:?}",
            problems[row]
        );
    }
}
