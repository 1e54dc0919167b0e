//! Rendering the paperwork (see `paperwork`) as PDF and ZPL.
//!
//! The PDFs embed DejaVu Sans Condensed with the CJK fallback fonts of the shipping label
//! (`crate::render::fonts`), subset, so a Japanese, Chinese or Korean name prints; every text
//! is real text that `pdftotext` reads back. The CN22 is laid out once in printer dots on
//! `render::page` and drawn both as a 4 x 6 in PDF page and as ZPL, by the same code as the
//! shipping label.

mod cn22;
mod cn23;
mod declaration;
mod error;
mod format;
mod invoice;
mod pdf;
mod slip;
mod table;
mod text;
mod upu;

pub use declaration::{cn22_zpl, declaration_pdf};
pub use error::RenderError;
pub use invoice::invoice_pdf;
pub use slip::packing_slip_pdf;
