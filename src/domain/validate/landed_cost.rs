//! `POST /v1/landed-cost` (SPEC 2.1 – 2.7, 4.1, 8).

use rust_decimal::Decimal;

use super::address::address_at;
use super::common::Problems;
use super::path::JsonPath;
use crate::api::{CartItem, CartShipmentRequest, FieldError, ShippingRate, TaxCalculationRequest};
use crate::domain::WeightUnit;

/// Every problem of a landed-cost request.
///
/// `shipment_id` is unique in the request (the response is matched to shipments by it).
/// `shipping_rate_id` and `source_line_id` are unique within their shipment only: the response
/// lists rates under their shipment, and merchants' carrier platforms commonly reuse rate names
/// such as `standard` or `express` for every origin, so only a repeat inside one shipment is
/// ambiguous. `variant_name` and `description` are required keys but may be empty: many
/// products have no variant and no description.
pub fn landed_cost_request(req: &TaxCalculationRequest) -> Vec<FieldError> {
    let root = JsonPath::root();
    let mut problems = Problems::new();
    address_at(&mut problems, &root.key("ship_to"), &req.ship_to, true);
    problems.required(
        &root.key("caller_app"),
        &req.caller_app,
        "Enter the caller app: the name of the system sending this request (e.g. packdesk).",
    );
    problems.currency(&root.key("currency_code"), &req.currency_code);

    let discount = root.key("order_discount");
    problems.not_negative(&discount, req.order_discount, "order discount");
    if let Some(net) = net_product_value(&req.shipments)
        && req.order_discount > net
    {
        problems.add(
            &discount,
            format!(
                "The order discount ({}) is more than the products are worth after their unit \
                 discounts ({}): lower it to {} or less.",
                req.order_discount, net, net
            ),
        );
    }

    let shipments = root.key("shipments");
    problems.not_empty(
        &shipments,
        &req.shipments,
        "Add at least one shipment: each holds its origin, shipping rates and items.",
    );
    for (index, shipment) in req.shipments.iter().enumerate() {
        cart_shipment(&mut problems, &shipments.index(index), shipment);
    }
    problems.unique(
        &shipments,
        "shipment_id",
        req.shipments.iter().map(|s| s.shipment_id.as_str()),
        "shipment ID",
        "give each shipment of the request its own ID.",
    );
    problems.custom_properties(
        &root.key("custom_properties"),
        req.custom_properties.as_ref(),
    );
    problems.into_vec()
}

/// What the products of the cart are worth after unit discounts: the most the order discount
/// can take off. `None` when there is nothing to compare with or the sum overflows.
fn net_product_value(shipments: &[CartShipmentRequest]) -> Option<Decimal> {
    let items: Vec<&CartItem> = shipments.iter().flat_map(|s| &s.items).collect();
    if items.is_empty() {
        return None;
    }
    items.iter().try_fold(Decimal::ZERO, |sum, item| {
        let net_unit = (item.unit_price.checked_sub(item.unit_discount)?).max(Decimal::ZERO);
        sum.checked_add(net_unit.checked_mul(item.quantity.max(Decimal::ZERO))?)
    })
}

fn cart_shipment(problems: &mut Problems, path: &JsonPath, shipment: &CartShipmentRequest) {
    address_at(problems, &path.key("ship_from"), &shipment.ship_from, false);
    problems.required(
        &path.key("shipment_id"),
        &shipment.shipment_id,
        "Enter the shipment ID: it links the calculated rates to this shipment.",
    );

    let rates = path.key("shipping_rates");
    problems.not_empty(
        &rates,
        &shipment.shipping_rates,
        "Add at least one shipping rate: duties and taxes are calculated per rate.",
    );
    for (index, rate) in shipment.shipping_rates.iter().enumerate() {
        shipping_rate(problems, &rates.index(index), rate);
    }
    problems.unique(
        &rates,
        "shipping_rate_id",
        shipment
            .shipping_rates
            .iter()
            .map(|r| r.shipping_rate_id.as_str()),
        "shipping rate ID",
        "give each rate of a shipment its own ID.",
    );

    let items = path.key("items");
    problems.not_empty(
        &items,
        &shipment.items,
        "Add at least one item to the shipment.",
    );
    for (index, item) in shipment.items.iter().enumerate() {
        cart_item(problems, &items.index(index), item);
    }
    problems.unique(
        &items,
        "source_line_id",
        shipment
            .items
            .iter()
            .map(|item| item.source_line_id.as_str()),
        "line ID",
        "give each line of a shipment its own source_line_id.",
    );
}

fn shipping_rate(problems: &mut Problems, path: &JsonPath, rate: &ShippingRate) {
    problems.required(
        &path.key("shipping_rate_id"),
        &rate.shipping_rate_id,
        "Enter the shipping rate ID from your carrier platform.",
    );
    let amount = path.key("shipping_rate");
    problems.not_negative(&amount, rate.shipping_rate, "shipping rate");
    problems.cents(&amount, rate.shipping_rate, "shipping rate");
}

fn cart_item(problems: &mut Problems, path: &JsonPath, item: &CartItem) {
    problems.required(
        &path.key("source_line_id"),
        &item.source_line_id,
        "Enter the line ID: your order system's ID of this line.",
    );
    problems.hs_code(&path.key("hs_code"), item.hs_code.as_deref());
    problems.whole_positive(&path.key("quantity"), item.quantity, "quantity");
    problems.not_negative(&path.key("unit_price"), item.unit_price, "unit price");
    let discount = path.key("unit_discount");
    problems.not_negative(&discount, item.unit_discount, "unit discount");
    unit_discount_within_price(problems, &discount, item.unit_discount, item.unit_price);
    problems.required(&path.key("sku"), &item.sku, "Enter the SKU of the product.");
    problems.required(
        &path.key("product_name"),
        &item.product_name,
        "Enter the product name: customs declarations show it.",
    );
    problems.country(&path.key("origin_country_code"), &item.origin_country_code);
    problems.required(
        &path.key("category"),
        &item.category,
        "Enter the product category (e.g. Apparel > T-shirts): it drives classification.",
    );
    let weight = path.key("weight");
    problems.not_negative(
        &weight.key("per_unit"),
        item.weight.per_unit,
        "weight per unit",
    );
    cart_weight_unit(problems, &weight.key("unit"), &item.weight.unit);
}

pub(super) fn unit_discount_within_price(
    problems: &mut Problems,
    path: &JsonPath,
    unit_discount: Decimal,
    unit_price: Decimal,
) {
    if unit_discount > unit_price && unit_price >= Decimal::ZERO {
        problems.add(
            path,
            format!(
                "The unit discount ({unit_discount}) is more than the unit price ({unit_price}): \
                 lower it to {unit_price} or less."
            ),
        );
    }
}

fn cart_weight_unit(problems: &mut Problems, path: &JsonPath, unit: &str) {
    if WeightUnit::parse_cart(unit).is_none() {
        problems.add(
            path,
            format!("\"{unit}\" is not a weight unit here: use g (grams) or lb (pounds)."),
        );
    }
}
