//! The demo orders the app seeds on its first start against the embedded service: real carts,
//! quoted by the service (`POST /v1/landed-cost`) and submitted (`POST /v1/orders`) like a
//! merchant's checkout would, so every figure the packer sees was computed by the engine.
//!
//! 36 orders to 16 countries (US and CA with their states and provinces), some with two
//! shipments (one from the Berlin warehouse, one from New Jersey), some with up to four SKUs so
//! they can be split into parcels. Everything is deterministic except the timestamps, which are
//! spread over the last days so the table's age column means something.
//!
//! The phone numbers a label needs are not part of SPEC.md's addresses; the demo orders carry
//! them in `custom_properties` as `ship_to_phone` and `ship_from_phone`, which the packing form
//! reads to prefill the label addresses (see [`PHONE_TO`] and [`PHONE_FROM`]).

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::{CATALOGUE, item};
use crate::api::{
    Address, CartShipmentRequest, CustomProperties, OrderCreateRequest, OrderShipmentRef,
    ShippingRate, TaxCalculationRequest, TaxCalculationResponse,
};
use crate::domain::Currency;

/// The first demo order number; the others follow.
pub const FIRST_ORDER_NUMBER: u64 = 1_000_101;
/// `custom_properties` key of the recipient's phone number (with its country code).
pub const PHONE_TO: &str = "ship_to_phone";
/// `custom_properties` key of the shipping warehouse's phone number.
pub const PHONE_FROM: &str = "ship_from_phone";
/// `source` of the demo orders.
pub const SOURCE: &str = "packdesk-demo";

/// A destination: country, region code, postal code, city, street, recipient, phone, currency.
type Place = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

#[rustfmt::skip]
const PLACES: [Place; 18] = [
    ("US", "NY", "10001", "New York", "350 Fifth Avenue", "Ava Johnson", "+1 212 555 0147", "USD"),
    ("CA", "QC", "H2X 1Y4", "Montréal", "1200 Rue Sainte-Catherine O", "Zoë Tremblay", "+1 514 555 0199", "CAD"),
    ("DE", "BE", "10115", "Berlin", "Invalidenstraße 43", "Max Müller", "+49 30 1234567", "EUR"),
    ("GB", "LND", "NW1 6XE", "London", "221B Baker Street", "Oliver Smith", "+44 20 7946 0958", "GBP"),
    ("US", "CA", "94105", "San Francisco", "101 Mission Street", "Noah Williams", "+1 415 555 0132", "USD"),
    ("FR", "IDF", "75001", "Paris", "12 Rue de Rivoli", "Camille Martin", "+33 1 42 68 53 00", "EUR"),
    ("JP", "13", "100-0001", "Tokyo", "1-1 Chiyoda", "Aiko Tanaka", "+81 3 1234 5678", "JPY"),
    ("CA", "ON", "M5V 2T6", "Toronto", "200 Front Street W", "Liam O'Brien", "+1 416 555 0123", "CAD"),
    ("AU", "NSW", "2000", "Sydney", "1 Macquarie Street", "Isla Wilson", "+61 2 9374 4000", "AUD"),
    ("NL", "NH", "1012 AB", "Amsterdam", "Damrak 1", "Sem de Vries", "+31 20 555 0100", "EUR"),
    ("SE", "AB", "111 22", "Stockholm", "Drottninggatan 10", "Emma Johansson", "+46 8 555 010 00", "SEK"),
    ("CH", "ZH", "8001", "Zürich", "Bahnhofstrasse 1", "Lea Meier", "+41 44 555 01 00", "CHF"),
    ("IT", "RM", "00184", "Roma", "Via Nazionale 75", "Sofia Rossi", "+39 06 5555 0100", "EUR"),
    ("ES", "MD", "28013", "Madrid", "Calle Mayor 1", "Lucía García", "+34 91 555 0100", "EUR"),
    ("US", "TX", "78701", "Austin", "500 Congress Avenue", "Mia Davis", "+1 512 555 0175", "USD"),
    ("CA", "BC", "V6B 1A1", "Vancouver", "800 Robson Street", "Ethan Wong", "+1 604 555 0111", "CAD"),
    ("NZ", "AUK", "1010", "Auckland", "1 Queen Street", "Ruby Taylor", "+64 9 555 0100", "NZD"),
    ("KR", "11", "04524", "Seoul", "110 Sejong-daero", "Ji-woo Kim", "+82 2 555 0100", "KRW"),
];

