//! Checks an order (create body, quoted cart, optional quote) before the station records it, and
//! works out what the station stores for it. Every problem is reported with its path
//! (`cart.shipments[0].items[1].quantity`), so an import can name each one.
//!
//! First the shared request rules (`domain::validate::landed_cost_request` and `order_create`,
//! their paths prefixed with `cart.` and `order.`), then the rules the station itself depends on:
//! the three bodies agree with each other, a rate can be told for every shipment, quantities are
//! whole units that fit its counters. A path already reported is not reported twice.

use std::collections::HashSet;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::api::{
    CartShipmentRequest, FieldError, LandedCost, OrderCreateRequest, ShipmentType,
    TaxCalculationRequest, TaxCalculationResponse,
};
use crate::domain::validate;
use crate::domain::{CountryCode, Currency, Subdivision, WeightUnit};

use super::status::{self, OrderStatus, ShipmentFacts};

/// An order that passed the checks, with everything the station stores for it.
pub(crate) struct PreparedOrder<'a> {
    pub create: &'a OrderCreateRequest,
    pub cart: &'a TaxCalculationRequest,
    pub quote: Option<&'a TaxCalculationResponse>,
    pub reference: i64,
    pub created_at: i64,
    pub recipient: String,
    pub country_code: String,
    pub province: Option<String>,
    pub status: OrderStatus,
    pub shipments: Vec<PreparedShipment<'a>>,
}

pub(crate) struct PreparedShipment<'a> {
    pub cart: &'a CartShipmentRequest,
    pub tax_transaction_id: &'a str,
    pub shipping_rate_id: &'a str,
    pub shipping_rate: Decimal,
    pub shipment_type: Option<ShipmentType>,
    pub landed_cost: Option<&'a LandedCost>,
    /// Whole units per cart item, in the cart's order.
    pub quantities: Vec<u32>,
}

