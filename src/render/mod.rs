//! Drawing documents, below both the reference service's shipping labels and the station's
//! customs paperwork, which draw with it: the fonts every Packdesk PDF embeds with their
//! per-character fallback (`fonts`), a PDF page writer (`pdf`) that embeds them subset to the
//! glyphs drawn (`embed`), Code 128 (`code128`), and the 4 x 6 in page laid out in printer dots
//! that the shipping label and the CN22 share, drawn as PDF or as ZPL (`page`). No I/O.

pub mod code128;
mod embed;
mod error;
pub mod fonts;
pub mod page;
pub mod pdf;

pub use error::RenderError;

/// Where a line of text sits in the width it is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}
