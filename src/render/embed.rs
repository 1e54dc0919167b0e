//! A face embedded in a PDF as the glyphs a document drew, and nothing else: a Type 0 font with
//! Identity-H encoding (two bytes per glyph) over a TrueType CID font whose file is subset by
//! `subsetter`, with widths and a ToUnicode map, so `pdftotext` and a screen reader get the text
//! back and copy-paste works.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish as _, Name, Pdf, Rect, Ref, Str};
use subsetter::GlyphRemapper;

use super::error::RenderError;
use super::fonts::{Face, Fonts};

/// The glyphs a document drew, per face, with a character each glyph stands for.
#[derive(Default)]
pub struct UsedGlyphs(BTreeMap<Face, BTreeMap<u16, char>>);

impl UsedGlyphs {
    pub fn add(&mut self, face: Face, glyphs: &[(u16, char)]) {
        let used = self.0.entry(face).or_default();
        for &(glyph, c) in glyphs {
            used.entry(glyph).or_insert(c);
        }
    }

    /// Each used face subset to its glyphs.
    pub fn subset(&self, fonts: &Fonts) -> Result<BTreeMap<Face, Subset>, RenderError> {
        let mut subsets = BTreeMap::new();
        for (&face, glyphs) in &self.0 {
            let mut remapper = GlyphRemapper::new();
            for &glyph in glyphs.keys() {
                remapper.remap(glyph);
            }
            let data = subsetter::subset(fonts.file(face), 0, &remapper).map_err(|e| {
                RenderError::Font(format!(
                    "{} could not be subset: {e}",
                    face.postscript_name()
                ))
            })?;
            subsets.insert(
                face,
                Subset {
                    data,
                    remapper,
                    chars: glyphs.clone(),
                },
            );
        }
        Ok(subsets)
    }
}

/// One face cut down to a document's glyphs, which it numbers anew from 0 (`.notdef`).
pub struct Subset {
    data: Vec<u8>,
    remapper: GlyphRemapper,
    /// Original glyph → a character it stands for.
    chars: BTreeMap<u16, char>,
}

impl Subset {
    /// The subset's number for original glyph `glyph` (`.notdef` for one it lacks).
    pub fn new_id(&self, glyph: u16) -> u16 {
        self.remapper.get(glyph).unwrap_or(0)
    }

    /// A six-letter tag for the subset's name (PDF 32000 9.6.4): the same glyphs give the
    /// same tag, so a document renders to the same bytes every time.
    fn tag(&self, face: Face) -> String {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let bytes = face
            .postscript_name()
            .bytes()
            .chain(self.remapper.remapped_gids().flat_map(u16::to_be_bytes));
        for byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        (0..6)
            .map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8))
            .collect()
    }
}

/// Writes `face`'s subset as the Type 0 font `type0` and the objects it needs.
pub fn write_font(
    pdf: &mut Pdf,
    refs: &mut Refs,
    type0: Ref,
    face: Face,
    subset: &Subset,
    fonts: &Fonts,
) -> Result<(), RenderError> {
    let cid = refs.next();
    let descriptor = refs.next();
    let file = refs.next();
    let to_unicode = refs.next();
    let name = format!("{}+{}", subset.tag(face), face.postscript_name());
    let system_info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };

    pdf.type0_font(type0)
        .base_font(Name(name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(to_unicode);

    let parsed = fonts.parsed(face);
    let per_em = 1000.0 / f32::from(parsed.units_per_em().max(1));
    let widths: Vec<f32> = subset
        .remapper
        .remapped_gids()
        .map(|glyph| fonts.advance_em(face, glyph) * 1000.0)
        .collect();
    let mut cid_font = pdf.cid_font(cid);
    cid_font
        .subtype(CidFontType::Type2)
        .base_font(Name(name.as_bytes()))
        .system_info(system_info)
        .font_descriptor(descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    cid_font.widths().consecutive(0, widths);
    cid_font.finish();

    let bbox = parsed.global_bounding_box();
    let scale = |v: i16| f32::from(v) * per_em;
    let ascent = scale(parsed.ascender());
    pdf.font_descriptor(descriptor)
        .name(Name(name.as_bytes()))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(
            scale(bbox.x_min),
            scale(bbox.y_min),
            scale(bbox.x_max),
            scale(bbox.y_max),
        ))
        .italic_angle(0.0)
        .ascent(ascent)
        .descent(scale(parsed.descender()))
        .cap_height(parsed.capital_height().map_or(ascent, scale))
        .stem_v(80.0)
        .font_file2(file);

    let compressed = deflate(&subset.data);
    let mut stream = pdf.stream(file, &compressed);
    stream.filter(Filter::FlateDecode);
    stream.pair(
        Name(b"Length1"),
        i32::try_from(subset.data.len()).unwrap_or(i32::MAX),
    );
    stream.finish();

    let mut cmap = UnicodeCmap::new(Name(b"Packdesk-UTF16"), system_info);
    for (&glyph, &c) in &subset.chars {
        if glyph != 0 {
            cmap.pair(subset.new_id(glyph), c);
        }
    }
    let cmap = deflate(&cmap.finish());
    pdf.stream(to_unicode, &cmap).filter(Filter::FlateDecode);
    Ok(())
}

/// `data` compressed as a PDF FlateDecode stream (zlib).
pub fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// Object numbers, handed out in order.
#[derive(Default)]
pub struct Refs(i32);

impl Refs {
    pub fn next(&mut self) -> Ref {
        self.0 += 1;
        Ref::new(self.0)
    }
}
