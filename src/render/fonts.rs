//! The fonts every Packdesk PDF embeds, and text drawn with fallback: DejaVu Sans Condensed
//! (Latin, Greek, Cyrillic) first, then a CJK font for kana, kanji and hanzi, then a Hangul
//! font, picked per character. PDF viewers do no fallback of their own, so a Japanese name
//! drawn in DejaVu alone would print as boxes.
//!
//! Shared by the shipping label and the customs paperwork. Each document embeds a face subset
//! to the glyphs it uses (`render::pdf`), and a face no text uses not at all, so a Latin-only
//! PDF stays small.

use std::sync::OnceLock;

use ttf_parser::{Face as TtfFace, GlyphId};

use super::error::RenderError;
use crate::embedded::{Packed, packed};

static REGULAR_TTF: Packed = packed!("fonts/DejaVuSansCondensed.ttf");
static BOLD_TTF: Packed = packed!("fonts/DejaVuSansCondensed-Bold.ttf");
/// Kana, JIS X 0208 kanji and GB 2312 hanzi (`assets/fonts/subset-cjk.sh`).
static CJK_TTF: Packed = packed!("fonts/DroidSansFallback-CJK-subset.ttf");
/// KS X 1001 Hangul syllables (`assets/fonts/subset-cjk.sh`).
static HANGUL_TTF: Packed = packed!("fonts/NotoSansCJKkr-Hangul-subset.ttf");

/// One of the embedded font faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Face {
    Regular,
    Bold,
    Cjk,
    Hangul,
}

impl Face {
    pub const ALL: [Face; 4] = [Face::Regular, Face::Bold, Face::Cjk, Face::Hangul];

    /// The PostScript name the PDF gives it.
    pub fn postscript_name(self) -> &'static str {
        match self {
            Face::Regular => "DejaVuSansCondensed",
            Face::Bold => "DejaVuSansCondensed-Bold",
            Face::Cjk => "DroidSansFallback",
            Face::Hangul => "NotoSansCJKkr-Regular",
        }
    }
}

/// The parsed faces, shared by every document of the process, with their files.
pub struct Fonts {
    regular: (TtfFace<'static>, &'static [u8]),
    bold: (TtfFace<'static>, &'static [u8]),
    cjk: (TtfFace<'static>, &'static [u8]),
    hangul: (TtfFace<'static>, &'static [u8]),
}

/// Parsed once per process.
pub fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let parse = |file: &'static Packed| {
                let bytes = file.bytes().map_err(|e| e.to_string())?;
                TtfFace::parse(bytes, 0)
                    .map(|face| (face, bytes))
                    .map_err(|e| format!("{} does not parse: {e}", file.name))
            };
            Ok(Fonts {
                regular: parse(&REGULAR_TTF)?,
                bold: parse(&BOLD_TTF)?,
                cjk: parse(&CJK_TTF)?,
                hangul: parse(&HANGUL_TTF)?,
            })
        })
        .as_ref()
        .map_err(|message| RenderError::Font(message.clone()))
}

impl Fonts {
    fn entry(&self, face: Face) -> &(TtfFace<'static>, &'static [u8]) {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
            Face::Cjk => &self.cjk,
            Face::Hangul => &self.hangul,
        }
    }

    pub fn parsed(&self, face: Face) -> &TtfFace<'static> {
        &self.entry(face).0
    }

    /// The font file of `face` (before subsetting).
    pub fn file(&self, face: Face) -> &'static [u8] {
        self.entry(face).1
    }

    /// The face that draws `c`: DejaVu when it has the glyph, else the first fallback that
    /// does, else DejaVu's missing-glyph box.
    pub fn face_for(&self, c: char, bold: bool) -> Face {
        let primary = if bold { Face::Bold } else { Face::Regular };
        [primary, Face::Cjk, Face::Hangul]
            .into_iter()
            .find(|&face| self.glyph(face, c).is_some())
            .unwrap_or(primary)
    }

    /// The glyph of `c` in `face`; `None` where the face has none (glyph 0 is `.notdef`, so a
    /// cmap entry pointing there is no glyph either).
    pub fn glyph(&self, face: Face, c: char) -> Option<u16> {
        self.parsed(face)
            .glyph_index(c)
            .map(|GlyphId(id)| id)
            .filter(|&id| id != 0)
    }

    /// The advance of `glyph` in `face`, in em.
    pub fn advance_em(&self, face: Face, glyph: u16) -> f32 {
        let font = self.parsed(face);
        let advance = font.glyph_hor_advance(GlyphId(glyph)).unwrap_or(0);
        f32::from(advance) / f32::from(font.units_per_em().max(1))
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
                run.chars()
                    .map(|c| self.advance_em(face, self.glyph(face, c).unwrap_or(0)))
                    .sum::<f32>()
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_parses() {
        let fonts = fonts().unwrap();
        for face in Face::ALL {
            assert!(fonts.parsed(face).number_of_glyphs() > 100, "{face:?}");
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
