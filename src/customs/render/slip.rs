//! The packing slip: what is in this parcel, for the buyer, with the order number as a barcode
//! for whoever handles a return.

use super::error::RenderError;
use super::format::{parcel_of, party_lines};
use super::pdf::{Align, QUIET_MODULES, Style, Writer, modules, page_size};
use super::table::{Column, Table};
use crate::customs::paperwork::{PackingSlip, SlipLine};

const MARGIN: f32 = 40.0;
const FOOTER: f32 = 18.0;
const TITLE: Style = Style::bold(18.0);
const CONTINUED: Style = Style::bold(12.0);
const CAPTION: Style = Style::bold(8.0);
const BODY: Style = Style::regular(9.5);
const BODY_BOLD: Style = Style::bold(9.5);
const NUMBER: Style = Style::bold(12.0);
const SMALL: Style = Style::regular(7.5);
const GAP: f32 = 16.0;
/// 1.2 pt modules (0.42 mm): easy for a hand scanner off an office print.
const MODULE: f32 = 1.2;
const BAR_HEIGHT: f32 = 40.0;

const COLUMNS: [Column; 3] = [
    Column::new("SKU", 0.25, Align::Left),
    Column::new("Description", 0.57, Align::Left),
    Column::new("Quantity", 0.18, Align::Right),
];

/// The slip as a PDF on its paper size.
pub fn packing_slip_pdf(slip: &PackingSlip) -> Result<Vec<u8>, RenderError> {
    let title = format!("Packing slip, order {}", slip.order_number);
    let mut writer = Writer::new(&title, slip.date, page_size(slip.paper))?;
    let content = writer.width - 2.0 * MARGIN;
    let bottom = writer.height - MARGIN - FOOTER;

    let y = heading(&mut writer, slip, content)?;
    let y = parties(&mut writer, slip, y + GAP, content);
    let rows: Vec<Vec<String>> = slip
        .lines
        .iter()
        .map(|line| vec![line.sku.clone(), line.description.clone(), quantity(line)])
        .collect();
    let table = Table {
        columns: &COLUMNS,
        x: MARGIN,
        width: content,
        head: CAPTION,
        body: BODY,
    };
    table.draw(&mut writer, y + GAP, bottom, &rows, &mut |writer| {
        writer.text(MARGIN, MARGIN, CONTINUED, "PACKING SLIP (continued)");
        let order = format!("Order No.: {}", slip.order_number);
        let width = writer.width - 2.0 * MARGIN;
        writer.text_in(MARGIN, MARGIN + 2.0, width, BODY, Align::Right, &order);
        MARGIN + CONTINUED.leading() + GAP
    });
    writer.footers(MARGIN, SMALL, &title);
    writer.finish()
}

/// `2 of 3` when the parcel holds part of what the shipment has of the line, else `2`.
fn quantity(line: &SlipLine) -> String {
    if line.quantity == line.ordered {
        line.quantity.to_string()
    } else {
        format!("{} of {}", line.quantity, line.ordered)
    }
}

/// Title and references on the left, the order barcode on the right.
fn heading(writer: &mut Writer, slip: &PackingSlip, content: f32) -> Result<f32, RenderError> {
    writer.text(MARGIN, MARGIN, TITLE, "PACKING SLIP");
    let references = [
        format!("Shipment {} · {}", slip.shipment_id, parcel_of(slip.parcel)),
        format!("Tracking No.: {}", slip.tracking_number),
        format!("Date: {}", slip.date),
    ];
    let left = writer.lines(MARGIN, MARGIN + TITLE.leading() + 6.0, BODY, &references);

    let order = slip.order_number.to_string();
    let width = modules(&order, "order number")?.len() as f32 * MODULE;
    let right = MARGIN + content;
    // Right-aligned, its quiet zone inside the margin.
    let x = right - width - QUIET_MODULES * MODULE;
    writer.text_in(x, MARGIN, width, CAPTION, Align::Center, "ORDER NO.");
    let bars_top = MARGIN + CAPTION.leading() + 2.0;
    writer.barcode(x, bars_top, BAR_HEIGHT, MODULE, &order, "order number")?;
    let number_top = bars_top + BAR_HEIGHT + 3.0;
    writer.text_in(
        x - 20.0,
        number_top,
        width + 40.0,
        NUMBER,
        Align::Center,
        &order,
    );
    Ok(left.max(number_top + NUMBER.leading()))
}

/// Ship-to and sender side by side.
fn parties(writer: &mut Writer, slip: &PackingSlip, top: f32, content: f32) -> f32 {
    let width = (content - 20.0) / 2.0;
    let mut bottom = top;
    for (x, caption, party) in [
        (MARGIN, "SHIP TO", &slip.ship_to),
        (MARGIN + width + 20.0, "FROM", &slip.sender),
    ] {
        writer.text(x, top, CAPTION, caption);
        let mut y = top + CAPTION.leading() + 2.0;
        for (index, line) in party_lines(party).iter().enumerate() {
            let style = if index == 0 { BODY_BOLD } else { BODY };
            y = writer.paragraph(x, y, width, style, line);
        }
        bottom = bottom.max(y);
    }
    bottom
}
