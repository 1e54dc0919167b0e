//! `POST /v1/orders` and `PUT /v1/orders`: SPEC 2.16, 2.17, 4.2, 4.3 and 8.

use packdesk::api::{OrderCreateRequest, OrderUpdateRequest};
use packdesk::domain::validate;

use super::builders::{address, d, fulfillment, order_create, order_update, properties_of_size, s};
use super::{Case, assert_no_errors, assert_reports_all, check_table};

#[rustfmt::skip]
const CREATE_CASES: &[Case<OrderCreateRequest>] = &[
    ("source blank", |r| r.source = s(""), "source"),
    ("source reference zero", |r| r.source_reference = 0, "source_reference"),
    ("landed-cost ID blank", |r| r.landedcost_request_id = s(" "), "landedcost_request_id"),
    ("created time missing", |r| r.source_created_at = s(""), "source_created_at"),
    ("created time not ISO 8601", |r| r.source_created_at = s("14/03/2025 09:30"), "source_created_at"),
    ("updated time without offset", |r| r.source_updated_at = s("2025-03-14T10:45:00"), "source_updated_at"),
    ("updated before created", |r| r.source_updated_at = s("2025-03-14T09:29:59Z"), "source_updated_at"),
    ("total negative", |r| r.total = d("-1"), "total"),
    ("total with three decimals", |r| r.total = d("187.455"), "total"),
    ("no shipments", |r| r.shipments.clear(), "shipments"),
    ("shipment ID blank", |r| r.shipments[0].shipment_id = s(""), "shipments[0].shipment_id"),
    ("tax transaction ID blank", |r| r.shipments[1].tax_transaction_id = s(""), "shipments[1].tax_transaction_id"),
    ("shipment ID repeated", |r| r.shipments[1].shipment_id = s("S1"), "shipments[1].shipment_id"),
    ("tax transaction ID repeated", |r| r.shipments[1].tax_transaction_id = s("tt_1"), "shipments[1].tax_transaction_id"),
    ("custom properties over 4 KB", |r| r.custom_properties = Some(properties_of_size(4097)), "custom_properties"),
    ("billing country not ISO", |r| r.billing_address = Some(address("XX", None, None)), "billing_address.country_code"),
    ("billing ZIP malformed", |r| r.billing_address = Some(address("US", Some("NY"), Some("1"))), "billing_address.postal_code"),
];

