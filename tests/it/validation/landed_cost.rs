//! `POST /v1/landed-cost`: SPEC 2.1 – 2.7 and 8, plus the checks a careful service adds.

use packdesk::api::TaxCalculationRequest;
use packdesk::domain::validate::{self, CUSTOM_PROPERTIES_MAX_BYTES};

use super::builders::{address, d, landed_cost, properties_of_size, s};
use super::{Case, assert_no_errors, assert_reports_all, check_table};

type R = TaxCalculationRequest;

#[rustfmt::skip]
const CASES: &[Case<R>] = &[
    ("ship_to country missing", |r| r.ship_to.country_code = s(" "), "ship_to.country_code"),
    ("ship_to country not ISO", |r| r.ship_to.country_code = s("XX"), "ship_to.country_code"),
    ("US destination without state", |r| r.ship_to.province = None, "ship_to.province"),
    ("US destination with a Canadian province", |r| r.ship_to.province = Some(s("QC")), "ship_to.province"),
    ("US destination without ZIP", |r| r.ship_to.postal_code = Some(s("")), "ship_to.postal_code"),
    ("US ZIP of four digits", |r| r.ship_to.postal_code = Some(s("1011")), "ship_to.postal_code"),
    ("CA destination without province", |r| r.ship_to = address("CA", None, Some("K1A 0B1")), "ship_to.province"),
    ("CA destination without postal code", |r| r.ship_to = address("CA", Some("ON"), None), "ship_to.postal_code"),
    ("CA postal code in US format", |r| r.ship_to = address("CA", Some("ON"), Some("10118")), "ship_to.postal_code"),
    ("caller_app blank", |r| r.caller_app = s("  "), "caller_app"),
    ("currency missing", |r| r.currency_code = s(""), "currency_code"),
    ("currency not ISO 4217", |r| r.currency_code = s("DOLLAR"), "currency_code"),
    ("order discount negative", |r| r.order_discount = d("-1"), "order_discount"),
    ("order discount above the products' net value", |r| r.order_discount = d("160.01"), "order_discount"),
    ("no shipments", |r| r.shipments.clear(), "shipments"),
    ("shipment ID repeated", |r| r.shipments[1].shipment_id = s("S1"), "shipments[1].shipment_id"),
    ("custom properties over 4 KB", |r| r.custom_properties = Some(properties_of_size(4097)), "custom_properties"),
    ("ship_from country missing", |r| r.shipments[0].ship_from.country_code = s(""), "shipments[0].ship_from.country_code"),
    ("ship_from country not ISO", |r| r.shipments[1].ship_from.country_code = s("PRT"), "shipments[1].ship_from.country_code"),
    ("ship_from state given but not real", |r| r.shipments[0].ship_from = address("US", Some("ZZ"), None), "shipments[0].ship_from.province"),
    ("ship_from ZIP given but malformed", |r| r.shipments[0].ship_from = address("US", None, Some("ABCDE")), "shipments[0].ship_from.postal_code"),
    ("shipment ID blank", |r| r.shipments[0].shipment_id = s(""), "shipments[0].shipment_id"),
    ("shipment without rates", |r| r.shipments[0].shipping_rates.clear(), "shipments[0].shipping_rates"),
    ("shipment without items", |r| r.shipments[1].items.clear(), "shipments[1].items"),
    ("rate ID blank", |r| r.shipments[0].shipping_rates[0].shipping_rate_id = s(""), "shipments[0].shipping_rates[0].shipping_rate_id"),
    ("rate ID repeated in a shipment", |r| r.shipments[0].shipping_rates[1].shipping_rate_id = s("standard"), "shipments[0].shipping_rates[1].shipping_rate_id"),
    ("rate negative", |r| r.shipments[0].shipping_rates[0].shipping_rate = d("-0.01"), "shipments[0].shipping_rates[0].shipping_rate"),
    ("rate with three decimals", |r| r.shipments[0].shipping_rates[1].shipping_rate = d("30.005"), "shipments[0].shipping_rates[1].shipping_rate"),
    ("line ID blank", |r| r.shipments[0].items[0].source_line_id = s(""), "shipments[0].items[0].source_line_id"),
    ("line ID repeated in a shipment", |r| r.shipments[1].items[1].source_line_id = s("L1"), "shipments[1].items[1].source_line_id"),
    ("HS code with letters", |r| r.shipments[0].items[0].hs_code = Some(s("61A910")), "shipments[0].items[0].hs_code"),
    ("HS code too short", |r| r.shipments[0].items[1].hs_code = Some(s("6109")), "shipments[0].items[1].hs_code"),
    ("quantity zero", |r| r.shipments[0].items[0].quantity = d("0"), "shipments[0].items[0].quantity"),
    ("quantity fractional", |r| r.shipments[0].items[0].quantity = d("1.5"), "shipments[0].items[0].quantity"),
    ("unit price negative", |r| r.shipments[0].items[0].unit_price = d("-25"), "shipments[0].items[0].unit_price"),
    ("unit discount negative", |r| r.shipments[0].items[0].unit_discount = d("-1"), "shipments[0].items[0].unit_discount"),
    ("unit discount above unit price", |r| r.shipments[0].items[0].unit_discount = d("25.01"), "shipments[0].items[0].unit_discount"),
    ("SKU blank", |r| r.shipments[0].items[0].sku = s(""), "shipments[0].items[0].sku"),
    ("product name blank", |r| r.shipments[0].items[0].product_name = s(" "), "shipments[0].items[0].product_name"),
    ("origin country missing", |r| r.shipments[0].items[0].origin_country_code = s(""), "shipments[0].items[0].origin_country_code"),
    ("origin country not ISO", |r| r.shipments[0].items[0].origin_country_code = s("EU"), "shipments[0].items[0].origin_country_code"),
    ("category blank", |r| r.shipments[0].items[0].category = s(""), "shipments[0].items[0].category"),
    ("weight negative", |r| r.shipments[0].items[0].weight.per_unit = d("-180"), "shipments[0].items[0].weight.per_unit"),
    ("weight unit kg", |r| r.shipments[1].items[1].weight.unit = s("kg"), "shipments[1].items[1].weight.unit"),
    ("weight unit in label spelling", |r| r.shipments[0].items[0].weight.unit = s("grams"), "shipments[0].items[0].weight.unit"),
];

