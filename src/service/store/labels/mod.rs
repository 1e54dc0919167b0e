//! Labels (SPEC 2.18, 2.19, 4.4): the full order's label, made once, and one label per split
//! parcel. The renderer runs inside the label's transaction, so "made once" and "no double
//! counting" hold without a second check; other writes wait for it (a few milliseconds).

mod new_label;
mod parcel;

use rust_decimal::Decimal;
use serde_json::json;
use time::OffsetDateTime;

use new_label::{label_item, new_label_id, next_serial};

use super::codec::{append_event, from_json, parse_ts, ts};
use super::error::StoreError;
use super::handle::Store;
use super::rows::{LineRow, OrderRow, ShipmentRow, load_lines, load_order, load_shipments};
use super::types::{
    DocFormat, LabelContext, LabelDocs, LabelKind, LabelRecord, ParcelRequest, ShipmentState,
};
use crate::api::{Address, FieldError};
use crate::domain::{Weight, WeightUnit};
use crate::sql::{Tx, params};

impl Store {
    /// The full order's label: rendered on the first call, returned as stored on every later
    /// call (`render` is not called again). A canceled order gets `Conflict`.
    pub fn full_order_label(
        &self,
        order_number: &str,
        now: OffsetDateTime,
        ready_at: OffsetDateTime,
        render: impl FnOnce(&LabelContext) -> Result<LabelDocs, String>,
    ) -> Result<LabelRecord, StoreError> {
        self.write(|tx| {
            let order = find_order(tx, order_number)?;
            let shipments = live_shipments(tx, &order)?;
            let existing: Option<String> = tx.query_row_opt(
                "SELECT id FROM labels WHERE order_id = ?1 AND kind = 'full'",
                params![order.id],
                |row| Ok::<_, StoreError>(row.get(0)?),
            )?;
            if let Some(id) = existing {
                return load_record(tx, &id, &order.source_reference);
            }
            let ship_to: Address = from_json(
                &order.destination_address_json,
                "orders.destination_address_json",
            )?;
            let mut items = Vec::new();
            let mut total_grams = Some(Decimal::ZERO);
            for (_, lines) in &shipments {
                for line in lines
                    .iter()
                    .filter(|l| l.requires_shipping && l.quantity > Decimal::ZERO)
                {
                    let item = label_item(line, line.quantity);
                    total_grams = total_grams.and_then(|sum| {
                        let unit = item.unit_weight?;
                        Some(sum.saturating_add(grams(&unit)?.saturating_mul(line.quantity)))
                    });
                    items.push(item);
                }
            }
            let first = shipments.first().map(|(s, _)| s);
            let context = LabelContext {
                label_id: new_label_id(),
                kind: LabelKind::Full,
                order_number: order.source_reference.clone(),
                tracking_serial: next_serial(tx)?,
                currency_code: order.currency_code.clone(),
                recipient_name: ship_to.name.clone().unwrap_or_default(),
                ship_from: ship_from(&shipments)?,
                ship_to,
                shipment_ids: shipments
                    .iter()
                    .map(|(s, _)| s.shipment_id.clone())
                    .collect(),
                shipping_rate_id: first
                    .map(|s| s.shipping_rate_id.clone())
                    .unwrap_or_default(),
                items,
                weight: total_grams.map(|g| Weight::new(g, WeightUnit::Gram)),
                dimensions: None,
                parcel: None,
            };
            let docs = render(&context).map_err(render_failed)?;
            insert_label(tx, &order, &context, None, &docs, now, ready_at)?;
            load_record(tx, &context.label_id, &order.source_reference)
        })
    }

    /// A split parcel's label. Every SKU must be in the order with quantity left (ordered minus
    /// what earlier parcel labels hold, over the shipments that are not canceled). The same
    /// `trackReference` again returns the stored label when its SKUs match, else `Conflict`.
    pub fn parcel_label(
        &self,
        order_number: &str,
        parcel: &ParcelRequest,
        now: OffsetDateTime,
        ready_at: OffsetDateTime,
        render: impl FnOnce(&LabelContext) -> Result<LabelDocs, String>,
    ) -> Result<LabelRecord, StoreError> {
        parcel::check_request(parcel)?;
        self.write(|tx| {
            let order = find_order(tx, order_number)?;
            live_shipments(tx, &order)?;
            if let Some(id) = parcel::existing(tx, &order, parcel)? {
                return load_record(tx, &id, &order.source_reference);
            }
            let all = all_shipments(tx, &order)?;
            let allocation = parcel::allocate(&all, parcel, &order.source_reference)?;
            let context = parcel::context(tx, &order, parcel, &allocation)?;
            let docs = render(&context).map_err(render_failed)?;
            insert_label(tx, &order, &context, Some(parcel), &docs, now, ready_at)?;
            for (item_id, quantity) in &allocation.lines {
                tx.execute(
                    "INSERT INTO label_items (label_id, item_id, quantity) VALUES (?1, ?2, ?3)",
                    params![context.label_id, item_id, quantity.to_string()],
                )?;
            }
            load_record(tx, &context.label_id, &order.source_reference)
        })
    }

