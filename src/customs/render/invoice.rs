//! The commercial invoice of one parcel (DDP): who sends what to whom, the goods line by line,
//! the charges the sender paid, the exporter's declaration and signature.

use super::error::RenderError;
use super::format::{money, money_with_code, parcel_of, party_lines, weight};
use super::pdf::{Align, Style, Writer, page_size};
use super::table::{Column, Table};
use crate::customs::paperwork::Invoice;

const MARGIN: f32 = 40.0;
/// Room kept at the bottom of each page for "Page k of n".
const FOOTER: f32 = 18.0;
const TITLE: Style = Style::bold(18.0);
const CONTINUED: Style = Style::bold(12.0);
const CAPTION: Style = Style::bold(8.0);
const BODY: Style = Style::regular(9.0);
const BODY_BOLD: Style = Style::bold(9.0);
const CELL: Style = Style::regular(8.5);
const SMALL: Style = Style::regular(7.5);
/// Space between blocks.
const GAP: f32 = 14.0;

const COLUMNS: [Column; 8] = [
    Column::new("Description", 0.25, Align::Left),
    Column::new("SKU", 0.16, Align::Left),
    Column::new("HS code", 0.12, Align::Left),
    Column::new("Origin", 0.07, Align::Center),
    Column::new("Qty", 0.05, Align::Right),
    Column::new("Unit value", 0.11, Align::Right),
    Column::new("Line value", 0.11, Align::Right),
    Column::new("Net weight", 0.13, Align::Right),
];

