//! The office documents' page writer over `crate::render::pdf`: positions in PDF points from
//! the top left of the page (the documents are laid out top down), text with the shared
//! fallback fonts, wrapped and aligned, rules, frames and Code 128 barcodes. (The CN22 is drawn
//! on `render::page`, as the shipping label is.)

use time::Date;

use super::error::RenderError;
use super::text;
use crate::customs::paperwork::PaperSize;
pub(super) use crate::render::Align;
use crate::render::code128::code128;
use crate::render::pdf::{self, Document, Info};

/// Code 128 wants at least 10 modules of white on each side.
pub(super) const QUIET_MODULES: f32 = 10.0;

/// Width and height in points.
pub(super) fn page_size(paper: PaperSize) -> (f32, f32) {
    match paper {
        PaperSize::A4 => (595.0, 842.0),
        PaperSize::Letter => (612.0, 792.0),
    }
}

/// Size in points and weight of a piece of text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Style {
    pub size: f32,
    pub bold: bool,
}

impl Style {
    pub const fn regular(size: f32) -> Self {
        Self { size, bold: false }
    }

    pub const fn bold(size: f32) -> Self {
        Self { size, bold: true }
    }

    /// Distance between the tops of two lines.
    pub fn leading(self) -> f32 {
        self.size * 1.25
    }
}

/// One PDF document being drawn, page by page.
pub(super) struct Writer {
    pdf: Document,
    pub width: f32,
    pub height: f32,
}

impl Writer {
    /// A document of one empty page, its metadata dated `date`: the paperwork's own day, not
    /// the wall clock's.
    pub fn new(title: &str, date: Date, size: (f32, f32)) -> Result<Self, RenderError> {
        let info = Info {
            title: title.to_owned(),
            subject: None,
            date,
        };
        let pdf = Document::new(info, size)?;
        Ok(Self {
            width: pdf.width,
            height: pdf.height,
            pdf,
        })
    }

    /// Starts a new page; drawing goes there.
    pub fn new_page(&mut self) {
        self.pdf.new_page();
    }

    pub fn page_count(&self) -> usize {
        self.pdf.page_count()
    }

    /// Goes back to page `index` (from 0), e.g. to number the pages once all are laid out.
    pub fn go_to_page(&mut self, index: usize) {
        self.pdf.go_to_page(index);
    }

    pub fn width_of(&self, text: &str, style: Style) -> f32 {
        self.pdf.width_of(text, style.size, style.bold)
    }

    /// `text` wrapped to `width`.
    pub fn wrap(&self, text: &str, width: f32, style: Style) -> Vec<String> {
        text::wrap(text, width, &|line| self.width_of(line, style))
    }

    /// One line whose top is at `top`, starting at `x`.
    pub fn text(&mut self, x: f32, top: f32, style: Style, line: &str) {
        if line.is_empty() {
            return;
        }
        let baseline = top + pdf::BASELINE * style.size;
        self.pdf.text(x, baseline, style.size, style.bold, line);
    }

    /// One line aligned within `x .. x + width` (it may stick out if it is wider).
    pub fn text_in(
        &mut self,
        x: f32,
        top: f32,
        width: f32,
        style: Style,
        align: Align,
        line: &str,
    ) {
        self.pdf
            .text_in((x, top, width), style.size, style.bold, align, line);
    }

    /// `lines` one under the other; returns the top of the next line.
    pub fn lines<S: AsRef<str>>(&mut self, x: f32, top: f32, style: Style, lines: &[S]) -> f32 {
        let mut y = top;
        for line in lines {
            self.text(x, y, style, line.as_ref());
            y += style.leading();
        }
        y
    }

    /// `text` wrapped to `width`; returns the top of the next line.
    pub fn paragraph(&mut self, x: f32, top: f32, width: f32, style: Style, text: &str) -> f32 {
        let lines = self.wrap(text, width, style);
        self.lines(x, top, style, &lines)
    }

    /// A black rectangle.
    pub fn fill(&mut self, x: f32, top: f32, width: f32, height: f32) {
        self.pdf.fill(x, top, width, height);
    }

    /// A horizontal line `thickness` thick, its top at `y`.
    pub fn rule(&mut self, x: f32, y: f32, width: f32, thickness: f32) {
        self.fill(x, y, width, thickness);
    }

    /// The outline of a rectangle, drawn inside it.
    pub fn frame(&mut self, x: f32, top: f32, width: f32, height: f32, thickness: f32) {
        self.pdf.frame(x, top, width, height, thickness);
    }

    /// Code 128 of `data` with its bars from `x` (the quiet zones are outside), each module
    /// `module` points wide; returns the width of the bars. `what` names the data in errors.
    pub fn barcode(
        &mut self,
        x: f32,
        top: f32,
        height: f32,
        module: f32,
        data: &str,
        what: &'static str,
    ) -> Result<f32, RenderError> {
        let modules = modules(data, what)?;
        self.pdf.bars(x, top, height, module, &modules);
        Ok(modules.len() as f32 * module)
    }

    /// "Page k of n" at the bottom right of every page, after `left` at the bottom left.
    pub fn footers(&mut self, margin: f32, style: Style, left: &str) {
        let count = self.page_count();
        let top = self.height - margin * 0.75;
        for index in 0..count {
            self.go_to_page(index);
            self.text(margin, top, style, left);
            let page = format!("Page {} of {count}", index + 1);
            let width = self.width - 2.0 * margin;
            self.text_in(margin, top, width, style, Align::Right, &page);
        }
    }

    /// The finished PDF, the fonts subset to the glyphs drawn.
    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        let bytes = self.pdf.finish()?;
        if bytes.is_empty() {
            return Err(RenderError::EmptyPdf);
        }
        Ok(bytes)
    }
}

/// The Code 128 modules of `data` (`true` for a bar).
pub(super) fn modules(data: &str, what: &'static str) -> Result<Vec<bool>, RenderError> {
    code128(data).map_err(|source| RenderError::Barcode {
        what,
        data: data.to_owned(),
        source,
    })
}
