//! The layering of `src/`, enforced: every `crate::` path in a module must point down or
//! sideways as the table says — `ui` and `cli` on top, then `station`, `service` and `demo` (which
//! never use each other), then `domain`, then `api` — or this test names the file, the line and
//! the arrow that runs the wrong way.
//!
//! And no two files import each other, directly or round a longer loop (`cycles`): a child that
//! uses its parent's items while the parent re-exports or calls the child is such a loop. Files
//! only tests compile (`tests.rs`, `*_tests.rs`, modules declared under `#[cfg(test)]`) and
//! inline `#[cfg(test)]` code are left out; `cycles` says exactly what counts as an import.
//!
//! And the UI's feature folders do not import each other beyond the crossings still listed
//! (`features`).

mod cycles;
mod features;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What each top-level module may use besides itself. A module not listed may use nothing.
const ALLOWED: &[(&str, &[&str])] = &[
    ("api", &[]),
    ("redact", &[]),
    ("private_file", &[]),
    ("logging", &[]),
    ("serving", &["api"]),
    ("embedded", &[]),
    ("render", &["embedded"]),
    ("sql", &["api"]),
    ("domain", &["api"]),
    ("station", &["api", "domain", "sql", "private_file"]),
    (
        "service",
        &[
            "api",
            "domain",
            "sql",
            "render",
            "embedded",
            "private_file",
            "serving",
        ],
    ),
    ("demo", &["api", "domain"]),
    ("paths", &["station"]),
    ("connection", &["api", "service", "station"]),
    (
        "customs",
        &["api", "domain", "station", "service", "render"],
    ),
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
            "customs",
            "warehouse",
        ],
    ),
    (
        "warehouse",
        &[
            "api",
            "domain",
            "sql",
            "station",
            "service",
            "customs",
            "private_file",
            "serving",
        ],
    ),
    (
        "cli",
        &[
            "station",
            "service",
            "paths",
            "customs",
            "warehouse",
            "serving",
        ],
    ),
];

/// Modules only unit tests compile (`#[cfg(test)]` in `lib.rs`): any module may use them.
const TEST_SUPPORT: &[&str] = &["synthetic", "pg_cluster", "decimal"];

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

/// Every `.rs` file under `src/`, named from the crate root (`src/station/db/mod.rs`), with its
/// text.
fn src_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    rust_files(&root.join("src"), &mut paths);
    paths
        .iter()
        .map(|path| {
            let name = path.strip_prefix(root).unwrap();
            let name = name
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>();
            (name.join("/"), std::fs::read_to_string(path).unwrap())
        })
        .collect()
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let files = src_files();
    assert!(files.len() > 100, "read {} files", files.len());
    let found = cycles::import_cycles(&files);
    let listed: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert!(
        listed.is_empty(),
        "{} import cycles between files (break each by moving what both sides need into a \
         file of its own, or by importing an item from the file that defines it):\n{}",
        listed.len(),
        listed.join("\n")
    );
}

#[test]
fn a_planted_import_cycle_is_named_and_an_acyclic_set_passes() {
    // The parent re-exports a child that uses the parent's own type: the pattern to avoid.
    let planted = tree(&[
        ("src/lib.rs", "pub mod shop;\n"),
        (
            "src/shop/mod.rs",
            "mod order;\npub use order::Order;\npub struct Money(u64);\n",
        ),
        (
            "src/shop/order.rs",
            "//! Mentions crate::shop::Money in a comment only.\nuse super::Money;\npub struct Order(Money);\n",
        ),
    ]);
    let found = cycles::import_cycles(&planted);
    let listed: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert_eq!(
        listed,
        [
            "import cycle: src/shop/mod.rs → src/shop/order.rs → src/shop/mod.rs\n    \
          src/shop/mod.rs:2 uses order::Order\n    \
          src/shop/order.rs:2 uses super::Money"
        ]
    );

    // The same shop with `Money` in a file of its own, plus what is not an import: a path in a
    // string or a comment, a parent declaring its child, the same file's test module, and a
    // test-only file reaching into its parent.
    let acyclic = tree(&[
        ("src/lib.rs", "pub mod shop;\n"),
        (
            "src/shop/mod.rs",
            "mod money;\nmod order;\n#[cfg(test)]\nmod tests;\n\
             pub use money::Money;\npub use order::Order;\n",
        ),
        ("src/shop/money.rs", "pub struct Money(u64);\n"),
        (
            "src/shop/order.rs",
            "use super::money::Money;\n/// See [`crate::shop::Order`].\npub struct Order(Money);\n\
             const NOTE: &str = \"crate::shop::Order\";\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::shop::Order;\n}\n",
        ),
        (
            "src/shop/tests.rs",
            "use super::*;\nuse crate::shop::order::Order;\n",
        ),
    ]);
    assert!(cycles::import_cycles(&acyclic).is_empty());
    let graph = cycles::import_graph(&acyclic);
    let arrows = |from: &str| -> Vec<&str> {
        graph
            .get(from)
            .map(|to| to.keys().map(String::as_str).collect())
            .unwrap_or_default()
    };
    assert_eq!(
        arrows("src/shop/mod.rs"),
        ["src/shop/money.rs", "src/shop/order.rs"]
    );
    assert_eq!(arrows("src/shop/order.rs"), ["src/shop/money.rs"]);
    assert!(!graph.contains_key("src/shop/tests.rs"));
}

