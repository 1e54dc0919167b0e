//! What a page is made of, in dots of a 203 dpi printer, top-left origin: text blocks,
//! rectangles, frames and Code 128 barcodes, and how a backend measures text.

use crate::render::Align;
use crate::render::code128::code128;

/// The page's width and height in dots: 4 x 6 in at 203 dpi.
pub const WIDTH: u32 = 812;
pub const HEIGHT: u32 = 1218;
/// Code 128 wants at least 10 modules of white on each side.
pub const QUIET_MODULES: u32 = 10;
/// Widest module: 4 dots (0.5 mm) scans easily off a thermal printer.
const MAX_MODULE: u32 = 4;

/// Lines of text in one size. `y` is the top of the first line; `size` is the font size (em)
/// in dots. Every line already fits `width` as the backend measures it.
#[derive(Debug, Clone, PartialEq)]
pub struct TextBlock {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub size: u32,
    pub line_height: u32,
    pub bold: bool,
    pub align: Align,
    /// White on black: drawn over an [`Element::Fill`].
    pub inverse: bool,
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Element {
    Text(TextBlock),
    /// A black rectangle.
    Fill {
        x: u32,
        y: u32,
        width: u32,
        height: u32,
    },
    /// A rectangle's outline, `thickness` dots, inside it.
    Frame {
        x: u32,
        y: u32,
        width: u32,
        height: u32,
        thickness: u32,
    },
    /// Code 128 of `data`, bars from `x` (the quiet zones are outside), `module` dots wide.
    Barcode {
        x: u32,
        y: u32,
        height: u32,
        module: u32,
        data: String,
    },
}

/// Width in dots of `text` at font size `size` dots, as the backend's font draws it.
pub trait Measure {
    fn width(&self, text: &str, size: u32, bold: bool) -> f32;
}

impl Measure for crate::render::fonts::Fonts {
    fn width(&self, text: &str, size: u32, bold: bool) -> f32 {
        self.width_em(text, bold) * size as f32
    }
}

/// Code 128 of `data` centred on the page between margins of `margin` dots, its modules as wide
/// as the quiet zones allow (at most 4 dots). Data Code 128 cannot hold is centred as if
/// empty; the backends refuse it when they draw.
pub fn centred_barcode(data: &str, margin: u32, y: u32, height: u32) -> Element {
    let inner = WIDTH - 2 * margin;
    let modules = code128(data).map_or(0, |m| u32::try_from(m.len()).unwrap_or(u32::MAX));
    let span = modules.saturating_add(2 * QUIET_MODULES).max(1);
    let module = (inner / span).clamp(1, MAX_MODULE);
    Element::Barcode {
        x: (WIDTH - modules.saturating_mul(module).min(inner)) / 2,
        y,
        height,
        module,
        data: data.to_owned(),
    }
}
