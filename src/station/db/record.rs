//! Recording orders, and keeping each order's derived status and summary columns current.

use crate::api::{OrderCreateRequest, ShipmentType, TaxCalculationRequest, TaxCalculationResponse};

use super::encoding::{now_unix, to_json};
use super::engine::{Tx, params};
use super::event_log::{NewEvent, insert_event};
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::check::{self, PreparedOrder};
use crate::station::model::status::{self, OrderStatus, ShipmentFacts};
use crate::station::model::{Direction, OrderNumber, OrderOrigin};

impl StationDb {
    /// Records an order this station submitted: call it after `POST /v1/orders` answered 204,
    /// with the cart that was quoted, the quote, and the create body that was sent.
    ///
    /// Fails with `Invalid` (every problem with its path, e.g. `order.shipments[0].shipment_id`)
    /// when the three do not agree, and with `DuplicateOrder` when the order number is taken.
    pub fn record_submitted_order(
        &mut self,
        cart: &TaxCalculationRequest,
        quote: &TaxCalculationResponse,
        create_body: &OrderCreateRequest,
    ) -> Result<OrderNumber, StationError> {
        let prepared =
            check::prepare(create_body, cart, Some(quote)).map_err(StationError::Invalid)?;
        let mut tx = self.conn.write()?;
        insert_submitted(&mut tx, &prepared, quote, create_body)?;
        tx.commit()?;
        Ok(create_body.source_reference)
    }
}

/// [`StationDb::record_submitted_order`] inside the caller's transaction, once checked.
pub(super) fn insert_submitted(
    tx: &mut Tx<'_>,
    prepared: &PreparedOrder<'_>,
    quote: &TaxCalculationResponse,
    create_body: &OrderCreateRequest,
) -> Result<OrderNumber, StationError> {
    if order_exists(tx, prepared.reference)? {
        return Err(StationError::DuplicateOrder(create_body.source_reference));
    }
    let order_id = insert_order(tx, prepared, OrderOrigin::Submitted, now_unix())?;
    for (direction, kind, body) in [
        (Direction::Received, "quote", serde_json::to_value(quote)),
        (
            Direction::Sent,
            "order_create",
            serde_json::to_value(create_body),
        ),
    ] {
        let body = body.map_err(|e| StationError::Corrupt(e.to_string()))?;
        insert_event(
            tx,
            NewEvent {
                order_id,
                shipment_id: None,
                parcel_id: None,
                direction,
                kind,
                body: &body,
            },
        )?;
    }
    Ok(create_body.source_reference)
}

pub(super) fn order_exists(tx: &mut Tx<'_>, reference: i64) -> Result<bool, StationError> {
    Ok(tx.query_value(
        "SELECT EXISTS (SELECT 1 FROM orders WHERE source_reference = ?1)",
        params![reference],
    )?)
}

/// Inserts an order, its shipments and item lines; returns the order's row id. No events.
pub(super) fn insert_order(
    tx: &mut Tx<'_>,
    order: &PreparedOrder<'_>,
    origin: OrderOrigin,
    recorded_at: i64,
) -> Result<i64, StationError> {
    let (skus, search_text) = search_columns(order);
    let order_id: i64 = tx.query_value(
        "INSERT INTO orders (source_reference, origin, status, created_at, recorded_at,
            recipient, country_code, province, shipment_count, total, currency, skus,
            search_text, landedcost_request_id, create_json, cart_json, quote_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
         RETURNING id",
        params![
            order.reference,
            match origin {
                OrderOrigin::Submitted => "submitted",
                OrderOrigin::Imported => "imported",
            },
            order.status.as_str(),
            order.created_at,
            recorded_at,
            order.recipient,
            order.country_code,
            order.province,
            order.shipments.len() as i64,
            order.create.total.to_string(),
            order.cart.currency_code.trim().to_ascii_uppercase(),
            skus,
            search_text,
            order.create.landedcost_request_id,
            to_json(order.create)?,
            to_json(order.cart)?,
            order.quote.map(to_json).transpose()?,
        ],
    )?;
    for (position, shipment) in order.shipments.iter().enumerate() {
        let shipment_row: i64 = tx.query_value(
            "INSERT INTO shipments (order_id, position, shipment_id, tax_transaction_id,
                shipping_rate_id, shipping_rate, shipment_type, landed_cost_json, ship_from_json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id",
            params![
                order_id,
                position as i64,
                shipment.cart.shipment_id,
                shipment.tax_transaction_id,
                shipment.shipping_rate_id,
                shipment.shipping_rate.to_string(),
                shipment.shipment_type.map(ShipmentType::as_str),
                shipment.landed_cost.map(to_json).transpose()?,
                to_json(&shipment.cart.ship_from)?,
            ],
        )?;
        for (position, (item, quantity)) in shipment
            .cart
            .items
            .iter()
            .zip(&shipment.quantities)
            .enumerate()
        {
            tx.execute(
                "INSERT INTO items (shipment_id, position, source_line_id, sku, quantity,
                    requires_shipping) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    shipment_row,
                    position as i64,
                    item.source_line_id,
                    item.sku,
                    quantity,
                    item.requires_shipping,
                ],
            )?;
        }
    }
    Ok(order_id)
}

