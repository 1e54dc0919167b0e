//! The station's core on real SQLite files: recording, importing, the orders table, packing
//! with quantities that never exceed what is left, status derivation, settings, credentials in
//! keyring's mock store, and the supervisor lockout. Fixtures are here, tests in the submodules.

mod claims;
mod config;
mod customs;
pub mod engines;
mod import;
mod inbox_edges;
mod orders;
mod outbox;
mod packing;
mod people;
mod scan;
mod spelling;
mod warehouse;

use packdesk::api::*;
use packdesk::domain::{LengthUnit, Weight, WeightUnit};
use packdesk::station::db::*;
use serde_json::{Value, json};
use time::macros::datetime;

pub(super) use crate::decimal::dec;

pub(crate) fn item(line: &str, sku: &str, name: &str, quantity: u32, shipping: bool) -> Value {
    json!({
        "source_line_id": line, "source_product_id": 10, "source_variant_id": 20,
        "hs_code": null, "quantity": quantity, "unit_price": 19.99, "unit_discount": 0,
        "sku": sku, "product_name": name, "variant_name": "M", "description": name,
        "origin_country_code": "PT", "category": "apparel", "requires_shipping": shipping,
        "weight": {"per_unit": 180, "unit": "g"}
    })
}

pub(crate) fn landed(duties: &str) -> Value {
    let duties: Value = serde_json::from_str(duties).unwrap();
    json!({"duties": duties, "total_taxes": 5.2, "shipment_taxes": 1.2, "product_taxes": 4,
           "breakdown": [{"type": "duty", "tax_name": "Duty", "rate": 18, "amount": duties,
                          "taxable_amount": 10, "jurisdiction": {"name": "Canada", "type": "country"},
                          "sku": "TSHIRT-M"}]})
}

/// Order `number` to Québec: S1 with three SKUs and two rates, S2 with a hoodie and a gift card.
pub(crate) fn entry(number: u64, recipient: &str) -> Value {
    json!({
        "order": {
            "source": "shop", "source_reference": number, "landedcost_request_id": format!("lc-{number}"),
            "source_created_at": "2025-06-01T09:30:00Z", "source_updated_at": "2025-06-01T09:30:00Z",
            "total": 187.45,
            "shipments": [{"shipment_id": "S1", "tax_transaction_id": format!("tx-{number}-express")},
                          {"shipment_id": "S2", "tax_transaction_id": format!("tx-{number}-s2")}]
        },
        "cart": {
            "ship_to": {"country_code": "CA", "province": "Quebec", "postal_code": "H2X 1Y4",
                        "address1": "1 Rue Sainte-Catherine", "city": "Montréal", "name": recipient},
            "caller_app": "shop", "currency_code": "CAD", "order_discount": 0,
            "shipments": [
                {"ship_from": {"country_code": "DE", "city": "Berlin"}, "shipment_id": "S1",
                 "shipping_rates": [{"shipping_rate_id": "standard", "shipping_rate": 9.95},
                                    {"shipping_rate_id": "express", "shipping_rate": 25.5}],
                 "items": [item("L1", "TSHIRT-M", "T-shirt", 2, true), item("L2", "MUG", "Mug", 1, true),
                           item("L3", "CAP", "Cap", 3, true)]},
                {"ship_from": {"country_code": "PT"}, "shipment_id": "S2",
                 "shipping_rates": [{"shipping_rate_id": "standard", "shipping_rate": 7}],
                 "items": [item("L4", "HOODIE", "Hoodie", 1, true), item("L5", "GIFT", "Gift card", 1, false)]}
            ]
        },
        "quote": {
            "landedcost_request_id": format!("lc-{number}"), "currency_code": "CAD",
            "external_reference_id": null, "created_at": "2025-06-01T09:29:00Z", "usd_conversion_rate": 0.73,
            "hs_codes": [{"sku": "TSHIRT-M", "hs_code": "610910"}],
            "shipments": [
                {"shipment_id": "S1", "shipment_type": "cross_border", "shipping_rate_taxes": [
                    {"shipping_rate_id": "standard", "shipping_rate": 9.95,
                     "tax_transaction_id": format!("tx-{number}-standard"), "landed_cost": landed("1.10")},
                    {"shipping_rate_id": "express", "shipping_rate": 25.5,
                     "tax_transaction_id": format!("tx-{number}-express"), "landed_cost": landed("3.40")}]},
                {"shipment_id": "S2", "shipment_type": "cross_border", "shipping_rate_taxes": [
                    {"shipping_rate_id": "standard", "shipping_rate": 7,
                     "tax_transaction_id": format!("tx-{number}-s2"), "landed_cost": landed("2.00")}]}
            ]
        }
    })
}

pub(crate) type Bodies = (
    TaxCalculationRequest,
    TaxCalculationResponse,
    OrderCreateRequest,
);

pub(crate) fn bodies(number: u64, recipient: &str) -> Bodies {
    let e = entry(number, recipient);
    (
        serde_json::from_value(e["cart"].clone()).unwrap(),
        serde_json::from_value(e["quote"].clone()).unwrap(),
        serde_json::from_value(e["order"].clone()).unwrap(),
    )
}

pub(crate) fn address(first: &str) -> LabelAddress {
    crate::synthetic::label_address(first)
}

pub(super) fn parcel(lines: &[(&str, u32)]) -> NewParcel {
    NewParcel {
        lines: lines
            .iter()
            .map(|(line, quantity)| NewParcelLine {
                source_line_id: line.to_string(),
                quantity: *quantity,
                asn: format!("ASN-{line}"),
            })
            .collect(),
        weight: Weight::new(dec("1.25"), WeightUnit::Pound),
        dimensions: Some(Dimensions {
            length: dec("30"),
            width: dec("20"),
            height: dec("10"),
            unit: LengthUnit::Centimetre,
        }),
        track_reference: "TR-1".into(),
        from: address("Station"),
        to: address("Zoë"),
    }
}

pub(super) fn label_answer(number: u64, status: LabelStatus, tracking: &str) -> LabelResponse {
    LabelResponse {
        is_error: status == LabelStatus::Error,
        result: LabelResult {
            order_number: number.to_string(),
            label_urls: vec![format!("https://labels.example/{number}.pdf")],
            status,
            tracking_code: tracking.into(),
            tracking_url: String::new(),
            base64: None,
            zpl: None,
            shipping_service: None,
        },
        error: None,
    }
}

pub(super) fn fulfillment_input(tracking: &str) -> FulfillmentInput {
    FulfillmentInput {
        tracking_number: tracking.into(),
        carrier: "DHL".into(),
        location: "BER-1".into(),
        shipped_at: datetime!(2025-06-02 10:00 UTC),
    }
}

pub(super) fn progress(order: &StationOrder, shipment: &str) -> Vec<(u32, u32, u32, u32)> {
    order
        .shipment(shipment)
        .unwrap()
        .items
        .iter()
        .map(|i| (i.ordered, i.in_parcels, i.fulfilled, i.left))
        .collect()
}

pub(super) fn invalid_fields(err: StationError) -> Vec<String> {
    match err {
        StationError::Invalid(errors) => errors.into_iter().map(|e| e.field).collect(),
        other => panic!("expected Invalid, got {other:?}"),
    }
}
