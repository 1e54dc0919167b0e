//! Reading one order in full for the shipment detail view.

use rust_decimal::Decimal;

use crate::api::{CartItem, FieldError, LabelRequest, TaxCalculationRequest};
use crate::domain::{LengthUnit, Weight, WeightUnit};

use super::encoding::{from_json, from_unix};
use super::engine::{Tx, params};
use super::label::{document_info, parse_label_status};
use super::record::parse_shipment_type;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::status::{self, ShipmentFacts};
use crate::station::model::{
    Cancellation, ChosenRate, Dimensions, DocumentInfo, FulfillmentId, FulfillmentRecord,
    ItemProgress, LabelId, LabelRecord, OrderNumber, OrderOrigin, Parcel, ParcelId, ParcelLine,
    StationOrder, StationShipment,
};

impl StationDb {
    /// One order in full, or `None` when the station has no order with this number.
    pub fn order(&mut self, order: OrderNumber) -> Result<Option<StationOrder>, StationError> {
        read_order(&mut self.conn.read()?, order)
    }
}

/// [`StationDb::order`] on any connection (also inside a transaction).
pub(super) fn read_order(
    conn: &mut Tx<'_>,
    order: OrderNumber,
) -> Result<Option<StationOrder>, StationError> {
    let Ok(reference) = i64::try_from(order) else {
        return Ok(None);
    };
    let row = conn.query_row_opt(
        "SELECT id, origin, created_at, recorded_at, create_json, cart_json, quote_json
             FROM orders WHERE source_reference = ?1",
        params![reference],
        |row| {
            Ok((
                row.get::<_, i64>("id")?,
                row.get::<_, String>("origin")?,
                row.get::<_, i64>("created_at")?,
                row.get::<_, i64>("recorded_at")?,
                row.get::<_, String>("create_json")?,
                row.get::<_, String>("cart_json")?,
                row.get::<_, Option<String>>("quote_json")?,
            ))
        },
    )?;
    let Some((order_id, origin, created_at, recorded_at, create, cart, quote)) = row else {
        return Ok(None);
    };
    let cart: TaxCalculationRequest = from_json(&cart)?;
    let shipments = load_shipments(conn, order_id, &cart)?;
    let statuses: Vec<_> = shipments.iter().map(|s| s.status).collect();
    Ok(Some(StationOrder {
        source_reference: order,
        origin: if origin == "imported" {
            OrderOrigin::Imported
        } else {
            OrderOrigin::Submitted
        },
        status: status::order_status(&statuses),
        created_at: from_unix(created_at)?,
        recorded_at: from_unix(recorded_at)?,
        create: from_json(&create)?,
        quote: quote.as_deref().map(from_json).transpose()?,
        cart,
        shipments,
    }))
}

fn load_shipments(
    conn: &mut Tx<'_>,
    order_id: i64,
    cart: &TaxCalculationRequest,
) -> Result<Vec<StationShipment>, StationError> {
    let rows = conn.query_map(
        "SELECT id, shipment_id, tax_transaction_id, shipping_rate_id, shipping_rate,
            shipment_type, landed_cost_json, ship_from_json, canceled_at, cancel_json
         FROM shipments WHERE order_id = ?1 ORDER BY position",
        params![order_id],
        |row| {
            Ok((
                row.get::<_, i64>("id")?,
                row.get::<_, String>("shipment_id")?,
                row.get::<_, String>("tax_transaction_id")?,
                row.get::<_, String>("shipping_rate_id")?,
                row.get::<_, String>("shipping_rate")?,
                row.get::<_, Option<String>>("shipment_type")?,
                row.get::<_, Option<String>>("landed_cost_json")?,
                row.get::<_, String>("ship_from_json")?,
                row.get::<_, Option<i64>>("canceled_at")?,
                row.get::<_, Option<String>>("cancel_json")?,
            ))
        },
    )?;
    let mut shipments = Vec::new();
    for (id, shipment_id, tax_id, rate_id, rate, kind, landed, from, canceled_at, cancel) in rows {
        let cart_items = cart
            .shipments
            .iter()
            .find(|s| s.shipment_id == shipment_id)
            .map(|s| s.items.as_slice())
            .ok_or_else(|| StationError::Corrupt(format!("shipment {shipment_id} not in cart")))?;
        let items = load_items(conn, id, cart_items)?;
        let parcels = load_parcels(conn, id)?;
        let cancellation = match (canceled_at, cancel) {
            (Some(at), Some(sent)) => Some(Cancellation {
                recorded_at: from_unix(at)?,
                sent: from_json(&sent)?,
            }),
            _ => None,
        };
        let facts = ShipmentFacts {
            canceled: cancellation.is_some(),
            has_success_label: parcels.iter().any(|p| {
                p.voided_at.is_none()
                    && p.labels
                        .iter()
                        .any(|l| l.status == crate::api::LabelStatus::Success)
            }),
            fulfillments: parcels.iter().filter(|p| p.fulfillment.is_some()).count() as u32,
            lines: items
                .iter()
                .map(|i| (i.ordered, i.fulfilled, i.item.requires_shipping))
                .collect(),
        };
        shipments.push(StationShipment {
            status: status::shipment_status(&facts),
            ship_from: from_json(&from)?,
            rate: ChosenRate {
                shipping_rate_id: rate_id,
                shipping_rate: decimal(&rate)?,
                tax_transaction_id: tax_id,
            },
            shipment_type: kind.as_deref().and_then(parse_shipment_type),
            landed_cost: landed.as_deref().map(from_json).transpose()?,
            shipment_id,
            items,
            parcels,
            cancellation,
        });
    }
    Ok(shipments)
}

