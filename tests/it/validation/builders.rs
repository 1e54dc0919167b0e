//! Valid examples of the four requests, small enough to read and mutate.

use packdesk::api::{
    Address, CartItem, CartShipmentRequest, CustomProperties, Fulfillment, FulfillmentItem,
    LabelAddress, LabelRequest, LabelSku, OrderCreateRequest, OrderShipmentRef, OrderUpdateRequest,
    ShipmentUpdate, ShippingRate, TaxCalculationRequest, UpdateItem, WireWeight,
};

pub use crate::decimal::dec as d;

pub fn s(text: &str) -> String {
    text.to_string()
}

/// Custom properties serializing to exactly `bytes` bytes: `{"notes":"xx…"}`.
pub fn properties_of_size(bytes: usize) -> CustomProperties {
    let mut map = CustomProperties::new();
    map.insert(
        s("notes"),
        serde_json::Value::String("x".repeat(bytes - 12)),
    );
    assert_eq!(serde_json::to_string(&map).unwrap().len(), bytes);
    map
}

pub fn small_properties() -> CustomProperties {
    let mut map = CustomProperties::new();
    map.insert(s("station"), serde_json::Value::String(s("pack-3")));
    map
}

pub fn address(country: &str, province: Option<&str>, postal: Option<&str>) -> Address {
    Address {
        country_code: s(country),
        province: province.map(s),
        postal_code: postal.map(s),
        address1: Some(s("350 Fifth Avenue")),
        city: Some(s("New York")),
        name: Some(s("Ada Lovelace")),
        ..Address::default()
    }
}

/// Variant name and description are empty on purpose: the rules allow it.
pub fn cart_item(line: &str, sku: &str) -> CartItem {
    CartItem {
        source_line_id: s(line),
        source_product_id: 1001,
        source_variant_id: 2001,
        hs_code: Some(s("6109.10")),
        quantity: d("2"),
        unit_price: d("25.00"),
        unit_discount: d("5.00"),
        sku: s(sku),
        product_name: s("Cotton T-shirt"),
        variant_name: s(""),
        description: s(""),
        origin_country_code: s("PT"),
        category: s("Apparel > T-shirts"),
        requires_shipping: true,
        weight: WireWeight {
            per_unit: d("180"),
            unit: s("g"),
        },
    }
}

/// Both shipments offer a rate called `standard`: rate IDs are unique per shipment only.
pub fn cart_shipment(id: &str) -> CartShipmentRequest {
    CartShipmentRequest {
        ship_from: address("PT", None, Some("4000-001")),
        shipment_id: s(id),
        shipping_rates: vec![
            ShippingRate {
                shipping_rate_id: s("standard"),
                shipping_rate: d("12.50"),
            },
            ShippingRate {
                shipping_rate_id: s("express"),
                shipping_rate: d("30"),
            },
        ],
        items: vec![cart_item("L1", "TS-BLK-M"), cart_item("L2", "TS-WHT-L")],
    }
}

/// Products worth 2 shipments × 2 lines × 2 × (25 − 5) = 160; the order discount is 10.
pub fn landed_cost() -> TaxCalculationRequest {
    TaxCalculationRequest {
        ship_to: address("US", Some("NY"), Some("10118")),
        caller_app: s("packdesk"),
        external_reference_id: Some(s("cart-42")),
        currency_code: s("USD"),
        order_discount: d("10"),
        shipments: vec![cart_shipment("S1"), cart_shipment("S2")],
        custom_properties: Some(small_properties()),
    }
}

pub fn order_create() -> OrderCreateRequest {
    OrderCreateRequest {
        source: s("shopify"),
        source_reference: 1042,
        landedcost_request_id: s("lc_7f3a"),
        source_created_at: s("2025-03-14T09:30:00Z"),
        source_updated_at: s("2025-03-14T10:45:00+01:00"),
        total: d("187.45"),
        shipments: vec![
            OrderShipmentRef {
                tax_transaction_id: s("tt_1"),
                shipment_id: s("S1"),
            },
            OrderShipmentRef {
                tax_transaction_id: s("tt_2"),
                shipment_id: s("S2"),
            },
        ],
        custom_properties: Some(small_properties()),
        billing_address: Some(address("US", Some("NY"), Some("10118-0110"))),
    }
}

