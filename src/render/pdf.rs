//! A PDF drawn page by page in points from the top left (documents are laid out top down):
//! black or grey rectangles and lines of text in the shared fallback fonts ([`super::fonts`]),
//! written with pdf-writer. Each face a page uses is embedded once per document, subset to the
//! glyphs drawn (`super::embed`), so a label carries about 20 KB of fonts, not 3 MB.
//!
//! The output depends on nothing but what was drawn and the document's date: the same
//! document renders to the same bytes.

use std::collections::BTreeMap;

use pdf_writer::{Content, Finish as _, Name, Pdf, Rect, Ref, Str, TextStr};
use time::Date;

use super::Align;
use super::embed::{self, Refs, UsedGlyphs};
use super::error::RenderError;
use super::fonts::{Face, Fonts, fonts};

/// Baseline below the top of a line, in em: DejaVu's capitals are 0.73 em tall, so capitals
/// start about at the top and accents and descenders stay inside the line height.
pub const BASELINE: f32 = 0.8;

/// What the document says about itself (`pdfinfo` shows it).
#[derive(Debug, Clone)]
pub struct Info {
    pub title: String,
    pub subject: Option<String>,
    /// Creation and modification date: the document's own day, not the wall clock's.
    pub date: Date,
}

/// One drawing operation, in PDF user space (origin bottom left).
#[derive(Debug, Clone)]
enum Op {
    Fill {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
    },
    Grey(f32),
    /// Each glyph with the character it draws (for the ToUnicode map).
    Text {
        x: f32,
        baseline: f32,
        size: f32,
        face: Face,
        glyphs: Vec<(u16, char)>,
    },
}

/// A document being drawn, page by page.
pub struct Document {
    fonts: &'static Fonts,
    info: Info,
    pub width: f32,
    pub height: f32,
    pages: Vec<Vec<Op>>,
    current: usize,
}

impl Document {
    /// A document of one empty page of `width` x `height` points.
    pub fn new(info: Info, (width, height): (f32, f32)) -> Result<Self, RenderError> {
        Ok(Self {
            fonts: fonts()?,
            info,
            width,
            height,
            pages: vec![Vec::new()],
            current: 0,
        })
    }

