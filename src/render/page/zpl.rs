//! A page's elements as one ZPL II format for 203 dpi printers with 4 x 6 in media. Text is in
//! the printer's scalable font 0 in UTF-8 (`^CI28`); field data is hex-escaped with `^FH`, so
//! no `^` or `~` in a name or a description can end a field or start a command.

use std::fmt::Write as _;

use super::elements::{Element, HEIGHT, Measure, TextBlock, WIDTH};
use crate::render::Align;

/// Field data escape character announced by `^FH`.
const HEX_ESCAPE: char = '_';

/// `elements` as one ZPL II format (`^XA` ... `^XZ`).
pub fn zpl(elements: &[Element]) -> String {
    let mut zpl = String::new();
    // Writing to a String cannot fail: the results are ignored.
    // ^CI28: field data is UTF-8. ^PW/^LL: 4 x 6 in at 203 dpi. ^LH0,0: origin top left.
    let _ = writeln!(zpl, "^XA\n^CI28\n^PW{WIDTH}\n^LL{HEIGHT}\n^LH0,0\n^PON");
    for element in elements {
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
            Element::Text(block) => write_text(&mut zpl, block),
            // Code 128 in automatic mode (subset C for digit runs), no interpretation line:
            // the layouts print the data themselves, larger.
            Element::Barcode {
                x,
                y,
                height,
                module,
                data,
            } => writeln!(
                zpl,
                "^FO{x},{y}^BY{module}^BCN,{height},N,N,N,A^FH{HEX_ESCAPE}^FD{}^FS",
                escape(data)
            ),
        };
    }
    zpl.push_str("^XZ\n");
    zpl
}

/// One `^FB` field block: the lines are joined with `\&` (line break) and aligned by the
/// printer; `^FR` prints white on the black box under an inverse block.
fn write_text(zpl: &mut String, block: &TextBlock) -> std::fmt::Result {
    let justify = match block.align {
        Align::Left => 'L',
        Align::Center => 'C',
        Align::Right => 'R',
    };
    let lines = block.lines.len().max(1);
    let spacing = block.line_height.saturating_sub(block.size);
    let reverse = if block.inverse { "^FR" } else { "" };
    // In a ^FB block `\` starts an escape of its own: a literal one is `\\`.
    let data: Vec<String> = block
        .lines
        .iter()
        .map(|line| escape(line).replace('\\', "\\\\"))
        .collect();
    writeln!(
        zpl,
        "^FO{},{}^A0N,{size},{size}^FB{},{lines},{spacing},{justify},0{reverse}^FH{HEX_ESCAPE}^FD{}^FS",
        block.x,
        block.y,
        block.width,
        data.join("\\&"),
        size = block.size,
    )
}

/// Field data with the characters ZPL would read as commands (`^`, `~`) and the escape character
/// itself written as `^FH` hex escapes. `\` is left for the `^FB` escaping of the caller. A
/// field with such data must announce the escape character: `^FH_`.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '^' | '~' | HEX_ESCAPE => {
                let _ = write!(escaped, "{HEX_ESCAPE}{:02X}", u32::from(c));
            }
            c if c.is_control() => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    escaped
}

/// Width estimate for the printer's font 0 (a bold condensed sans) at height = width = `size`:
/// printers do not report metrics, so this errs wide and long text is shrunk or cut early
/// rather than running into the next field.
pub struct Font0;

impl Measure for Font0 {
    fn width(&self, text: &str, size: u32, _bold: bool) -> f32 {
        let ems: f32 = text
            .chars()
            .map(|c| match c {
                'M' | 'W' | 'm' | 'w' | '@' | '%' | '&' => 0.82,
                'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 0.28,
                ' ' | '(' | ')' | '-' | 'f' | 't' | 'r' => 0.38,
                c if c.is_ascii_lowercase() => 0.55,
                _ => 0.62,
            })
            .sum();
        ems * size as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_hides_command_characters() {
        assert_eq!(escape("A^B~C_D"), "A_5EB_7EC_5FD");
        assert_eq!(escape("Zoë\tŁ"), "Zoë Ł");
    }

    #[test]
    fn font0_estimate_grows_with_text_and_size() {
        let narrow = Font0.width("iii", 30, true);
        let wide = Font0.width("WWW", 30, true);
        assert!(narrow < wide);
        assert!((Font0.width("AB", 60, true) - 2.0 * Font0.width("AB", 30, true)).abs() < 1e-3);
    }
}
