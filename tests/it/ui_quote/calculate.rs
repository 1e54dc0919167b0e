//! Load a cart, calculate it on a real service, read the figures on screen, choose rates and
//! submit the order the service then accepts.

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use packdesk::api::{BreakdownType, TaxBreakdown, TaxCalculationRequest, TaxCalculationResponse};
use packdesk::ui::quote::{QuoteCommand, QuoteView};
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::json;

use super::{cell, click, quote_panel, table_rows, type_in};
use crate::support::{TestService, dec, line};

/// Two shipments to Berlin, an order discount and a unit discount, as a cart file holds them.
fn cart_file() -> String {
    let mut tee = line(
        "L1", "TSHIRT-M", 2, "25.00", "610910", "CN", "apparel", "180",
    );
    tee["unit_discount"] = json!(2.5);
    let cart = json!({
        "ship_to": {"country_code": "DE", "postal_code": "10115", "city": "Berlin",
                    "address1": "Invalidenstraße 1", "name": "Alex Doe"},
        "caller_app": "webshop",
        "external_reference_id": "cart-77",
        "currency_code": "EUR",
        "order_discount": 5.00,
        "shipments": [
            {"ship_from": {"country_code": "US", "province": "NJ", "postal_code": "07302"},
             "shipment_id": "SHP-A",
             "shipping_rates": [
                 {"shipping_rate_id": "standard", "shipping_rate": 9.90},
                 {"shipping_rate_id": "express", "shipping_rate": 24.50}],
             "items": [tee,
                       line("L2", "SHOE-42", 1, "119.00", "640411", "VN", "footwear", "850"),
                       line("L3", "BAG-TOTE", 1, "189.00", "420221", "IT", "bags", "1100")]},
            {"ship_from": {"country_code": "GB", "postal_code": "SW1A 1AA"},
             "shipment_id": "SHP-B",
             "shipping_rates": [{"shipping_rate_id": "standard", "shipping_rate": 6.00}],
             "items": [line("L1", "MUG-W", 3, "12.00", "691200", "PT", "kitchen", "350")]}
        ]
    });
    serde_json::to_string_pretty(&cart).unwrap()
}

