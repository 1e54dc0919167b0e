//! What the Orders tab shows of imports.

use crate::station::import::FileReport;
use crate::ui::status::Level;

/// What the Orders tab shows of imports.
#[derive(Debug, Clone, Default)]
pub struct ImportView {
    /// Files are being chosen or imported: the button waits.
    pub running: bool,
    /// The latest reports, newest last; shown until closed.
    pub reports: Vec<FileReport>,
}

impl ImportView {
    /// One line for the status bar about `reports`.
    pub fn summary(reports: &[FileReport]) -> (Level, String) {
        let (mut imported, mut present, mut rejected, mut failed) = (0, 0, 0, 0);
        for report in reports {
            match &report.result {
                Ok(r) => {
                    imported += r.imported.len();
                    present += r.already_present.len();
                    rejected += r.rejected.len();
                }
                Err(_) => failed += 1,
            }
        }
        let files = if reports.len() == 1 {
            reports[0].file.clone()
        } else {
            format!("{} files", reports.len())
        };
        let mut text = format!(
            "{files}: imported {imported} orders, {present} already present, {rejected} rejected"
        );
        if failed > 0 {
            text.push_str(&format!(", {failed} not readable"));
        }
        text.push('.');
        let level = if rejected + failed > 0 {
            Level::Warning
        } else {
            Level::Info
        };
        (level, text)
    }
}
