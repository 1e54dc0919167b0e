//! The layering of `src/`, enforced: every `crate::` path in a module must point down or
//! sideways as the table says — `ui` and `cli` on top, then `station`, `service` and `demo` (which
//! never use each other), then `domain`, then `api` — or this test names the file, the line and
//! the arrow that runs the wrong way.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What each top-level module may use besides itself. A module not listed may use nothing.
const ALLOWED: &[(&str, &[&str])] = &[
    ("api", &[]),
    ("redact", &[]),
    ("logging", &[]),
    ("migrate", &[]),
    ("domain", &["api"]),
    ("station", &["api", "domain", "migrate"]),
    ("service", &["api", "domain", "migrate"]),
    ("demo", &["api", "domain"]),
    ("paths", &["station"]),
    ("connection", &["api", "service", "station"]),
    (
        "ui",
        &[
            "api",
            "domain",
            "station",
            "service",
            "demo",
            "paths",
            "connection",
        ],
    ),
    ("cli", &["station", "service", "paths"]),
];

/// Modules only unit tests compile (`#[cfg(test)]` in `lib.rs`): any module may use them.
const TEST_SUPPORT: &[&str] = &["synthetic"];

/// One arrow that runs the wrong way.
#[derive(Debug, PartialEq, Eq)]
struct WrongWay {
    file: String,
    line: usize,
    from: String,
    to: String,
}

impl std::fmt::Display for WrongWay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: {} → {} is not allowed",
            self.file, self.line, self.from, self.to
        )
    }
}

/// The top-level module a file under `src/` belongs to (`src/station/db/mod.rs` → `station`).
fn module_of(relative: &Path) -> Option<String> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    Some(first.trim_end_matches(".rs").to_string())
}

/// The wrong-way arrows in one file's text.
fn wrong_ways(file: &str, module: &str, text: &str) -> Vec<WrongWay> {
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mine = allowed.get(module).copied().unwrap_or(&[]);
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let target: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            rest = after;
            if target.is_empty()
                || target == module
                || TEST_SUPPORT.contains(&target.as_str())
                || mine.contains(&target.as_str())
            {
                continue;
            }
            found.push(WrongWay {
                file: file.to_string(),
                line: n + 1,
                from: module.to_string(),
                to: target,
            });
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_crate_path_in_src_points_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut wrong = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&src).unwrap();
        let Some(module) = module_of(relative) else {
            continue;
        };
        // The crate root and the binary wire the modules together.
        if module == "lib" || module == "main" {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        wrong.extend(wrong_ways(&relative.display().to_string(), &module, &text));
    }
    assert!(files.len() > 100, "read {} files", files.len());
    let listed: Vec<String> = wrong.iter().map(ToString::to_string).collect();
    assert!(listed.is_empty(), "{}", listed.join("\n"));
}

#[test]
fn a_planted_wrong_way_import_is_named() {
    let planted = "use crate::api::Secret;\nuse crate::ui::state::AppState; // the store must not know the UI\n    let x = crate::service::server::start;\n";
    let wrong = wrong_ways("station/db/mod.rs", "station", planted);
    let listed: Vec<String> = wrong.iter().map(ToString::to_string).collect();
    assert_eq!(
        listed,
        [
            "station/db/mod.rs:2: station → ui is not allowed",
            "station/db/mod.rs:3: station → service is not allowed",
        ]
    );
    assert!(wrong_ways("ui/app.rs", "ui", planted).is_empty());
    assert_eq!(
        module_of(Path::new("station/db/engine/pg.rs")).as_deref(),
        Some("station")
    );
    assert_eq!(module_of(Path::new("paths.rs")).as_deref(), Some("paths"));
}
