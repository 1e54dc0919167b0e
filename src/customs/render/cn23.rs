//! The CN23 on A4 or Letter: sender and addressee, the category, the goods line by line, the
//! totals, the certification and signature, and the tracking number as a barcode.

use super::error::RenderError;
use super::format::{money, money_with_code, party_lines, weight};
use super::pdf::{Align, QUIET_MODULES, Style, Writer, modules, page_size};
use super::table::{Column, Table};
use super::upu::{CERTIFICATION, category_marks};
use crate::customs::paperwork::CustomsDeclaration;

const MARGIN: f32 = 40.0;
const FOOTER: f32 = 18.0;
const TITLE: Style = Style::bold(16.0);
const CONTINUED: Style = Style::bold(12.0);
const CAPTION: Style = Style::bold(8.0);
const BODY: Style = Style::regular(9.0);
const BODY_BOLD: Style = Style::bold(9.0);
const CELL: Style = Style::regular(8.5);
const NUMBER: Style = Style::bold(10.0);
const SMALL: Style = Style::regular(7.5);
const GAP: f32 = 14.0;
/// Inside the From and To boxes.
const PAD: f32 = 6.0;
/// 1 pt modules (0.35 mm) for a 13-character S10 code: about 1.9 in wide.
const MODULE: f32 = 1.0;
const BAR_HEIGHT: f32 = 36.0;

const COLUMNS: [Column; 6] = [
    Column::new("Detailed description of contents", 0.34, Align::Left),
    Column::new("Quantity", 0.09, Align::Right),
    Column::new("Net weight", 0.12, Align::Right),
    Column::new("Value", 0.13, Align::Right),
    Column::new("HS tariff number", 0.16, Align::Left),
    Column::new("Country of origin", 0.16, Align::Center),
];

pub(super) fn cn23_pdf(decl: &CustomsDeclaration) -> Result<Vec<u8>, RenderError> {
    let title = format!("CN23 {}", decl.tracking_number);
    let mut writer = Writer::new(&title, decl.date, page_size(decl.paper))?;
    let content = writer.width - 2.0 * MARGIN;
    let bottom = writer.height - MARGIN - FOOTER;

    let y = heading(&mut writer, decl, content)?;
    let y = parties(&mut writer, decl, y + GAP, content);
    let y = category(&mut writer, decl, y + GAP, content);
    let rows: Vec<Vec<String>> = decl
        .lines
        .iter()
        .map(|line| {
            vec![
                line.description.clone(),
                line.quantity.to_string(),
                weight(&line.net_weight),
                money(line.line_value, &decl.currency),
                line.hs_code.clone(),
                line.origin_country_code.clone(),
            ]
        })
        .collect();
    let table = Table {
        columns: &COLUMNS,
        x: MARGIN,
        width: content,
        head: CAPTION,
        body: CELL,
    };
    let y = table.draw(&mut writer, y + GAP, bottom, &rows, &mut |writer| {
        continued(writer, decl)
    });

    // Totals, certification and signature stay together.
    let certification = writer.wrap(CERTIFICATION, content, BODY);
    let needed =
        2.0 * BODY.leading() + certification.len() as f32 * BODY.leading() + 3.0 * GAP + 50.0;
    let mut y = y + GAP;
    if y + needed > bottom {
        writer.new_page();
        y = continued(&mut writer, decl);
    }
    let y = totals(&mut writer, decl, y, content);
    let y = writer.lines(MARGIN, y + GAP, BODY, &certification);
    signature(&mut writer, decl, y + GAP, content);
    writer.footers(MARGIN, SMALL, &format!("CN 23  {}", decl.tracking_number));
    writer.finish()
}

/// Title on the left, the tracking barcode on the right; returns the y under both.
fn heading(
    writer: &mut Writer,
    decl: &CustomsDeclaration,
    content: f32,
) -> Result<f32, RenderError> {
    writer.text(MARGIN, MARGIN, TITLE, "CUSTOMS DECLARATION CN 23");
    let lines = [
        "May be opened officially".to_owned(),
        format!("Order No.: {}", decl.order_number),
        format!("Currency: {}", decl.currency),
    ];
    let left = writer.lines(MARGIN, MARGIN + TITLE.leading() + 4.0, BODY, &lines);

    let data = decl.tracking_number.trim();
    if data.is_empty() {
        // No label yet (`packdesk documents` of a shipment not yet packed): no barcode.
        let x = MARGIN + content - 200.0;
        writer.text_in(
            x,
            MARGIN,
            200.0,
            NUMBER,
            Align::Center,
            super::cn22::NOT_LABELLED,
        );
        return Ok(left.max(MARGIN + NUMBER.leading()));
    }
    let width = modules(data, "tracking number")?.len() as f32 * MODULE;
    let x = MARGIN + content - width - QUIET_MODULES * MODULE;
    writer.barcode(x, MARGIN, BAR_HEIGHT, MODULE, data, "tracking number")?;
    let number_top = MARGIN + BAR_HEIGHT + 3.0;
    writer.text_in(
        x - 20.0,
        number_top,
        width + 40.0,
        NUMBER,
        Align::Center,
        data,
    );
    Ok(left.max(number_top + NUMBER.leading()))
}

