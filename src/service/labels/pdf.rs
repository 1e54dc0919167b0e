//! The label as a one-page 4 x 6 in PDF, drawn with `crate::render` (DejaVu Sans Condensed and
//! the CJK fallback fonts embedded subset, so a Latin, Greek, Cyrillic, Japanese, Chinese or
//! Korean name prints), the barcode as filled rectangles.

use super::code128::code128;
use super::document::LabelDocument;
use super::error::LabelError;
use super::layout::{self, Align, Element, HEIGHT, Measure, TextBlock, WIDTH};
use crate::render::fonts::{Fonts, fonts};
use crate::render::pdf::{BASELINE, Document, Info};

/// PDF points per printer dot: the layout is in 203 dpi dots, PDF user space in 1/72 in.
const PT_PER_DOT: f32 = 72.0 / 203.0;
const SIZE_WARNING: usize = 100_000;

impl Measure for Fonts {
    fn width(&self, text: &str, size: u32, bold: bool) -> f32 {
        self.width_em(text, bold) * size as f32
    }
}

/// The label of `doc` as a PDF document of one 4 x 6 in page (288 x 432 pt).
pub fn render_pdf(doc: &LabelDocument) -> Result<Vec<u8>, LabelError> {
    let font = |e: crate::render::RenderError| LabelError::Font(e.to_string());
    let fonts = fonts().map_err(font)?;
    let info = Info {
        title: format!("Label {}", doc.tracking_code),
        subject: Some(format!("Order {}", doc.order_number)),
        // Dated by the label, not by the wall clock.
        date: doc.created,
    };
    let mut pdf = Document::new(info, (dots(WIDTH as f32), dots(HEIGHT as f32))).map_err(font)?;
    for element in layout::layout(doc, fonts) {
        match element {
            Element::Fill {
                x,
                y,
                width,
                height,
            } => fill(&mut pdf, x as f32, y as f32, width as f32, height as f32),
            Element::Text(block) => text(&mut pdf, &block, fonts),
            Element::Barcode {
                x,
                y,
                height,
                module,
                data,
            } => {
                let modules = code128(&data)?;
                barcode(&mut pdf, &modules, x, y, height, module);
            }
        }
    }
    let bytes = pdf.finish().map_err(font)?;
    // A subset label is ~25 KB; far more means the fonts went in whole.
    if bytes.len() > SIZE_WARNING {
        tracing::warn!(
            bytes = bytes.len(),
            "label PDF larger than expected: font subsetting?"
        );
    }
    Ok(bytes)
}

fn dots(value: f32) -> f32 {
    value * PT_PER_DOT
}

/// A black rectangle given in top-left-origin dots.
fn fill(pdf: &mut Document, x: f32, y: f32, width: f32, height: f32) {
    pdf.fill(dots(x), dots(y), dots(width), dots(height));
}

fn text(pdf: &mut Document, block: &TextBlock, fonts: &Fonts) {
    if block.inverse {
        pdf.grey(1.0);
    }
    for (index, line) in block.lines.iter().enumerate() {
        if line.is_empty() {
            continue;
        }
        let width = fonts.width(line, block.size, block.bold);
        let slack = (block.width as f32 - width).max(0.0);
        let x = block.x as f32
            + match block.align {
                Align::Left => 0.0,
                Align::Center => slack / 2.0,
                Align::Right => slack,
            };
        let top = block.y as f32 + (index as f32) * block.line_height as f32;
        let baseline = top + BASELINE * block.size as f32;
        pdf.text(
            dots(x),
            dots(baseline),
            dots(block.size as f32),
            block.bold,
            line,
        );
    }
    if block.inverse {
        pdf.grey(0.0);
    }
}

/// One rectangle per bar; bars and spaces are whole multiples of `module` dots, so at 203 dpi
/// every edge falls on a printer dot.
fn barcode(pdf: &mut Document, modules: &[bool], x: u32, y: u32, height: u32, module: u32) {
    let mut start = None;
    for (index, &bar) in modules.iter().chain([&false]).enumerate() {
        match (bar, start) {
            (true, None) => start = Some(index),
            (false, Some(first)) => {
                let left = x as f32 + (first as f32) * module as f32;
                let width = ((index - first) as f32) * module as f32;
                fill(pdf, left, y as f32, width, height as f32);
                start = None;
            }
            _ => {}
        }
    }
}
