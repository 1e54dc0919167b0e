//! Tests of the quote totals and the order body.

use super::*;
use crate::api::{
    Address, CartItem, CartShipmentRequest, CartShipmentResponse, LandedCost, ShipmentType,
    ShippingRate, ShippingRateTaxes, WireWeight,
};

use crate::decimal::dec;

fn item(price: &str, discount: &str, quantity: &str) -> CartItem {
    CartItem {
        source_line_id: format!("{price}-{quantity}"),
        source_product_id: 1,
        source_variant_id: 1,
        hs_code: None,
        quantity: dec(quantity),
        unit_price: dec(price),
        unit_discount: dec(discount),
        sku: "SKU".into(),
        product_name: "Thing".into(),
        variant_name: String::new(),
        description: String::new(),
        origin_country_code: "DE".into(),
        category: "toys".into(),
        requires_shipping: true,
        weight: WireWeight {
            per_unit: dec("100"),
            unit: "g".into(),
        },
    }
}

fn rate(
    id: &str,
    shipping: &str,
    duties: &str,
    product: &str,
    shipment: &str,
) -> ShippingRateTaxes {
    ShippingRateTaxes {
        shipping_rate_id: id.into(),
        shipping_rate: dec(shipping),
        tax_transaction_id: format!("tx-{id}"),
        landed_cost: LandedCost {
            duties: dec(duties),
            total_taxes: dec(product) + dec(shipment),
            shipment_taxes: dec(shipment),
            product_taxes: dec(product),
            breakdown: Vec::new(),
        },
    }
}

fn quote(currency: &str, order_discount: &str) -> Quote {
    let request = TaxCalculationRequest {
        ship_to: Address {
            country_code: "FR".into(),
            ..Address::default()
        },
        caller_app: "packdesk".into(),
        external_reference_id: None,
        currency_code: currency.into(),
        order_discount: dec(order_discount),
        shipments: vec![CartShipmentRequest {
            ship_from: Address {
                country_code: "US".into(),
                ..Address::default()
            },
            shipment_id: "S1".into(),
            shipping_rates: vec![
                ShippingRate {
                    shipping_rate_id: "std".into(),
                    shipping_rate: dec("10"),
                },
                ShippingRate {
                    shipping_rate_id: "exp".into(),
                    shipping_rate: dec("25"),
                },
            ],
            items: vec![item("19.99", "2.50", "3"), item("5.005", "0", "1")],
        }],
        custom_properties: None,
    };
    let response = TaxCalculationResponse {
        landedcost_request_id: "lc-1".into(),
        currency_code: currency.into(),
        external_reference_id: None,
        created_at: "2026-01-01T00:00:00Z".into(),
        usd_conversion_rate: dec("1.08"),
        shipments: vec![CartShipmentResponse {
            shipment_id: "S1".into(),
            shipment_type: ShipmentType::CrossBorder,
            shipping_rate_taxes: vec![
                rate("std", "10", "3.12", "11.05", "2.00"),
                rate("exp", "25", "3.12", "11.05", "5.00"),
            ],
        }],
        hs_codes: None,
    };
    Quote { request, response }
}

#[test]
fn all_in_is_products_minus_discounts_plus_shipping_duties_and_taxes() {
    let totals = quote("EUR", "0").shipment_totals().unwrap();
    let shipment = &totals[0];
    // 19.99 × 3 = 59.97 and 5.005 rounds to 5.01 (half away from zero).
    assert_eq!(shipment.products, dec("64.98"));
    assert_eq!(shipment.discounts, dec("7.50"));
    let std = &shipment.rates[0];
    assert_eq!(std.total_taxes, dec("13.05"));
    assert_eq!(
        std.all_in,
        dec("64.98") - dec("7.50") + dec("10") + dec("3.12") + dec("13.05")
    );
    assert_eq!(
        shipment.rates[1].all_in - std.all_in,
        dec("18"),
        "15 more shipping, 3 more tax"
    );
    let yen = quote("JPY", "0").shipment_totals().unwrap();
    assert_eq!(
        yen[0].products,
        dec("65"),
        "60 + 5, each line rounded to whole yen"
    );
}

#[test]
fn the_order_takes_the_chosen_rates_and_the_order_discount() {
    let quote = quote("EUR", "4.00");
    let mut chosen = BTreeMap::new();
    assert_eq!(quote.order_total(&chosen).unwrap(), None);
    let now = OffsetDateTime::UNIX_EPOCH;
    let problems = quote.order_request(&chosen, "12a", now).unwrap_err();
    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(
        fields,
        ["source_reference", "shipments[0].tax_transaction_id"]
    );

    chosen.insert("S1".to_string(), "exp".to_string());
    let expected = quote.shipment_totals().unwrap()[0].rates[1].all_in - dec("4.00");
    assert_eq!(quote.order_total(&chosen).unwrap(), Some(expected));
    let order = quote.order_request(&chosen, " 100234 ", now).unwrap();
    assert_eq!(order.source, ORDER_SOURCE);
    assert_eq!(order.source_reference, 100_234);
    assert_eq!(order.landedcost_request_id, "lc-1");
    assert_eq!(order.total, expected);
    assert_eq!(order.shipments[0].tax_transaction_id, "tx-exp");
    assert_eq!(order.source_created_at, "1970-01-01T00:00:00Z");
}

#[test]
fn amounts_show_the_currency_minor_units() {
    let eur = Currency::parse("EUR");
    assert_eq!(format_amount(dec("12.5"), eur), "12.50");
    assert_eq!(format_amount(dec("12.345"), eur), "12.35");
    assert_eq!(format_amount(dec("1200"), Currency::parse("JPY")), "1200");
    assert_eq!(format_amount(dec("1.5"), Currency::parse("BHD")), "1.500");
}
