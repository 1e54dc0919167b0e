//! `POST /v1/orders`: an order locks the chosen rate of each calculated shipment.

use std::collections::HashSet;

use rust_decimal::Decimal;
use serde_json::json;
use time::OffsetDateTime;

use super::calculation::{
    QuotedRate, calculation_exists, insert_rate_row, load_request, quoted, rate_row_owner,
};
use super::codec::{append_event, parse_client_ts, to_json, ts};
use super::error::StoreError;
use super::handle::Store;
use super::retention;
use super::rows::load_order;
use crate::api::{Address, CartItem, FieldError, LandedCost, OrderCreateRequest};
use crate::service::ids;
use crate::sql::{Tx, params};

/// A line to insert, from a calculation's cart item or a complete update item.
pub(super) struct NewLine<'a> {
    pub source_line_id: &'a str,
    pub source_product_id: i64,
    pub source_variant_id: i64,
    pub hs_code: Option<&'a str>,
    pub quantity: Decimal,
    pub unit_price: Decimal,
    pub unit_discount: Decimal,
    pub sku: &'a str,
    pub product_name: &'a str,
    pub variant_name: &'a str,
    pub description: &'a str,
    pub origin_country_code: &'a str,
    pub category: &'a str,
    pub requires_shipping: bool,
    /// `(per_unit, unit)` as the cart gave it.
    pub weight: Option<(Decimal, &'a str)>,
    pub refunded_quantity: Decimal,
}

impl<'a> From<&'a CartItem> for NewLine<'a> {
    fn from(item: &'a CartItem) -> Self {
        NewLine {
            source_line_id: &item.source_line_id,
            source_product_id: item.source_product_id,
            source_variant_id: item.source_variant_id,
            hs_code: item.hs_code.as_deref(),
            quantity: item.quantity,
            unit_price: item.unit_price,
            unit_discount: item.unit_discount,
            sku: &item.sku,
            product_name: &item.product_name,
            variant_name: &item.variant_name,
            description: &item.description,
            origin_country_code: &item.origin_country_code,
            category: &item.category,
            requires_shipping: item.requires_shipping,
            weight: Some((item.weight.per_unit, &item.weight.unit)),
            refunded_quantity: Decimal::ZERO,
        }
    }
}

pub(super) fn insert_line(
    tx: &mut Tx<'_>,
    shipment_row: i64,
    line: &NewLine<'_>,
) -> Result<i64, StoreError> {
    Ok(tx.query_value(
        "INSERT INTO order_items (shipment_row, source_line_id, source_product_id,
            source_variant_id, hs_code, quantity, unit_price, unit_discount, sku, product_name,
            variant_name, description, origin_country_code, category, requires_shipping,
            weight_per_unit, weight_unit, refunded_quantity)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
         RETURNING id",
        params![
            shipment_row,
            line.source_line_id,
            line.source_product_id,
            line.source_variant_id,
            line.hs_code,
            line.quantity.to_string(),
            line.unit_price.to_string(),
            line.unit_discount.to_string(),
            line.sku,
            line.product_name,
            line.variant_name,
            line.description,
            line.origin_country_code,
            line.category,
            line.requires_shipping,
            line.weight.map(|(w, _)| w.to_string()),
            line.weight.map(|(_, u)| u),
            line.refunded_quantity.to_string(),
        ],
    )?)
}

/// A shipment to insert; `rate` is `None` for one added by an update (no calculation).
pub(super) struct NewShipment<'a> {
    pub shipment_id: &'a str,
    pub shipping_rate_id: &'a str,
    pub shipping_rate: Decimal,
    /// The chosen `tax_transaction_id` and what it quoted.
    pub rate: Option<(&'a str, &'a LandedCost)>,
    pub ship_from: Option<&'a Address>,
}

pub(super) fn insert_shipment(
    tx: &mut Tx<'_>,
    order_id: i64,
    shipment: &NewShipment<'_>,
) -> Result<i64, StoreError> {
    let (tax_transaction_id, duties, taxes, landed_cost_json) = match shipment.rate {
        Some((id, cost)) => (
            Some(id),
            cost.duties,
            cost.total_taxes,
            Some(to_json(cost)?),
        ),
        None => (None, Decimal::ZERO, Decimal::ZERO, None),
    };
    Ok(tx.query_value(
        "INSERT INTO order_shipments (order_id, shipment_id, tax_transaction_id, status,
            shipping_rate_id, shipping_rate, duties, total_taxes, landed_cost_json,
            ship_from_json, refunded_amount)
         VALUES (?1, ?2, ?3, 'open', ?4, ?5, ?6, ?7, ?8, ?9, '0')
         RETURNING id",
        params![
            order_id,
            shipment.shipment_id,
            tax_transaction_id,
            shipment.shipping_rate_id,
            shipment.shipping_rate.to_string(),
            duties.to_string(),
            taxes.to_string(),
            landed_cost_json,
            shipment.ship_from.map(to_json).transpose()?,
        ],
    )?)
}

