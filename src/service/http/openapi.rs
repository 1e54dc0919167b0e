//! The service's OpenAPI 3.1 document, as `GET /openapi.json` serves it: its base, its shared
//! response descriptions and its examples.
//!
//! The operations come from the handlers' `#[utoipa::path]` attributes, the schemas from the wire
//! types in `crate::api`, and the security of each operation from the route table in `mod.rs`,
//! which also builds the router (and serves the document built from it): what is served is what
//! is documented. The request examples
//! here follow one order through the service (calculate, create the order with the ids of that
//! answer, fulfill it, label it), so each can be sent as it is except for those ids.

use serde_json::{Value, json};
use utoipa::Modify;
use utoipa::openapi::OpenApi;
use utoipa::openapi::path::{Operation, PathItem, Paths};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};

use super::auth::API_KEY_HEADER;

/// The API-key scheme's name in `components.securitySchemes`.
pub const API_KEY_SCHEME: &str = "directApiKey";
/// The label endpoint's Bearer scheme's name in `components.securitySchemes`.
pub const BEARER_SCHEME: &str = "labelAccessToken";

// Response descriptions shared by the operations (ARCHITECTURE.md, "the service's answers").
pub(super) const BAD_REQUEST: &str =
    "Malformed JSON or a value of the wrong JSON type; `field` is the path of the wrong value.";
pub(super) const UNAUTHORIZED_KEY: &str =
    "The `x-service-direct-api-key` header is missing or wrong.";
pub(super) const UNAUTHORIZED_BEARER: &str =
    "The `Authorization: Bearer` access token is missing or wrong.";
pub(super) const PAYLOAD_TOO_LARGE: &str = "The request body is larger than 1 MiB.";
pub(super) const INVALID: &str = "The body breaks a rule, or a required field is missing: every \
     problem is listed with the full JSON path of its field.";
pub(super) const INTERNAL: &str =
    "The service failed to process the request; nothing is said about why (the cause is logged).";

const DESCRIPTION: &str = "The Packdesk reference landed-cost, order and label service.\n\n\
Money, rates, quantities and measures are exact decimal JSON numbers (`type: number`, \
`format: decimal`): send them as numbers, never as strings; every digit is kept, none passes \
through binary floating point. Fields whose values are a fixed set of words (weight units, \
shipment status) are plain strings, so a wrong word is answered with a 422 naming the field.\n\n\
Every error an operation answers has the body `{\"error\": [{\"field\": \"<JSON path>\", \"error\": \"<what to do>\"}]}`; \
the label endpoint answers its errors in its own shape, with `isError: true`, \
`result.status: \"error\"` and the same `error` list.";

#[derive(utoipa::OpenApi)]
#[openapi(
    info(title = "Packdesk reference service", description = DESCRIPTION),
    modifiers(&SecuritySchemes),
    tags(
        (name = "landed cost", description = "Duties and taxes of a cart, for every shipping rate"),
        (name = "orders", description = "Orders placed on a calculation, and their changes"),
        (name = "labels", description = "Shipping labels of an order, and the documents and tracking pages they link to"),
        (name = "service", description = "The service itself"),
    )
)]
struct Base;

/// The document before the routes are added: info, tags and the two credentials.
pub(super) fn base() -> OpenApi {
    <Base as utoipa::OpenApi>::openapi()
}

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            API_KEY_SCHEME,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                API_KEY_HEADER,
                "The merchant's API key: landed cost and orders.",
            ))),
        );
        components.add_security_scheme(
            BEARER_SCHEME,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The access token of the label endpoint: `Authorization: Bearer <token>`.",
                    ))
                    .build(),
            ),
        );
    }
}

/// Marks every operation of `paths` as needing the credential `scheme`.
pub(crate) fn require(paths: &mut Paths, scheme: &str) {
    for item in paths.paths.values_mut() {
        for (_, operation) in operations_mut(item) {
            operation.security = Some(vec![SecurityRequirement::new(scheme, Vec::<String>::new())]);
        }
    }
}

/// Adds to every operation of `paths` what any request may be answered: 400 to input that
/// cannot be read (where it takes any), and when the server is pressed (`serving`) 429 to an
/// address over its rate and 503 to a request not answered in time.
pub(crate) fn limited(paths: &mut Paths) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let answer = |description: &str| {
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build()
    };
    for item in paths.paths.values_mut() {
        let parameters_in_path = !item.parameters.as_ref().is_none_or(Vec::is_empty);
        for (_, operation) in operations_mut(item) {
            let reads_input = operation.request_body.is_some()
                || parameters_in_path
                || operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
            let responses = &mut operation.responses.responses;
            if reads_input {
                responses.entry("400".into()).or_insert_with(|| {
                    answer(
                        "The request could not be read: malformed JSON, a value of the wrong \
                         type, or a path parameter that is not one; `field` names it where it \
                         can.",
                    )
                    .into()
                });
            }
            responses.entry("429".into()).or_insert_with(|| {
                answer(
                    "Too many requests from this address: send again after `Retry-After` \
                     seconds.",
                )
                .into()
            });
            responses
                .entry("503".into())
                .or_insert_with(|| answer("The server did not answer in time; send again.").into());
        }
    }
}

