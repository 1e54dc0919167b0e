//! What the customs paperwork of one parcel says, worked out from the station's record and ready
//! to render: every figure is final here (the renderers only lay it out), so what a PDF, a ZPL
//! label and a test read back is one set of numbers.

use rust_decimal::Decimal;
use time::Date;

use crate::domain::Weight;

/// The page size of the office documents (invoice, CN23, packing slip). CN22 is always 4x6 in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum PaperSize {
    #[default]
    A4,
    Letter,
}

/// A sender or receiver as printed: name, optional company, address lines, country.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Party {
    pub name: String,
    pub company: Option<String>,
    /// Street lines, then "postal code city province": as many as the address has.
    pub address_lines: Vec<String>,
    /// ISO 3166-1 alpha-2, e.g. `JP`.
    pub country_code: String,
    /// The country's English name, e.g. `Japan`.
    pub country_name: String,
}

/// A registration number printed next to a party, e.g. `EORI` / `DE123456789012345`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identifier {
    /// "EORI", "VAT No.", "IOSS No.", "UK VAT No.".
    pub label: String,
    pub value: String,
}

/// One item line of the parcel as customs sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct GoodsLine {
    pub sku: String,
    /// The detailed description customs asks for (product, variant, what it is made of).
    pub description: String,
    /// The tariff number (6 to 10 digits, no dots).
    pub hs_code: String,
    /// ISO 3166-1 alpha-2.
    pub origin_country_code: String,
    pub quantity: u32,
    /// In `currency` of the document, after discounts.
    pub unit_value: Decimal,
    /// `unit_value × quantity`, rounded to the currency's minor units.
    pub line_value: Decimal,
    /// The line's net weight (unit weight × quantity), in the order's unit.
    pub net_weight: Weight,
}

/// One amount of duty or tax paid by the sender, by type: "Duties", "Import VAT", ...
#[derive(Debug, Clone, PartialEq)]
pub struct PaidCharge {
    pub label: String,
    pub amount: Decimal,
}

/// "Parcel n of m" of a shipment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParcelOf {
    pub n: u32,
    pub m: u32,
}

/// A commercial invoice for one parcel, Delivered Duty Paid.
#[derive(Debug, Clone, PartialEq)]
pub struct Invoice {
    pub paper: PaperSize,
    pub exporter: Party,
    /// EORI, VAT number, and the IOSS or UK VAT number where it applies, in that order.
    pub exporter_ids: Vec<Identifier>,
    pub consignee: Party,
    pub invoice_number: String,
    pub date: Date,
    pub order_number: u64,
    pub shipment_id: String,
    pub parcel: ParcelOf,
    pub tracking_number: String,
    /// Always "DDP".
    pub incoterm: String,
    /// The named place of the incoterm: the destination, e.g. "San Francisco, United States".
    pub incoterm_place: String,
    /// ISO 4217, e.g. `EUR`.
    pub currency: String,
    pub lines: Vec<GoodsLine>,
    /// Sum of the lines' values.
    pub subtotal: Decimal,
    /// This parcel's share of the shipping charged.
    pub transport: Decimal,
    /// This parcel's share of the duties and taxes locked at checkout, by type.
    pub paid_charges: Vec<PaidCharge>,
    /// Sum of `paid_charges`.
    pub paid_total: Decimal,
    /// `subtotal + transport + paid_total`.
    pub total: Decimal,
    /// Total net weight of the lines.
    pub net_weight: Weight,
    /// The parcel's gross weight as weighed at the desk.
    pub gross_weight: Weight,
    /// "Sale of goods".
    pub reason_for_export: String,
    /// The exporter's declaration, one paragraph.
    pub declaration: String,
    pub signatory: String,
}

/// Which UPU form a postal item takes (CN22 up to 300 SDR of contents, CN23 above).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclarationForm {
    Cn22,
    Cn23,
}

impl DeclarationForm {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cn22 => "CN22",
            Self::Cn23 => "CN23",
        }
    }
}

/// A CN22 or CN23 customs declaration for one parcel.
#[derive(Debug, Clone, PartialEq)]
pub struct CustomsDeclaration {
    pub form: DeclarationForm,
    /// The CN23's page size (the CN22 is a 4x6 in label whatever this says).
    pub paper: PaperSize,
    pub sender: Party,
    /// Identifiers of the sender shown on the form (EORI, IOSS / UK VAT where it applies).
    pub sender_ids: Vec<Identifier>,
    pub addressee: Party,
    /// Always "Sale of goods" (the form's "Sale of goods" box is ticked).
    pub category: String,
    pub lines: Vec<GoodsLine>,
    pub currency: String,
    /// Sum of the lines' values.
    pub total_value: Decimal,
    /// Sum of the lines' net weights.
    pub total_weight: Weight,
    /// The parcel's gross weight.
    pub gross_weight: Weight,
    /// Postal charges/fees: this parcel's share of the transport.
    pub postal_charges: Decimal,
    /// `total_value` in SDR with the rate used, which decided the form.
    pub value_sdr: Decimal,
    /// The day of the SDR rate used.
    pub sdr_rate_date: Date,
    pub tracking_number: String,
    pub order_number: u64,
    pub date: Date,
    pub signatory: String,
}

/// The packing slip: what is in this parcel, for the buyer.
#[derive(Debug, Clone, PartialEq)]
pub struct PackingSlip {
    pub paper: PaperSize,
    pub sender: Party,
    pub ship_to: Party,
    pub order_number: u64,
    pub shipment_id: String,
    pub parcel: ParcelOf,
    pub tracking_number: String,
    pub date: Date,
    pub lines: Vec<SlipLine>,
}

/// One line of the packing slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlipLine {
    pub sku: String,
    pub description: String,
    pub quantity: u32,
    /// How many the order has of it in this shipment (the slip says "2 of 3").
    pub ordered: u32,
}
