//! `Settings → Customs documents`: who exports, who signs, the paper, and what prints with each
//! cross-border label. One set per warehouse, kept in the shared record (`warehouse_settings`,
//! key [`SETTINGS_KEY`]) so every desk prints the same exporter.

use serde::{Deserialize, Serialize};

use super::paperwork::PaperSize;

/// The `warehouse_settings` key these settings are kept under.
pub const SETTINGS_KEY: &str = "customs_documents";

/// The most invoice copies one label prints (couriers ask for up to three; five leaves room).
pub const MAX_INVOICE_COPIES: u8 = 5;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CustomsSettings {
    pub exporter: Exporter,
    /// Who signs the invoice and the declaration (printed; the form is signed by name).
    pub signatory: String,
    pub paper: PaperSize,
    /// What prints with each cross-border label.
    pub print_invoice: bool,
    pub invoice_copies: u8,
    /// The CN22 (thermal printer) or CN23 (document printer), whichever the parcel takes.
    pub print_declaration: bool,
    pub print_packing_slip: bool,
}

impl Default for CustomsSettings {
    fn default() -> Self {
        Self {
            exporter: Exporter::default(),
            signatory: String::new(),
            paper: PaperSize::A4,
            print_invoice: true,
            invoice_copies: 1,
            print_declaration: true,
            print_packing_slip: true,
        }
    }
}

impl CustomsSettings {
    /// The demo warehouse's (the embedded sandbox with its demo orders): a made-up Berlin
    /// merchant whose numbers are shaped like real ones and belong to nobody.
    pub fn demo() -> Self {
        Self {
            exporter: Exporter {
                company: "Packdesk Demo GmbH".into(),
                address1: "Chausseestraße 86".into(),
                postal_code: "10115".into(),
                city: "Berlin".into(),
                country_code: "DE".into(),
                eori: "DE000000000000001".into(),
                vat_number: "DE000000001".into(),
                ioss_number: "IM2760000001".into(),
                uk_vat_number: "GB000000001".into(),
                ..Exporter::default()
            },
            signatory: "Dana Fischer".into(),
            ..Self::default()
        }
    }
}

/// The exporter of record: the merchant, not the warehouse's street address per shipment.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Exporter {
    pub company: String,
    pub address1: String,
    pub address2: String,
    pub postal_code: String,
    pub city: String,
    pub province: String,
    /// ISO 3166-1 alpha-2.
    pub country_code: String,
    /// Economic Operators Registration and Identification number (EU and GB exporters).
    pub eori: String,
    pub vat_number: String,
    /// The EU Import One-Stop Shop number, printed on EU consignments of at most EUR 150.
    pub ioss_number: String,
    /// The UK VAT number for the low-value scheme, printed on GB consignments of at most GBP 135.
    pub uk_vat_number: String,
}

/// A field of these settings, to put a message next to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SettingsField {
    Company,
    Address,
    Country,
    Eori,
    IossNumber,
    UkVatNumber,
    Signatory,
}

impl SettingsField {
    /// Its label in Settings → Customs documents.
    pub fn label(self) -> &'static str {
        match self {
            Self::Company => "Exporter company",
            Self::Address => "Exporter address",
            Self::Country => "Exporter country",
            Self::Eori => "EORI number",
            Self::IossNumber => "IOSS number",
            Self::UkVatNumber => "UK VAT number",
            Self::Signatory => "Signatory",
        }
    }
}
