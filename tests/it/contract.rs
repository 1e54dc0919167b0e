//! The wire contract of SPEC.md part 2: exact field names, exact decimals, optional fields.

use packdesk::api::*;
use serde_json::{Value, json};

use crate::decimal::dec;

fn cart_json() -> Value {
    json!({
        "ship_to": {"country_code": "CA", "province": "QC", "postal_code": "H2X 1Y4",
                    "address1": "1 Rue Sainte-Catherine", "address2": null, "city": "Montréal", "name": "Zoë Tremblay"},
        "caller_app": "shop-checkout",
        "external_reference_id": "cart-881",
        "currency_code": "CAD",
        "order_discount": 10.005,
        "shipments": [{
            "ship_from": {"country_code": "DE", "province": null, "postal_code": "10115",
                          "address1": null, "address2": null, "city": "Berlin", "name": null},
            "shipment_id": "S1",
            "shipping_rates": [{"shipping_rate_id": "express", "shipping_rate": 25.5}],
            "items": [{
                "source_line_id": "L1", "source_product_id": 1001, "source_variant_id": 2001,
                "hs_code": null, "quantity": 2, "unit_price": 49.99, "unit_discount": 0,
                "sku": "TSHIRT-M", "product_name": "T-shirt", "variant_name": "M",
                "description": "Cotton T-shirt", "origin_country_code": "PT", "category": "apparel",
                "requires_shipping": true, "weight": {"per_unit": 180, "unit": "g"}
            }]
        }],
        "custom_properties": {"channel": "web"}
    })
}