#[rustfmt::skip]
const UPDATE_CASES: &[Case<OrderUpdateRequest>] = &[
    ("source reference zero", |r| r.source_reference = 0, "source_reference"),
    ("updated time missing", |r| r.source_updated_at = s(""), "source_updated_at"),
    ("updated time not a date", |r| r.source_updated_at = s("yesterday"), "source_updated_at"),
    ("order discount negative", |r| r.order_discount = Some(d("-5")), "order_discount"),
    ("custom properties over 4 KB", |r| r.custom_properties = Some(properties_of_size(5000)), "custom_properties"),
    ("corrected CA address without province", |r| r.destination_address = Some(address("CA", None, Some("H2X 1Y4"))), "destination_address.province"),
    ("corrected CA address with bad postal code", |r| r.destination_address = Some(address("CA", Some("QC"), Some("H2X 1Y"))), "destination_address.postal_code"),
    ("corrected address country not ISO", |r| r.destination_address = Some(address("", None, None)), "destination_address.country_code"),
    ("billing country not ISO", |r| r.billing_address = Some(address("GER", None, None)), "billing_address.country_code"),
    ("shipment ID blank", |r| r.shipments[0].shipment_id = s(""), "shipments[0].shipment_id"),
    ("shipment ID repeated", |r| r.shipments[2].shipment_id = s("S2"), "shipments[2].shipment_id"),
    ("unknown status", |r| r.shipments[0].status = Some(s("shipped")), "shipments[0].status"),
    ("cancelled spelled British", |r| r.shipments[1].status = Some(s("cancelled")), "shipments[1].status"),
    ("fulfilled without fulfillments", |r| r.shipments[0].fulfillments.clear(), "shipments[0].fulfillments"),
    ("fulfilled without rate ID", |r| r.shipments[0].shipping_rate_id = None, "shipments[0].shipping_rate_id"),
    ("fulfilled without rate", |r| r.shipments[0].shipping_rate = None, "shipments[0].shipping_rate"),
    ("canceled without rate ID", |r| r.shipments[1].shipping_rate_id = None, "shipments[1].shipping_rate_id"),
    ("canceled without rate", |r| r.shipments[1].shipping_rate = None, "shipments[1].shipping_rate"),
    ("canceled with fulfillments", |r| r.shipments[1].fulfillments = vec![fulfillment()], "shipments[1].fulfillments"),
    ("rate ID blank", |r| r.shipments[0].shipping_rate_id = Some(s("")), "shipments[0].shipping_rate_id"),
    ("rate negative", |r| r.shipments[1].shipping_rate = Some(d("-30")), "shipments[1].shipping_rate"),
    ("rate with three decimals", |r| r.shipments[0].shipping_rate = Some(d("12.505")), "shipments[0].shipping_rate"),
    ("refunded amount negative", |r| r.shipments[2].refunded_amount = Some(d("-25")), "shipments[2].refunded_amount"),
    ("tracking number blank", |r| r.shipments[0].fulfillments[0].tracking_number = s(""), "shipments[0].fulfillments[0].tracking_number"),
    ("location blank", |r| r.shipments[0].fulfillments[0].location = s(""), "shipments[0].fulfillments[0].location"),
    ("carrier blank", |r| r.shipments[0].fulfillments[0].carrier = s(" "), "shipments[0].fulfillments[0].carrier"),
    ("ship time without offset", |r| r.shipments[0].fulfillments[0].shipped_at = s("2025-03-15 16:20"), "shipments[0].fulfillments[0].shipped_at"),
    ("fulfillment status unknown", |r| r.shipments[0].fulfillments[0].status = s("delivered"), "shipments[0].fulfillments[0].status"),
    ("fulfillment without items", |r| r.shipments[0].fulfillments[0].items.clear(), "shipments[0].fulfillments[0].items"),
    ("fulfillment line ID blank", |r| r.shipments[0].fulfillments[0].items[1].source_line_id = s(""), "shipments[0].fulfillments[0].items[1].source_line_id"),
    ("fulfillment line repeated", |r| r.shipments[0].fulfillments[0].items[1].source_line_id = s("L1"), "shipments[0].fulfillments[0].items[1].source_line_id"),
    ("fulfillment quantity zero", |r| r.shipments[0].fulfillments[0].items[0].quantity = d("0"), "shipments[0].fulfillments[0].items[0].quantity"),
    ("fulfillment quantity fractional", |r| r.shipments[0].fulfillments[0].items[0].quantity = d("0.5"), "shipments[0].fulfillments[0].items[0].quantity"),
    ("fulfillment HS code malformed", |r| r.shipments[0].fulfillments[0].items[0].hs_code = Some(s("61-09")), "shipments[0].fulfillments[0].items[0].hs_code"),
    ("item line ID blank", |r| r.shipments[2].items.as_mut().unwrap()[0].source_line_id = s(""), "shipments[2].items[0].source_line_id"),
    ("item line repeated", |r| r.shipments[2].items.as_mut().unwrap()[1].source_line_id = s("L5"), "shipments[2].items[1].source_line_id"),
    ("item HS code malformed", |r| r.shipments[2].items.as_mut().unwrap()[0].hs_code = Some(s("12345678901")), "shipments[2].items[0].hs_code"),
    ("item quantity negative", |r| r.shipments[2].items.as_mut().unwrap()[0].quantity = Some(d("-1")), "shipments[2].items[0].quantity"),
    ("item quantity fractional", |r| r.shipments[2].items.as_mut().unwrap()[0].quantity = Some(d("1.5")), "shipments[2].items[0].quantity"),
    ("item unit price negative", |r| r.shipments[2].items.as_mut().unwrap()[0].unit_price = Some(d("-1")), "shipments[2].items[0].unit_price"),
    ("item unit discount negative", |r| r.shipments[2].items.as_mut().unwrap()[0].unit_discount = Some(d("-1")), "shipments[2].items[0].unit_discount"),
    ("item unit discount above price", |r| r.shipments[2].items.as_mut().unwrap()[1].unit_discount = Some(d("26")), "shipments[2].items[1].unit_discount"),
    ("item SKU blank", |r| r.shipments[2].items.as_mut().unwrap()[0].sku = Some(s("")), "shipments[2].items[0].sku"),
    ("item product name blank", |r| r.shipments[2].items.as_mut().unwrap()[0].product_name = Some(s("")), "shipments[2].items[0].product_name"),
    ("item category blank", |r| r.shipments[2].items.as_mut().unwrap()[0].category = Some(s("")), "shipments[2].items[0].category"),
    ("item origin not ISO", |r| r.shipments[2].items.as_mut().unwrap()[0].origin_country_code = Some(s("XK1")), "shipments[2].items[0].origin_country_code"),
    ("item refunded quantity negative", |r| r.shipments[2].items.as_mut().unwrap()[0].refunded_quantity = Some(d("-1")), "shipments[2].items[0].refunded_quantity"),
    ("item refunded quantity fractional", |r| r.shipments[2].items.as_mut().unwrap()[0].refunded_quantity = Some(d("0.5")), "shipments[2].items[0].refunded_quantity"),
];