pub fn fulfillment() -> Fulfillment {
    Fulfillment {
        tracking_number: s("1Z999AA10123456784"),
        location: s("Porto DC"),
        carrier: s("UPS"),
        shipped_at: s("2025-03-15T16:20:00Z"),
        status: s("in_transit"),
        items: vec![
            FulfillmentItem {
                source_line_id: s("L1"),
                source_product_id: 1001,
                source_variant_id: 2001,
                quantity: d("2"),
                hs_code: Some(s("610910")),
            },
            FulfillmentItem {
                source_line_id: s("L2"),
                source_product_id: 1002,
                source_variant_id: 2002,
                quantity: d("1"),
                hs_code: None,
            },
        ],
    }
}

pub fn update_item(line: &str) -> UpdateItem {
    UpdateItem {
        source_line_id: s(line),
        hs_code: Some(s("6109 10 00")),
        quantity: Some(d("1")),
        unit_price: Some(d("25")),
        unit_discount: Some(d("0")),
        sku: Some(s("TS-BLK-M")),
        product_name: Some(s("Cotton T-shirt")),
        variant_name: Some(s("")),
        description: Some(s("")),
        origin_country_code: Some(s("PT")),
        category: Some(s("Apparel")),
        requires_shipping: Some(true),
        source_product_id: Some(1001),
        source_variant_id: Some(2001),
        refunded_quantity: Some(d("1")),
    }
}

/// S1 fulfilled, S2 canceled, S3 refunded in part; the customer's address corrected.
pub fn order_update() -> OrderUpdateRequest {
    OrderUpdateRequest {
        source_reference: 1042,
        source_updated_at: s("2025-03-15T16:25:00Z"),
        order_discount: Some(d("10")),
        shipments: vec![
            ShipmentUpdate {
                shipment_id: s("S1"),
                status: Some(s("fulfilled")),
                shipping_rate_id: Some(s("standard")),
                shipping_rate: Some(d("12.50")),
                fulfillments: vec![fulfillment()],
                ..ShipmentUpdate::default()
            },
            ShipmentUpdate {
                shipment_id: s("S2"),
                status: Some(s("canceled")),
                shipping_rate_id: Some(s("express")),
                shipping_rate: Some(d("30")),
                ..ShipmentUpdate::default()
            },
            ShipmentUpdate {
                shipment_id: s("S3"),
                refunded_amount: Some(d("25.00")),
                items: Some(vec![update_item("L5"), update_item("L6")]),
                ..ShipmentUpdate::default()
            },
        ],
        custom_properties: Some(small_properties()),
        destination_address: Some(address("CA", Some("QC"), Some("h2x1y4"))),
        billing_address: Some(address("DE", None, None)),
    }
}

pub fn label_address(country: &str, province: &str, zipcode: &str) -> LabelAddress {
    LabelAddress {
        first_name: s("Grace"),
        last_name: s("Hopper"),
        phone_number: s("+1 (514) 555-0199"),
        line1: s("1 Main Street"),
        line2: None,
        city: s("Springfield"),
        province: s(province),
        country: s(country),
        zipcode: s(zipcode),
    }
}

/// A split-parcel label (the request with the most rules): two SKUs, weight and dimensions.
pub fn label_request() -> LabelRequest {
    LabelRequest {
        order_number: s("1042"),
        weight: Some(d("1.25")),
        weight_unit: Some(s("pounds")),
        length: Some(d("30")),
        width: Some(d("20")),
        height: Some(d("10.5")),
        dimensions_unit: Some(s("cm")),
        base64: Some(true),
        skus: Some(vec![
            LabelSku {
                sku_name: s("TS-BLK-M"),
                asn: s("ASN-1"),
                quantity: d("2"),
            },
            LabelSku {
                sku_name: s("TS-WHT-L"),
                asn: s("ASN-1"),
                quantity: d("1"),
            },
        ]),
        from_address: Some(label_address("CA", "QC", "H2X 1Y4")),
        to_address: Some(label_address("US", "NY", "10118")),
        track_reference: Some(s("1042-P1")),
        parcel_weight: Some(s("567")),
        brand_code: Some(s("ACME")),
        location_code: None,
        zpl: None,
    }
}
