//! The customs declaration as PDF: the CN22 as one 4 x 6 in page drawn from its dot layout
//! (`cn22`), the CN23 on office paper (`cn23`).

use super::cn22::{self, Element, HEIGHT, Measure};
use super::cn23;
use super::error::RenderError;
use super::pdf::{LABEL_4X6, Style, Writer};
use crate::customs::paperwork::{CustomsDeclaration, DeclarationForm};

/// Points per printer dot: the CN22 layout is in 203 dpi dots, PDF in 1/72 in.
const PT_PER_DOT: f32 = 72.0 / 203.0;

/// The declaration as a PDF: a CN22 is one 4 x 6 in page, a CN23 an A4 or Letter document
/// (`decl.paper`).
pub fn declaration_pdf(decl: &CustomsDeclaration) -> Result<Vec<u8>, RenderError> {
    match decl.form {
        DeclarationForm::Cn22 => cn22_pdf(decl),
        DeclarationForm::Cn23 => cn23::cn23_pdf(decl),
    }
}

impl Measure for Writer {
    fn width(&self, text: &str, size: u32, bold: bool) -> f32 {
        // The writer measures in whatever unit the size is given in.
        let style = Style {
            size: size as f32,
            bold,
        };
        self.width_of(text, style)
    }
}

fn cn22_pdf(decl: &CustomsDeclaration) -> Result<Vec<u8>, RenderError> {
    let title = format!("CN22 {}", decl.tracking_number);
    let mut writer = Writer::new(&title, decl.date, LABEL_4X6)?;
    let elements = cn22::layout(decl, &writer)?;
    let pt = |dots: u32| dots as f32 * PT_PER_DOT;
    debug_assert!((pt(HEIGHT) - LABEL_4X6.1).abs() < 0.5);
    for element in elements {
        match element {
            Element::Text(block) => {
                let style = Style {
                    size: pt(block.size),
                    bold: block.bold,
                };
                for (index, line) in block.lines.iter().enumerate() {
                    let top = block.y + u32::try_from(index).unwrap_or(0) * block.line_height;
                    writer.text_in(
                        pt(block.x),
                        pt(top),
                        pt(block.width),
                        style,
                        block.align,
                        line,
                    );
                }
            }
            Element::Fill {
                x,
                y,
                width,
                height,
            } => writer.fill(pt(x), pt(y), pt(width), pt(height)),
            Element::Frame {
                x,
                y,
                width,
                height,
                thickness,
            } => writer.frame(pt(x), pt(y), pt(width), pt(height), pt(thickness)),
            Element::Barcode {
                x,
                y,
                height,
                module,
                data,
            } => {
                writer.barcode(
                    pt(x),
                    pt(y),
                    pt(height),
                    pt(module),
                    &data,
                    "tracking number",
                )?;
            }
        }
    }
    writer.finish()
}