/// The invoice as a PDF on its paper size, as many pages as the lines need.
pub fn invoice_pdf(invoice: &Invoice) -> Result<Vec<u8>, RenderError> {
    let title = format!("Commercial invoice {}", invoice.invoice_number);
    let mut writer = Writer::new(&title, invoice.date, page_size(invoice.paper))?;
    let content = writer.width - 2.0 * MARGIN;
    let bottom = writer.height - MARGIN - FOOTER;

    let y = heading(&mut writer, invoice, content);
    let y = parties(&mut writer, invoice, y + GAP, content);
    let currency = &invoice.currency;
    let rows: Vec<Vec<String>> = invoice
        .lines
        .iter()
        .map(|line| {
            vec![
                line.description.clone(),
                line.sku.clone(),
                line.hs_code.clone(),
                line.origin_country_code.clone(),
                line.quantity.to_string(),
                money(line.unit_value, currency),
                money(line.line_value, currency),
                weight(&line.net_weight),
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
        continued(writer, invoice)
    });

    // The totals, declaration and signature stay together.
    let summary = summary_lines(invoice);
    let declaration = writer.wrap(&invoice.declaration, content, BODY);
    let needed = summary.len().max(3) as f32 * BODY.leading()
        + declaration.len() as f32 * BODY.leading()
        + 3.0 * GAP
        + 50.0;
    let mut y = y + GAP;
    if y + needed > bottom {
        writer.new_page();
        y = continued(&mut writer, invoice);
    }
    let y = totals(&mut writer, invoice, &summary, y, content);
    let y = writer.lines(MARGIN, y + GAP, BODY, &declaration);
    signature(&mut writer, invoice, y + GAP, content);
    writer.footers(MARGIN, SMALL, &title);
    writer.finish()
}

/// Title and terms on the left, the references on the right; returns the y under both.
fn heading(writer: &mut Writer, invoice: &Invoice, content: f32) -> f32 {
    writer.text(MARGIN, MARGIN, TITLE, "COMMERCIAL INVOICE");
    let left_width = content * 0.5;
    let terms = [
        format!(
            "Incoterm: {} {}",
            invoice.incoterm.trim(),
            invoice.incoterm_place.trim()
        ),
        format!("Currency: {}", invoice.currency),
    ];
    let mut left = MARGIN + TITLE.leading() + 6.0;
    for line in &terms {
        left = writer.paragraph(MARGIN, left, left_width, BODY, line);
    }

    let right_x = MARGIN + content * 0.58;
    let references = [
        format!("Invoice No.: {}", invoice.invoice_number),
        format!("Date: {}", invoice.date),
        format!("Order No.: {}", invoice.order_number),
        format!("Shipment: {}", invoice.shipment_id),
        parcel_of(invoice.parcel),
        format!("Tracking No.: {}", invoice.tracking_number),
    ];
    let mut right = MARGIN;
    for line in &references {
        right = writer.paragraph(right_x, right, content * 0.42, BODY, line);
    }
    left.max(right)
}

/// Exporter (with its registration numbers) and consignee side by side.
fn parties(writer: &mut Writer, invoice: &Invoice, top: f32, content: f32) -> f32 {
    let width = (content - 20.0) / 2.0;
    let mut exporter = party_lines(&invoice.exporter);
    exporter.extend(
        invoice
            .exporter_ids
            .iter()
            .map(|id| format!("{}: {}", id.label, id.value)),
    );
    let consignee = party_lines(&invoice.consignee);
    let mut bottom = top;
    for (x, caption, lines) in [
        (MARGIN, "EXPORTER", exporter),
        (MARGIN + width + 20.0, "CONSIGNEE", consignee),
    ] {
        writer.text(x, top, CAPTION, caption);
        let mut y = top + CAPTION.leading() + 2.0;
        for (index, line) in lines.iter().enumerate() {
            // The name first, in bold.
            let style = if index == 0 { BODY_BOLD } else { BODY };
            y = writer.paragraph(x, y, width, style, line);
        }
        bottom = bottom.max(y);
    }
    bottom
}

/// The heading of a page after the first; returns where the page goes on.
fn continued(writer: &mut Writer, invoice: &Invoice) -> f32 {
    let content = writer.width - 2.0 * MARGIN;
    writer.text(MARGIN, MARGIN, CONTINUED, "COMMERCIAL INVOICE (continued)");
    let reference = format!(
        "Invoice No.: {}   Order No.: {}",
        invoice.invoice_number, invoice.order_number
    );
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

/// One line of the totals: a label, an amount, and whether it is a heading or in bold.
enum Summary {
    Amount {
        label: String,
        amount: String,
        bold: bool,
    },
    Heading(String),
}

fn summary_lines(invoice: &Invoice) -> Vec<Summary> {
    let currency = &invoice.currency;
    let amount = |label: &str, value, bold| Summary::Amount {
        label: label.to_owned(),
        amount: money_with_code(value, currency),
        bold,
    };
    let mut lines = vec![
        amount("Subtotal", invoice.subtotal, false),
        amount("Transport", invoice.transport, false),
        Summary::Heading(format!(
            "Duties and taxes paid by the sender ({})",
            invoice.incoterm.trim()
        )),
    ];
    lines.extend(
        invoice
            .paid_charges
            .iter()
            .map(|charge| amount(&charge.label, charge.amount, false)),
    );
    lines.push(amount("Total duties and taxes", invoice.paid_total, false));
    lines.push(amount("Total", invoice.total, true));
    lines
}

/// Weights and the reason on the left, the totals on the right; returns the y under both.
fn totals(
    writer: &mut Writer,
    invoice: &Invoice,
    summary: &[Summary],
    top: f32,
    content: f32,
) -> f32 {
    let left = [
        format!("Net weight: {}", weight(&invoice.net_weight)),
        format!("Gross weight: {}", weight(&invoice.gross_weight)),
        format!("Reason for export: {}", invoice.reason_for_export),
    ];
    let mut left_y = top;
    for line in &left {
        left_y = writer.paragraph(MARGIN, left_y, content * 0.42, BODY, line);
    }

    let x = MARGIN + content * 0.48;
    let width = content * 0.52;
    let mut y = top;
    for line in summary {
        match line {
            Summary::Heading(text) => {
                y += 3.0;
                writer.text(x, y, CAPTION, text);
                y += CAPTION.leading();
            }
            Summary::Amount {
                label,
                amount,
                bold,
            } => {
                let style = if *bold { BODY_BOLD } else { BODY };
                if *bold {
                    writer.rule(x, y, width, 0.8);
                    y += 2.0;
                }
                writer.text(x, y, style, label);
                writer.text_in(x, y, width, style, Align::Right, amount);
                y += style.leading();
            }
        }
    }
    left_y.max(y)
}

/// Signatory and date, and a line to sign on.
fn signature(writer: &mut Writer, invoice: &Invoice, top: f32, content: f32) {
    writer.text(
        MARGIN,
        top,
        BODY,
        &format!("Signatory: {}", invoice.signatory),
    );
    let date = format!("Date: {}", invoice.date);
    writer.text(MARGIN + content * 0.6, top, BODY, &date);
    let line = top + BODY.leading() + 22.0;
    writer.rule(MARGIN, line, 200.0, 0.6);
    writer.text(MARGIN, line + 3.0, SMALL, "Signature");
}
