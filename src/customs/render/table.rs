//! Tables that flow over pages: cells wrap within their column, a row never splits, and each
//! new page repeats the header under whatever the document puts at its top.

use super::pdf::{Align, Style, Writer};

/// Cell padding, left and right.
const PAD_X: f32 = 3.0;
/// Space above and below each row's text.
const PAD_Y: f32 = 3.0;
const RULE: f32 = 0.4;
/// A cell taller than this is cut with "..." (a description should not fill a page).
const MAX_CELL_LINES: usize = 8;

pub(super) struct Column {
    pub title: &'static str,
    /// Share of the table's width; the shares add up to 1.
    pub share: f32,
    pub align: Align,
}

impl Column {
    pub(super) const fn new(title: &'static str, share: f32, align: Align) -> Self {
        Self {
            title,
            share,
            align,
        }
    }
}

pub(super) struct Table<'a> {
    pub columns: &'a [Column],
    pub x: f32,
    pub width: f32,
    pub head: Style,
    pub body: Style,
}

impl Table<'_> {
    fn widths(&self) -> Vec<f32> {
        self.columns.iter().map(|c| c.share * self.width).collect()
    }

    /// Each cell's lines, and the row's height.
    fn layout(&self, writer: &Writer, cells: &[String], style: Style) -> (Vec<Vec<String>>, f32) {
        let mut wrapped = Vec::with_capacity(cells.len());
        let mut most = 1;
        for (cell, width) in cells.iter().zip(self.widths()) {
            let inner = (width - 2.0 * PAD_X).max(1.0);
            let lines = writer.wrap(cell, inner, style);
            let lines = super::text::at_most(lines, MAX_CELL_LINES, inner, &|line| {
                writer.width_of(line, style)
            });
            most = most.max(lines.len());
            wrapped.push(lines);
        }
        let height = most as f32 * style.leading() + 2.0 * PAD_Y;
        (wrapped, height)
    }

    fn draw_row(&self, writer: &mut Writer, top: f32, cells: &[Vec<String>], style: Style) {
        let mut x = self.x;
        for ((lines, width), column) in cells.iter().zip(self.widths()).zip(self.columns) {
            let mut y = top + PAD_Y;
            for line in lines {
                let inner = width - 2.0 * PAD_X;
                writer.text_in(x + PAD_X, y, inner, style, column.align, line);
                y += style.leading();
            }
            x += width;
        }
    }

    /// The header row with a rule under it; returns the top of the first body row.
    pub fn header(&self, writer: &mut Writer, top: f32) -> f32 {
        let titles: Vec<String> = self.columns.iter().map(|c| c.title.to_owned()).collect();
        let (cells, height) = self.layout(writer, &titles, self.head);
        writer.rule(self.x, top, self.width, RULE * 2.0);
        self.draw_row(writer, top + RULE * 2.0, &cells, self.head);
        let bottom = top + RULE * 2.0 + height;
        writer.rule(self.x, bottom, self.width, RULE * 2.0);
        bottom + RULE * 2.0
    }

    /// The header at `top`, then `rows`, starting a new page whenever the next row would pass
    /// `bottom`: `next_page` draws the new page's heading and says where the table goes on.
    /// Returns the y under the last row.
    pub fn draw(
        &self,
        writer: &mut Writer,
        top: f32,
        bottom: f32,
        rows: &[Vec<String>],
        next_page: &mut dyn FnMut(&mut Writer) -> f32,
    ) -> f32 {
        let mut y = self.header(writer, top);
        for row in rows {
            let (cells, height) = self.layout(writer, row, self.body);
            // At most one new page per row: cells are capped, so a row fits on an empty page.
            if y + height > bottom {
                writer.new_page();
                let top = next_page(writer);
                y = self.header(writer, top);
            }
            self.draw_row(writer, y, &cells, self.body);
            y += height;
            writer.rule(self.x, y, self.width, RULE);
            y += RULE;
        }
        y
    }
}
