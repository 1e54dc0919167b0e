//! Where everything goes on the label, in dots of a 203 dpi printer (812 x 1218 = 4 x 6 in),
//! top-left origin. Backends turn the elements into PDF operations or ZPL commands.

use super::content::{self, PartyLines};
use super::document::LabelDocument;
use crate::render::Align;
use crate::render::page::{Element, Measure, TextBlock, WIDTH, centred_barcode};

const MARGIN: u32 = 24;
const INNER: u32 = WIDTH - 2 * MARGIN;
const RULE: u32 = 4;
/// Two columns with a gap.
const HALF: u32 = (INNER - 24) / 2;
const RIGHT_COLUMN: u32 = MARGIN + HALF + 24;
const SKU_ROWS_PER_COLUMN: usize = 4;
const ELLIPSIS: &str = "...";

/// The elements of `doc`'s label.
pub(super) fn layout(doc: &LabelDocument, measure: &dyn Measure) -> Vec<Element> {
    let mut page = Page {
        measure,
        elements: Vec::new(),
    };
    page.sender_and_ddp(&content::party_lines(&doc.from));
    page.rule(244);
    page.recipient(&content::party_lines(&doc.to), doc.to.country.as_str());
    page.rule(596);
    page.details(doc);
    page.rule(856);
    page.contents(doc);
    page.rule(1030);
    page.barcode(doc.tracking_code.as_str(), 1042);
    page.elements
}

struct Page<'a> {
    measure: &'a dyn Measure,
    elements: Vec<Element>,
}

/// Font settings of one piece of text.
#[derive(Clone, Copy)]
struct Style {
    size: u32,
    /// Shrink down to this size before cutting the text short.
    min_size: u32,
    bold: bool,
    align: Align,
}

const fn style(size: u32, bold: bool) -> Style {
    Style {
        size,
        min_size: size * 3 / 4,
        bold,
        align: Align::Left,
    }
}

const CAPTION: Style = style(20, true);

/// Order number and reference are what packers match parcels by: shrink much further before
/// cutting them.
const fn essential(size: u32) -> Style {
    Style {
        min_size: size / 2,
        ..style(size, true)
    }
}