impl Store {
    /// Creates the order (SPEC 4.2). Checks, in this order: a duplicate `source_reference`
    /// (`Conflict`); the calculation, every shipment and tax transaction (`Invalid`, all problems
    /// at once); a tax transaction already locked on another order (`Conflict`).
    pub fn create_order(
        &self,
        req: &OrderCreateRequest,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let source_reference = req.source_reference.to_string();
        self.write(|tx| {
            if load_order(tx, &source_reference)?.is_some() {
                return Err(StoreError::Conflict(format!(
                    "the order {source_reference} already exists; change it with PUT /v1/orders"
                )));
            }
            let chosen = check_create(tx, req)?;
            for choice in &chosen {
                let tax_transaction_id = shipment_ref(req, choice.index)?;
                if let Some(other) = locked_by(tx, tax_transaction_id)? {
                    return Err(StoreError::Conflict(format!(
                        "the tax transaction {tax_transaction_id} is already locked on order \
                         {other}; calculate again for a new order"
                    )));
                }
            }
            insert_order(tx, req, &source_reference, &chosen, now)
        })
    }
}

fn shipment_ref(req: &OrderCreateRequest, i: usize) -> Result<&str, StoreError> {
    req.shipments
        .get(i)
        .map(|s| s.tax_transaction_id.as_str())
        .ok_or_else(|| StoreError::Corrupt(format!("shipment index {i} out of range")))
}

/// The rate option an order chose for its shipment at `index`, as it was quoted.
struct Choice {
    index: usize,
    rate: QuotedRate,
}

/// Every rule of the create body against the calculation; the chosen rate of each shipment.
fn check_create(tx: &mut Tx<'_>, req: &OrderCreateRequest) -> Result<Vec<Choice>, StoreError> {
    let mut errors = Vec::new();
    for (field, text) in [
        ("source_created_at", &req.source_created_at),
        ("source_updated_at", &req.source_updated_at),
    ] {
        if parse_client_ts(text).is_none() {
            errors.push(FieldError::new(
                field,
                format!("{text:?} is not an ISO 8601 timestamp such as 2026-03-01T12:00:00Z"),
            ));
        }
    }
    let calc = &req.landedcost_request_id;
    if !calculation_exists(tx, calc)? {
        let problem = if retention::expired(tx, calc)? {
            format!(
                "the quote {calc} has expired (quotes no order uses are kept for a limited time); quote the cart again with POST /v1/landed-cost and order with the new id"
            )
        } else {
            format!(
                "no calculation {calc} exists; send the id POST /v1/landed-cost returned (a quote that expired long ago is no longer known: quote the cart again)"
            )
        };
        errors.push(FieldError::new("landedcost_request_id", problem));
        return Err(StoreError::Invalid(errors));
    }
    if req.shipments.is_empty() {
        errors.push(FieldError::new(
            "shipments",
            "list every shipment of the calculation with its chosen tax_transaction_id",
        ));
    }
    let quoted = quoted(tx, calc)?;
    let calculated = &quoted.rated_shipments;
    let mut seen = HashSet::new();
    let mut chosen = Vec::new();
    for (i, shipment) in req.shipments.iter().enumerate() {
        let id = &shipment.shipment_id;
        if !seen.insert(id.as_str()) {
            errors.push(FieldError::new(
                format!("shipments[{i}].shipment_id"),
                format!("the shipment {id} is listed twice; list each shipment once"),
            ));
            continue;
        }
        if !calculated.contains(id) {
            errors.push(FieldError::new(
                format!("shipments[{i}].shipment_id"),
                format!("the calculation {calc} has no shipment {id}"),
            ));
            continue;
        }
        let field = format!("shipments[{i}].tax_transaction_id");
        let ttx = &shipment.tax_transaction_id;
        match quoted.rate(ttx) {
            Some(rate) if rate.shipment_id != *id => errors.push(FieldError::new(
                field,
                format!("the tax transaction {ttx} is a rate of shipment {}, not of {id}", rate.shipment_id),
            )),
            Some(rate) => chosen.push(Choice { index: i, rate: rate.clone() }),
            None => errors.push(FieldError::new(field, match owner(tx, ttx, calc)? {
                Some(other) => format!("the tax transaction {ttx} belongs to calculation {other}, not {calc}"),
                None => format!("no tax transaction {ttx} exists; use one calculation {calc} returned for shipment {id}"),
            })),
        }
    }
    let missing: Vec<&str> = calculated
        .iter()
        .map(String::as_str)
        .filter(|id| !seen.contains(id))
        .collect();
    if !missing.is_empty() && !req.shipments.is_empty() {
        errors.push(FieldError::new(
            "shipments",
            format!(
                "the calculation {calc} also has shipment(s) {}; list each with its chosen tax_transaction_id",
                missing.join(", ")
            ),
        ));
    }
    if !errors.is_empty() {
        return Err(StoreError::Invalid(errors));
    }
    Ok(chosen)
}

