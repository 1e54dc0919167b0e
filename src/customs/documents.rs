//! From the record to documents in the record: works out a labelled parcel's paperwork,
//! renders it, and keeps the files with the label's own documents (so any desk reprints them
//! offline), then says what to print where. The app's jobs and `packdesk documents` share it.

use std::sync::OnceLock;

use rust_decimal::Decimal;
use time::Date;

use super::build::{BuildError, Missing, Outcome, Paperwork, Request, paperwork};
use super::paperwork::DeclarationForm;
use super::render::{self, RenderError};
use super::settings::CustomsSettings;
use crate::service::landed_cost::tables::{Tables, TablesError};
use crate::station::db::{
    DocumentId, DocumentInfo, DocumentKind, LabelDocument, LabelId, OrderNumber, Paper, ParcelId,
    StationDb, StationError,
};
use crate::station::print::PrintTarget;

#[derive(Debug, thiserror::Error)]
pub enum DocumentsError {
    #[error("the rate tables do not load: {0}")]
    Tables(TablesError),
    #[error("order {0} is not in the station")]
    NoOrder(OrderNumber),
    #[error("{0}")]
    Build(#[from] BuildError),
    #[error("the documents could not be drawn: {0}")]
    Render(#[from] RenderError),
    #[error("{0}")]
    Station(#[from] StationError),
    #[error("the customs settings in the record do not read: {0}")]
    Settings(String),
}

/// The landed-cost tables (for exchange rates and customs unions), loaded once per process.
pub fn tables() -> Result<&'static Tables, DocumentsError> {
    static TABLES: OnceLock<Result<Tables, TablesError>> = OnceLock::new();
    TABLES
        .get_or_init(Tables::load)
        .as_ref()
        .map_err(|e| DocumentsError::Tables(e.clone()))
}

/// The warehouse's customs settings as the record holds them now (defaults before anyone set
/// them). Read for each parcel, so a supervisor's change at one desk holds at every desk at once.
pub fn settings_in(db: &mut StationDb) -> Result<CustomsSettings, DocumentsError> {
    match db.warehouse_setting(super::settings::SETTINGS_KEY)? {
        Some(value) => {
            serde_json::from_value(value).map_err(|e| DocumentsError::Settings(e.to_string()))
        }
        None => Ok(CustomsSettings::default()),
    }
}

/// One rendered file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub paper: Paper,
    pub kind: DocumentKind,
    pub bytes: Vec<u8>,
}

/// Every file of `paperwork`: the invoice, the declaration (the CN22 also as ZPL for the
/// thermal printer) and the packing slip, as PDF.
pub fn render_all(paperwork: &Paperwork) -> Result<Vec<Rendered>, RenderError> {
    let declaration = &paperwork.declaration;
    let form = paper_of(declaration.form);
    let mut files = vec![
        Rendered {
            paper: Paper::Invoice,
            kind: DocumentKind::Pdf,
            bytes: render::invoice_pdf(&paperwork.invoice)?,
        },
        Rendered {
            paper: form,
            kind: DocumentKind::Pdf,
            bytes: render::declaration_pdf(declaration)?,
        },
    ];
    if declaration.form == DeclarationForm::Cn22 {
        files.push(Rendered {
            paper: form,
            kind: DocumentKind::Zpl,
            bytes: render::cn22_zpl(declaration)?,
        });
    }
    files.push(Rendered {
        paper: Paper::PackingSlip,
        kind: DocumentKind::Pdf,
        bytes: render::packing_slip_pdf(&paperwork.slip)?,
    });
    Ok(files)
}

pub fn paper_of(form: DeclarationForm) -> Paper {
    match form {
        DeclarationForm::Cn22 => Paper::Cn22,
        DeclarationForm::Cn23 => Paper::Cn23,
    }
}

/// What a packer sees of the paperwork beside the label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub invoice_number: String,
    pub lines: usize,
    pub currency: String,
    pub subtotal: Decimal,
    pub transport: Decimal,
    pub paid_total: Decimal,
    pub total: Decimal,
    pub form: DeclarationForm,
    pub value_sdr: Decimal,
}

impl Summary {
    pub fn of(paperwork: &Paperwork) -> Self {
        let invoice = &paperwork.invoice;
        Self {
            invoice_number: invoice.invoice_number.clone(),
            lines: invoice.lines.len(),
            currency: invoice.currency.clone(),
            subtotal: invoice.subtotal,
            transport: invoice.transport,
            paid_total: invoice.paid_total,
            total: invoice.total,
            form: paperwork.declaration.form,
            value_sdr: paperwork.declaration.value_sdr,
        }
    }
}

/// What making a label's documents came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Made {
    NotNeeded(String),
    Missing(Vec<Missing>),
    Made {
        summary: Summary,
        documents: Vec<DocumentInfo>,
    },
}

