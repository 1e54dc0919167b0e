//! The label as a one-page 4 x 6 in PDF with DejaVu Sans Condensed and the CJK fallback fonts
//! embedded (subset, see `fonts`), so a Latin, Greek, Cyrillic, Japanese, Chinese or Korean name
//! prints, and the barcode drawn as filled rectangles.

use printpdf::{
    Color, Greyscale, Op, PaintMode, PdfDocument, PdfPage, PdfSaveOptions, Pt, Rect, WindingOrder,
};

use super::code128::code128;
use super::document::LabelDocument;
use super::error::LabelError;
use super::fonts::{Fonts, PdfFonts, fonts};
use super::layout::{self, Align, Element, HEIGHT, Measure, TextBlock, WIDTH};

/// PDF points per printer dot: the layout is in 203 dpi dots, PDF user space in 1/72 in.
const PT_PER_DOT: f32 = 72.0 / 203.0;
/// Baseline below the top of a line, in em: DejaVu's capitals are 0.73 em tall, so capitals
/// start about at the top and accents and descenders stay inside the line height.
const BASELINE: f32 = 0.8;
const SIZE_WARNING: usize = 100_000;

impl Measure for Fonts {
    fn width(&self, text: &str, size: u32, bold: bool) -> f32 {
        self.width_em(text, bold) * size as f32
    }
}

/// The label of `doc` as a PDF document of one 4 x 6 in page (288 x 432 pt).
pub fn render_pdf(doc: &LabelDocument) -> Result<Vec<u8>, LabelError> {
    let fonts = fonts()?;
    let mut pdf = PdfDocument::new(&format!("Label {}", doc.tracking_code));
    // Dated by the label, not by the wall clock.
    let created = doc.created.midnight().assume_utc().unix_timestamp();
    if let Ok(date) = printpdf::OffsetDateTime::from_unix_timestamp(created) {
        pdf.metadata.info.creation_date = date;
        pdf.metadata.info.modification_date = date;
        pdf.metadata.info.metadata_date = date;
    }
    pdf.metadata.info.producer = "Packdesk".into();
    pdf.metadata.info.subject = format!("Order {}", doc.order_number);
    let faces = PdfFonts::add_to(&mut pdf, fonts);
    let mut ops = Vec::new();
    for element in layout::layout(doc, fonts) {
        match element {
            Element::Fill {
                x,
                y,
                width,
                height,
            } => ops.push(fill(x as f32, y as f32, width as f32, height as f32)),
            Element::Text(block) => text_ops(&mut ops, &block, fonts, &faces),
            Element::Barcode {
                x,
                y,
                height,
                module,
                data,
            } => {
                let modules = code128(&data)?;
                barcode_ops(&mut ops, &modules, x, y, height, module);
            }
        }
    }
    let page_box = Rect::from_wh(dots(WIDTH as f32), dots(HEIGHT as f32));
    let page = PdfPage {
        media_box: page_box.clone(),
        trim_box: page_box.clone(),
        crop_box: page_box,
        ops,
    };
    // Subsetting keeps only the glyphs used: ~20 KB instead of 1.4 MB of fonts.
    let options = PdfSaveOptions {
        subset_fonts: true,
        ..PdfSaveOptions::default()
    };
    let bytes = pdf.with_pages(vec![page]).save(&options, &mut Vec::new());
    if bytes.is_empty() {
        return Err(LabelError::Font("the PDF writer produced nothing".into()));
    }
    // A subset label is ~25 KB; far more means the fonts went in whole.
    if bytes.len() > SIZE_WARNING {
        tracing::warn!(
            bytes = bytes.len(),
            "label PDF larger than expected: font subsetting?"
        );
    }
    Ok(bytes)
}

fn dots(value: f32) -> Pt {
    Pt(value * PT_PER_DOT)
}

/// A black rectangle given in top-left-origin dots.
fn fill(x: f32, y: f32, width: f32, height: f32) -> Op {
    Op::DrawRectangle {
        rectangle: Rect {
            x: dots(x),
            y: dots(HEIGHT as f32 - y - height),
            width: dots(width),
            height: dots(height),
            mode: Some(PaintMode::Fill),
            winding_order: Some(WindingOrder::NonZero),
        },
    }
}

fn grey(level: f32) -> Op {
    Op::SetFillColor {
        col: Color::Greyscale(Greyscale::new(level, None)),
    }
}

fn text_ops(ops: &mut Vec<Op>, block: &TextBlock, fonts: &Fonts, faces: &PdfFonts) {
    if block.inverse {
        ops.push(grey(1.0));
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
        faces.show(
            ops,
            dots(x),
            dots(HEIGHT as f32 - baseline),
            dots(block.size as f32),
            block.bold,
            line,
        );
    }
    if block.inverse {
        ops.push(grey(0.0));
    }
}

/// One rectangle per bar; bars and spaces are whole multiples of `module` dots, so at 203 dpi
/// every edge falls on a printer dot.
fn barcode_ops(ops: &mut Vec<Op>, modules: &[bool], x: u32, y: u32, height: u32, module: u32) {
    let mut start = None;
    for (index, &bar) in modules.iter().chain([&false]).enumerate() {
        match (bar, start) {
            (true, None) => start = Some(index),
            (false, Some(first)) => {
                let left = x as f32 + (first as f32) * module as f32;
                let width = ((index - first) as f32) * module as f32;
                ops.push(fill(left, y as f32, width, height as f32));
                start = None;
            }
            _ => {}
        }
    }
}
