//! The CN22 laid out once on `render::page`, the 4 x 6 in page of a 203 dpi printer the
//! shipping label is drawn on too, and drawn by its two backends: a PDF page and ZPL. Each
//! backend measures text its own way, so lines wrap where its font needs them to.
//!
//! The CN22 rides on the parcel next to the address label, so it carries no addresses: the
//! certification refers to "the name and address given on the item".

use super::error::RenderError;
use super::format::{money, money_with_code, weight};
use super::pdf::modules;
use super::text;
use super::upu::{CERTIFICATION, category_marks};
use crate::customs::paperwork::{CustomsDeclaration, DeclarationForm};
use crate::render::Align;
use crate::render::page::{Element, HEIGHT, Measure, TextBlock, WIDTH, centred_barcode};

/// Said where the tracking number goes before the parcel has a label.
pub(super) const NOT_LABELLED: &str = "Tracking number: not labelled yet";

const MARGIN: u32 = 24;
const INNER: u32 = WIDTH - 2 * MARGIN;
const BAR_HEIGHT: u32 = 90;
/// More goods lines than this never go on a CN22 (the builder picks a CN23 long before).
const MAX_ROWS: usize = 6;

/// The columns of the goods table: left edge from the margin, width, title, alignment.
const COLUMNS: [(u32, u32, &str, Align); 5] = [
    (
        0,
        322,
        "Quantity and detailed description of contents",
        Align::Left,
    ),
    (322, 110, "Weight", Align::Right),
    (432, 120, "Value", Align::Right),
    (552, 116, "HS tariff number", Align::Left),
    (668, 96, "Country of origin", Align::Center),
];
const CELL_PAD: u32 = 4;

/// The elements of `decl`'s CN22.
pub(super) fn layout(
    decl: &CustomsDeclaration,
    measure: &dyn Measure,
) -> Result<Vec<Element>, RenderError> {
    if decl.form != DeclarationForm::Cn22 {
        return Err(RenderError::Form {
            wanted: DeclarationForm::Cn22.as_str(),
            got: decl.form.as_str(),
        });
    }
    let mut page = Page {
        measure,
        elements: Vec::new(),
    };
    page.block(
        MARGIN,
        20,
        INNER,
        40,
        true,
        Align::Left,
        "CUSTOMS DECLARATION CN 22",
    );
    page.block(
        MARGIN,
        70,
        INNER,
        22,
        false,
        Align::Left,
        "May be opened officially",
    );
    let order = format!("Order {}", decl.order_number);
    page.block(MARGIN, 70, INNER, 22, false, Align::Right, &order);
    page.categories(&decl.category, 100);
    let rows_top = page.header(214);

    // The bottom of the form is fixed: barcode, signature, certification, sender ids, totals.
    let bottom = page.footer(decl)?;
    page.rows(decl, rows_top, bottom.saturating_sub(12));
    Ok(page.elements)
}

struct Page<'a> {
    measure: &'a dyn Measure,
    elements: Vec<Element>,
}