fn load_items(
    conn: &mut Tx<'_>,
    shipment: i64,
    cart_items: &[CartItem],
) -> Result<Vec<ItemProgress>, StationError> {
    let rows = conn.query_map(
        "SELECT i.source_line_id, i.quantity,
            CAST(COALESCE((SELECT SUM(pl.quantity) FROM parcel_lines pl JOIN parcels p
                      ON p.id = pl.parcel_id WHERE pl.item_id = i.id AND p.voided_at IS NULL), 0) AS BIGINT)
                AS in_parcels,
            CAST(COALESCE((SELECT SUM(fl.quantity) FROM fulfillment_lines fl
                      WHERE fl.item_id = i.id), 0) AS BIGINT) AS fulfilled
         FROM items i WHERE i.shipment_id = ?1 ORDER BY i.position",
        params![shipment], |row| {
        Ok((
            row.get::<_, String>("source_line_id")?,
            row.get::<_, u32>("quantity")?,
            row.get::<_, u32>("in_parcels")?,
            row.get::<_, u32>("fulfilled")?,
        ))
    })?;
    let mut items = Vec::new();
    for row in rows {
        let (line_id, ordered, in_parcels, fulfilled) = row;
        let item = cart_items
            .iter()
            .find(|i| i.source_line_id == line_id)
            .cloned()
            .ok_or_else(|| StationError::Corrupt(format!("item line {line_id} not in cart")))?;
        let left = if item.requires_shipping {
            ordered.saturating_sub(in_parcels)
        } else {
            0
        };
        items.push(ItemProgress {
            item,
            ordered,
            in_parcels,
            fulfilled,
            left,
        });
    }
    Ok(items)
}

fn load_parcels(conn: &mut Tx<'_>, shipment: i64) -> Result<Vec<Parcel>, StationError> {
    let rows = conn.query_map(
        "SELECT id, created_at, track_reference, weight, weight_unit, length, width, height,
            dimensions_unit, from_json, to_json, voided_at
         FROM parcels WHERE shipment_id = ?1 ORDER BY id",
        params![shipment],
        |row| {
            Ok((
                row.get::<_, i64>("id")?,
                row.get::<_, i64>("created_at")?,
                row.get::<_, String>("track_reference")?,
                (
                    row.get::<_, String>("weight")?,
                    row.get::<_, String>("weight_unit")?,
                ),
                (
                    row.get::<_, Option<String>>("length")?,
                    row.get::<_, Option<String>>("width")?,
                    row.get::<_, Option<String>>("height")?,
                    row.get::<_, Option<String>>("dimensions_unit")?,
                ),
                row.get::<_, String>("from_json")?,
                row.get::<_, String>("to_json")?,
                row.get::<_, Option<i64>>("voided_at")?,
            ))
        },
    )?;
    let mut parcels = Vec::new();
    for (id, created_at, track_reference, weight, dims, from, to, voided_at) in rows {
        let unit = WeightUnit::parse_cart(&weight.1)
            .ok_or_else(|| StationError::Corrupt(format!("weight unit {}", weight.1)))?;
        let dimensions = match dims {
            (Some(l), Some(w), Some(h), Some(u)) => Some(Dimensions {
                length: decimal(&l)?,
                width: decimal(&w)?,
                height: decimal(&h)?,
                unit: LengthUnit::parse(&u)
                    .ok_or_else(|| StationError::Corrupt(format!("length unit {u}")))?,
            }),
            _ => None,
        };
        parcels.push(Parcel {
            id: ParcelId(id),
            created_at: from_unix(created_at)?,
            lines: load_parcel_lines(conn, id)?,
            weight: Weight::new(decimal(&weight.0)?, unit),
            dimensions,
            track_reference,
            from: from_json(&from)?,
            to: from_json(&to)?,
            voided_at: voided_at.map(from_unix).transpose()?,
            labels: load_labels(conn, id)?,
            fulfillment: load_fulfillment(conn, id)?,
        });
    }
    Ok(parcels)
}

