//! What the customs feature is asked to do, and what its jobs end with.

use crate::customs::build::Outcome;
use crate::customs::documents::Made;
use crate::customs::paperwork::PaperSize;
use crate::customs::settings::CustomsSettings;
use crate::station::db::{LabelId, OrderNumber, ParcelId, StationOrder};
use crate::ui::failure::Failure;

#[derive(Debug, Clone, PartialEq)]
pub enum CustomsCommand {
    /// Read the warehouse's settings (start-up, another record).
    Load,
    /// An order was opened or reloaded: check what its shipment's paperwork misses.
    Check {
        order: Box<StationOrder>,
        shipment_id: String,
    },
    /// The order was closed.
    Clear,
    /// A parcel's label is shown: make its documents (`fresh`: it was just made, so print what
    /// the settings say) or read those already made.
    ForLabel {
        order: OrderNumber,
        parcel: ParcelId,
        label: LabelId,
        fresh: bool,
    },
    /// "Reprint documents": every document of the label shown, again.
    Print,
    Edit(SettingsEdit),
    Save,
}

/// One change to the settings' draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsEdit {
    Company(String),
    Address1(String),
    Address2(String),
    PostalCode(String),
    City(String),
    Province(String),
    Country(String),
    Eori(String),
    VatNumber(String),
    IossNumber(String),
    UkVatNumber(String),
    Signatory(String),
    Paper(PaperSize),
    PrintInvoice(bool),
    InvoiceCopies(u8),
    PrintDeclaration(bool),
    PrintPackingSlip(bool),
}

pub enum Done {
    Loaded(Result<Option<CustomsSettings>, Failure>),
    Checked {
        order: OrderNumber,
        shipment_id: String,
        result: Result<Outcome, Failure>,
    },
    Made {
        label: LabelId,
        fresh: bool,
        result: Result<Made, Failure>,
    },
    /// Documents read back for a label shown again.
    Read {
        label: LabelId,
        result: Result<Vec<crate::station::db::DocumentInfo>, Failure>,
    },
    Printed(Result<String, Failure>),
    /// The CN22's ZPL rendered for the preview.
    Preview {
        document: crate::station::db::DocumentId,
        result: Result<egui::ColorImage, Failure>,
    },
    Saved(Result<CustomsSettings, Failure>),
}
