//! Unit tests of `check`.

use super::*;
use crate::synthetic::synthetic_order;

fn fields(result: Result<PreparedOrder<'_>, Vec<FieldError>>) -> Vec<String> {
    match result {
        Ok(_) => Vec::new(),
        Err(errors) => errors.into_iter().map(|e| e.field).collect(),
    }
}

#[test]
fn a_consistent_order_is_prepared_with_its_summary() {
    let (create, mut cart, quote) = synthetic_order(42, 3);
    cart.ship_to.country_code = "us".into();
    cart.ship_to.province = Some("New York".into());
    let prepared = prepare(&create, &cart, Some(&quote)).unwrap();
    assert_eq!(prepared.reference, 42);
    assert_eq!(prepared.country_code, "US");
    assert_eq!(prepared.province.as_deref(), Some("NY"));
    assert_eq!(prepared.status, OrderStatus::Open);
    assert_eq!(prepared.shipments.len(), create.shipments.len());
}

#[test]
fn every_disagreement_is_named_with_its_path() {
    let (mut create, mut cart, mut quote) = synthetic_order(42, 0);
    cart.ship_to.country_code = "US".into();
    cart.ship_to.province = None;
    cart.ship_to.postal_code = Some(" ".into());
    cart.currency_code = "EURO".into();
    cart.shipments[0].items[0].quantity = "0.5".parse().unwrap();
    cart.shipments[0].items[0].weight.unit = "kg".into();
    create.source_created_at = "yesterday".into();
    quote.landedcost_request_id = "other".into();
    assert_eq!(
        fields(prepare(&create, &cart, Some(&quote))),
        [
            "order.source_created_at",
            "cart.ship_to.province",
            "cart.ship_to.postal_code",
            "cart.currency_code",
            "cart.shipments[0].items[0].quantity",
            "cart.shipments[0].items[0].weight.unit",
            "order.landedcost_request_id",
            "quote.currency_code",
        ]
    );
}

#[test]
fn shipments_must_match_between_cart_order_and_quote() {
    let (mut create, cart, quote) = synthetic_order(42, 1);
    assert!(
        create.shipments.len() >= 2,
        "synthetic order 1 has several shipments"
    );
    create.shipments[0].shipment_id = "S9".into();
    create.shipments[1].tax_transaction_id = "nope".into();
    assert_eq!(
        fields(prepare(&create, &cart, Some(&quote))),
        [
            "order.shipments[0].shipment_id",
            "order.shipments",
            "order.shipments[1].tax_transaction_id",
        ]
    );
}

#[test]
fn whole_units_only() {
    assert_eq!(whole_units("3".parse().unwrap()), Some(3));
    assert_eq!(whole_units("3.000".parse().unwrap()), Some(3));
    assert_eq!(whole_units("2.5".parse().unwrap()), None);
    assert_eq!(whole_units("0".parse().unwrap()), None);
    assert_eq!(whole_units("-1".parse().unwrap()), None);
    assert_eq!(whole_units("99999999999".parse().unwrap()), None);
}