#[test]
fn a_path_points_at_the_file_of_its_longest_module_prefix() {
    let files = tree(&[
        ("src/station/mod.rs", "pub mod db;\n"),
        (
            "src/station/db/mod.rs",
            "pub mod engine;\nmod orders;\npub struct Thing;\n",
        ),
        ("src/station/db/engine/mod.rs", "pub struct Row;\n"),
        (
            "src/station/db/orders.rs",
            "use super::Thing;\nfn f() -> crate::station::db::engine::Row { crate::station::db::engine::Row }\n",
        ),
        (
            "src/station/db/orders/lines.rs",
            "use super::super::Thing;\n",
        ),
        (
            "src/station/import.rs",
            "use super::db::{self, engine::{Row}};\nfn g() { let _ = super::db::orders::x; }\n",
        ),
        (
            "src/domain/country.rs",
            "#[path = \"country_table.rs\"]\nmod table;\n",
        ),
        ("src/domain/country_table.rs", "use super::Country;\n"),
    ]);
    let graph = cycles::import_graph(&files);
    let arrows = |from: &str| -> Vec<(&str, usize)> {
        graph[from]
            .iter()
            .map(|(to, arrow)| (to.as_str(), arrow.line))
            .collect()
    };
    assert_eq!(
        arrows("src/station/db/orders.rs"),
        [
            ("src/station/db/engine/mod.rs", 2),
            ("src/station/db/mod.rs", 1)
        ]
    );
    assert_eq!(
        arrows("src/station/db/orders/lines.rs"),
        [("src/station/db/mod.rs", 1)]
    );
    assert_eq!(
        arrows("src/station/import.rs"),
        [
            ("src/station/db/engine/mod.rs", 1),
            ("src/station/db/mod.rs", 1),
            ("src/station/db/orders.rs", 2)
        ]
    );
    // `#[path]` makes `country_table.rs` the module `domain::country::table`.
    assert_eq!(
        arrows("src/domain/country_table.rs"),
        [("src/domain/country.rs", 1)]
    );
}

#[test]
fn no_feature_folder_imports_another() {
    let files = src_files();
    let found = features::crossings(&cycles::import_graph(&files));
    let found: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert!(
        found.is_empty(),
        "feature folders importing each other (move what both need below the features, into \
         a module of src/ui/ that is not a feature; draw another feature's part in a slot the \
         shell fills; ask another feature with an app-level command):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_planted_feature_to_feature_import_is_named() {
    let planted = tree(&[
        (
            "src/ui/mod.rs",
            "pub mod orders;\npub mod quote;\npub mod widgets;\n",
        ),
        ("src/ui/orders/mod.rs", "pub mod view;\n"),
        (
            "src/ui/orders/view.rs",
            "use crate::ui::widgets::Button;\nuse crate::ui::quote::state::Quote;\n",
        ),
        ("src/ui/quote/mod.rs", "pub mod state;\n"),
        ("src/ui/quote/state.rs", "pub struct Quote;\n"),
        ("src/ui/widgets.rs", "pub struct Button;\n"),
    ]);
    let found = features::crossings(&cycles::import_graph(&planted));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].from.as_str(), found[0].to.as_str()),
        ("orders", "quote")
    );
    assert!(
        found[0].example.starts_with("src/ui/orders/view.rs:2"),
        "{}",
        found[0]
    );
}

#[test]
fn a_new_feature_folder_is_checked_without_being_listed() {
    let planted = tree(&[
        (
            "src/ui/mod.rs",
            "pub mod orders;\npub mod returns;\npub mod shell;\n",
        ),
        ("src/ui/orders/mod.rs", "pub mod state;\n"),
        ("src/ui/orders/state.rs", "pub struct OrdersView;\n"),
        ("src/ui/returns/mod.rs", "pub mod view;\n"),
        (
            "src/ui/returns/view.rs",
            "use crate::ui::orders::state::OrdersView;\n",
        ),
        // The frame composes features: its imports are not crossings.
        (
            "src/ui/shell/mod.rs",
            "use crate::ui::orders::state::OrdersView;\n",
        ),
    ]);
    let found = features::crossings(&cycles::import_graph(&planted));
    let pairs: Vec<(&str, &str)> = found
        .iter()
        .map(|c| (c.from.as_str(), c.to.as_str()))
        .collect();
    assert_eq!(pairs, [("returns", "orders")], "{found:?}");
}

#[test]
fn a_planted_frame_file_naming_a_feature_is_found_and_the_list_and_the_shell_are_not() {
    let planted = tree(&[
        (
            "src/ui/mod.rs",
            "pub mod people;\npub mod route;\npub mod shell;\npub mod state;\n\
             pub struct Features { pub people: people::state::People }\n",
        ),
        ("src/ui/people/mod.rs", "pub mod state;\n"),
        ("src/ui/people/state.rs", "pub struct People;\n"),
        ("src/ui/route.rs", "use crate::ui::people::state::People;\n"),
        (
            "src/ui/shell/mod.rs",
            "use crate::ui::people::state::People;\n",
        ),
        (
            "src/ui/state.rs",
            "pub struct AppState;\nfn f(p: &crate::ui::people::state::People) {}\n",
        ),
    ]);
    let found = features::named_outside(&cycles::import_graph(&planted));
    let found: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        ["ui::state → ui::people (src/ui/state.rs:2 uses crate::ui::people::state::People)"]
    );
}

/// A planted tree's files as `src_files` reads them: (path, text).
fn tree(files: &[(&str, &str)]) -> Vec<(String, String)> {
    let owned = |(path, text): &(&str, &str)| (path.to_string(), text.to_string());
    files.iter().map(owned).collect()
}

#[test]
fn a_feature_is_named_only_in_its_folder_the_list_the_routing_and_the_frame() {
    let found = features::named_outside(&cycles::import_graph(&src_files()));
    let found: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert!(
        found.is_empty(),
        "files besides {:?} and the shell that name a feature's files (each is one more place \
         a new feature must be added; give it what it needs through the list or the route):\n{}",
        features::WIRING,
        found.join("\n")
    );
}
