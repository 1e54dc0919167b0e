//! Synthetic orders for tests and benchmarks: consistent carts, quotes and create bodies in 12
//! countries, imported through the station's own import path. Shared by `tests/it` and
//! `benches/` through `#[path]`, so none of it is in the shipped binary. (The app's demo orders
//! come from the embedded service instead, with real quotes.)
#![allow(dead_code)] // Tests and benches each use part of this.

use packdesk::api::{
    Address, CartItem, CartShipmentRequest, CartShipmentResponse, LandedCost, OrderCreateRequest,
    OrderShipmentRef, ShipmentType, ShippingRate, ShippingRateTaxes, TaxCalculationRequest,
    TaxCalculationResponse, WireWeight,
};
use packdesk::station::db::StationDb;
use packdesk::station::import::{ImportEntry, import_entries};
use rust_decimal::Decimal;

/// Imports `n` synthetic orders numbered after the highest order number present (from 100001
/// on an empty station); returns the first number used.
pub fn seed(db: &mut StationDb, n: usize) -> u64 {
    let first = db
        .list_orders()
        .expect("the station lists its orders")
        .iter()
        .map(|row| row.source_reference)
        .max()
        .unwrap_or(100_000)
        + 1;
    // A transaction per 5 000 orders keeps a 100 000-order seed's memory small.
    for start in (0..n).step_by(5_000) {
        let entries = (start..n.min(start + 5_000)).map(|i| entry(first + i as u64, i));
        let report = import_entries(db, entries).expect("synthetic orders import");
        assert!(report.rejected.is_empty(), "{:?}", report.rejected);
    }
    first
}

/// The `i`-th synthetic order as an import entry.
pub fn entry(reference: u64, i: usize) -> ImportEntry {
    let (order, cart, quote) = synthetic_order(reference, i);
    ImportEntry {
        order,
        cart,
        quote: Some(quote),
    }
}

const PLACES: [(&str, Option<&str>, &str, &str); 12] = [
    ("US", Some("NY"), "10001", "USD"),
    ("US", Some("CA"), "94105", "USD"),
    ("CA", Some("QC"), "H2X 1Y4", "CAD"),
    ("CA", Some("ON"), "M5V 2T6", "CAD"),
    ("DE", None, "10115", "EUR"),
    ("FR", None, "75001", "EUR"),
    ("GB", None, "SW1A 1AA", "GBP"),
    ("JP", None, "100-0001", "JPY"),
    ("AU", None, "2000", "AUD"),
    ("NL", None, "1012", "EUR"),
    ("SE", None, "111 22", "SEK"),
    ("CH", None, "8001", "CHF"),
];
const NAMES: [&str; 8] = [
    "Zoë Tremblay",
    "Max Müller",
    "Aiko Tanaka",
    "Liam O'Brien",
    "Sofia Rossi",
    "Noah Smith",
    "Emma Johansson",
    "Lucas Martin",
];
const PRODUCTS: [(&str, &str, u32); 6] = [
    ("TSHIRT", "T-shirt", 180),
    ("MUG", "Mug", 350),
    ("CAP", "Cap", 90),
    ("SOCKS", "Socks", 60),
    ("HOODIE", "Hoodie", 520),
    ("POSTER", "Poster", 120),
];