/// Checks the three bodies together; `Err` holds every problem found.
pub(crate) fn prepare<'a>(
    create: &'a OrderCreateRequest,
    cart: &'a TaxCalculationRequest,
    quote: Option<&'a TaxCalculationResponse>,
) -> Result<PreparedOrder<'a>, Vec<FieldError>> {
    let mut problems: Vec<FieldError> = Vec::new();
    for (part, found) in [
        ("order", validate::order_create(create)),
        ("cart", validate::landed_cost_request(cart)),
    ] {
        problems.extend(
            found
                .into_iter()
                .map(|e| FieldError::new(below(part, &e.field), e.error)),
        );
    }
    let mut add = |field: String, error: String| {
        if problems.iter().all(|p| p.field != field) {
            problems.push(FieldError::new(field, error));
        }
    };

    let reference = i64::try_from(create.source_reference);
    if reference.is_err() {
        add(
            "order.source_reference".into(),
            format!("must be at most {}", i64::MAX),
        );
    }
    let created_at = validate::parse_timestamp(&create.source_created_at);
    if created_at.is_none() {
        add(
            "order.source_created_at".into(),
            "must be an ISO 8601 timestamp with a time zone, e.g. 2025-03-01T09:30:00Z".into(),
        );
    }

    let country = CountryCode::parse(&cart.ship_to.country_code);
    let province = cart
        .ship_to
        .province
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let mut province_code = province.map(str::to_string);
    match country {
        None => add(
            "cart.ship_to.country_code".into(),
            "must be an ISO 3166-1 alpha-2 country code, e.g. DE".into(),
        ),
        Some(code) if code.requires_province_and_postal_code() => {
            match province.map(|p| Subdivision::parse(code, p)) {
                None => add(
                    "cart.ship_to.province".into(),
                    format!("is required for {code}"),
                ),
                Some(None) => add(
                    "cart.ship_to.province".into(),
                    format!("is not a state or province of {code}"),
                ),
                Some(Some(sub)) => province_code = Some(sub.code().to_string()),
            }
            let postal = cart.ship_to.postal_code.as_deref().map(str::trim);
            if postal.is_none_or(str::is_empty) {
                add(
                    "cart.ship_to.postal_code".into(),
                    format!("is required for {code}"),
                );
            }
        }
        Some(_) => {}
    }
    if Currency::parse(&cart.currency_code).is_none() {
        add(
            "cart.currency_code".into(),
            "must be an ISO 4217 currency code, e.g. EUR".into(),
        );
    }
    if cart.shipments.is_empty() {
        add(
            "cart.shipments".into(),
            "needs at least one shipment".into(),
        );
    }

    let mut cart_ids = HashSet::new();
    let mut quantities_per_shipment = Vec::new();
    for (i, shipment) in cart.shipments.iter().enumerate() {
        let at = format!("cart.shipments[{i}]");
        if shipment.shipment_id.trim().is_empty() {
            add(format!("{at}.shipment_id"), "is required".into());
        } else if !cart_ids.insert(shipment.shipment_id.as_str()) {
            add(
                format!("{at}.shipment_id"),
                format!("{} appears twice in the cart", shipment.shipment_id),
            );
        }
        if shipment.shipping_rates.is_empty() {
            add(
                format!("{at}.shipping_rates"),
                "needs at least one rate".into(),
            );
        } else if quote.is_none() && shipment.shipping_rates.len() > 1 {
            add(
                format!("{at}.shipping_rates"),
                format!(
                    "lists {} rates and there is no quote to tell which was chosen: add the quote, or keep only the chosen rate",
                    shipment.shipping_rates.len()
                ),
            );
        }
        if shipment.items.is_empty() {
            add(format!("{at}.items"), "needs at least one item".into());
        }
        let mut line_ids = HashSet::new();
        let mut quantities = Vec::new();
        for (j, item) in shipment.items.iter().enumerate() {
            let at = format!("{at}.items[{j}]");
            if item.source_line_id.trim().is_empty() {
                add(format!("{at}.source_line_id"), "is required".into());
            } else if !line_ids.insert(item.source_line_id.as_str()) {
                add(
                    format!("{at}.source_line_id"),
                    format!("{} appears twice in this shipment", item.source_line_id),
                );
            }
            if item.sku.trim().is_empty() {
                add(format!("{at}.sku"), "is required".into());
            }
            match whole_units(item.quantity) {
                Some(q) => quantities.push(q),
                None => add(
                    format!("{at}.quantity"),
                    "must be a whole number of units, at least 1".into(),
                ),
            }
            if WeightUnit::parse_cart(&item.weight.unit).is_none() {
                add(format!("{at}.weight.unit"), "must be g or lb".into());
            }
        }
        quantities_per_shipment.push(quantities);
    }

    if create.shipments.is_empty() {
        add(
            "order.shipments".into(),
            "needs at least one shipment".into(),
        );
    }
    let mut order_ids = HashSet::new();
    for (k, shipment) in create.shipments.iter().enumerate() {
        let at = format!("order.shipments[{k}]");
        if !cart_ids.contains(shipment.shipment_id.as_str()) {
            add(
                format!("{at}.shipment_id"),
                format!("no shipment {} in the cart", shipment.shipment_id),
            );
        } else if !order_ids.insert(shipment.shipment_id.as_str()) {
            add(
                format!("{at}.shipment_id"),
                format!("{} appears twice in the order", shipment.shipment_id),
            );
        }
        if shipment.tax_transaction_id.trim().is_empty() {
            add(format!("{at}.tax_transaction_id"), "is required".into());
        }
    }
    for cart_shipment in &cart.shipments {
        let id = &cart_shipment.shipment_id;
        if !id.trim().is_empty() && create.shipments.iter().all(|s| &s.shipment_id != id) {
            add(
                "order.shipments".into(),
                format!("the cart's shipment {id} is missing"),
            );
        }
    }

    if let Some(quote) = quote {
        if quote.landedcost_request_id != create.landedcost_request_id {
            add(
                "order.landedcost_request_id".into(),
                format!(
                    "does not match the quote's landedcost_request_id {}",
                    quote.landedcost_request_id
                ),
            );
        }
        if !quote
            .currency_code
            .eq_ignore_ascii_case(&cart.currency_code)
        {
            add(
                "quote.currency_code".into(),
                format!("is not the cart's currency {}", cart.currency_code),
            );
        }
    }

    let mut shipments = Vec::new();
    for (k, ordered) in create.shipments.iter().enumerate() {
        let Some((i, cart_shipment)) = cart
            .shipments
            .iter()
            .enumerate()
            .find(|(_, s)| s.shipment_id == ordered.shipment_id)
        else {
            continue;
        };
        let quantities = quantities_per_shipment.get(i).cloned().unwrap_or_default();
        let chosen = match quote {
            Some(quote) => {
                let Some(quoted) = quote
                    .shipments
                    .iter()
                    .find(|s| s.shipment_id == ordered.shipment_id)
                else {
                    add(
                        "quote.shipments".into(),
                        format!("has no shipment {}", ordered.shipment_id),
                    );
                    continue;
                };
                let Some(rate) = quoted
                    .shipping_rate_taxes
                    .iter()
                    .find(|r| r.tax_transaction_id == ordered.tax_transaction_id)
                else {
                    add(
                        format!("order.shipments[{k}].tax_transaction_id"),
                        format!(
                            "is not among the quote's rates for shipment {}",
                            ordered.shipment_id
                        ),
                    );
                    continue;
                };
                (
                    rate.shipping_rate_id.as_str(),
                    rate.shipping_rate,
                    Some(quoted.shipment_type),
                    Some(&rate.landed_cost),
                )
            }
            None => match cart_shipment.shipping_rates.as_slice() {
                [only] => (
                    only.shipping_rate_id.as_str(),
                    only.shipping_rate,
                    None,
                    None,
                ),
                _ => continue, // reported above
            },
        };
        shipments.push(PreparedShipment {
            cart: cart_shipment,
            tax_transaction_id: &ordered.tax_transaction_id,
            shipping_rate_id: chosen.0,
            shipping_rate: chosen.1,
            shipment_type: chosen.2,
            landed_cost: chosen.3,
            quantities,
        });
    }

    match (reference, created_at, country, problems.is_empty()) {
        (Ok(reference), Some(created_at), Some(country), true) => {
            let statuses: Vec<OrderStatus> = shipments
                .iter()
                .map(|s| status::shipment_status(&new_shipment_facts(s)))
                .collect();
            Ok(PreparedOrder {
                create,
                cart,
                quote,
                reference,
                created_at: created_at.unix_timestamp(),
                recipient: cart.ship_to.name.clone().unwrap_or_default(),
                country_code: country.as_str().to_string(),
                province: province_code,
                status: status::order_status(&statuses),
                shipments,
            })
        }
        _ => Err(problems),
    }
}

/// `part.field`, or `part` for the body as a whole.
fn below(part: &str, field: &str) -> String {
    match field {
        "" => part.to_string(),
        _ if field.starts_with('[') => format!("{part}{field}"),
        _ => format!("{part}.{field}"),
    }
}

/// A whole, positive number of units that fits the station's counters.
pub(crate) fn whole_units(quantity: Decimal) -> Option<u32> {
    if quantity.fract().is_zero() && quantity >= Decimal::ONE {
        quantity.to_u32()
    } else {
        None
    }
}

/// Facts of a shipment nothing has happened to yet.
pub(crate) fn new_shipment_facts(shipment: &PreparedShipment<'_>) -> ShipmentFacts {
    ShipmentFacts {
        lines: shipment
            .cart
            .items
            .iter()
            .zip(&shipment.quantities)
            .map(|(item, &q)| (q, 0, item.requires_shipping))
            .collect(),
        ..ShipmentFacts::default()
    }
}

#[cfg(test)]
mod tests;
