//! The UI's feature folders (`src/ui/<feature>/`) stand on their own: a file in one feature
//! folder does not import a file of another. What two features share lives below them (a file
//! or folder of `src/ui/` that is not a feature, or a module below `ui`), and the frame
//! (`shell`, and `ui/mod.rs` with `route.rs`) is what wires the features together.
//! A screen that shows another feature's part declares a slot that `shell::compose` fills.

use std::fmt;

use super::cycles::Graph;

/// The folder under `src/ui/` that is not a feature: the frame that composes them. Every other
/// folder is a feature (or `form`, the form widgets below them), so a new feature is checked
/// without being listed here.
const FRAME: &str = "shell";

/// One file of a feature (or of `form`) importing a file of another feature.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Crossing {
    pub from: String,
    pub to: String,
    /// The first such import seen: file, line and the path it names.
    pub example: String,
}

impl fmt::Display for Crossing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ui::{} → ui::{} ({})", self.from, self.to, self.example)
    }
}

/// The feature (or `form`) a file of `src/ui/` belongs to.
fn folder_of(file: &str) -> Option<&str> {
    let rest = file.strip_prefix("src/ui/")?;
    let (folder, _) = rest.split_once('/')?;
    (folder != FRAME).then_some(folder)
}

/// Every pair of folders with an import between them, each with its first example.
pub(super) fn crossings(graph: &Graph) -> Vec<Crossing> {
    let mut found: Vec<Crossing> = Vec::new();
    for (from_file, arrows) in graph {
        let Some(from) = folder_of(from_file) else {
            continue;
        };
        for (to_file, arrow) in arrows {
            let Some(to) = folder_of(to_file) else {
                continue;
            };
            if to == from || to == "form" || found.iter().any(|c| c.from == from && c.to == to) {
                continue;
            }
            found.push(Crossing {
                from: from.to_string(),
                to: to.to_string(),
                example: format!("{from_file}:{} uses {}", arrow.line, arrow.path),
            });
        }
    }
    found.sort();
    found
}

/// The files outside the feature folders that wire every feature in: the list (`ui/mod.rs`)
/// and the routing (`route.rs`). Adding a feature touches these two and where the frame draws it.
pub(super) const WIRING: &[&str] = &["src/ui/mod.rs", "src/ui/route.rs"];

/// A file outside the feature folders, the frame and [`WIRING`] that imports a feature's file:
/// one more place a new feature would have to be named.
pub(super) fn named_outside(graph: &Graph) -> Vec<Crossing> {
    let mut found: Vec<Crossing> = Vec::new();
    for (from_file, arrows) in graph {
        let in_frame = from_file.starts_with(&format!("src/ui/{FRAME}/"));
        if folder_of(from_file).is_some() || in_frame || WIRING.contains(&from_file.as_str()) {
            continue;
        }
        for (to_file, arrow) in arrows {
            let Some(to) = folder_of(to_file).filter(|to| *to != "form") else {
                continue;
            };
            let module = from_file
                .trim_start_matches("src/ui/")
                .trim_end_matches(".rs");
            found.push(Crossing {
                from: module.to_string(),
                to: to.to_string(),
                example: format!("{from_file}:{} uses {}", arrow.line, arrow.path),
            });
        }
    }
    found
}