fn load_parcel_lines(conn: &mut Tx<'_>, parcel: i64) -> Result<Vec<ParcelLine>, StationError> {
    let lines = conn.query_map(
        "SELECT i.source_line_id, i.sku, pl.quantity, pl.asn
         FROM parcel_lines pl JOIN items i ON i.id = pl.item_id
         WHERE pl.parcel_id = ?1 ORDER BY pl.position",
        params![parcel],
        |row| {
            Ok(ParcelLine {
                source_line_id: row.get("source_line_id")?,
                sku: row.get("sku")?,
                quantity: row.get("quantity")?,
                asn: row.get("asn")?,
            })
        },
    )?;
    Ok(lines)
}

fn load_labels(conn: &mut Tx<'_>, parcel: i64) -> Result<Vec<LabelRecord>, StationError> {
    let rows = conn.query_map(
        "SELECT id, requested_at, updated_at, request_json, status, tracking_code, tracking_url,
            label_urls_json, zpl_url, shipping_service, errors_json
         FROM labels WHERE parcel_id = ?1 ORDER BY id",
        params![parcel],
        |row| {
            Ok((
                (
                    row.get::<_, i64>("id")?,
                    row.get::<_, i64>("requested_at")?,
                    row.get::<_, i64>("updated_at")?,
                ),
                row.get::<_, String>("request_json")?,
                row.get::<_, String>("status")?,
                (
                    row.get::<_, String>("tracking_code")?,
                    row.get::<_, String>("tracking_url")?,
                ),
                row.get::<_, String>("label_urls_json")?,
                row.get::<_, Option<String>>("zpl_url")?,
                row.get::<_, Option<String>>("shipping_service")?,
                row.get::<_, String>("errors_json")?,
            ))
        },
    )?;
    let mut labels = Vec::new();
    for ((id, requested_at, updated_at), request, status, tracking, urls, zpl, service, errors) in
        rows
    {
        let request: LabelRequest = from_json(&request)?;
        let errors: Vec<FieldError> = from_json(&errors)?;
        labels.push(LabelRecord {
            id: LabelId(id),
            requested_at: from_unix(requested_at)?,
            updated_at: from_unix(updated_at)?,
            request,
            status: parse_label_status(&status)
                .ok_or_else(|| StationError::Corrupt(format!("label status {status}")))?,
            tracking_code: tracking.0,
            tracking_url: tracking.1,
            label_urls: from_json(&urls)?,
            zpl_url: zpl,
            shipping_service: service,
            errors,
            documents: load_documents(conn, id)?,
        });
    }
    Ok(labels)
}

/// A label's documents (without bytes), oldest first: its own and any customs paperwork.
pub(super) fn load_documents(
    conn: &mut Tx<'_>,
    label: i64,
) -> Result<Vec<DocumentInfo>, StationError> {
    let rows = conn.query_map(
        "SELECT id, paper, kind, url, length(bytes) AS size, fetched_at FROM label_documents
         WHERE label_id = ?1 ORDER BY id",
        params![label],
        |row| {
            Ok((
                (row.get::<_, i64>("id")?, row.get::<_, String>("paper")?),
                row.get::<_, String>("kind")?,
                row.get::<_, String>("url")?,
                row.get::<_, i64>("size")?,
                row.get::<_, i64>("fetched_at")?,
            ))
        },
    )?;
    rows.into_iter()
        .map(|((id, paper), kind, url, size, fetched_at)| {
            let size = u64::try_from(size).unwrap_or(0);
            document_info(id, &paper, &kind, url, size, fetched_at)
        })
        .collect()
}

fn load_fulfillment(
    conn: &mut Tx<'_>,
    parcel: i64,
) -> Result<Option<FulfillmentRecord>, StationError> {
    let row = conn.query_row_opt(
        "SELECT id, recorded_at, sent_json FROM fulfillments WHERE parcel_id = ?1",
        params![parcel],
        |row| {
            Ok((
                row.get::<_, i64>("id")?,
                row.get::<_, i64>("recorded_at")?,
                row.get::<_, String>("sent_json")?,
            ))
        },
    )?;
    row.map(|(id, recorded_at, sent)| {
        Ok(FulfillmentRecord {
            id: FulfillmentId(id),
            parcel_id: ParcelId(parcel),
            recorded_at: from_unix(recorded_at)?,
            sent: from_json(&sent)?,
        })
    })
    .transpose()
}

pub(super) fn decimal(text: &str) -> Result<Decimal, StationError> {
    text.parse()
        .map_err(|_| StationError::Corrupt(format!("decimal {text}")))
}