    pub fn fonts(&self) -> &'static Fonts {
        self.fonts
    }

    /// Starts a new page; drawing goes there.
    pub fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.current = self.pages.len() - 1;
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Goes back to page `index` (from 0), e.g. to number the pages once all are laid out.
    pub fn go_to_page(&mut self, index: usize) {
        self.current = index.min(self.pages.len().saturating_sub(1));
    }

    fn push(&mut self, op: Op) {
        if let Some(page) = self.pages.get_mut(self.current) {
            page.push(op);
        }
    }

    /// The advance width of `text` at `size` points.
    pub fn width_of(&self, text: &str, size: f32, bold: bool) -> f32 {
        self.fonts.width_em(text, bold) * size
    }

    /// A filled rectangle, its top left corner at (`x`, `top`).
    pub fn fill(&mut self, x: f32, top: f32, width: f32, height: f32) {
        let y = self.height - top - height;
        self.push(Op::Fill {
            x,
            y,
            width,
            height,
        });
    }

    /// The outline of a rectangle, `thickness` wide, drawn inside it.
    pub fn frame(&mut self, x: f32, top: f32, width: f32, height: f32, thickness: f32) {
        self.fill(x, top, width, thickness);
        self.fill(x, top + height - thickness, width, thickness);
        self.fill(x, top, thickness, height);
        self.fill(x + width - thickness, top, thickness, height);
    }

    /// A barcode's `modules` (`true` for a bar) from `x`, each `module` wide: one rectangle
    /// per bar, so at a printer's resolution every edge falls on a dot.
    pub fn bars(&mut self, x: f32, top: f32, height: f32, module: f32, modules: &[bool]) {
        let mut start = None;
        for (index, &bar) in modules.iter().chain([&false]).enumerate() {
            match (bar, start) {
                (true, None) => start = Some(index),
                (false, Some(first)) => {
                    let left = x + first as f32 * module;
                    self.fill(left, top, (index - first) as f32 * module, height);
                    start = None;
                }
                _ => {}
            }
        }
    }

    /// One line whose top is at `top`, aligned within `x .. x + width` (it sticks out when it
    /// is wider).
    pub fn text_in(
        &mut self,
        (x, top, width): (f32, f32, f32),
        size: f32,
        bold: bool,
        align: Align,
        line: &str,
    ) {
        if line.is_empty() {
            return;
        }
        let slack = (width - self.width_of(line, size, bold)).max(0.0);
        let x = match align {
            Align::Left => x,
            Align::Center => x + slack / 2.0,
            Align::Right => x + slack,
        };
        self.text(x, top + BASELINE * size, size, bold, line);
    }

    /// The fill colour from now on: 0 black, 1 white.
    pub fn grey(&mut self, level: f32) {
        self.push(Op::Grey(level));
    }

    /// One line of text starting at `x`, its baseline `baseline` below the top of the page.
    /// Each run of one face starts where the previous run's glyphs ended.
    pub fn text(&mut self, x: f32, baseline: f32, size: f32, bold: bool, line: &str) {
        let baseline = self.height - baseline;
        let mut x = x;
        for (face, run) in self.fonts.runs(line, bold) {
            let glyphs: Vec<(u16, char)> = run
                .chars()
                .map(|c| (self.fonts.glyph(face, c).unwrap_or(0), c))
                .collect();
            let advance: f32 = glyphs
                .iter()
                .map(|&(g, _)| self.fonts.advance_em(face, g) * size)
                .sum();
            self.push(Op::Text {
                x,
                baseline,
                size,
                face,
                glyphs,
            });
            x += advance;
        }
    }

    /// The finished PDF.
    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        let mut used = UsedGlyphs::default();
        for op in self.pages.iter().flatten() {
            if let Op::Text { face, glyphs, .. } = op {
                used.add(*face, glyphs);
            }
        }
        let mut refs = Refs::default();
        let catalog = refs.next();
        let tree = refs.next();
        let info = refs.next();
        let page_refs: Vec<(Ref, Ref)> = self
            .pages
            .iter()
            .map(|_| (refs.next(), refs.next()))
            .collect();
        let subsets = used.subset(self.fonts)?;
        let font_refs: BTreeMap<Face, Ref> =
            subsets.keys().map(|&face| (face, refs.next())).collect();

        let mut pdf = Pdf::new();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(page_refs.iter().map(|(page, _)| *page))
            .count(i32::try_from(page_refs.len()).unwrap_or(i32::MAX));
        let date = pdf_date(self.info.date);
        let mut document_info = pdf.document_info(info);
        document_info
            .title(TextStr(&self.info.title))
            .producer(TextStr("Packdesk"))
            .creation_date(date)
            .modified_date(date);
        if let Some(subject) = &self.info.subject {
            document_info.subject(TextStr(subject));
        }
        document_info.finish();

        let media = Rect::new(0.0, 0.0, self.width, self.height);
        for (ops, (page_ref, content_ref)) in self.pages.iter().zip(&page_refs) {
            let mut page = pdf.page(*page_ref);
            page.parent(tree).media_box(media).contents(*content_ref);
            let mut resources = page.resources();
            let mut fonts = resources.fonts();
            for (face, font_ref) in &font_refs {
                fonts.pair(Name(font_name(*face).as_bytes()), *font_ref);
            }
            fonts.finish();
            resources.finish();
            page.finish();
            let content = content(ops, &subsets);
            let compressed = embed::deflate(&content);
            pdf.stream(*content_ref, &compressed)
                .filter(pdf_writer::Filter::FlateDecode);
        }
        for (face, font_ref) in &font_refs {
            if let Some(subset) = subsets.get(face) {
                embed::write_font(&mut pdf, &mut refs, *font_ref, *face, subset, self.fonts)?;
            }
        }
        Ok(pdf.finish())
    }
}

/// The content stream of one page: its ops with the glyphs as the subsets number them.
fn content(ops: &[Op], subsets: &BTreeMap<Face, embed::Subset>) -> Vec<u8> {
    let mut content = Content::new();
    for op in ops {
        match op {
            Op::Fill {
                x,
                y,
                width,
                height,
            } => {
                content.rect(*x, *y, *width, *height).fill_nonzero();
            }
            Op::Grey(level) => {
                content.set_fill_gray(*level);
            }
            Op::Text {
                x,
                baseline,
                size,
                face,
                glyphs,
            } => {
                let Some(subset) = subsets.get(face) else {
                    continue;
                };
                // Identity-H: two bytes per glyph, the subset's glyph id.
                let codes: Vec<u8> = glyphs
                    .iter()
                    .flat_map(|&(g, _)| subset.new_id(g).to_be_bytes())
                    .collect();
                content
                    .begin_text()
                    .set_font(Name(font_name(*face).as_bytes()), *size)
                    .next_line(*x, *baseline)
                    .show(Str(&codes))
                    .end_text();
            }
        }
    }
    content.finish().into_vec()
}

/// The resource name of a face on a page.
fn font_name(face: Face) -> &'static str {
    match face {
        Face::Regular => "F1",
        Face::Bold => "F2",
        Face::Cjk => "F3",
        Face::Hangul => "F4",
    }
}

fn pdf_date(date: Date) -> pdf_writer::Date {
    pdf_writer::Date::new(u16::try_from(date.year()).unwrap_or(2000))
        .month(u8::from(date.month()))
        .day(date.day())
        .hour(0)
        .minute(0)
        .second(0)
        .utc_offset_hour(0)
        .utc_offset_minute(0)
}
