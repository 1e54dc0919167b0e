//! The fonts every Packdesk PDF embeds, and text drawn with fallback: DejaVu Sans Condensed
//! (Latin, Greek, Cyrillic) first, then a CJK font for kana, kanji and hanzi, then a Hangul
//! font, picked per character. PDF viewers do no fallback of their own, so a Japanese name
//! drawn in DejaVu alone would print as boxes.
//!
//! Shared by the shipping label and the customs paperwork (`crate::customs::render`). The
//! fonts go into each document subset to the glyphs it uses (`subset_fonts: true`), and a face
//! no text uses is not embedded at all, so a Latin-only PDF stays small.

use std::sync::OnceLock;

use printpdf::{FontId, Op, ParsedFont, PdfDocument, PdfFontHandle, Point, Pt, TextItem};

use super::error::LabelError;

const REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansCondensed.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansCondensed-Bold.ttf");
/// Kana, JIS X 0208 kanji and GB 2312 hanzi (`assets/fonts/subset-cjk.sh`).
const CJK_TTF: &[u8] = include_bytes!("../../../assets/fonts/DroidSansFallback-CJK-subset.ttf");
/// KS X 1001 Hangul syllables (`assets/fonts/subset-cjk.sh`).
const HANGUL_TTF: &[u8] = include_bytes!("../../../assets/fonts/NotoSansCJKkr-Hangul-subset.ttf");

/// One of the embedded font faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
    Cjk,
    Hangul,
}

/// The parsed faces, shared by every document of the process.
pub struct Fonts {
    regular: ParsedFont,
    bold: ParsedFont,
    cjk: ParsedFont,
    hangul: ParsedFont,
}

/// Parsed once per process: parsing the fonts costs more than rendering a document.
pub fn fonts() -> Result<&'static Fonts, LabelError> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let parse = |bytes: &[u8], name: &str| {
                ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
                    .ok_or_else(|| format!("{name} does not parse"))
            };
            Ok(Fonts {
                regular: parse(REGULAR_TTF, "DejaVuSansCondensed.ttf")?,
                bold: parse(BOLD_TTF, "DejaVuSansCondensed-Bold.ttf")?,
                cjk: parse(CJK_TTF, "DroidSansFallback-CJK-subset.ttf")?,
                hangul: parse(HANGUL_TTF, "NotoSansCJKkr-Hangul-subset.ttf")?,
            })
        })
        .as_ref()
        .map_err(|message| LabelError::Font(message.clone()))
}

impl Fonts {
    pub fn parsed(&self, face: Face) -> &ParsedFont {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
            Face::Cjk => &self.cjk,
            Face::Hangul => &self.hangul,
        }
    }

    /// The face that draws `c`: DejaVu when it has the glyph, else the first fallback that
    /// does, else DejaVu's missing-glyph box.
    pub fn face_for(&self, c: char, bold: bool) -> Face {
        let primary = if bold { Face::Bold } else { Face::Regular };
        [primary, Face::Cjk, Face::Hangul]
            .into_iter()
            .find(|&face| self.has_glyph(face, c))
            .unwrap_or(primary)
    }

    fn has_glyph(&self, face: Face, c: char) -> bool {
        // Glyph 0 is .notdef: a cmap entry pointing there is no glyph either.
        self.parsed(face)
            .lookup_glyph_index(u32::from(c))
            .is_some_and(|glyph| glyph != 0)
    }

    /// `text` cut into runs of one face each, in order.
    pub fn runs<'t>(&self, text: &'t str, bold: bool) -> Vec<(Face, &'t str)> {
        let mut runs = Vec::new();
        let mut start = 0;
        let mut current = None;
        for (index, c) in text.char_indices() {
            let face = self.face_for(c, bold);
            match current {
                Some(previous) if previous != face => {
                    runs.push((previous, text.get(start..index).unwrap_or("")));
                    start = index;
                }
                _ => {}
            }
            current = Some(face);
        }
        if let Some(face) = current {
            runs.push((face, text.get(start..).unwrap_or("")));
        }
        runs
    }

    /// The advance width of `text` in em (multiply by the font size), each character measured
    /// in the face that draws it.
    pub fn width_em(&self, text: &str, bold: bool) -> f32 {
        self.runs(text, bold)
            .into_iter()
            .map(|(face, run)| {
                let font = self.parsed(face);
                let units_per_em = f32::from(font.font_metrics.units_per_em.max(1));
                let advance: u32 = run
                    .chars()
                    .map(|c| {
                        let glyph = font.lookup_glyph_index(u32::from(c)).unwrap_or(0);
                        u32::from(font.get_horizontal_advance(glyph))
                    })
                    .sum();
                advance as f32 / units_per_em
            })
            .sum()
    }
}