impl Page<'_> {
    fn sender_and_ddp(&mut self, from: &PartyLines) {
        // The DDP mark: the courier must not collect duties or taxes at the door.
        let (box_x, box_width) = (500, WIDTH - MARGIN - 500);
        self.elements.push(Element::Fill {
            x: box_x,
            y: MARGIN,
            width: box_width,
            height: 208,
        });
        let inverse = |size, align| Style {
            align,
            ..style(size, true)
        };
        let inner_x = box_x + 12;
        let inner_width = box_width - 24;
        self.block(
            inner_x,
            34,
            inner_width,
            inverse(112, Align::Center),
            0,
            true,
            &["DDP"],
        );
        let words = ["DUTIES & TAXES", "PAID"];
        self.block(
            inner_x,
            150,
            inner_width,
            inverse(34, Align::Center),
            38,
            true,
            &words,
        );

        let width = box_x - MARGIN - 20;
        self.text(MARGIN, MARGIN, width, CAPTION, "FROM");
        self.text(MARGIN, 50, width, style(28, true), &from.name);
        let mut lines = from.address.clone();
        lines.push(from.country.clone());
        lines.extend(from.phone.clone());
        let lines = squeeze(lines, 6);
        self.block(MARGIN, 86, width, style(24, false), 26, false, &lines);
    }

    fn recipient(&mut self, to: &PartyLines, country_code: &str) {
        let top = 256;
        // Left of the big country code.
        let width = 580;
        self.text(MARGIN, top, width, CAPTION, "SHIP TO");
        // The destination in big letters lets a packer sort parcels at a glance.
        let big = Style {
            align: Align::Right,
            ..style(110, true)
        };
        self.text(612, top + 6, WIDTH - MARGIN - 612, big, country_code);
        self.text(MARGIN, top + 28, width, style(44, true), &to.name);
        let tail = 46 + to.phone.as_ref().map_or(0, |_| 32);
        let mut y = top + 82;
        let room = 590u32.saturating_sub(tail + y) / 38;
        let address = squeeze(to.address.clone(), usize::try_from(room).unwrap_or(1));
        self.block(MARGIN, y, width, style(32, false), 38, false, &address);
        y += 38 * u32::try_from(address.len()).unwrap_or(0);
        self.text(MARGIN, y, width, style(38, true), &to.country);
        if let Some(phone) = &to.phone {
            self.text(
                MARGIN,
                y + 46,
                INNER,
                style(26, false),
                &format!("Tel. {phone}"),
            );
        }
    }

    fn details(&mut self, doc: &LabelDocument) {
        self.text(MARGIN, 606, INNER, CAPTION, "SERVICE");
        self.text(
            MARGIN,
            628,
            INNER,
            style(38, true),
            &content::clean(&doc.service),
        );

        self.text(MARGIN, 680, HALF, CAPTION, "ORDER");
        let order = content::clean(&doc.order_number);
        self.text(MARGIN, 702, HALF, essential(40), &order);
        self.text(RIGHT_COLUMN, 680, HALF, CAPTION, "TRACK REFERENCE");
        let reference = content::clean(&doc.track_reference);
        self.text(RIGHT_COLUMN, 704, HALF, essential(34), &reference);

        self.text(MARGIN, 754, HALF, CAPTION, "WEIGHT");
        let weight = content::weight_text(doc.weight.as_ref());
        self.text(MARGIN, 776, HALF, style(36, true), &weight);
        self.text(RIGHT_COLUMN, 754, HALF, CAPTION, "DIMENSIONS (L x W x H)");
        let dimensions = content::dimensions_text(doc.dimensions.as_ref());
        self.text(RIGHT_COLUMN, 776, HALF, style(36, true), &dimensions);

        let mut footer = format!("Date {}", doc.created);
        if let Some(brand) = doc.brand_code.as_deref().map(content::clean) {
            footer.push_str(&format!("   Brand {brand}"));
        }
        self.text(MARGIN, 824, INNER, style(22, false), &footer);
    }

    fn contents(&mut self, doc: &LabelDocument) {
        if doc.skus.is_empty() {
            self.text(MARGIN, 866, INNER, CAPTION, "CONTENTS");
            let line = format!("Full order {}", content::clean(&doc.order_number));
            self.text(MARGIN, 892, INNER, style(30, true), &line);
            return;
        }
        let caption = format!(
            "CONTENTS - SPLIT PARCEL: {} SKUs, {} units",
            doc.skus.len(),
            content::total_units(&doc.skus).normalize()
        );
        self.text(MARGIN, 866, INNER, CAPTION, &caption);
        let rows = content::sku_rows(&doc.skus, 2 * SKU_ROWS_PER_COLUMN);
        let lines: Vec<String> = rows
            .iter()
            .map(|row| format!("{} {}", row.quantity, row.sku).trim().to_owned())
            .collect();
        let (left, right) = lines.split_at(lines.len().min(SKU_ROWS_PER_COLUMN));
        let sku_style = style(28, true);
        self.block(MARGIN, 894, HALF, sku_style, 32, false, left);
        if !right.is_empty() {
            self.block(RIGHT_COLUMN, 894, HALF, sku_style, 32, false, right);
        }
    }

    fn barcode(&mut self, data: &str, y: u32) {
        self.elements.push(centred_barcode(data, MARGIN, y, 110));
        let human = Style {
            align: Align::Center,
            ..style(40, true)
        };
        self.text(MARGIN, y + 120, INNER, human, data);
    }

    fn rule(&mut self, y: u32) {
        self.elements.push(Element::Fill {
            x: MARGIN,
            y,
            width: INNER,
            height: RULE,
        });
    }

    fn text(&mut self, x: u32, y: u32, width: u32, style: Style, text: &str) {
        self.block(x, y, width, style, style.size, false, &[text.to_owned()]);
    }

    /// Lines in one size: the largest at most `style.size` at which the widest fits, else the
    /// minimum size with over-long lines cut short.
    #[allow(clippy::too_many_arguments)]
    fn block<S: AsRef<str>>(
        &mut self,
        x: u32,
        y: u32,
        width: u32,
        style: Style,
        line_height: u32,
        inverse: bool,
        lines: &[S],
    ) {
        if lines.iter().all(|line| line.as_ref().is_empty()) {
            return;
        }
        let limit = width as f32;
        let widest = |size| {
            lines
                .iter()
                .map(|line| self.measure.width(line.as_ref(), size, style.bold))
                .fold(0.0, f32::max)
        };
        let mut size = style.size;
        while size > style.min_size && widest(size) > limit {
            size -= 1;
        }
        let lines = lines
            .iter()
            .map(|line| self.cut(line.as_ref(), size, style.bold, limit))
            .collect();
        self.elements.push(Element::Text(TextBlock {
            x,
            y,
            width,
            size,
            line_height: line_height.max(size),
            bold: style.bold,
            align: style.align,
            inverse,
            lines,
        }));
    }

    fn cut(&self, text: &str, size: u32, bold: bool, limit: f32) -> String {
        if self.measure.width(text, size, bold) <= limit {
            return text.to_owned();
        }
        let mut kept: String = text.to_owned();
        while kept.pop().is_some() {
            let candidate = format!("{}{ELLIPSIS}", kept.trim_end());
            if self.measure.width(&candidate, size, bold) <= limit {
                return candidate;
            }
        }
        ELLIPSIS.to_owned()
    }
}

/// At most `budget` lines: joins the pair of neighbours that makes the shortest line, with a
/// comma, until the lines fit.
fn squeeze(mut lines: Vec<String>, budget: usize) -> Vec<String> {
    while lines.len() > budget.max(1) {
        let Some(at) = (0..lines.len() - 1).min_by_key(|&i| {
            lines.get(i).map_or(0, String::len) + lines.get(i + 1).map_or(0, String::len)
        }) else {
            break;
        };
        let next = lines.remove(at + 1);
        if let Some(line) = lines.get_mut(at) {
            line.push_str(", ");
            line.push_str(&next);
        }
    }
    lines
}

#[cfg(test)]
mod tests;