/// The stored calculation, other than `calc`, that a tax transaction `calc` did not quote
/// belongs to: the one its id names, or for a quote of an earlier schema, its rate row's.
fn owner(tx: &mut Tx<'_>, ttx: &str, calc: &str) -> Result<Option<String>, StoreError> {
    if let Some(named) = ids::calculation_of(ttx)
        && named != calc
        && calculation_exists(tx, named)?
    {
        return Ok(Some(named.to_owned()));
    }
    Ok(rate_row_owner(tx, ttx)?.filter(|owner| owner != calc))
}

/// The order holding a tax transaction, if any.
fn locked_by(tx: &mut Tx<'_>, tax_transaction_id: &str) -> Result<Option<String>, StoreError> {
    tx.query_row_opt(
        "SELECT o.source_reference FROM order_shipments s JOIN orders o ON o.id = s.order_id
         WHERE s.tax_transaction_id = ?1",
        params![tax_transaction_id],
        |row| Ok(row.get(0)?),
    )
}

fn insert_order(
    tx: &mut Tx<'_>,
    req: &OrderCreateRequest,
    source_reference: &str,
    chosen: &[Choice],
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let (cart, currency) = load_request(tx, &req.landedcost_request_id)?;
    let now_text = ts(now)?;
    let order_id: i64 = tx.query_value(
        "INSERT INTO orders (source_reference, source, landedcost_request_id, currency_code,
            source_created_at, source_updated_at, total, order_discount, custom_properties_json,
            billing_address_json, destination_address_json, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)
         RETURNING id",
        params![
            source_reference,
            req.source,
            req.landedcost_request_id,
            currency,
            req.source_created_at,
            req.source_updated_at,
            req.total.to_string(),
            cart.order_discount.to_string(),
            req.custom_properties.as_ref().map(to_json).transpose()?,
            req.billing_address.as_ref().map(to_json).transpose()?,
            to_json(&cart.ship_to)?,
            now_text,
        ],
    )?;
    let mut locked = Vec::new();
    for Choice { index, rate } in chosen {
        let tax_transaction_id = shipment_ref(req, *index)?;
        let cart_shipment = cart
            .shipments
            .iter()
            .find(|s| s.shipment_id == rate.shipment_id)
            .ok_or_else(|| {
                StoreError::Corrupt(format!(
                    "calculation {} has a rate for shipment {} but no such shipment",
                    req.landedcost_request_id, rate.shipment_id
                ))
            })?;
        let shipping_rate = rate.shipping_rate;
        let cost = &rate.landed_cost;
        insert_rate_row(tx, &req.landedcost_request_id, rate)?;
        let row = insert_shipment(
            tx,
            order_id,
            &NewShipment {
                shipment_id: &rate.shipment_id,
                shipping_rate_id: &rate.shipping_rate_id,
                shipping_rate,
                rate: Some((tax_transaction_id, cost)),
                ship_from: Some(&cart_shipment.ship_from),
            },
        )?;
        for item in &cart_shipment.items {
            insert_line(tx, row, &NewLine::from(item))?;
        }
        locked.push(json!({
            "shipment_id": rate.shipment_id,
            "tax_transaction_id": tax_transaction_id,
            "shipping_rate_id": rate.shipping_rate_id,
            "shipping_rate": shipping_rate.to_string(),
            "duties": cost.duties.to_string(),
            "total_taxes": cost.total_taxes.to_string(),
            "items": cart_shipment.items.len(),
        }));
    }
    append_event(
        tx,
        Some(source_reference),
        now,
        "order_created",
        json!({
            "source": req.source,
            "landedcost_request_id": req.landedcost_request_id,
            "source_updated_at": req.source_updated_at,
            "total": req.total.to_string(),
            "shipments": locked,
        }),
    )
}