/// Works out, renders and records the documents of `parcel`'s label `label`, dated by the label
/// (so making them again the next day prints the same documents).
pub fn make_for_label(
    db: &mut StationDb,
    order: OrderNumber,
    parcel: ParcelId,
    label: LabelId,
) -> Result<Made, DocumentsError> {
    let settings = &settings_in(db)?;
    let record = db.order(order)?.ok_or(DocumentsError::NoOrder(order))?;
    let outcome = outcome_for_label(&record, parcel, label, settings)?;
    let paperwork = match outcome {
        Outcome::NotNeeded(why) => return Ok(Made::NotNeeded(why)),
        Outcome::Missing(missing) => return Ok(Made::Missing(missing)),
        Outcome::Ready(paperwork) => paperwork,
    };
    let files: Vec<LabelDocument> = render_all(&paperwork)?
        .into_iter()
        .map(|file| LabelDocument {
            kind: file.kind,
            url: None,
            bytes: file.bytes,
            paper: file.paper,
        })
        .collect();
    db.record_customs_documents(label, &files)?;
    Ok(Made::Made {
        summary: Summary::of(&paperwork),
        documents: db.customs_documents(label)?,
    })
}

/// What `parcel`'s label `label` needs, worked out from the order as read (the server's, or a
/// desk's copy of it), dated by the label.
pub fn outcome_for_label(
    record: &crate::station::db::StationOrder,
    parcel: ParcelId,
    label: LabelId,
    settings: &CustomsSettings,
) -> Result<Outcome, DocumentsError> {
    let order = record.source_reference;
    let (shipment, found) = record
        .parcel(parcel)
        .ok_or_else(|| BuildError::NoParcel(order, String::new(), parcel))?;
    let date = found.labels.iter().find(|l| l.id == label).map_or_else(
        || time::OffsetDateTime::now_utc().date(),
        |l| l.requested_at.date(),
    );
    Ok(paperwork(
        tables()?,
        Request {
            order: record,
            shipment_id: &shipment.shipment_id,
            parcel: Some(parcel),
            settings,
            date,
        },
    )?)
}

/// The parcels `packdesk documents` writes: each live parcel of each shipment (numbered from 1,
/// dated by its label, or `today` before one), or a shipment not yet packed as one parcel.
pub fn documented_parcels(
    order: &crate::station::db::StationOrder,
    today: Date,
) -> Vec<(String, u32, Option<ParcelId>, Date)> {
    let mut parcels = Vec::new();
    for shipment in &order.shipments {
        let id = &shipment.shipment_id;
        let live: Vec<_> = shipment
            .parcels
            .iter()
            .filter(|p| p.voided_at.is_none())
            .collect();
        if live.is_empty() {
            parcels.push((id.clone(), 1, None, today));
        }
        for (n, parcel) in live.into_iter().enumerate() {
            let labelled = parcel
                .labels
                .iter()
                .rev()
                .find(|l| l.status == crate::api::LabelStatus::Success);
            let date = labelled.map_or(today, |l| l.requested_at.date());
            parcels.push((id.clone(), n as u32 + 1, Some(parcel.id), date));
        }
    }
    parcels
}

/// Which documents go to which printer, how many times, by the settings: the CN22 to the
/// thermal printer as ZPL when there is one, everything else to the document printer.
pub fn print_plan(
    settings: &CustomsSettings,
    documents: &[DocumentInfo],
    label_printer: Option<&PrintTarget>,
    document_printer: Option<&PrintTarget>,
) -> Vec<(DocumentId, PrintTarget, u8)> {
    let find = |paper: Paper, kind: DocumentKind| {
        documents
            .iter()
            .find(|d| d.paper == paper && d.kind == kind)
            .map(|d| d.id)
    };
    let mut plan = Vec::new();
    let mut add = |id: Option<DocumentId>, target: Option<&PrintTarget>, copies: u8| {
        if let (Some(id), Some(target), true) = (id, target, copies > 0) {
            plan.push((id, target.clone(), copies));
        }
    };
    if settings.print_invoice {
        add(
            find(Paper::Invoice, DocumentKind::Pdf),
            document_printer,
            settings.invoice_copies,
        );
    }
    if settings.print_declaration {
        let cn22_zpl = find(Paper::Cn22, DocumentKind::Zpl);
        if let (Some(zpl), Some(printer)) = (cn22_zpl, label_printer) {
            add(Some(zpl), Some(printer), 1);
        } else {
            let pdf = find(Paper::Cn22, DocumentKind::Pdf).or(find(Paper::Cn23, DocumentKind::Pdf));
            add(pdf, document_printer, 1);
        }
    }
    if settings.print_packing_slip {
        add(
            find(Paper::PackingSlip, DocumentKind::Pdf),
            document_printer,
            1,
        );
    }
    plan
}