/// The `i`-th synthetic order: 1–3 shipments of 1–3 items, destinations in 12 countries.
pub fn synthetic_order(
    reference: u64,
    i: usize,
) -> (
    OrderCreateRequest,
    TaxCalculationRequest,
    TaxCalculationResponse,
) {
    let pick = |k: usize, len: usize| (i.wrapping_mul(7919).wrapping_add(k * 31)) % len;
    let (country, province, postal, currency) = PLACES[pick(1, PLACES.len())];
    let shipment_count = 1 + pick(2, 3);
    let mut shipments = Vec::new();
    for s in 0..shipment_count {
        let items = (0..1 + pick(3 + s, 3))
            .map(|k| {
                let (sku, name, grams) = PRODUCTS[pick(10 + s * 3 + k, PRODUCTS.len())];
                CartItem {
                    source_line_id: format!("L{s}{k}"),
                    source_product_id: 1000 + k as i64,
                    source_variant_id: 2000 + k as i64,
                    hs_code: None,
                    quantity: Decimal::from(1 + pick(20 + k, 3)),
                    unit_price: Decimal::new(1999 + 100 * k as i64, 2),
                    unit_discount: Decimal::ZERO,
                    sku: format!("{sku}-{}", ["S", "M", "L"][pick(30 + k, 3)]),
                    product_name: name.into(),
                    variant_name: "Standard".into(),
                    description: name.into(),
                    origin_country_code: "PT".into(),
                    category: "apparel".into(),
                    requires_shipping: true,
                    weight: WireWeight {
                        per_unit: grams.into(),
                        unit: "g".into(),
                    },
                }
            })
            .collect();
        shipments.push(CartShipmentRequest {
            ship_from: Address {
                country_code: "DE".into(),
                city: Some("Berlin".into()),
                postal_code: Some("10115".into()),
                ..Address::default()
            },
            shipment_id: format!("S{}", s + 1),
            shipping_rates: vec![ShippingRate {
                shipping_rate_id: "standard".into(),
                shipping_rate: Decimal::new(995, 2),
            }],
            items,
        });
    }
    let cart = TaxCalculationRequest {
        ship_to: Address {
            country_code: country.into(),
            province: province.map(str::to_string),
            postal_code: Some(postal.into()),
            address1: Some(format!("{} Main Street", 1 + i % 200)),
            city: Some("City".into()),
            name: Some(NAMES[pick(4, NAMES.len())].into()),
            ..Address::default()
        },
        caller_app: "seed".into(),
        external_reference_id: Some(format!("cart-{reference}")),
        currency_code: currency.into(),
        order_discount: Decimal::ZERO,
        shipments,
        custom_properties: None,
    };
    let request_id = format!("lc-{reference}");
    let landed_cost = LandedCost {
        duties: Decimal::new(150, 2),
        total_taxes: Decimal::new(380, 2),
        shipment_taxes: Decimal::new(80, 2),
        product_taxes: Decimal::new(300, 2),
        breakdown: Vec::new(),
    };
    let quote = TaxCalculationResponse {
        landedcost_request_id: request_id.clone(),
        currency_code: currency.into(),
        external_reference_id: cart.external_reference_id.clone(),
        created_at: "2025-06-01T10:00:00Z".into(),
        usd_conversion_rate: Decimal::ONE,
        shipments: cart
            .shipments
            .iter()
            .map(|s| CartShipmentResponse {
                shipment_id: s.shipment_id.clone(),
                shipment_type: ShipmentType::CrossBorder,
                shipping_rate_taxes: vec![ShippingRateTaxes {
                    shipping_rate_id: "standard".into(),
                    shipping_rate: Decimal::new(995, 2),
                    tax_transaction_id: format!("tx-{reference}-{}", s.shipment_id),
                    landed_cost: landed_cost.clone(),
                }],
            })
            .collect(),
        hs_codes: None,
    };
    let day = 1 + i % 28;
    let create = OrderCreateRequest {
        source: "seed".into(),
        source_reference: reference,
        landedcost_request_id: request_id,
        source_created_at: format!("2025-06-{day:02}T{:02}:00:00Z", i % 24),
        source_updated_at: format!("2025-06-{day:02}T{:02}:00:00Z", i % 24),
        total: Decimal::new(5000 + (i % 9000) as i64, 2),
        shipments: quote
            .shipments
            .iter()
            .filter_map(|s| {
                s.shipping_rate_taxes.first().map(|r| OrderShipmentRef {
                    tax_transaction_id: r.tax_transaction_id.clone(),
                    shipment_id: s.shipment_id.clone(),
                })
            })
            .collect(),
        custom_properties: None,
        billing_address: None,
    };
    (create, cart, quote)
}

/// A demo order renumbered, quoted by the real service, and the create body for that quote:
/// what a desk submits (the outbox test and benchmark deliver these to the service).
pub struct QuotedOrder {
    pub order: packdesk::demo::orders::DemoOrder,
    pub quote: TaxCalculationResponse,
    pub body: OrderCreateRequest,
}

