//! One spelling of the wire's words: the interface says `fulfill`, `fulfillment` and `canceled`,
//! so identifiers, SQL, messages and docs say the same and a search for one finds them all.
//! Left alone: the schema steps that shipped with "fulfil" (refinery refuses an edited step),
//! the files that name the old spelling to rename or test it, the provider's specification as
//! written, and the British `"cancelled"` that validation recognises to give its hint.

use std::path::{Path, PathBuf};

/// Words that are the wire's words spelt another way, with the spelling to use.
const OTHER_SPELLINGS: &[(&str, &str)] = &[
    ("fulfil", "fulfill"),
    ("cancelling", "canceling"),
    ("cancelled", "canceled"),
];

/// Files that name the other spelling on purpose, relative to the repository.
const NAMING_THE_OLD_SPELLING: &[&str] = &[
    "src/station/db/migrations/sqlite/V6__one_spelling_fulfill.sql",
    "src/station/db/migrations/postgres/V6__one_spelling_fulfill.sql",
    "tests/it/station/spelling.rs",
    "tests/it/spelling.rs",
    "docs/SPEC.md",
];

/// Files kept as they are: shipped schema steps (their checksums are recorded in every record).
fn frozen(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let shipped_step = ["V1__", "V2__", "V3__", "V4__", "V5__"]
        .iter()
        .any(|step| name.starts_with(step));
    path.components().any(|c| c.as_os_str() == "migrations") && shipped_step
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "rs" || e == "sql" || e == "md" || e == "toml")
        {
            out.push(path);
        }
    }
}

/// Each other spelling on `line`: a word that starts with it (`fulfilment`, `fulfils`) but is
/// not the wire's word (`fulfilled`, `fulfillment`). A quoted `"cancelled"` is the British
/// input validation answers, and so is a line that says it is British.
fn misspellings(line: &str) -> Vec<&'static str> {
    let lower = line.to_lowercase();
    if lower.contains("british") {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (other, _) in OTHER_SPELLINGS {
        for (at, _) in lower.match_indices(other) {
            let rest = &lower[at + other.len()..];
            let wire_word = *other == "fulfil" && rest.starts_with('l');
            let quoted =
                *other == "cancelled" && (lower[..at].ends_with('"') || lower[..at].ends_with('`'));
            if !wire_word && !quoted {
                found.push(*other);
            }
        }
    }
    found
}

#[test]
fn identifiers_sql_and_docs_use_the_wire_spelling() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for dir in ["src", "tests", "benches", "docs", "packaging"] {
        if root.join(dir).is_dir() {
            files(&root.join(dir), &mut paths);
        }
    }
    for doc in [
        "README.md",
        "ARCHITECTURE.md",
        "CONTRIBUTING.md",
        "BENCHMARKS.md",
        "Cargo.toml",
    ] {
        paths.push(root.join(doc));
    }
    let on_purpose = |path: &Path| {
        NAMING_THE_OLD_SPELLING
            .iter()
            .any(|file| path == root.join(file))
    };
    let mut problems = Vec::new();
    for path in paths.iter().filter(|p| !frozen(p) && !on_purpose(p)) {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for (number, line) in text.lines().enumerate() {
            for other in misspellings(line) {
                let wire = OTHER_SPELLINGS.iter().find(|(o, _)| *o == other).unwrap().1;
                problems.push(format!(
                    "{}:{}: \"{other}\" (the wire says \"{wire}\")",
                    path.strip_prefix(root).unwrap().display(),
                    number + 1
                ));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn the_check_sees_other_spellings_and_passes_the_wire_words() {
    assert_eq!(misspellings("record_fulfilment(parcel)"), ["fulfil"]);
    assert_eq!(misspellings("/// Fulfils the parcel"), ["fulfil"]);
    assert_eq!(misspellings("allow cancelling"), ["cancelling"]);
    assert!(misspellings("record_fulfillment; status fulfilled; FulfillmentInput").is_empty());
    assert!(misspellings(r#"eq_ignore_ascii_case("cancelled")"#).is_empty());
    assert!(misspellings("(including `cancelled`) is None").is_empty());
    assert!(misspellings(r#"("cancelled spelled British", ...)"#).is_empty());
    assert_eq!(misspellings("the dialog is cancelled"), ["cancelled"]);
    assert!(frozen(Path::new(
        "src/station/db/migrations/sqlite/V2__outbox.sql"
    )));
    assert!(!frozen(Path::new(
        "src/station/db/migrations/sqlite/V6__one_spelling_fulfill.sql"
    )));
}
