//! A page's elements as a one-page 4 x 6 in PDF (288 x 432 pt) through `render::pdf`: the
//! fonts embedded subset, every text real text that `pdftotext` reads back, the barcode as
//! filled rectangles.

use super::elements::{Element, HEIGHT, TextBlock, WIDTH};
use crate::render::RenderError;
use crate::render::code128::code128;
use crate::render::pdf::{Document, Info};

/// PDF points per printer dot: the layout is in 203 dpi dots, PDF user space in 1/72 in.
const PT_PER_DOT: f32 = 72.0 / 203.0;

fn pt(dots: u32) -> f32 {
    dots as f32 * PT_PER_DOT
}

/// `elements` as a PDF of one 4 x 6 in page.
pub fn pdf(elements: &[Element], info: Info) -> Result<Vec<u8>, RenderError> {
    let mut doc = Document::new(info, (pt(WIDTH), pt(HEIGHT)))?;
    for element in elements {
        match element {
            Element::Text(block) => text(&mut doc, block),
            &Element::Fill {
                x,
                y,
                width,
                height,
            } => doc.fill(pt(x), pt(y), pt(width), pt(height)),
            &Element::Frame {
                x,
                y,
                width,
                height,
                thickness,
            } => doc.frame(pt(x), pt(y), pt(width), pt(height), pt(thickness)),
            Element::Barcode {
                x,
                y,
                height,
                module,
                data,
            } => {
                let modules = code128(data).map_err(|source| RenderError::Barcode {
                    data: data.clone(),
                    source,
                })?;
                doc.bars(pt(*x), pt(*y), pt(*height), pt(*module), &modules);
            }
        }
    }
    doc.finish()
}

fn text(doc: &mut Document, block: &TextBlock) {
    if block.inverse {
        doc.grey(1.0);
    }
    let mut top = block.y;
    for line in &block.lines {
        let place = (pt(block.x), pt(top), pt(block.width));
        doc.text_in(place, pt(block.size), block.bold, block.align, line);
        top += block.line_height;
    }
    if block.inverse {
        doc.grey(0.0);
    }
}
