//! Typing a cart: problems appear under the field they belong to, whether found as typed or
//! reported by the service.

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use packdesk::api::{Address, ClientError};
use packdesk::domain::validate;
use packdesk::ui::quote::{QuoteCommand, QuoteForm, QuoteView};
use rust_decimal::Decimal;

use super::{is_under, quote_panel, type_in};
use crate::support::{TestService, cart};

const DESTINATION: &str = "Destination";
const ITEM: &str = "Shipment 1, item 1";

#[test]
fn a_typed_cart_shows_each_problem_under_its_field() {
    let mut harness = quote_panel(QuoteView::default());
    type_in(&mut harness, DESTINATION, "Country", "CA");
    type_in(
        &mut harness,
        DESTINATION,
        "Postal code (required)",
        "H2X 1Y4",
    );
    type_in(&mut harness, DESTINATION, "City", "Montréal");
    type_in(&mut harness, "Shipment 1", "Country", "US");
    type_in(&mut harness, "Shipment 1, rate 1", "Rate ID", "standard");
    type_in(&mut harness, "Shipment 1, rate 1", "Amount", "9.90");
    type_in(&mut harness, ITEM, "SKU", "TEE-ORG-M");
    type_in(&mut harness, ITEM, "Product name", "Organic cotton T-shirt");
    type_in(&mut harness, ITEM, "Unit price", "12,5x");
    type_in(&mut harness, ITEM, "Origin country", "PT");
    type_in(&mut harness, ITEM, "Category", "apparel");
    type_in(&mut harness, ITEM, "Weight per unit", "180");

    // The province is required for Canada: the message the rules give, under the field.
    let ca_without_province = Address {
        country_code: "CA".into(),
        postal_code: Some("H2X 1Y4".into()),
        ..Address::default()
    };
    let expected = validate::address(&ca_without_province, "ship_to", true)
        .into_iter()
        .find(|e| e.field == "ship_to.province")
        .expect("the rules require a Canadian province")
        .error;
    {
        let destination = harness.get_by_label(DESTINATION);
        let field = destination.get_by_label("Province / state (required)");
        let message = destination.get_by_label(&expected);
        assert!(
            is_under(message.rect(), field.rect()),
            "{expected:?} is not under the province field"
        );
    }

    // Text that is not a number gets its own message under the price, and no request is sent.
    {
        let item = harness.get_by_label(ITEM);
        let message = item.get_by_label_contains("\"12,5x\" is not a number");
        assert!(is_under(
            message.rect(),
            item.get_by_label("Unit price").rect()
        ));
    }
    harness.get_by_label("Calculate").click();
    harness.run();
    assert!(
        harness.state().intents.is_empty(),
        "nothing is sent while the form has problems"
    );

    type_in(&mut harness, ITEM, "Unit price", "25.00");
    type_in(
        &mut harness,
        DESTINATION,
        "Province / state (required)",
        "Quebec",
    );
    assert!(
        harness.query_by_label(&expected).is_none(),
        "the province message goes once it is typed"
    );
    assert!(
        harness
            .get_by_label(ITEM)
            .query_by_label_contains("is not a number")
            .is_none()
    );

    harness.get_by_label("Calculate").click();
    // The spinner keeps repainting while the calculation is out: step instead of settling.
    harness.run_steps(3);
    let Some(QuoteCommand::Calculate(request)) = harness.state().intents.first() else {
        panic!(
            "Calculate should be asked for: {:?}",
            harness.state().view.errors
        );
    };
    assert_eq!(request.ship_to.country_code, "CA");
    assert_eq!(
        request.ship_to.province.as_deref(),
        Some("QC"),
        "a province name is sent as its code"
    );
    let item = &request.shipments[0].items[0];
    assert_eq!(item.unit_price, "25.00".parse::<Decimal>().unwrap());
    assert_eq!(
        (item.weight.per_unit.to_string(), item.weight.unit.as_str()),
        ("180".into(), "g")
    );
    assert!(
        harness.state().view.calculating,
        "the button is held until the answer comes"
    );
    assert!(
        harness
            .get_by_label("Calculate")
            .accesskit_node()
            .is_disabled()
    );
}

#[tokio::test]
async fn a_service_422_shows_under_the_item_field_it_names() {
    let service = TestService::start().await;
    let mut cart = cart("DE", None, Some("10115"));
    // Local rules accept any whole quantity; the service caps a line at a million units.
    cart.shipments[0].items[1].quantity = Decimal::from(2_000_000);
    let mut harness = quote_panel(QuoteView::new(QuoteForm::from_request(&cart)));
    harness.get_by_label("Calculate").click();
    // The spinner keeps repainting while the calculation is out: step instead of settling.
    harness.run_steps(3);
    let Some(QuoteCommand::Calculate(request)) = harness.state_mut().intents.pop() else {
        panic!("the cart is valid as far as the form can tell");
    };

    let error = service.client.landed_cost(&request).await.unwrap_err();
    let ClientError::Validation { errors } = &error else {
        panic!("expected a 422, got {error:?}");
    };
    let quantity = errors
        .iter()
        .find(|e| e.field == "shipments[0].items[1].quantity")
        .unwrap_or_else(|| panic!("the service names the quantity: {errors:?}"));
    harness.state_mut().view.calculation_failed(&error);
    harness.run();

    {
        let item = harness.get_by_label("Shipment 1, item 2");
        let message = item.get_by_label(&quantity.error);
        assert!(is_under(
            message.rect(),
            item.get_by_label("Quantity").rect()
        ));
        assert!(
            harness
                .get_by_label(ITEM)
                .query_by_label(&quantity.error)
                .is_none()
        );
    }
    assert!(!harness.state().view.calculating);

    type_in(&mut harness, "Shipment 1, item 2", "Quantity", "2");
    assert!(
        harness.query_by_label(&quantity.error).is_none(),
        "editing the field clears the service's message"
    );
}