    /// A stored label document (for serving `labelUrls` and the ZPL URL); `None` if unknown.
    pub fn label_document(
        &self,
        label_id: &str,
        format: DocFormat,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.read(|tx| {
            Ok(match format {
                DocFormat::Pdf => tx.query_row_opt(
                    "SELECT pdf FROM labels WHERE id = ?1",
                    params![label_id],
                    |row| Ok::<_, StoreError>(row.get::<_, Vec<u8>>(0)?),
                )?,
                DocFormat::Zpl => tx
                    .query_row_opt(
                        "SELECT zpl FROM labels WHERE id = ?1",
                        params![label_id],
                        |row| Ok::<_, StoreError>(row.get::<_, String>(0)?),
                    )?
                    .map(String::into_bytes),
            })
        })
    }
}

/// `orderNumber` is the order's `source_reference` as text.
fn find_order(tx: &mut Tx<'_>, order_number: &str) -> Result<OrderRow, StoreError> {
    let not_found = || StoreError::NotFound(format!("no order {order_number}"));
    let reference: u64 = order_number.parse().map_err(|_| not_found())?;
    load_order(tx, &reference.to_string())?.ok_or_else(not_found)
}

fn all_shipments(
    tx: &mut Tx<'_>,
    order: &OrderRow,
) -> Result<Vec<(ShipmentRow, Vec<LineRow>)>, StoreError> {
    load_shipments(tx, order.id)?
        .into_iter()
        .map(|s| {
            let lines = load_lines(tx, s.id)?;
            Ok((s, lines))
        })
        .collect()
}

/// The shipments that are not canceled, with their lines; a fully canceled order gets no label.
fn live_shipments(
    tx: &mut Tx<'_>,
    order: &OrderRow,
) -> Result<Vec<(ShipmentRow, Vec<LineRow>)>, StoreError> {
    let live: Vec<_> = all_shipments(tx, order)?
        .into_iter()
        .filter(|(s, _)| s.status != ShipmentState::Canceled)
        .collect();
    if live.is_empty() {
        return Err(StoreError::Conflict(format!(
            "the order {} is canceled; it gets no label",
            order.source_reference
        )));
    }
    Ok(live)
}

/// The origin of the first shipment that has one (shipments added by an update have none).
fn ship_from(shipments: &[(ShipmentRow, Vec<LineRow>)]) -> Result<Address, StoreError> {
    match shipments
        .iter()
        .find_map(|(s, _)| s.ship_from_json.as_deref())
    {
        Some(text) => from_json(text, "order_shipments.ship_from_json"),
        None => Ok(Address::default()),
    }
}

/// Grams without the panic of `Weight::grams` on absurd values.
fn grams(weight: &Weight) -> Option<Decimal> {
    match weight.unit {
        WeightUnit::Gram => Some(weight.value),
        WeightUnit::Pound => weight
            .value
            .checked_mul(crate::domain::units::GRAMS_PER_POUND),
    }
}

fn render_failed(error: String) -> StoreError {
    StoreError::Invalid(vec![FieldError::new(
        "",
        format!("the label could not be rendered: {error}"),
    )])
}

fn insert_label(
    tx: &mut Tx<'_>,
    order: &OrderRow,
    context: &LabelContext,
    parcel: Option<&ParcelRequest>,
    docs: &LabelDocs,
    now: OffsetDateTime,
    ready_at: OffsetDateTime,
) -> Result<(), StoreError> {
    let parcel_json = parcel.map(parcel::describe);
    tx.execute(
        "INSERT INTO labels (id, order_id, kind, track_reference, tracking_serial, tracking_code,
            shipping_service, ready_at, created_at, parcel_json, pdf, zpl)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            context.label_id,
            order.id,
            context.kind.as_str(),
            parcel.map(|p| p.track_reference.as_str()),
            context.tracking_serial,
            docs.tracking_code,
            docs.shipping_service,
            ts(ready_at)?,
            ts(now)?,
            parcel_json.as_ref().map(ToString::to_string),
            docs.pdf,
            docs.zpl,
        ],
    )?;
    append_event(
        tx,
        Some(&order.source_reference),
        now,
        "label_created",
        json!({
            "label_id": context.label_id,
            "kind": context.kind.as_str(),
            "tracking_code": docs.tracking_code,
            "shipping_service": docs.shipping_service,
            "shipment_ids": context.shipment_ids,
            "parcel": parcel_json,
        }),
    )
}

fn load_record(tx: &mut Tx<'_>, id: &str, order_number: &str) -> Result<LabelRecord, StoreError> {
    let row = tx.query_one(
        "SELECT tracking_code, shipping_service, ready_at, pdf, zpl FROM labels WHERE id = ?1",
        params![id],
    )?;
    let ready_at: String = row.get("ready_at")?;
    Ok(LabelRecord {
        id: id.to_owned(),
        order_number: order_number.to_owned(),
        tracking_code: row.get("tracking_code")?,
        shipping_service: row.get("shipping_service")?,
        ready_at: parse_ts(&ready_at)?,
        pdf: row.get("pdf")?,
        zpl: row.get("zpl")?,
    })
}
