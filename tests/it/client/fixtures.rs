//! Requests and answers the client tests send and serve.

use packdesk::api::{Client, LabelRequest, OrderCreateRequest, TaxCalculationRequest};

use super::server::TestServer;

pub const LANDED_COST_RESPONSE: &str = r#"{
  "landedcost_request_id": "lc_9", "currency_code": "EUR", "external_reference_id": null,
  "created_at": "2025-06-01T10:00:00Z", "usd_conversion_rate": 1.0825,
  "shipments": [{"shipment_id": "s1", "shipment_type": "cross_border", "shipping_rate_taxes": [{
    "shipping_rate_id": "r1", "shipping_rate": 25.50, "tax_transaction_id": "tx1",
    "landed_cost": {"duties": 10.005, "total_taxes": 5.10, "shipment_taxes": 0.10,
      "product_taxes": 5.00, "breakdown": [{"type": "duty", "tax_name": "Customs duty",
      "rate": 12, "amount": 10.005, "taxable_amount": 83.375,
      "jurisdiction": {"name": "DE", "type": "country"}, "sku": "MUG-1"}]}}]}],
  "hs_codes": null}"#;

pub const LABEL_OK: &str = r#"{"isError": false, "result": {"orderNumber": "A1",
  "labelUrls": ["/labels/A1.pdf"], "status": "success", "trackingCode": "TRK1",
  "trackingUrl": "https://track.example/TRK1"}}"#;

pub const FIELDS_422: &str = r#"{"error": [
  {"field": "ship_to.province", "error": "Province is required for US destinations."},
  {"field": "shipments[0].items[0].weight.unit", "error": "Use g or lb."}]}"#;

pub fn landed_cost_request() -> TaxCalculationRequest {
    serde_json::from_str(
        r#"{"ship_to": {"country_code": "US", "province": "NY", "postal_code": "10001"},
        "caller_app": "packdesk", "external_reference_id": null, "currency_code": "EUR",
        "order_discount": 0, "shipments": [{"ship_from": {"country_code": "DE"},
        "shipment_id": "s1", "shipping_rates": [{"shipping_rate_id": "r1", "shipping_rate": 25.50}],
        "items": [{"source_line_id": "l1", "source_product_id": 1, "source_variant_id": 2,
        "hs_code": "691200", "quantity": 3, "unit_price": 19.99, "unit_discount": 0,
        "sku": "MUG-1", "product_name": "Mug", "variant_name": "Blue", "description": "Mug",
        "origin_country_code": "DE", "category": "kitchen", "requires_shipping": true,
        "weight": {"per_unit": 0.35, "unit": "kg"}}]}]}"#,
    )
    .unwrap()
}

pub fn order_create() -> OrderCreateRequest {
    serde_json::from_str(
        r#"{"source": "packdesk", "source_reference": 1001, "landedcost_request_id": "lc_9",
        "source_created_at": "2025-06-01T10:00:00Z", "source_updated_at": "2025-06-01T10:00:00Z",
        "total": 95.07, "shipments": [{"tax_transaction_id": "tx1", "shipment_id": "s1"}]}"#,
    )
    .unwrap()
}

pub fn full_label() -> LabelRequest {
    LabelRequest {
        order_number: "A1".into(),
        ..LabelRequest::default()
    }
}

pub fn client(server: &TestServer) -> Client {
    Client::new(server.config()).unwrap()
}

pub use crate::decimal::dec;