#[test]
fn every_order_create_rule_names_its_field() {
    check_table(&order_create(), validate::order_create, CREATE_CASES);
}

#[test]
fn every_order_update_rule_names_its_field() {
    check_table(&order_update(), validate::order_update, UPDATE_CASES);
}

#[test]
fn minimal_updates_pass() {
    let mut request = order_update();
    request.shipments.clear();
    request.order_discount = None;
    request.custom_properties = None;
    request.destination_address = None;
    request.billing_address = None;
    assert_no_errors(&validate::order_update(&request));

    // A line removed from a shipment (quantity 0) and a blank HS code are accepted.
    let mut request = order_update();
    let items = request.shipments[2].items.as_mut().unwrap();
    items[0].quantity = Some(d("0"));
    items[0].refunded_quantity = Some(d("0"));
    items[1].hs_code = Some(s(""));
    assert_no_errors(&validate::order_update(&request));
}

#[test]
fn every_problem_is_reported_at_once() {
    let mut create = order_create();
    create.source_reference = 0;
    create.total = d("-0.001");
    create.shipments[0].tax_transaction_id.clear();
    let errors = validate::order_create(&create);
    assert_reports_all(
        &errors,
        &[
            "source_reference",
            "total",
            "shipments[0].tax_transaction_id",
        ],
    );
    // The negative total with three decimals breaks two rules.
    assert_eq!(errors.iter().filter(|e| e.field == "total").count(), 2);

    let mut update = order_update();
    update.shipments[0].fulfillments.clear();
    update.shipments[0].shipping_rate = None;
    update.shipments[1].shipping_rate_id = None;
    update.shipments[1].fulfillments = vec![fulfillment()];
    update.shipments[1].fulfillments[0].carrier.clear();
    let errors = validate::order_update(&update);
    assert_reports_all(
        &errors,
        &[
            "shipments[0].fulfillments",
            "shipments[0].shipping_rate",
            "shipments[1].shipping_rate_id",
            "shipments[1].fulfillments",
            "shipments[1].fulfillments[0].carrier",
        ],
    );
    assert_eq!(errors.len(), 5, "{errors:#?}");
}

#[test]
fn british_spelling_gets_a_hint() {
    let mut request = order_update();
    request.shipments[1].status = Some(s("cancelled"));
    let errors = validate::order_update(&request);
    let status = errors
        .iter()
        .find(|e| e.field == "shipments[1].status")
        .unwrap();
    assert!(status.error.contains("one l"), "{}", status.error);
}