#[test]
fn landed_cost_request_round_trips_with_exact_decimals() {
    let text = cart_json().to_string();
    let req: TaxCalculationRequest = serde_json::from_str(&text).unwrap();
    assert_eq!(req.order_discount, dec("10.005"));
    assert_eq!(req.order_discount.to_string(), "10.005");
    assert_eq!(
        req.shipments[0].shipping_rates[0].shipping_rate.to_string(),
        "25.5"
    );
    assert_eq!(req.shipments[0].items[0].unit_price, dec("49.99"));
    let again = serde_json::to_string(&req).unwrap();
    assert!(again.contains(r#""order_discount":10.005"#), "{again}");
    assert!(again.contains(r#""shipping_rate":25.5"#), "{again}");
    assert!(again.contains(r#""unit_price":49.99"#), "{again}");
    let back: TaxCalculationRequest = serde_json::from_str(&again).unwrap();
    assert_eq!(back, req);
}

#[test]
fn amounts_beyond_f64_precision_survive() {
    // 0.1 + 0.2 style values and 17+ significant digits would change through f64.
    let body = r#"{"shipping_rate_id":"r","shipping_rate":12345678901234567.89}"#;
    let rate: ShippingRate = serde_json::from_str(body).unwrap();
    assert_eq!(rate.shipping_rate.to_string(), "12345678901234567.89");
    assert_eq!(serde_json::to_string(&rate).unwrap(), body);
}

#[test]
fn numbers_in_scientific_notation_are_read_exactly() {
    let rate: ShippingRate =
        serde_json::from_str(r#"{"shipping_rate_id":"r","shipping_rate":1.5e1}"#).unwrap();
    assert_eq!(rate.shipping_rate, dec("15"));
}

#[test]
fn a_string_where_a_number_belongs_is_rejected_with_its_path() {
    let mut cart = cart_json();
    cart["shipments"][0]["items"][0]["unit_price"] = json!("49.99");
    let text = cart.to_string();
    let de = &mut serde_json::Deserializer::from_str(&text);
    let err = serde_path_to_error::deserialize::<_, TaxCalculationRequest>(de).unwrap_err();
    assert_eq!(err.path().to_string(), "shipments[0].items[0].unit_price");
}

#[test]
fn numbers_too_large_for_a_decimal_are_rejected_not_truncated() {
    let err =
        serde_json::from_str::<ShippingRate>(r#"{"shipping_rate_id":"r","shipping_rate":1e40}"#);
    assert!(err.is_err());
}

#[test]
fn landed_cost_response_uses_spec_field_names_and_keeps_nulls() {
    let resp = TaxCalculationResponse {
        landedcost_request_id: "lc_1".into(),
        currency_code: "EUR".into(),
        external_reference_id: None,
        created_at: "2026-11-22T10:00:00Z".into(),
        usd_conversion_rate: dec("1.0843"),
        shipments: vec![CartShipmentResponse {
            shipment_id: "S1".into(),
            shipment_type: ShipmentType::CrossBorder,
            shipping_rate_taxes: vec![ShippingRateTaxes {
                shipping_rate_id: "std".into(),
                shipping_rate: dec("4.90"),
                tax_transaction_id: "tt_1".into(),
                landed_cost: LandedCost {
                    duties: dec("3"),
                    total_taxes: dec("20.93"),
                    shipment_taxes: dec("0.93"),
                    product_taxes: dec("20.00"),
                    breakdown: vec![TaxBreakdown {
                        kind: BreakdownType::ShipmentTax,
                        tax_name: "Germany VAT".into(),
                        rate: dec("19"),
                        amount: dec("0.93"),
                        taxable_amount: dec("4.90"),
                        jurisdiction: Jurisdiction {
                            name: "Germany".into(),
                            kind: "country".into(),
                        },
                        sku: None,
                    }],
                },
            }],
        }],
        hs_codes: None,
    };
    let value: Value = serde_json::to_value(&resp).unwrap();
    assert_eq!(value["external_reference_id"], Value::Null);
    assert_eq!(value["hs_codes"], Value::Null);
    assert_eq!(value["shipments"][0]["shipment_type"], "cross_border");
    let line = &value["shipments"][0]["shipping_rate_taxes"][0]["landed_cost"]["breakdown"][0];
    assert_eq!(line["type"], "shipment_tax");
    assert_eq!(line["sku"], Value::Null);
    assert_eq!(line["jurisdiction"]["type"], "country");
    let text = serde_json::to_string(&resp).unwrap();
    assert!(text.contains(r#""shipping_rate":4.90"#), "{text}");
    assert_eq!(
        serde_json::from_str::<TaxCalculationResponse>(&text).unwrap(),
        resp
    );
}

#[test]
fn label_response_omits_optional_fields_when_absent() {
    let resp = LabelResponse {
        is_error: false,
        result: LabelResult {
            order_number: "1001".into(),
            label_urls: vec!["http://127.0.0.1:8787/labels/a.pdf".into()],
            status: LabelStatus::Pending,
            tracking_code: String::new(),
            tracking_url: String::new(),
            base64: None,
            zpl: None,
            shipping_service: None,
        },
        error: None,
    };
    let value = serde_json::to_value(&resp).unwrap();
    let result = value["result"].as_object().unwrap();
    for absent in ["base64", "zpl", "shippingService"] {
        assert!(
            !result.contains_key(absent),
            "{absent} must be omitted: {value}"
        );
    }
    assert!(!value.as_object().unwrap().contains_key("error"));
    assert_eq!(value["isError"], false);
    assert_eq!(result["status"], "pending");
    assert_eq!(result["trackingCode"], "");
    assert_eq!(result["labelUrls"][0], "http://127.0.0.1:8787/labels/a.pdf");

    let mut with_all = resp.clone();
    with_all.result.base64 = Some("JVBERi0=".into());
    with_all.result.zpl = Some("http://127.0.0.1:8787/labels/a.zpl".into());
    with_all.result.shipping_service = Some("Express DDP".into());
    let value = serde_json::to_value(&with_all).unwrap();
    assert_eq!(value["result"]["shippingService"], "Express DDP");
    assert_eq!(value["result"]["zpl"], "http://127.0.0.1:8787/labels/a.zpl");
}

#[test]
fn label_request_is_camel_case_and_sends_only_what_is_set() {
    let full_order = LabelRequest {
        order_number: "1001".into(),
        ..Default::default()
    };
    assert_eq!(
        serde_json::to_value(&full_order).unwrap(),
        json!({"orderNumber": "1001"})
    );

    let split: LabelRequest = serde_json::from_value(json!({
        "orderNumber": "1001", "weight": 1.25, "weightUnit": "pounds",
        "length": 30, "width": 20, "height": 10.5, "dimensionsUnit": "cm",
        "base64": true, "zpl": true, "trackReference": "P-1001-2", "parcelWeight": "567",
        "brandCode": "ACME", "locationCode": "BER1",
        "skus": [{"skuName": "TSHIRT-M", "asn": "ASN-1", "quantity": 2}],
        "fromAddress": {"firstName": "Ana", "lastName": "Lopes", "phoneNumber": "+49 30 123456",
                        "line1": "Hauptstr. 1", "city": "Berlin", "province": "BE", "country": "DE", "zipcode": "10115"},
        "toAddress": {"firstName": "Zoë", "lastName": "Tremblay", "phoneNumber": "+1 514 555 0100",
                      "line1": "1 Rue Sainte-Catherine", "line2": "App. 4", "city": "Montréal",
                      "province": "QC", "country": "CA", "zipcode": "H2X 1Y4"}
    }))
    .unwrap();
    assert_eq!(split.weight, Some(dec("1.25")));
    assert_eq!(split.height.map(|h| h.to_string()), Some("10.5".into()));
    assert_eq!(split.skus.as_ref().unwrap()[0].sku_name, "TSHIRT-M");
    assert_eq!(
        split.to_address.as_ref().unwrap().line2.as_deref(),
        Some("App. 4")
    );
    assert_eq!(split.from_address.as_ref().unwrap().line2, None);
    let again = serde_json::to_value(&split).unwrap();
    assert_eq!(again["parcelWeight"], "567");
    assert!(again["fromAddress"].get("line2").is_none());
}

#[test]
fn order_bodies_use_spec_field_names() {
    let create: OrderCreateRequest = serde_json::from_value(json!({
        "source": "shopify", "source_reference": 1001, "landedcost_request_id": "lc_1",
        "source_created_at": "2026-11-20T09:00:00Z", "source_updated_at": "2026-11-20T09:00:00Z",
        "total": 152.47, "shipments": [{"tax_transaction_id": "tt_1", "shipment_id": "S1"}],
        "billing_address": {"country_code": "CA", "province": "QC", "postal_code": "H2X 1Y4"}
    }))
    .unwrap();
    assert_eq!(create.total.to_string(), "152.47");
    assert_eq!(
        create.billing_address.unwrap().province.as_deref(),
        Some("QC")
    );

    let update = OrderUpdateRequest {
        source_reference: 1001,
        source_updated_at: "2026-11-21T09:00:00Z".into(),
        shipments: vec![ShipmentUpdate {
            shipment_id: "S1".into(),
            status: Some("fulfilled".into()),
            shipping_rate_id: Some("express".into()),
            shipping_rate: Some(dec("25.50")),
            fulfillments: vec![Fulfillment {
                tracking_number: "LX123456785DE".into(),
                location: "BER1".into(),
                carrier: "DHL".into(),
                shipped_at: "2026-11-21T09:00:00Z".into(),
                status: "in_transit".into(),
                items: vec![FulfillmentItem {
                    source_line_id: "L1".into(),
                    source_product_id: 1001,
                    source_variant_id: 2001,
                    quantity: dec("2"),
                    hs_code: Some("610910".into()),
                }],
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let value = serde_json::to_value(&update).unwrap();
    assert_eq!(value["shipments"][0]["shipping_rate"].to_string(), "25.50");
    assert_eq!(
        value["shipments"][0]["fulfillments"][0]["items"][0]["quantity"],
        2
    );
    assert!(
        value.get("order_discount").is_none(),
        "absent changes are not sent: {value}"
    );
}

#[test]
fn error_body_is_a_list_of_field_and_message() {
    let body: ErrorBody = serde_json::from_value(json!({"error": [
        {"field": "ship_to.province", "error": "Enter the province."}
    ]}))
    .unwrap();
    assert_eq!(
        body.error[0],
        FieldError::new("ship_to.province", "Enter the province.")
    );
    assert_eq!(
        serde_json::to_value(&body).unwrap()["error"][0]["field"],
        "ship_to.province"
    );
}