/// The HTTP methods `item` has an operation for.
pub(crate) fn methods(item: &PathItem) -> Vec<&'static str> {
    // A copy, so that one list of methods serves both.
    let mut item = item.clone();
    operations_mut(&mut item)
        .into_iter()
        .map(|(method, _)| method)
        .collect()
}

/// The operations of `item` with their methods (the ones axum can route).
fn operations_mut(item: &mut PathItem) -> Vec<(&'static str, &mut Operation)> {
    [
        ("GET", &mut item.get),
        ("PUT", &mut item.put),
        ("POST", &mut item.post),
        ("DELETE", &mut item.delete),
        ("OPTIONS", &mut item.options),
        ("HEAD", &mut item.head),
        ("PATCH", &mut item.patch),
        ("TRACE", &mut item.trace),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.as_mut().map(|op| (method, op)))
    .collect()
}

/// The order the examples follow: the label endpoint's `orderNumber` is this, as text.
const ORDER: u64 = 100234;

/// `POST /v1/landed-cost`: one shipment from Berlin to Paris, two rates.
pub(super) fn landed_cost_request() -> Value {
    json!({
        "ship_to": {
            "country_code": "FR", "postal_code": "75001", "address1": "12 Rue de Rivoli",
            "city": "Paris", "name": "Jean Dupont"
        },
        "caller_app": "example-shop",
        "external_reference_id": "cart-100234",
        "currency_code": "EUR",
        "order_discount": 0,
        "shipments": [{
            "ship_from": {
                "country_code": "DE", "postal_code": "10115", "address1": "Invalidenstrasse 1",
                "city": "Berlin", "name": "Example Shop GmbH"
            },
            "shipment_id": "S1",
            "shipping_rates": [
                {"shipping_rate_id": "standard", "shipping_rate": 9.90},
                {"shipping_rate_id": "express", "shipping_rate": 24.50}
            ],
            "items": [
                {
                    "source_line_id": "L1", "source_product_id": 1001, "source_variant_id": 2001,
                    "hs_code": "610910", "quantity": 2, "unit_price": 24.99, "unit_discount": 0,
                    "sku": "TSHIRT-M", "product_name": "Organic T-shirt",
                    "variant_name": "M / white", "description": "Cotton T-shirt",
                    "origin_country_code": "PT", "category": "apparel",
                    "requires_shipping": true, "weight": {"per_unit": 180, "unit": "g"}
                },
                {
                    "source_line_id": "L2", "source_product_id": 1002, "source_variant_id": 2002,
                    "hs_code": "691200", "quantity": 1, "unit_price": 12.50, "unit_discount": 2.50,
                    "sku": "MUG-W", "product_name": "Mug", "variant_name": "White",
                    "description": "Stoneware mug", "origin_country_code": "PT",
                    "category": "kitchen", "requires_shipping": true,
                    "weight": {"per_unit": 350, "unit": "g"}
                }
            ]
        }],
        "custom_properties": {"channel": "web"}
    })
}

/// `POST /v1/orders`: the order placed on the landed-cost example's `standard` rate. The two ids
/// stand for those of the landed-cost answer.
pub(super) fn order_create_request() -> Value {
    json!({
        "source": "example-shop",
        "source_reference": ORDER,
        "landedcost_request_id": "lc_c17e45837f224269a7dd2c5f06f2848b",
        "source_created_at": "2026-11-20T09:00:00Z",
        "source_updated_at": "2026-11-20T09:00:00Z",
        "total": 83.86,
        "shipments": [
            {"shipment_id": "S1", "tax_transaction_id": "lc_c17e45837f224269a7dd2c5f06f2848b-1"}
        ],
        "custom_properties": {"channel": "web"},
        "billing_address": {
            "country_code": "FR", "postal_code": "75001", "address1": "12 Rue de Rivoli",
            "city": "Paris", "name": "Jean Dupont"
        }
    })
}

/// `PUT /v1/orders`: the example order's shipment sent whole, with its tracking number.
pub(super) fn order_update_request() -> Value {
    json!({
        "source_reference": ORDER,
        "source_updated_at": "2026-11-21T10:00:00Z",
        "shipments": [{
            "shipment_id": "S1",
            "status": "fulfilled",
            "shipping_rate_id": "standard",
            "shipping_rate": 9.90,
            "fulfillments": [{
                "tracking_number": "00340434161094042557",
                "location": "BER1",
                "carrier": "DHL",
                "shipped_at": "2026-11-21T10:00:00Z",
                "status": "in_transit",
                "items": [
                    {"source_line_id": "L1", "source_product_id": 1001, "source_variant_id": 2001,
                     "quantity": 2, "hs_code": "610910"},
                    {"source_line_id": "L2", "source_product_id": 1002, "source_variant_id": 2002,
                     "quantity": 1, "hs_code": "691200"}
                ]
            }]
        }]
    })
}