/// `n` orders numbered from `first`, the demo orders' carts in turn, each quoted by `client`.
pub async fn quoted_demo_orders(
    client: &packdesk::api::Client,
    first: u64,
    n: usize,
) -> Vec<QuotedOrder> {
    use packdesk::demo::orders::{create_body, demo_orders};
    let templates = demo_orders(time::OffsetDateTime::now_utc());
    let mut quoted = Vec::with_capacity(n);
    for i in 0..n {
        let mut order = templates[i % templates.len()].clone();
        order.number = first + i as u64;
        let quote = client
            .landed_cost(&order.cart)
            .await
            .expect("the service quotes the demo cart");
        let body = create_body(&order, &quote).expect("a create body for the quote");
        quoted.push(QuotedOrder { order, quote, body });
    }
    quoted
}

/// Submits a quoted order (its create queued), packs everything left of its first shipment
/// into one parcel and fulfills it (the update queued): two outbox entries.
pub fn submit_and_fulfill(db: &mut StationDb, quoted: &QuotedOrder) {
    use packdesk::domain::{Weight, WeightUnit};
    use packdesk::station::db::{FulfillmentInput, NewParcel, NewParcelLine};
    let number = quoted.order.number;
    db.submit_order(&quoted.order.cart, &quoted.quote, &quoted.body)
        .expect("the order is submitted");
    let shown = db
        .order(number)
        .ok()
        .flatten()
        .expect("the order is recorded");
    let shipment = &shown.shipments[0];
    let address = label_address("Zoë");
    let parcel = NewParcel {
        lines: lines_left(shipment)
            .into_iter()
            .map(|(line, quantity)| NewParcelLine {
                asn: format!("ASN-{line}"),
                source_line_id: line,
                quantity,
            })
            .collect(),
        weight: Weight::new(Decimal::new(125, 2), WeightUnit::Pound),
        dimensions: None,
        track_reference: format!("TR-{number}"),
        from: address.clone(),
        to: address,
    };
    let parcel = db
        .start_parcel(number, &shipment.shipment_id, &parcel)
        .expect("the parcel is packed");
    let shown = db
        .order(number)
        .ok()
        .flatten()
        .expect("the order is recorded");
    let now = time::OffsetDateTime::now_utc();
    let input = FulfillmentInput {
        tracking_number: format!("PD-{number}"),
        carrier: "DHL".into(),
        location: "BER-1".into(),
        shipped_at: now,
    };
    let update = shown
        .fulfillment_update(parcel, &input, now)
        .expect("the fulfillment update");
    db.fulfill_via_outbox(parcel, &update, None)
        .expect("the fulfillment is queued");
}

/// A label address in Montréal for `first` Doe, as the tests and benches pack parcels to.
pub fn label_address(first: &str) -> packdesk::api::LabelAddress {
    packdesk::api::LabelAddress {
        first_name: first.into(),
        last_name: "Doe".into(),
        phone_number: "+1 514 555 0100".into(),
        line1: "1 Rue Sainte-Catherine".into(),
        line2: None,
        city: "Montréal".into(),
        province: "QC".into(),
        country: "CA".into(),
        zipcode: "H2X 1Y4".into(),
    }
}

/// Every item line of `shipment` with units left, and how many: what packs it whole.
pub fn lines_left(shipment: &packdesk::station::db::StationShipment) -> Vec<(String, u32)> {
    shipment
        .items
        .iter()
        .filter(|i| i.left > 0)
        .map(|i| (i.item.source_line_id.clone(), i.left))
        .collect()
}

/// The same as the warehouse API's parcel lines, each with an ASN.
pub fn parcel_lines_left(
    shipment: &packdesk::station::db::StationShipment,
) -> Vec<packdesk::api::warehouse::ParcelLineRequest> {
    lines_left(shipment)
        .into_iter()
        .map(
            |(line, quantity)| packdesk::api::warehouse::ParcelLineRequest {
                asn: format!("ASN-{line}"),
                line,
                quantity,
            },
        )
        .collect()
}
