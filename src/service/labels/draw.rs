//! The label as a one-page 4 x 6 in PDF and as ZPL, both drawn from its one layout by
//! `render::page` (DejaVu Sans Condensed and the CJK fallback fonts embedded subset in the PDF,
//! so a Latin, Greek, Cyrillic, Japanese, Chinese or Korean name prints).

use super::document::LabelDocument;
use super::error::LabelError;
use super::layout::layout;
use crate::render::fonts::fonts;
use crate::render::page::{self, Font0};
use crate::render::pdf::Info;

/// A subset label is ~25 KB; far more means the fonts went in whole.
const SIZE_WARNING: usize = 100_000;

/// The label of `doc` as a PDF document of one 4 x 6 in page (288 x 432 pt).
pub fn render_pdf(doc: &LabelDocument) -> Result<Vec<u8>, LabelError> {
    let info = Info {
        title: format!("Label {}", doc.tracking_code),
        subject: Some(format!("Order {}", doc.order_number)),
        // Dated by the label, not by the wall clock.
        date: doc.created,
    };
    let bytes = page::pdf(&layout(doc, fonts()?), info)?;
    if bytes.len() > SIZE_WARNING {
        tracing::warn!(
            bytes = bytes.len(),
            "label PDF larger than expected: font subsetting?"
        );
    }
    Ok(bytes)
}

/// The label of `doc` as one ZPL II format (`^XA` ... `^XZ`) for 203 dpi printers.
pub fn render_zpl(doc: &LabelDocument) -> String {
    page::zpl(&layout(doc, &Font0))
}