#[test]
fn every_landed_cost_rule_names_its_field() {
    check_table(&landed_cost(), validate::landed_cost_request, CASES);
}

#[test]
fn lenient_where_the_spec_allows() {
    let mut request = landed_cost();
    // Region and postal code are only required for US and CA destinations.
    request.ship_to = address("DE", None, None);
    // Exactly 4 KB, the full net value as discount, a blank HS code, a Canadian name and a
    // lower-case country code are all fine.
    request.custom_properties = Some(properties_of_size(CUSTOM_PROPERTIES_MAX_BYTES));
    request.order_discount = d("160");
    request.shipments[0].items[0].hs_code = Some(s(""));
    request.shipments[1].ship_from = address("ca", Some("Quebec"), Some("H2X1Y4"));
    request.shipments[0].items[1].weight.unit = s("lb");
    assert_no_errors(&validate::landed_cost_request(&request));
}

#[test]
fn every_problem_is_reported_at_once() {
    let mut request = landed_cost();
    request.caller_app.clear();
    request.ship_to.province = None;
    request.ship_to.postal_code = Some(s("ABC"));
    request.shipments[0].shipping_rates[0].shipping_rate = d("1.234");
    request.shipments[0].items[0].quantity = d("0");
    request.shipments[1].items[1].weight.unit = s("kg");
    request.shipments[1].shipment_id = s("S1");
    let errors = validate::landed_cost_request(&request);
    assert_reports_all(
        &errors,
        &[
            "caller_app",
            "ship_to.province",
            "ship_to.postal_code",
            "shipments[0].shipping_rates[0].shipping_rate",
            "shipments[0].items[0].quantity",
            "shipments[1].items[1].weight.unit",
            "shipments[1].shipment_id",
        ],
    );
    assert_eq!(errors.len(), 7, "{errors:#?}");
}

#[test]
fn destination_messages_say_what_to_enter() {
    let mut request = landed_cost();
    request.ship_to = address("CA", None, None);
    let errors = validate::landed_cost_request(&request);
    let province = errors
        .iter()
        .find(|e| e.field == "ship_to.province")
        .unwrap();
    assert!(province.error.contains("Canada"), "{}", province.error);
    assert!(province.error.contains("ON"), "{}", province.error);
    let postal = errors
        .iter()
        .find(|e| e.field == "ship_to.postal_code")
        .unwrap();
    assert!(postal.error.contains("A1A 1A1"), "{}", postal.error);
}

#[test]
fn addresses_alone_use_the_given_prefix() {
    let errors = validate::address(&address("US", None, None), "billing_address", false);
    assert_no_errors(&errors);
    let errors = validate::address(&address("US", None, None), "ship_to", true);
    assert_reports_all(&errors, &["ship_to.province", "ship_to.postal_code"]);
    assert_eq!(errors.len(), 2);
}
