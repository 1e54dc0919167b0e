//! The CN22 as a ZPL II format for 203 dpi printers on 4 x 6 in stock, from the same layout as
//! its PDF (`cn22`). Text in the scalable font 0, UTF-8 (`^CI28`), every field's data escaped as
//! the shipping label's are (`service::labels::zpl_escape`), so no `^` or `~` in a description
//! can end a field or start a command.

use std::fmt::Write as _;

use super::cn22::{self, Element, HEIGHT, Measure, TextBlock, WIDTH};
use super::error::RenderError;
use super::pdf::Align;
use crate::customs::paperwork::CustomsDeclaration;
use crate::service::labels::{font0_width, zpl_escape};

/// The escape character announced by `^FH` (the one `zpl_escape` writes).
const HEX_ESCAPE: char = '_';

/// The printer's font 0, measured by the shipping label's estimate.
struct Font0;

impl Measure for Font0 {
    fn width(&self, text: &str, size: u32, _bold: bool) -> f32 {
        font0_width(text, size)
    }
}

/// `decl` (a CN22) as one ZPL format, `^XA` ... `^XZ`, UTF-8.
pub fn cn22_zpl(decl: &CustomsDeclaration) -> Result<Vec<u8>, RenderError> {
    let mut zpl = String::new();
    // Writing to a String cannot fail: the results are ignored.
    // ^CI28: UTF-8 field data. ^PW/^LL: 4 x 6 in at 203 dpi. ^LH0,0: origin top left.
    let _ = writeln!(zpl, "^XA\n^CI28\n^PW{WIDTH}\n^LL{HEIGHT}\n^LH0,0\n^PON");
    for element in cn22::layout(decl, &Font0)? {
        let _ = match element {
            Element::Fill {
                x,
                y,
                width,
                height,
            } => {
                // A box whose border is as thick as its smaller side is solid.
                let thickness = width.min(height);
                writeln!(zpl, "^FO{x},{y}^GB{width},{height},{thickness},B,0^FS")
            }
            Element::Frame {
                x,
                y,
                width,
                height,
                thickness,
            } => writeln!(zpl, "^FO{x},{y}^GB{width},{height},{thickness},B,0^FS"),
            Element::Text(block) => write_text(&mut zpl, &block),
            // Code 128, automatic subsets, no interpretation line: the layout prints the
            // number itself, larger.
            Element::Barcode {
                x,
                y,
                height,
                module,
                data,
            } => writeln!(
                zpl,
                "^FO{x},{y}^BY{module}^BCN,{height},N,N,N,A^FH{HEX_ESCAPE}^FD{}^FS",
                zpl_escape(&data)
            ),
        };
    }
    zpl.push_str("^XZ\n");
    Ok(zpl.into_bytes())
}

/// One `^FB` field block: lines joined with `\&` (the block's line break), aligned by the
/// printer.
fn write_text(zpl: &mut String, block: &TextBlock) -> std::fmt::Result {
    let justify = match block.align {
        Align::Left => 'L',
        Align::Center => 'C',
        Align::Right => 'R',
    };
    let lines = block.lines.len().max(1);
    let spacing = block.line_height.saturating_sub(block.size);
    // In a ^FB block `\` starts an escape of its own: a literal one is `\\`.
    let data: Vec<String> = block
        .lines
        .iter()
        .map(|line| zpl_escape(line).replace('\\', "\\\\"))
        .collect();
    writeln!(
        zpl,
        "^FO{},{}^A0N,{size},{size}^FB{},{lines},{spacing},{justify},0^FH{HEX_ESCAPE}^FD{}^FS",
        block.x,
        block.y,
        block.width,
        data.join("\\&"),
        size = block.size,
    )
}