impl Page<'_> {
    fn wrap(&self, text: &str, width: u32, size: u32, bold: bool) -> Vec<String> {
        text::wrap(text, width as f32, &|line| {
            self.measure.width(line, size, bold)
        })
    }

    /// `text` wrapped to `width` at `size`; returns the y under it.
    #[allow(clippy::too_many_arguments)]
    fn block(
        &mut self,
        x: u32,
        y: u32,
        width: u32,
        size: u32,
        bold: bool,
        align: Align,
        text: &str,
    ) -> u32 {
        let lines = self.wrap(text, width, size, bold);
        self.lines(x, y, width, size, bold, align, lines)
    }

    #[allow(clippy::too_many_arguments)]
    fn lines(
        &mut self,
        x: u32,
        y: u32,
        width: u32,
        size: u32,
        bold: bool,
        align: Align,
        lines: Vec<String>,
    ) -> u32 {
        let line_height = size + size / 8;
        let count = u32::try_from(lines.len()).unwrap_or(u32::MAX);
        if count > 0 {
            self.elements.push(Element::Text(TextBlock {
                x,
                y,
                width,
                size,
                line_height,
                bold,
                align,
                inverse: false,
                lines,
            }));
        }
        y.saturating_add(count.saturating_mul(line_height))
    }

    fn rule(&mut self, y: u32, thickness: u32) {
        self.elements.push(Element::Fill {
            x: MARGIN,
            y,
            width: INNER,
            height: thickness,
        });
    }

    /// The six categories in two columns in a box, the declaration's ticked.
    fn categories(&mut self, category: &str, top: u32) {
        let marks = category_marks(category);
        let column = INNER / 2;
        for (index, mark) in marks.iter().enumerate() {
            let index = u32::try_from(index).unwrap_or(0);
            let x = MARGIN + 12 + (index % 2) * column;
            let y = top + 10 + (index / 2) * 32;
            let bold = mark.starts_with("[X]");
            self.block(x, y, column - 16, 24, bold, Align::Left, mark);
        }
        self.elements.push(Element::Frame {
            x: MARGIN,
            y: top,
            width: INNER,
            height: 106,
            thickness: 2,
        });
    }

    /// The table's column titles between two rules; returns the top of the first row.
    fn header(&mut self, top: u32) -> u32 {
        self.rule(top, 3);
        let mut bottom = top;
        for (left, width, title, align) in COLUMNS {
            let x = MARGIN + left + CELL_PAD;
            let end = self.block(x, top + 8, width - 2 * CELL_PAD, 18, true, align, title);
            bottom = bottom.max(end);
        }
        self.rule(bottom + 4, 2);
        bottom + 12
    }

    /// As many goods lines as fit between `top` and `bottom`, then how many did not.
    fn rows(&mut self, decl: &CustomsDeclaration, top: u32, bottom: u32) {
        const SIZE: u32 = 22;
        const MORE: u32 = 30;
        let mut y = top;
        for (index, line) in decl.lines.iter().enumerate() {
            let left = decl.lines.len() - index;
            let cells = [
                format!("{} x {}", line.quantity, line.description.trim()),
                weight(&line.net_weight),
                money(line.line_value, &decl.currency),
                line.hs_code.clone(),
                line.origin_country_code.clone(),
            ];
            let mut wrapped = Vec::new();
            for ((_, width, _, _), cell) in COLUMNS.iter().zip(&cells) {
                let inner = width - 2 * CELL_PAD;
                let lines = self.wrap(cell, inner, SIZE, false);
                let measure = |text: &str| self.measure.width(text, SIZE, false);
                wrapped.push(text::at_most(lines, 2, inner as f32, &measure));
            }
            let count = wrapped.iter().map(Vec::len).max().unwrap_or(1);
            let height = u32::try_from(count).unwrap_or(2) * (SIZE + SIZE / 8) + 8;
            // Room for this row, and for the "more" line if others follow.
            let reserve = if left > 1 { MORE } else { 0 };
            if index >= MAX_ROWS || y + height + reserve > bottom {
                let more = format!("+ {left} more lines: see the attached CN23/invoice");
                self.block(MARGIN, y + 4, INNER, SIZE, true, Align::Left, &more);
                return;
            }
            for ((left_edge, width, _, align), lines) in COLUMNS.iter().zip(wrapped) {
                let x = MARGIN + left_edge + CELL_PAD;
                self.lines(x, y + 4, width - 2 * CELL_PAD, SIZE, false, *align, lines);
            }
            y += height;
            self.rule(y, 1);
            y += 1;
        }
    }

    /// The fixed bottom of the form, laid out upwards from the barcode; returns its top.
    fn footer(&mut self, decl: &CustomsDeclaration) -> Result<u32, RenderError> {
        let data = decl.tracking_number.trim();
        let bars_top = HEIGHT - MARGIN - BAR_HEIGHT - 36;
        // Before the parcel has a label (`packdesk documents` of a shipment not yet packed)
        // there is no number to draw: the line says so instead.
        if !data.is_empty() {
            // Refused here, with what it is, rather than by the backend that draws it.
            modules(data, "tracking number")?;
            self.elements
                .push(centred_barcode(data, MARGIN, bars_top, BAR_HEIGHT));
        }
        let data = if data.is_empty() { NOT_LABELLED } else { data };
        self.block(
            MARGIN,
            bars_top + BAR_HEIGHT + 4,
            INNER,
            30,
            true,
            Align::Center,
            data,
        );

        let half = INNER / 2;
        let date = format!("Date: {}", decl.date);
        let signed = format!("Signature: {}", decl.signatory);
        let signed_lines = self.wrap(&signed, half, 20, true);
        let certification = self.wrap(CERTIFICATION, INNER, 17, false);
        let ids: Vec<String> = decl
            .sender_ids
            .iter()
            .map(|id| format!("{}: {}", id.label, id.value))
            .collect();
        let ids = self.wrap(&ids.join("    "), INNER, 20, false);

        let height = |lines: &[String], size: u32| {
            u32::try_from(lines.len()).unwrap_or(0) * (size + size / 8)
        };
        // Saturating: absurdly long ids push the block up over the table, not into a panic.
        let signed_top = bars_top.saturating_sub(16 + height(&signed_lines, 20));
        let certification_top = signed_top.saturating_sub(6 + height(&certification, 17));
        let ids_top = certification_top.saturating_sub(10 + height(&ids, 20));
        let charges_top = ids_top.saturating_sub(6 + 24);
        let totals_top = charges_top.saturating_sub(32).max(8);

        // Total weight is the item's gross weight, as the UPU's notes to the CN22 ask.
        let total_weight = format!("Total weight: {}", weight(&decl.gross_weight));
        let total_value = format!(
            "Total value: {}",
            money_with_code(decl.total_value, &decl.currency)
        );
        self.rule(totals_top - 8, 3);
        self.block(
            MARGIN,
            totals_top,
            half,
            24,
            true,
            Align::Left,
            &total_weight,
        );
        self.block(
            MARGIN + half,
            totals_top,
            half,
            24,
            true,
            Align::Right,
            &total_value,
        );
        let charges = format!(
            "Postal charges/Fees: {}",
            money_with_code(decl.postal_charges, &decl.currency)
        );
        self.block(MARGIN, charges_top, INNER, 22, false, Align::Left, &charges);
        self.lines(MARGIN, ids_top, INNER, 20, false, Align::Left, ids);
        self.lines(
            MARGIN,
            certification_top,
            INNER,
            17,
            false,
            Align::Left,
            certification,
        );
        self.block(MARGIN, signed_top, half, 20, true, Align::Left, &date);
        let right = MARGIN + half;
        self.lines(right, signed_top, half, 20, true, Align::Left, signed_lines);
        Ok(totals_top - 8)
    }
}