/// The From box (sender and its identifiers) and the To box side by side.
fn parties(writer: &mut Writer, decl: &CustomsDeclaration, top: f32, content: f32) -> f32 {
    let width = (content - 12.0) / 2.0;
    let mut sender = party_lines(&decl.sender);
    sender.extend(
        decl.sender_ids
            .iter()
            .map(|id| format!("{}: {}", id.label, id.value)),
    );
    let addressee = party_lines(&decl.addressee);
    let mut bottom = top;
    let boxes = [
        (MARGIN, "FROM", sender),
        (MARGIN + width + 12.0, "TO", addressee),
    ];
    for (x, caption, lines) in &boxes {
        writer.text(x + PAD, top + PAD, CAPTION, caption);
        let mut y = top + PAD + CAPTION.leading() + 2.0;
        for (index, line) in lines.iter().enumerate() {
            let style = if index == 0 { BODY_BOLD } else { BODY };
            y = writer.paragraph(x + PAD, y, width - 2.0 * PAD, style, line);
        }
        bottom = bottom.max(y + PAD);
    }
    for (x, _, _) in &boxes {
        writer.frame(*x, top, width, bottom - top, 0.8);
    }
    bottom
}

/// The category boxes, three to a row; returns the y under them.
fn category(writer: &mut Writer, decl: &CustomsDeclaration, top: f32, content: f32) -> f32 {
    writer.text(MARGIN, top, CAPTION, "CATEGORY OF ITEM");
    let column = content / 3.0;
    let mut y = top + CAPTION.leading() + 2.0;
    for row in category_marks(&decl.category).chunks(3) {
        for (index, mark) in row.iter().enumerate() {
            let style = if mark.starts_with("[X]") {
                BODY_BOLD
            } else {
                BODY
            };
            writer.text(MARGIN + column * index as f32, y, style, mark);
        }
        y += BODY.leading();
    }
    y
}

fn continued(writer: &mut Writer, decl: &CustomsDeclaration) -> f32 {
    let content = writer.width - 2.0 * MARGIN;
    writer.text(
        MARGIN,
        MARGIN,
        CONTINUED,
        "CUSTOMS DECLARATION CN 23 (continued)",
    );
    let reference = format!("Tracking No.: {}", decl.tracking_number);
    writer.text_in(
        MARGIN,
        MARGIN + 2.0,
        content,
        BODY,
        Align::Right,
        &reference,
    );
    MARGIN + CONTINUED.leading() + GAP
}

/// Weights on the left, value and charges on the right; returns the y under them.
fn totals(writer: &mut Writer, decl: &CustomsDeclaration, top: f32, content: f32) -> f32 {
    let left = [
        format!("Total gross weight: {}", weight(&decl.gross_weight)),
        format!("Total net weight: {}", weight(&decl.total_weight)),
    ];
    let right = [
        format!(
            "Total value: {}",
            money_with_code(decl.total_value, &decl.currency)
        ),
        format!(
            "Postal charges/Fees: {}",
            money_with_code(decl.postal_charges, &decl.currency)
        ),
    ];
    let end = writer.lines(MARGIN, top, BODY_BOLD, &left);
    let half = content / 2.0;
    let mut y = top;
    for line in &right {
        writer.text_in(MARGIN + half, y, half, BODY_BOLD, Align::Right, line);
        y += BODY_BOLD.leading();
    }
    end.max(y)
}

fn signature(writer: &mut Writer, decl: &CustomsDeclaration, top: f32, content: f32) {
    writer.text(MARGIN, top, BODY, &format!("Date: {}", decl.date));
    let signatory = format!("Signatory: {}", decl.signatory);
    writer.text(MARGIN + content * 0.4, top, BODY, &signatory);
    let line = top + BODY.leading() + 22.0;
    writer.rule(MARGIN + content * 0.4, line, 200.0, 0.6);
    writer.text(MARGIN + content * 0.4, line + 3.0, SMALL, "Signature");
}