/// The warehouses the demo ships from.
const BERLIN: (&str, &str, &str, &str, &str, &str) = (
    "DE",
    "BE",
    "10115",
    "Berlin",
    "Chausseestraße 86",
    "Dana Fischer",
);
const NEW_JERSEY: (&str, &str, &str, &str, &str, &str) = (
    "US",
    "NJ",
    "07302",
    "Jersey City",
    "1 Harborside Place",
    "Jordan Lee",
);
const WAREHOUSE_PHONE: &str = "+49 30 9876543";

/// The number of demo orders.
pub const DEMO_ORDER_COUNT: usize = 36;

/// One demo order before it is quoted: its number, cart, creation time and phones.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoOrder {
    pub number: u64,
    pub cart: TaxCalculationRequest,
    pub created_at: OffsetDateTime,
    /// Index of the shipping rate each shipment's customer chose.
    pub chosen_rates: Vec<usize>,
    pub custom_properties: CustomProperties,
}

/// Every demo order, oldest first, with timestamps before `now`.
pub fn demo_orders(now: OffsetDateTime) -> Vec<DemoOrder> {
    (0..DEMO_ORDER_COUNT).map(|i| demo_order(i, now)).collect()
}

/// The `i`-th demo order. Orders 2, 5, 8, … have two shipments; the number of SKUs cycles
/// through 1, 3, 2, 4 per shipment.
pub fn demo_order(i: usize, now: OffsetDateTime) -> DemoOrder {
    let number = FIRST_ORDER_NUMBER + i as u64;
    let (country, province, postal, city, street, name, phone, currency) = *pick(&PLACES, i);
    let two_shipments = i % 3 == 2;
    let lines_per_shipment = [1, 3, 2, 4][i % 4];
    let mut line = 0;
    let mut shipments = Vec::new();
    for s in 0..if two_shipments { 2 } else { 1 } {
        let origin = if s == 0 { BERLIN } else { NEW_JERSEY };
        let count = if s == 0 {
            lines_per_shipment
        } else {
            1 + i % 2
        };
        let items = (0..count)
            .map(|k| {
                line += 1;
                let product = pick(CATALOGUE, i * 3 + s * 5 + k * 7);
                item(line, product, quantity(i, k))
            })
            .collect();
        shipments.push(CartShipmentRequest {
            ship_from: warehouse(origin),
            shipment_id: format!("S{}", s + 1),
            shipping_rates: rates(i, s),
            items,
        });
    }
    // The catalogue is priced in euro-like amounts: scale to the destination's currency.
    let money = Currency::parse(currency);
    for shipment in &mut shipments {
        for item in &mut shipment.items {
            let scaled = item.unit_price * price_factor(currency);
            item.unit_price = money.map_or(scaled, |m| m.round(scaled));
        }
        for rate in &mut shipment.shipping_rates {
            let scaled = rate.shipping_rate * price_factor(currency);
            rate.shipping_rate = money.map_or(scaled, |m| m.round(scaled));
        }
    }
    let cart = TaxCalculationRequest {
        ship_to: Address {
            country_code: country.into(),
            province: Some(province.into()),
            postal_code: Some(postal.into()),
            address1: Some(street.into()),
            address2: None,
            city: Some(city.into()),
            name: Some(name.into()),
        },
        caller_app: SOURCE.into(),
        external_reference_id: Some(format!("demo-cart-{number}")),
        currency_code: currency.into(),
        order_discount: if i % 5 == 4 {
            let five = Decimal::from(5) * price_factor(currency);
            money.map_or(five, |m| m.round(five))
        } else {
            Decimal::ZERO
        },
        shipments,
        custom_properties: None,
    };
    let mut custom_properties = CustomProperties::new();
    custom_properties.insert(PHONE_TO.into(), phone.into());
    custom_properties.insert(PHONE_FROM.into(), WAREHOUSE_PHONE.into());
    let chosen_rates = cart.shipments.iter().map(|_| i % 2).collect();
    // Oldest first: the first order is about four days old, the last a few minutes.
    let minutes = ((DEMO_ORDER_COUNT - i) * 157) as i64;
    DemoOrder {
        number,
        cart,
        created_at: now - time::Duration::minutes(minutes),
        chosen_rates,
        custom_properties,
    }
}

