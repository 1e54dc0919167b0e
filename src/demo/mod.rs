//! Realistic carts for demos, benchmarks and load tests, built from a small catalogue so every
//! figure in BENCHMARKS.md is measured on the same inputs.

pub mod orders;

use rust_decimal::Decimal;

use crate::api::{
    Address, CartItem, CartShipmentRequest, ShippingRate, TaxCalculationRequest, WireWeight,
};

/// One catalogue product: SKU, name, category, HS code, origin, price in cents, grams.
struct Product {
    sku: &'static str,
    name: &'static str,
    category: &'static str,
    hs_code: &'static str,
    origin: &'static str,
    price_cents: i64,
    grams: i64,
}

const CATALOGUE: &[Product] = &[
    Product {
        sku: "TEE-ORG-M",
        name: "Organic cotton T-shirt",
        category: "apparel",
        hs_code: "610910",
        origin: "PT",
        price_cents: 2900,
        grams: 180,
    },
    Product {
        sku: "SNK-RUN-42",
        name: "Running sneakers",
        category: "footwear",
        hs_code: "640411",
        origin: "VN",
        price_cents: 11900,
        grams: 850,
    },
    Product {
        sku: "BAG-LTH-TOTE",
        name: "Leather tote bag",
        category: "bags",
        hs_code: "420221",
        origin: "IT",
        price_cents: 18900,
        grams: 1100,
    },
    Product {
        sku: "SRM-VITC-30",
        name: "Vitamin C face serum",
        category: "cosmetics",
        hs_code: "330499",
        origin: "FR",
        price_cents: 3450,
        grams: 120,
    },
    Product {
        sku: "EAR-BT-PRO",
        name: "Bluetooth earbuds",
        category: "electronics",
        hs_code: "851830",
        origin: "CN",
        price_cents: 7999,
        grams: 95,
    },
    Product {
        sku: "TOY-BLK-100",
        name: "Wooden building blocks",
        category: "toys",
        hs_code: "950300",
        origin: "DE",
        price_cents: 3999,
        grams: 1400,
    },
    Product {
        sku: "RNG-SLV-925",
        name: "Sterling silver ring",
        category: "jewellery",
        hs_code: "711311",
        origin: "TH",
        price_cents: 6500,
        grams: 15,
    },
    Product {
        sku: "MUG-STN-350",
        name: "Stoneware mug",
        category: "ceramics",
        hs_code: "691200",
        origin: "PT",
        price_cents: 1800,
        grams: 380,
    },
    Product {
        sku: "BK-COOK-EN",
        name: "Cookbook (hardcover)",
        category: "books",
        hs_code: "490199",
        origin: "GB",
        price_cents: 3200,
        grams: 900,
    },
    Product {
        sku: "HOOD-KID-6",
        name: "Children's hoodie",
        category: "children's clothing",
        hs_code: "611020",
        origin: "BD",
        price_cents: 2400,
        grams: 300,
    },
];

fn item(line: usize, product: &Product, quantity: i64) -> CartItem {
    CartItem {
        source_line_id: format!("L{line}"),
        source_product_id: 10_000 + line as i64,
        source_variant_id: 20_000 + line as i64,
        hs_code: Some(product.hs_code.to_string()),
        quantity: Decimal::from(quantity),
        unit_price: Decimal::new(product.price_cents, 2),
        unit_discount: Decimal::ZERO,
        sku: product.sku.to_string(),
        product_name: product.name.to_string(),
        variant_name: "Default".to_string(),
        description: product.name.to_string(),
        origin_country_code: product.origin.to_string(),
        category: product.category.to_string(),
        requires_shipping: true,
        weight: WireWeight {
            per_unit: Decimal::from(product.grams),
            unit: "g".to_string(),
        },
    }
}

fn address(country: &str, province: Option<&str>, postal: Option<&str>, city: &str) -> Address {
    Address {
        country_code: country.to_string(),
        province: province.map(str::to_string),
        postal_code: postal.map(str::to_string),
        address1: Some("1 Market Street".to_string()),
        address2: None,
        city: Some(city.to_string()),
        name: Some("Sam Taylor".to_string()),
    }
}

/// `shipments` shipments from the US, each with `rates` rates and `items` items, to Germany in EUR.
pub fn cart(shipments: usize, rates: usize, items: usize) -> TaxCalculationRequest {
    let shipments = (0..shipments)
        .map(|s| CartShipmentRequest {
            ship_from: address("US", Some("NJ"), Some("07302"), "Jersey City"),
            shipment_id: format!("SHP-{}", s + 1),
            shipping_rates: (0..rates)
                .map(|r| ShippingRate {
                    shipping_rate_id: format!("rate-{}", r + 1),
                    shipping_rate: Decimal::new(990 + 500 * r as i64, 2),
                })
                .collect(),
            items: (0..items)
                .map(|i| {
                    item(
                        s * items + i + 1,
                        &CATALOGUE[(s + i) % CATALOGUE.len()],
                        1 + (i % 3) as i64,
                    )
                })
                .collect(),
        })
        .collect();
    TaxCalculationRequest {
        ship_to: address("DE", None, Some("10115"), "Berlin"),
        caller_app: "packdesk-bench".to_string(),
        external_reference_id: Some("bench-cart".to_string()),
        currency_code: "EUR".to_string(),
        order_discount: Decimal::new(500, 2),
        shipments,
        custom_properties: None,
    }
}

/// The typical cart of BENCHMARKS.md: 1 shipment, 3 rates, 5 items.
pub fn typical_cart() -> TaxCalculationRequest {
    cart(1, 3, 5)
}

/// The large cart of BENCHMARKS.md: 10 shipments, 5 rates, 50 items in all.
pub fn large_cart() -> TaxCalculationRequest {
    cart(10, 5, 5)
}
