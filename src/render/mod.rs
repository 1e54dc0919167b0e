//! Drawing documents, below both the reference service's shipping labels and the station's
//! customs paperwork, which draw with it: the fonts every Packdesk PDF embeds with their
//! per-character fallback (`fonts`), and a PDF page writer (`pdf`) that embeds them subset to
//! the glyphs drawn (`embed`). No I/O.

mod embed;
mod error;
pub mod fonts;
pub mod pdf;

pub use error::RenderError;