/// `POST /api/post/fc/labels`: the label of the whole example order.
pub(super) fn full_order_label_request() -> Value {
    json!({"orderNumber": ORDER.to_string()})
}

/// `POST /api/post/fc/labels`: a split parcel of the example order, with its ZPL.
pub(super) fn parcel_label_request() -> Value {
    json!({
        "orderNumber": ORDER.to_string(),
        "skus": [{"skuName": "TSHIRT-M", "asn": "ASN-100234-1", "quantity": 2}],
        "weight": 360,
        "weightUnit": "grams",
        "length": 30,
        "width": 20,
        "height": 5,
        "dimensionsUnit": "cm",
        "fromAddress": {
            "firstName": "Anna", "lastName": "Schmidt", "phoneNumber": "+49 30 1234567",
            "line1": "Invalidenstrasse 1", "city": "Berlin", "province": "BE",
            "country": "DE", "zipcode": "10115"
        },
        "toAddress": {
            "firstName": "Jean", "lastName": "Dupont", "phoneNumber": "+33 1 23 45 67 89",
            "line1": "12 Rue de Rivoli", "city": "Paris", "province": "IDF",
            "country": "FR", "zipcode": "75001"
        },
        "trackReference": "100234-P1",
        "parcelWeight": "360",
        "brandCode": "EXAMPLE",
        "zpl": true
    })
}

/// The landed-cost example's answer.
pub(super) fn landed_cost_answer() -> Value {
    let breakdown = |shipping: Value, shipping_tax: Value| {
        json!([
            {"type": "product_tax", "tax_name": "VAT (TVA)", "rate": 20, "amount": 10.00,
             "taxable_amount": 49.98, "jurisdiction": {"name": "France", "type": "country"},
             "sku": "TSHIRT-M"},
            {"type": "product_tax", "tax_name": "VAT (TVA)", "rate": 20, "amount": 2.00,
             "taxable_amount": 10.00, "jurisdiction": {"name": "France", "type": "country"},
             "sku": "MUG-W"},
            {"type": "shipment_tax", "tax_name": "VAT (TVA) on shipping", "rate": 20,
             "amount": shipping_tax, "taxable_amount": shipping,
             "jurisdiction": {"name": "France", "type": "country"}, "sku": null}
        ])
    };
    json!({
        "landedcost_request_id": "lc_c17e45837f224269a7dd2c5f06f2848b",
        "currency_code": "EUR",
        "external_reference_id": "cart-100234",
        "created_at": "2026-11-24T00:59:41.999566633Z",
        "usd_conversion_rate": 1.1172,
        "shipments": [{
            "shipment_id": "S1",
            "shipment_type": "cross_border",
            "shipping_rate_taxes": [
                {
                    "shipping_rate_id": "standard", "shipping_rate": 9.90,
                    "tax_transaction_id": "lc_c17e45837f224269a7dd2c5f06f2848b-1",
                    "landed_cost": {
                        "duties": 0, "total_taxes": 13.98, "shipment_taxes": 1.98,
                        "product_taxes": 12.00, "breakdown": breakdown(json!(9.90), json!(1.98))
                    }
                },
                {
                    "shipping_rate_id": "express", "shipping_rate": 24.50,
                    "tax_transaction_id": "lc_c17e45837f224269a7dd2c5f06f2848b-2",
                    "landed_cost": {
                        "duties": 0, "total_taxes": 16.90, "shipment_taxes": 4.90,
                        "product_taxes": 12.00, "breakdown": breakdown(json!(24.50), json!(4.90))
                    }
                }
            ]
        }],
        "hs_codes": null
    })
}

/// A 422 answer: a required field left out.
pub(super) fn invalid_answer() -> Value {
    json!({"error": [{"field": "shipments[0].items[0].weight", "error": "This field is required."}]})
}

/// A label answer: ready at once (the reference service's default).
pub(super) fn label_answer() -> Value {
    json!({
        "isError": false,
        "result": {
            "orderNumber": ORDER.to_string(),
            "labelUrls": ["http://127.0.0.1:8787/labels/744496344d3542cc9bd9294a80a60d7b.pdf"],
            "status": "success",
            "trackingCode": "CP000000014DE",
            "trackingUrl": "http://127.0.0.1:8787/track/CP000000014DE",
            "shippingService": "Standard DDP"
        }
    })
}

/// A label error answer: the order is unknown.
pub(super) fn label_error_answer() -> Value {
    json!({
        "isError": true,
        "result": {
            "orderNumber": ORDER.to_string(),
            "labelUrls": [],
            "status": "error",
            "trackingCode": "",
            "trackingUrl": ""
        },
        "error": [{"field": "orderNumber", "error": format!("no order {ORDER}")}]
    })
}
