//! The customs paperwork rendered and read back by independent tools: poppler (`pdfinfo`,
//! `pdftotext`, `pdffonts`, `pdftoppm`), zbar (`zbarimg`) and the `labelize` ZPL renderer.
//! The fixtures (a Berlin → San Francisco parcel and a Berlin → Tokyo one) are here, the tool
//! helpers in `tools`, the tests in `render` and `declaration`.
//!
//! The tools are not optional: a missing one fails the test with what to install (CI installs
//! poppler-utils and zbar-tools, `.ci/run`). Set `PACKDESK_CUSTOMS_SAMPLES=DIR` to keep the
//! rendered documents and PNGs for a look.

mod declaration;
mod render;
mod tools;

pub use tools::*;

use packdesk::customs::paperwork::*;
use packdesk::domain::{Weight, WeightUnit};
use time::macros::date;

pub use crate::decimal::dec as d;

pub fn grams(text: &str) -> Weight {
    Weight::new(d(text), WeightUnit::Gram)
}

pub const TRACKING: &str = "LX123456785DE";
pub const DECLARATION: &str = "I declare that the information in this invoice is true and \
    correct, that the goods are of the origin shown, and that the duties and taxes of the \
    destination have been paid by the sender (Delivered Duty Paid).";

pub fn berlin() -> Party {
    Party {
        name: "Anna Schmidt".into(),
        company: Some("Kiezware GmbH".into()),
        address_lines: vec!["Torstraße 120".into(), "10119 Berlin".into()],
        country_code: "DE".into(),
        country_name: "Germany".into(),
    }
}

pub fn san_francisco() -> Party {
    Party {
        name: "Jordan Lee".into(),
        company: None,
        address_lines: vec![
            "1455 Market Street, Apt 12B".into(),
            "San Francisco, CA 94103".into(),
        ],
        country_code: "US".into(),
        country_name: "United States".into(),
    }
}

pub fn tokyo() -> Party {
    Party {
        name: "山田 太郎".into(),
        company: None,
        address_lines: vec!["東京都千代田区丸の内1-1".into(), "100-0005".into()],
        country_code: "JP".into(),
        country_name: "Japan".into(),
    }
}

