//! What the person (or the window) asks of imports, and what the import jobs end with.

use std::path::PathBuf;

use crate::station::import::FileReport;

/// What the person (or the window) asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportCommand {
    /// Open the file dialog (several files may be chosen).
    Pick,
    /// Import these files (dropped onto the window).
    Files(Vec<PathBuf>),
    /// Put the report away.
    CloseReport,
}

/// What an import job ends with: each file's report (`None`: the file dialog was closed).
pub enum Done {
    Imported(Option<Vec<FileReport>>),
}
