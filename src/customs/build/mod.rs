//! Working out one parcel's paperwork from the station's record: the lines it holds, their
//! values and weights (`contents`), its share of transport, duties and taxes (`charges`, by
//! `shares`), the exporter and its numbers (`parties`), which form it takes (see `sdr`), and
//! every piece of data still missing, each said where it is fixed.

mod charges;
mod contents;
mod parties;
mod types;

use rust_decimal::Decimal;
use time::Date;

pub use types::{BuildError, Missing, MissingAt};

use super::paperwork::{CustomsDeclaration, DeclarationForm, Invoice, PackingSlip, SlipLine};
use super::sdr::{CN22_LIMIT_SDR, to_sdr};
use super::settings::CustomsSettings;
use crate::domain::{CountryCode, Currency};
use crate::service::landed_cost::tables::Tables;
use crate::station::db::{ParcelId, StationOrder};
use charges::charges;
use contents::{Contents, goods_lines, total_weight};
use parties::{exporter, identifiers};

/// Which parcel of which shipment, on which day.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub order: &'a StationOrder,
    pub shipment_id: &'a str,
    /// A packed parcel; `None`: the whole shipment as one parcel (before it is packed).
    pub parcel: Option<ParcelId>,
    pub settings: &'a CustomsSettings,
    /// The documents' date (and the day of the exchange rates).
    pub date: Date,
}

/// Everything that travels with one cross-border parcel.
#[derive(Debug, Clone, PartialEq)]
pub struct Paperwork {
    pub invoice: Invoice,
    pub declaration: CustomsDeclaration,
    pub slip: PackingSlip,
}

/// What the record makes of a request.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The parcel crosses no customs border (domestic, or within a customs union): why.
    NotNeeded(String),
    Ready(Box<Paperwork>),
    /// Data to fix first, every piece of it.
    Missing(Vec<Missing>),
}

/// The paperwork of the parcel `request` names, or why there is none.
pub fn paperwork(tables: &Tables, request: Request<'_>) -> Result<Outcome, BuildError> {
    let order = request.order;
    let shipment = order
        .shipments
        .iter()
        .find(|s| s.shipment_id == request.shipment_id)
        .ok_or_else(|| {
            BuildError::NoShipment(order.source_reference, request.shipment_id.to_owned())
        })?;
    let from = country(&shipment.ship_from.country_code)?;
    let to = country(&order.cart.ship_to.country_code)?;
    if from == to {
        return Ok(Outcome::NotNeeded(format!(
            "A domestic parcel within {} needs no customs documents.",
            from.name()
        )));
    }
    if let Some(union) = tables.customs_union_of(from, to, request.date) {
        return Ok(Outcome::NotNeeded(format!(
            "{} and {} are both in the {}: no customs documents.",
            from.name(),
            to.name(),
            union.name
        )));
    }
    let currency = Currency::parse(&order.cart.currency_code)
        .ok_or_else(|| BuildError::Currency(order.cart.currency_code.clone()))?;
    let contents = Contents::of(order, shipment, request.parcel)?;
    let mut missing = Vec::new();
    let lines = goods_lines(order, shipment, &contents, currency, &mut missing)?;
    let subtotal: Decimal = lines.iter().map(|l| l.line_value).sum();
    let exporter = exporter(request.settings, &mut missing);
    let ids = identifiers(
        tables,
        (request.settings, request.date),
        (to, subtotal, currency),
        &mut missing,
    )?;
    let charges = charges(shipment, &contents, currency, &mut missing);
    if !missing.is_empty() {
        return Ok(Outcome::Missing(missing));
    }
    let (transport, paid_charges) = charges.unwrap_or_default();
    let paid_total: Decimal = paid_charges.iter().map(|c| c.amount).sum();
    let net_weight = total_weight(lines.iter().map(|l| l.net_weight));
    let gross_weight = contents.gross_weight.unwrap_or(net_weight);
    let consignee = contents.consignee.clone();
    let in_sdr = to_sdr(tables, subtotal, &currency.code(), request.date)?;
    let form = if in_sdr.value <= CN22_LIMIT_SDR {
        DeclarationForm::Cn22
    } else {
        DeclarationForm::Cn23
    };
    let settings = request.settings;
    let invoice = Invoice {
        paper: settings.paper,
        exporter: exporter.clone(),
        exporter_ids: ids.clone(),
        consignee: consignee.clone(),
        invoice_number: format!(
            "{}-{}-{}",
            order.source_reference, shipment.shipment_id, contents.parcel.n
        ),
        date: request.date,
        order_number: order.source_reference,
        shipment_id: shipment.shipment_id.clone(),
        parcel: contents.parcel,
        tracking_number: contents.tracking.clone(),
        incoterm: "DDP".into(),
        incoterm_place: [contents.city.trim(), consignee.country_name.as_str()]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(", "),
        currency: currency.code(),
        lines: lines.clone(),
        subtotal,
        transport,
        paid_charges,
        paid_total,
        total: subtotal + transport + paid_total,
        net_weight,
        gross_weight,
        reason_for_export: "Sale of goods".into(),
        declaration: DECLARATION.into(),
        signatory: settings.signatory.trim().to_owned(),
    };
    let declaration = CustomsDeclaration {
        form,
        paper: settings.paper,
        sender: exporter.clone(),
        sender_ids: ids,
        addressee: consignee.clone(),
        category: "Sale of goods".into(),
        lines: lines.clone(),
        currency: currency.code(),
        total_value: subtotal,
        total_weight: net_weight,
        gross_weight,
        postal_charges: transport,
        value_sdr: in_sdr.value,
        sdr_rate_date: in_sdr.rates_of,
        tracking_number: contents.tracking.clone(),
        order_number: order.source_reference,
        date: request.date,
        signatory: settings.signatory.trim().to_owned(),
    };
    let slip = PackingSlip {
        paper: settings.paper,
        sender: exporter,
        ship_to: consignee,
        order_number: order.source_reference,
        shipment_id: shipment.shipment_id.clone(),
        parcel: contents.parcel,
        tracking_number: contents.tracking.clone(),
        date: request.date,
        lines: lines
            .iter()
            .zip(&contents.slip_ordered)
            .map(|(line, ordered)| SlipLine {
                sku: line.sku.clone(),
                description: line.description.clone(),
                quantity: line.quantity,
                ordered: *ordered,
            })
            .collect(),
    };
    Ok(Outcome::Ready(Box::new(Paperwork {
        invoice,
        declaration,
        slip,
    })))
}

const DECLARATION: &str = "I declare that the information on this invoice is true and correct, \
that the goods are of the origin shown, and that the import duties and taxes of the country of \
destination were paid by the sender (Delivered Duty Paid).";

fn country(code: &str) -> Result<CountryCode, BuildError> {
    CountryCode::parse(code).ok_or_else(|| BuildError::Country(code.to_owned()))
}