/// The table's SKU column and search haystack: order number, recipient, SKUs and product names,
/// lower-cased, separated by a control character nobody types so a match never spans two.
fn search_columns(order: &PreparedOrder<'_>) -> (String, String) {
    let mut skus: Vec<&str> = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    for item in order.shipments.iter().flat_map(|s| &s.cart.items) {
        if !skus.contains(&item.sku.as_str()) {
            skus.push(&item.sku);
        }
        if !names.contains(&item.product_name.as_str()) {
            names.push(&item.product_name);
        }
    }
    let search = format!(
        "{}\u{1f}{}\u{1f}{}\u{1f}{}",
        order.reference,
        order.recipient,
        skus.join("\u{1f}"),
        names.join("\u{1f}")
    )
    .to_lowercase();
    (skus.join("\n"), search)
}

/// Recomputes an order's status from its shipments (see `status`) and stores it; returns it.
pub(super) fn refresh_status(tx: &mut Tx<'_>, order_id: i64) -> Result<OrderStatus, StationError> {
    let shipments = tx.query(
        "SELECT s.id, s.canceled_at IS NOT NULL AS canceled,
            EXISTS (SELECT 1 FROM labels l JOIN parcels p ON p.id = l.parcel_id
                    WHERE p.shipment_id = s.id AND p.voided_at IS NULL AND l.status = 'success')
                AS has_success_label,
            (SELECT COUNT(*) FROM fulfillments f WHERE f.shipment_id = s.id) AS fulfillments
         FROM shipments s WHERE s.order_id = ?1 ORDER BY s.position",
        params![order_id],
    )?;
    let mut statuses = Vec::new();
    for row in shipments {
        let shipment_id: i64 = row.get("id")?;
        let canceled = row.get("canceled")?;
        let has_success_label = row.get("has_success_label")?;
        let fulfillments = row.get("fulfillments")?;
        let lines = tx
            .query(
                "SELECT i.quantity,
                    CAST(COALESCE((SELECT SUM(fl.quantity) FROM fulfillment_lines fl
                                   WHERE fl.item_id = i.id), 0) AS BIGINT) AS fulfilled,
                    i.requires_shipping
                 FROM items i WHERE i.shipment_id = ?1",
                params![shipment_id],
            )?
            .iter()
            .map(|row| {
                Ok((
                    row.get("quantity")?,
                    row.get("fulfilled")?,
                    row.get("requires_shipping")?,
                ))
            })
            .collect::<Result<Vec<(u32, u32, bool)>, StationError>>()?;
        statuses.push(status::shipment_status(&ShipmentFacts {
            canceled,
            has_success_label,
            fulfillments,
            lines,
        }));
    }
    let order_status = status::order_status(&statuses);
    tx.execute(
        "UPDATE orders SET status = ?1 WHERE id = ?2",
        params![order_status.as_str(), order_id],
    )?;
    Ok(order_status)
}

pub(super) fn parse_shipment_type(code: &str) -> Option<ShipmentType> {
    match code {
        "cross_border" => Some(ShipmentType::CrossBorder),
        "local" => Some(ShipmentType::Local),
        _ => None,
    }
}