fn cents(amount: Decimal) -> Decimal {
    amount.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

fn money(amount: Decimal) -> String {
    format!("{:.2}", cents(amount))
}

/// Products minus discounts plus shipping, duties and taxes, worked out here from the cart and
/// the answer.
fn all_in(
    cart: &TaxCalculationRequest,
    answer: &TaxCalculationResponse,
    shipment: usize,
    rate: usize,
) -> Decimal {
    let net: Decimal = cart.shipments[shipment]
        .items
        .iter()
        .map(|i| cents(i.unit_price * i.quantity) - cents(i.unit_discount * i.quantity))
        .sum();
    let rate = &answer.shipments[shipment].shipping_rate_taxes[rate];
    net + cents(rate.shipping_rate) + rate.landed_cost.duties + rate.landed_cost.total_taxes
}

fn expected_row(line: &TaxBreakdown) -> Vec<String> {
    let kind = match line.kind {
        BreakdownType::Duty => "Duty",
        BreakdownType::ProductTax => "Product tax",
        BreakdownType::ShipmentTax => "Shipment tax",
    };
    vec![
        kind.to_string(),
        line.tax_name.to_string(),
        line.sku.as_deref().unwrap_or("—").to_string(),
        format!("{} ({})", line.jurisdiction.name, line.jurisdiction.kind),
        money(line.taxable_amount),
        line.rate.normalize().to_string(),
        money(line.amount),
    ]
}

#[tokio::test]
async fn load_calculate_read_choose_and_submit() {
    let service = TestService::start().await;
    let text = cart_file();
    let cart: TaxCalculationRequest = serde_json::from_str(&text).unwrap();
    let mut harness = quote_panel(QuoteView::default());

    harness.get_by_label("Load cart…").click();
    harness.run();
    assert_eq!(harness.state().intents, [QuoteCommand::LoadCart]);
    harness.state_mut().intents.clear();
    harness.state_mut().view.cart_loaded(&text);
    harness.run();
    let sku = harness
        .get_by_label("Shipment 2, item 1")
        .get_by_label("SKU")
        .value();
    assert_eq!(sku.as_deref(), Some("MUG-W"));

    // Saving writes the cart back as it was loaded.
    harness.get_by_label("Save cart…").click();
    harness.run();
    let Some(QuoteCommand::SaveCart(saved)) = harness.state_mut().intents.pop() else {
        panic!("Save cart should hand over the JSON");
    };
    assert_eq!(
        serde_json::from_str::<TaxCalculationRequest>(&saved).unwrap(),
        cart
    );

    harness.get_by_label("Calculate").click();
    // The spinner keeps repainting while the calculation is out: step instead of settling.
    harness.run_steps(3);
    let Some(QuoteCommand::Calculate(request)) = harness.state_mut().intents.pop() else {
        panic!(
            "the loaded cart is valid: {:?}",
            harness.state().view.errors
        );
    };
    assert_eq!(request, cart, "the loaded cart is sent unchanged");
    let answer = service.client.landed_cost(&request).await.unwrap();
    harness.state_mut().view.calculated(answer.clone());
    harness.run();

    let usd = format!("1 EUR = {} USD", answer.usd_conversion_rate.normalize());
    assert!(
        harness.query_by_label_contains(&usd).is_some(),
        "the USD rate is shown"
    );

    // Every figure of every rate, read from the grid on screen.
    for (s, shipment) in answer.shipments.iter().enumerate() {
        let region = format!("Result for shipment {}", shipment.shipment_id);
        for (r, rate) in shipment.shipping_rate_taxes.iter().enumerate() {
            let id = rate.shipping_rate_id.as_str();
            let cost = &rate.landed_cost;
            assert_eq!(cell(&harness, &region, "Duties", id), money(cost.duties));
            assert_eq!(
                cell(&harness, &region, "Product taxes", id),
                money(cost.product_taxes)
            );
            assert_eq!(
                cell(&harness, &region, "Shipment taxes", id),
                money(cost.shipment_taxes)
            );
            assert_eq!(
                cell(&harness, &region, "Total taxes", id),
                money(cost.total_taxes)
            );
            assert_eq!(
                cell(&harness, &region, "All-in total", id),
                money(all_in(&cart, &answer, s, r))
            );
        }
    }

    // The breakdown of one rate, row by row.
    let region = "Result for shipment SHP-A";
    click(&mut harness, region, "Breakdown for express");
    let lines = &answer.shipments[0].shipping_rate_taxes[1]
        .landed_cost
        .breakdown;
    assert!(
        !lines.is_empty(),
        "a 350 EUR cart to Germany owes duty and VAT"
    );
    let expected: Vec<Vec<String>> = lines.iter().map(expected_row).collect();
    assert_eq!(table_rows(&harness, region, "Type"), expected);

    // Choose a rate per shipment, enter the order number, submit.
    click(&mut harness, region, "Choose express");
    click(&mut harness, "Result for shipment SHP-B", "Choose standard");
    type_in(&mut harness, "Submit order", "Order number", "100234");
    let total = all_in(&cart, &answer, 0, 1) + all_in(&cart, &answer, 1, 0) - dec("5.00");
    let shown = format!("Order total {} EUR", money(total));
    assert!(
        harness.query_by_label(&shown).is_some(),
        "{shown:?} is on screen"
    );

    click(&mut harness, "Submit order", "Submit as order");
    let Some(QuoteCommand::SubmitOrder(order)) = harness.state_mut().intents.pop() else {
        panic!("Submit as order should hand over the order");
    };
    assert_eq!(order.source, "packdesk");
    assert_eq!(order.source_reference, 100_234);
    assert_eq!(order.landedcost_request_id, answer.landedcost_request_id);
    assert_eq!(order.total, cents(total));
    let chosen: Vec<(&str, &str)> = order
        .shipments
        .iter()
        .map(|s| (s.shipment_id.as_str(), s.tax_transaction_id.as_str()))
        .collect();
    assert_eq!(
        chosen,
        [
            (
                "SHP-A",
                answer.shipments[0].shipping_rate_taxes[1]
                    .tax_transaction_id
                    .as_str()
            ),
            (
                "SHP-B",
                answer.shipments[1].shipping_rate_taxes[0]
                    .tax_transaction_id
                    .as_str()
            ),
        ]
    );
    assert!(
        harness
            .get_by_label("Submit as order")
            .accesskit_node()
            .is_disabled(),
        "no double send"
    );

    service
        .client
        .create_order(&order)
        .await
        .expect("the service accepts the order (204)");
    harness.state_mut().view.order_submitted();
    harness.run();
    assert!(harness.query_by_label("Order 100234 submitted.").is_some());

    // Queued in the outbox and refused there (422): the message lands under the field it names.
    let refusal = packdesk::api::FieldError::new("source_reference", "is used by another order");
    harness
        .state_mut()
        .view
        .order_refused(100_234, &[refusal], "422");
    harness.run();
    let region = harness.get_by_label("Submit order");
    let field = region.get_by_label("Order number");
    let message = region.get_by_label("is used by another order");
    assert!(
        super::is_under(message.rect(), field.rect()),
        "the refusal is not under the order number"
    );
    // A refusal of some other order leaves this form alone.
    let mut view = harness.state().view.clone();
    view.order_errors = Default::default();
    view.order_refused(999, &[], "422");
    assert!(view.order_errors.is_empty());
}