pub fn id(label: &str, value: &str) -> Identifier {
    Identifier {
        label: label.into(),
        value: value.into(),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn line(
    sku: &str,
    description: &str,
    hs_code: &str,
    origin: &str,
    quantity: u32,
    unit_value: &str,
    line_value: &str,
    weight: Weight,
) -> GoodsLine {
    GoodsLine {
        sku: sku.into(),
        description: description.into(),
        hs_code: hs_code.into(),
        origin_country_code: origin.into(),
        quantity,
        unit_value: d(unit_value),
        line_value: d(line_value),
        net_weight: weight,
    }
}

pub fn us_lines() -> Vec<GoodsLine> {
    vec![
        line(
            "BEANIE-MER-GRY",
            "Merino wool beanie, charcoal grey, 100% merino wool, knitted",
            "6505009090",
            "DE",
            2,
            "24.90",
            "49.80",
            grams("180"),
        ),
        line(
            "MUG-STN-350",
            "Ceramic coffee mug, stoneware, hand-glazed, 350 ml",
            "691200",
            "PT",
            1,
            "18.5",
            "18.50",
            grams("420"),
        ),
        line(
            "TSHIRT-ORG-GRN-M",
            "Organic cotton T-shirt, heavyweight jersey 220 g/m², garment-dyed in forest \
             green with a screen-printed Berlin skyline on the back, crew neck, size M",
            "610910",
            "TR",
            3,
            "29.00",
            "87.00",
            Weight::new(d("1.45"), WeightUnit::Pound),
        ),
    ]
}

/// Berlin → San Francisco, on Letter paper, USD.
pub fn us_invoice() -> Invoice {
    Invoice {
        paper: PaperSize::Letter,
        exporter: berlin(),
        exporter_ids: vec![
            id("EORI", "DE123456789012345"),
            id("VAT No.", "DE129273398"),
        ],
        consignee: san_francisco(),
        invoice_number: "INV-2026-000421".into(),
        date: date!(2026 - 11 - 24),
        order_number: 10042,
        shipment_id: "S1".into(),
        parcel: ParcelOf { n: 1, m: 2 },
        tracking_number: TRACKING.into(),
        incoterm: "DDP".into(),
        incoterm_place: "San Francisco, United States".into(),
        currency: "USD".into(),
        lines: us_lines(),
        subtotal: d("155.30"),
        transport: d("14.9"),
        paid_charges: vec![
            PaidCharge {
                label: "Duties".into(),
                amount: d("9.32"),
            },
            PaidCharge {
                label: "Merchandise processing fee".into(),
                amount: d("2.69"),
            },
        ],
        paid_total: d("12.01"),
        total: d("182.21"),
        net_weight: grams("1257.71"),
        gross_weight: grams("1480"),
        reason_for_export: "Sale of goods".into(),
        declaration: DECLARATION.into(),
        signatory: "Anna Schmidt".into(),
    }
}

/// Berlin → Tokyo, on A4, JPY (no minor units), a Japanese consignee, an IOSS-style id.
pub fn jp_invoice() -> Invoice {
    Invoice {
        paper: PaperSize::A4,
        exporter: berlin(),
        exporter_ids: vec![id("EORI", "DE123456789012345")],
        consignee: tokyo(),
        invoice_number: "INV-2026-000422".into(),
        date: date!(2026 - 11 - 24),
        order_number: 10043,
        shipment_id: "S1".into(),
        parcel: ParcelOf { n: 1, m: 1 },
        tracking_number: "LX123456794DE".into(),
        incoterm: "DDP".into(),
        incoterm_place: "Tokyo, Japan".into(),
        currency: "JPY".into(),
        lines: vec![
            line(
                "BEANIE-MER-GRY",
                "Merino wool beanie, charcoal grey",
                "650500",
                "DE",
                2,
                "3900",
                "7800",
                grams("180"),
            ),
            line(
                "TOWEL-LIN-2",
                "Linen tea towel, set of two",
                "630260",
                "LT",
                2,
                "2500",
                "5000",
                grams("240"),
            ),
        ],
        subtotal: d("12800"),
        transport: d("2400"),
        paid_charges: vec![
            PaidCharge {
                label: "Duties".into(),
                amount: d("640"),
            },
            PaidCharge {
                label: "Import consumption tax".into(),
                amount: d("1580"),
            },
        ],
        paid_total: d("2220"),
        total: d("17420"),
        net_weight: grams("420"),
        gross_weight: grams("610"),
        reason_for_export: "Sale of goods".into(),
        declaration: DECLARATION.into(),
        signatory: "Anna Schmidt".into(),
    }
}

/// The declaration of an invoice's parcel.
pub fn declaration_of(invoice: &Invoice, form: DeclarationForm) -> CustomsDeclaration {
    CustomsDeclaration {
        form,
        paper: invoice.paper,
        sender: invoice.exporter.clone(),
        sender_ids: invoice.exporter_ids.clone(),
        addressee: invoice.consignee.clone(),
        category: "Sale of goods".into(),
        lines: invoice.lines.clone(),
        currency: invoice.currency.clone(),
        total_value: invoice.subtotal,
        total_weight: invoice.net_weight,
        gross_weight: invoice.gross_weight,
        postal_charges: invoice.transport,
        value_sdr: d("118.42"),
        sdr_rate_date: date!(2026 - 11 - 23),
        tracking_number: invoice.tracking_number.clone(),
        order_number: invoice.order_number,
        date: invoice.date,
        signatory: invoice.signatory.clone(),
    }
}

pub fn us_slip() -> PackingSlip {
    PackingSlip {
        paper: PaperSize::Letter,
        sender: berlin(),
        ship_to: san_francisco(),
        order_number: 10042,
        shipment_id: "S1".into(),
        parcel: ParcelOf { n: 1, m: 2 },
        tracking_number: TRACKING.into(),
        date: date!(2026 - 11 - 24),
        lines: vec![
            SlipLine {
                sku: "BEANIE-MER-GRY".into(),
                description: "Merino wool beanie, charcoal grey".into(),
                quantity: 2,
                ordered: 3,
            },
            SlipLine {
                sku: "MUG-STN-350".into(),
                description: "Ceramic coffee mug, stoneware, 350 ml".into(),
                quantity: 1,
                ordered: 1,
            },
        ],
    }
}