/// The `POST /v1/orders` body for a quoted demo order: the chosen rate's transaction per
/// shipment, and the all-in total (products minus discounts, plus shipping, duties and taxes
/// of the chosen rates) rounded to cents.
pub fn create_body(
    order: &DemoOrder,
    quote: &TaxCalculationResponse,
) -> Result<OrderCreateRequest, String> {
    let mut total = -order.cart.order_discount;
    let mut shipments = Vec::new();
    for (s, shipment) in order.cart.shipments.iter().enumerate() {
        for item in &shipment.items {
            total += item.quantity * (item.unit_price - item.unit_discount);
        }
        let answered = quote
            .shipments
            .iter()
            .find(|q| q.shipment_id == shipment.shipment_id)
            .ok_or_else(|| format!("the quote has no shipment {}", shipment.shipment_id))?;
        let wanted = order.chosen_rates.get(s).copied().unwrap_or(0);
        let rate = answered
            .shipping_rate_taxes
            .get(wanted)
            .or_else(|| answered.shipping_rate_taxes.first())
            .ok_or_else(|| format!("the quote has no rate for {}", shipment.shipment_id))?;
        total += rate.shipping_rate + rate.landed_cost.duties + rate.landed_cost.total_taxes;
        shipments.push(OrderShipmentRef {
            tax_transaction_id: rate.tax_transaction_id.clone(),
            shipment_id: shipment.shipment_id.clone(),
        });
    }
    let created = order
        .created_at
        .format(&Rfc3339)
        .map_err(|e| format!("timestamp: {e}"))?;
    Ok(OrderCreateRequest {
        source: SOURCE.into(),
        source_reference: order.number,
        landedcost_request_id: quote.landedcost_request_id.clone(),
        source_created_at: created.clone(),
        source_updated_at: created,
        total: Currency::parse(&order.cart.currency_code)
            .map_or_else(
                || {
                    total.round_dp_with_strategy(
                        2,
                        rust_decimal::RoundingStrategy::MidpointAwayFromZero,
                    )
                },
                |money| money.round(total),
            )
            .max(Decimal::ZERO),
        shipments,
        custom_properties: Some(order.custom_properties.clone()),
        billing_address: None,
    })
}

fn pick<T>(list: &[T], i: usize) -> &T {
    // The lists are non-empty constants; `i % len` is always in range.
    &list[i % list.len().max(1)]
}

fn quantity(i: usize, k: usize) -> i64 {
    [1, 2, 1, 3][(i + k) % 4]
}

/// About what one euro-like unit of the catalogue is worth in `currency` (demo prices only).
fn price_factor(currency: &str) -> Decimal {
    match currency {
        "JPY" => Decimal::from(160),
        "KRW" => Decimal::from(1450),
        "SEK" => Decimal::from(11),
        "NZD" | "AUD" => Decimal::new(17, 1),
        "CAD" => Decimal::new(15, 1),
        _ => Decimal::ONE,
    }
}

fn rates(i: usize, s: usize) -> Vec<ShippingRate> {
    let base = 695 + ((i + s) % 4) as i64 * 100;
    vec![
        ShippingRate {
            shipping_rate_id: "standard".into(),
            shipping_rate: Decimal::new(base, 2),
        },
        ShippingRate {
            shipping_rate_id: "express".into(),
            shipping_rate: Decimal::new(base + 1200, 2),
        },
    ]
}

fn warehouse(w: (&str, &str, &str, &str, &str, &str)) -> Address {
    let (country, province, postal, city, street, name) = w;
    Address {
        country_code: country.into(),
        province: Some(province.into()),
        postal_code: Some(postal.into()),
        address1: Some(street.into()),
        address2: None,
        city: Some(city.into()),
        name: Some(name.into()),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn demo_orders_cover_what_the_first_start_promises() {
        let now = OffsetDateTime::now_utc();
        let orders = demo_orders(now);
        assert!(orders.len() >= 30);
        let countries: HashSet<&str> = orders
            .iter()
            .map(|o| o.cart.ship_to.country_code.as_str())
            .collect();
        assert!(countries.len() >= 10, "{countries:?}");
        for country in ["US", "CA"] {
            assert!(orders.iter().any(
                |o| o.cart.ship_to.country_code == country && o.cart.ship_to.province.is_some()
            ));
        }
        assert!(orders.iter().any(|o| o.cart.shipments.len() > 1));
        assert!(
            orders
                .iter()
                .any(|o| o.cart.shipments.len() == 1 && o.cart.shipments[0].items.len() == 3)
        );
        let numbers: HashSet<u64> = orders.iter().map(|o| o.number).collect();
        assert_eq!(numbers.len(), orders.len());
        for order in &orders {
            assert!(order.created_at < now);
            let skus: Vec<&str> = order
                .cart
                .shipments
                .iter()
                .flat_map(|s| s.items.iter().map(|i| i.source_line_id.as_str()))
                .collect();
            let unique: HashSet<&&str> = skus.iter().collect();
            assert_eq!(
                unique.len(),
                skus.len(),
                "line ids unique in {}",
                order.number
            );
            let problems = crate::domain::validate::landed_cost_request(&order.cart);
            assert!(problems.is_empty(), "{}: {problems:?}", order.number);
        }
    }
}