/// The faces as added to one PDF document.
pub struct PdfFonts {
    fonts: &'static Fonts,
    regular: FontId,
    bold: FontId,
    cjk: FontId,
    hangul: FontId,
}

impl PdfFonts {
    /// Adds every face to `pdf`; the writer leaves out the faces no text ended up using.
    pub fn add_to(pdf: &mut PdfDocument, fonts: &'static Fonts) -> Self {
        Self {
            fonts,
            regular: pdf.add_font(&fonts.regular),
            bold: pdf.add_font(&fonts.bold),
            cjk: pdf.add_font(&fonts.cjk),
            hangul: pdf.add_font(&fonts.hangul),
        }
    }

    fn id(&self, face: Face) -> &FontId {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
            Face::Cjk => &self.cjk,
            Face::Hangul => &self.hangul,
        }
    }

    /// Draws `text` on one line starting at `(x, baseline)` (PDF user space, origin bottom
    /// left). One text object with a font switch per run: each run starts where the previous
    /// one's glyph advances ended, so no run needs measuring here.
    pub fn show(&self, ops: &mut Vec<Op>, x: Pt, baseline: Pt, size: Pt, bold: bool, text: &str) {
        let runs = self.fonts.runs(text, bold);
        if runs.is_empty() {
            return;
        }
        ops.push(Op::StartTextSection);
        ops.push(Op::SetTextCursor {
            pos: Point { x, y: baseline },
        });
        for (face, run) in runs {
            ops.push(Op::SetFont {
                font: PdfFontHandle::External(self.id(face).clone()),
                size,
            });
            ops.push(Op::ShowText {
                items: vec![TextItem::Text(run.to_owned())],
            });
        }
        ops.push(Op::EndTextSection);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_parses() {
        let fonts = fonts().unwrap();
        for face in [Face::Regular, Face::Bold, Face::Cjk, Face::Hangul] {
            assert!(fonts.parsed(face).num_glyphs > 100, "{face:?}");
        }
    }

    #[test]
    fn each_character_goes_to_the_first_face_that_has_it() {
        let fonts = fonts().unwrap();
        assert_eq!(
            fonts.runs("Yamada 山田 太郎 東京都", false),
            vec![
                (Face::Regular, "Yamada "),
                (Face::Cjk, "山田"),
                (Face::Regular, " "),
                (Face::Cjk, "太郎"),
                (Face::Regular, " "),
                (Face::Cjk, "東京都"),
            ]
        );
        assert_eq!(
            fonts.runs("김민준, Zoë", true),
            vec![(Face::Hangul, "김민준"), (Face::Bold, ", Zoë")]
        );
        // Kana, Chinese simplified, full-width digits.
        for c in ['の', 'カ', '东', '１', '々'] {
            assert_eq!(fonts.face_for(c, false), Face::Cjk, "{c}");
        }
        // Nobody has it: DejaVu's box, not a panic.
        assert_eq!(fonts.face_for('\u{10FFFD}', false), Face::Regular);
        assert!(fonts.runs("", false).is_empty());
    }

    #[test]
    fn widths_add_up_across_faces() {
        let fonts = fonts().unwrap();
        let latin = fonts.width_em("Tokyo ", false);
        let han = fonts.width_em("東京", false);
        // Ideographs are one em wide.
        assert!((han - 2.0).abs() < 0.05, "{han}");
        assert!((fonts.width_em("Tokyo 東京", false) - latin - han).abs() < 1e-3);
    }
}
