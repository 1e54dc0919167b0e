//! `POST /v1/orders` and `PUT /v1/orders` (SPEC 2.16, 2.17, 4.2, 4.3, 8).

use super::address::address;
use super::common::Problems;
use super::landed_cost::unit_discount_within_price;
use super::path::JsonPath;
use crate::api::{
    FieldError, Fulfillment, FulfillmentItem, OrderCreateRequest, OrderUpdateRequest,
    ShipmentUpdate, UpdateItem,
};
use crate::domain::{FulfillmentStatus, ShipmentStatus};

const SOURCE_REFERENCE_MESSAGE: &str = "Enter the order's reference number from your store (a positive number): later updates find the order by it.";

/// Every problem of an order create request. Besides SPEC 4.2, `source_reference` must be
/// positive (0 is what a missing number becomes in most order systems) and no two shipments
/// may claim the same `tax_transaction_id` (each identifies one rate of one shipment).
pub fn order_create(req: &OrderCreateRequest) -> Vec<FieldError> {
    let root = JsonPath::root();
    let mut problems = Problems::new();
    problems.required(
        &root.key("source"),
        &req.source,
        "Enter the source system the order comes from (e.g. shopify, packdesk).",
    );
    if req.source_reference == 0 {
        problems.add(&root.key("source_reference"), SOURCE_REFERENCE_MESSAGE);
    }
    problems.required(
        &root.key("landedcost_request_id"),
        &req.landedcost_request_id,
        "Enter the landedcost_request_id returned by the latest landed-cost calculation of this cart.",
    );
    let created = problems.timestamp(
        &root.key("source_created_at"),
        &req.source_created_at,
        "creation time",
    );
    let updated_path = root.key("source_updated_at");
    let updated = problems.timestamp(&updated_path, &req.source_updated_at, "last update time");
    if let (Some(created), Some(updated)) = (created, updated)
        && updated < created
    {
        problems.add(
            &updated_path,
            "The last update time is before the creation time: an order cannot change before it exists.",
        );
    }
    let total = root.key("total");
    problems.not_negative(&total, req.total, "order total");
    problems.cents(&total, req.total, "order total");

    let shipments = root.key("shipments");
    problems.not_empty(
        &shipments,
        &req.shipments,
        "Add at least one shipment with its shipment_id and the tax_transaction_id of its chosen rate.",
    );
    for (index, shipment) in req.shipments.iter().enumerate() {
        let path = shipments.index(index);
        problems.required(
            &path.key("shipment_id"),
            &shipment.shipment_id,
            "Enter the shipment ID used in the landed-cost calculation.",
        );
        problems.required(
            &path.key("tax_transaction_id"),
            &shipment.tax_transaction_id,
            "Enter the tax_transaction_id of the shipping rate chosen for this shipment.",
        );
    }
    problems.unique(
        &shipments,
        "shipment_id",
        req.shipments.iter().map(|s| s.shipment_id.as_str()),
        "shipment ID",
        "list each shipment once.",
    );
    problems.unique(
        &shipments,
        "tax_transaction_id",
        req.shipments.iter().map(|s| s.tax_transaction_id.as_str()),
        "tax transaction ID",
        "each shipment needs the ID of its own chosen rate.",
    );
    problems.custom_properties(
        &root.key("custom_properties"),
        req.custom_properties.as_ref(),
    );
    if let Some(billing) = &req.billing_address {
        problems.append(address(billing, "billing_address", false));
    }
    problems.into_vec()
}

/// Every problem of an order update request. Only what is sent is checked, except that a
/// status brings its SPEC 4.3 companions: `fulfilled` needs `fulfillments`, `shipping_rate_id`
/// and `shipping_rate`; `canceled` needs the rate fields and no fulfillments. An update item's
/// `quantity` may be 0 (the product was removed from the shipment).
pub fn order_update(req: &OrderUpdateRequest) -> Vec<FieldError> {
    let root = JsonPath::root();
    let mut problems = Problems::new();
    if req.source_reference == 0 {
        problems.add(&root.key("source_reference"), SOURCE_REFERENCE_MESSAGE);
    }
    problems.timestamp(
        &root.key("source_updated_at"),
        &req.source_updated_at,
        "last update time",
    );
    if let Some(discount) = req.order_discount {
        problems.not_negative(&root.key("order_discount"), discount, "order discount");
    }
    let shipments = root.key("shipments");
    for (index, shipment) in req.shipments.iter().enumerate() {
        shipment_update(&mut problems, &shipments.index(index), shipment);
    }
    problems.unique(
        &shipments,
        "shipment_id",
        req.shipments.iter().map(|s| s.shipment_id.as_str()),
        "shipment ID",
        "send all changes of one shipment in a single shipment object.",
    );
    problems.custom_properties(
        &root.key("custom_properties"),
        req.custom_properties.as_ref(),
    );
    if let Some(destination) = &req.destination_address {
        problems.append(address(destination, "destination_address", true));
    }
    if let Some(billing) = &req.billing_address {
        problems.append(address(billing, "billing_address", false));
    }
    problems.into_vec()
}

fn shipment_update(problems: &mut Problems, path: &JsonPath, shipment: &ShipmentUpdate) {
    problems.required(
        &path.key("shipment_id"),
        &shipment.shipment_id,
        "Enter the shipment ID (an existing one to change it, a new one to add a shipment).",
    );
    let status = shipment
        .status
        .as_deref()
        .and_then(|text| shipment_status(problems, &path.key("status"), text));
    let rate_id = path.key("shipping_rate_id");
    problems.not_blank_if_present(
        &rate_id,
        shipment.shipping_rate_id.as_deref(),
        "Enter the ID of the shipping rate this shipment uses, or leave the field out.",
    );
    let rate = path.key("shipping_rate");
    if let Some(amount) = shipment.shipping_rate {
        problems.not_negative(&rate, amount, "shipping rate");
        problems.cents(&rate, amount, "shipping rate");
    }
    if let Some(amount) = shipment.refunded_amount {
        problems.not_negative(&path.key("refunded_amount"), amount, "refunded amount");
    }

    let fulfillments = path.key("fulfillments");
    if let Some(status) = status {
        let verb = match status {
            ShipmentStatus::Fulfilled => "mark it fulfilled",
            ShipmentStatus::Canceled => "cancel it",
        };
        if shipment.shipping_rate_id.is_none() {
            problems.add(
                &rate_id,
                format!("Enter the ID of the shipping rate this shipment uses: it is required to {verb}."),
            );
        }
        if shipment.shipping_rate.is_none() {
            problems.add(
                &rate,
                format!(
                    "Enter the cost of the shipment's shipping rate: it is required to {verb}."
                ),
            );
        }
        match status {
            ShipmentStatus::Fulfilled if shipment.fulfillments.is_empty() => problems.add(
                &fulfillments,
                "Add at least one fulfillment (tracking number, carrier, location, ship time, items) \
                 to mark the shipment fulfilled.",
            ),
            ShipmentStatus::Canceled if !shipment.fulfillments.is_empty() => problems.add(
                &fulfillments,
                "Remove the fulfillments: a canceled shipment is not sent. To record a parcel that \
                 did leave, mark the shipment fulfilled instead.",
            ),
            _ => {}
        }
    }
    for (index, fulfillment) in shipment.fulfillments.iter().enumerate() {
        fulfillment_check(problems, &fulfillments.index(index), fulfillment);
    }

    if let Some(items) = &shipment.items {
        let items_path = path.key("items");
        for (index, item) in items.iter().enumerate() {
            update_item(problems, &items_path.index(index), item);
        }
        problems.unique(
            &items_path,
            "source_line_id",
            items.iter().map(|item| item.source_line_id.as_str()),
            "line ID",
            "send all changes of one line in a single item.",
        );
    }
}

fn shipment_status(problems: &mut Problems, path: &JsonPath, text: &str) -> Option<ShipmentStatus> {
    let status = ShipmentStatus::parse(text);
    if status.is_none() {
        let hint = if text.trim().eq_ignore_ascii_case("cancelled") {
            " (canceled is spelled with one l)"
        } else {
            ""
        };
        problems.add(
            path,
            format!("\"{text}\" is not a shipment status: use fulfilled or canceled{hint}."),
        );
    }
    status
}

fn fulfillment_check(problems: &mut Problems, path: &JsonPath, fulfillment: &Fulfillment) {
    problems.required(
        &path.key("tracking_number"),
        &fulfillment.tracking_number,
        "Enter the tracking number of this parcel.",
    );
    problems.required(
        &path.key("location"),
        &fulfillment.location,
        "Enter the location (warehouse or fulfillment centre) the parcel left from.",
    );
    problems.required(
        &path.key("carrier"),
        &fulfillment.carrier,
        "Enter the carrier that took the parcel (e.g. UPS, DHL, Canada Post).",
    );
    problems.timestamp(
        &path.key("shipped_at"),
        &fulfillment.shipped_at,
        "ship time",
    );
    if FulfillmentStatus::parse(&fulfillment.status).is_none() {
        problems.add(
            &path.key("status"),
            format!(
                "\"{}\" is not a fulfillment status: use in_transit.",
                fulfillment.status
            ),
        );
    }
    let items = path.key("items");
    problems.not_empty(
        &items,
        &fulfillment.items,
        "Add at least one item: list the lines and quantities in this parcel.",
    );
    for (index, item) in fulfillment.items.iter().enumerate() {
        fulfillment_item(problems, &items.index(index), item);
    }
    problems.unique(
        &items,
        "source_line_id",
        fulfillment
            .items
            .iter()
            .map(|item| item.source_line_id.as_str()),
        "line ID",
        "list each line once per fulfillment with its total quantity.",
    );
}

fn fulfillment_item(problems: &mut Problems, path: &JsonPath, item: &FulfillmentItem) {
    problems.required(
        &path.key("source_line_id"),
        &item.source_line_id,
        "Enter the line ID of the order line in this parcel.",
    );
    problems.whole_positive(&path.key("quantity"), item.quantity, "quantity");
    problems.hs_code(&path.key("hs_code"), item.hs_code.as_deref());
}

fn update_item(problems: &mut Problems, path: &JsonPath, item: &UpdateItem) {
    problems.required(
        &path.key("source_line_id"),
        &item.source_line_id,
        "Enter the line ID of the order line to change.",
    );
    problems.hs_code(&path.key("hs_code"), item.hs_code.as_deref());
    if let Some(quantity) = item.quantity {
        problems.whole_not_negative(&path.key("quantity"), quantity, "quantity");
    }
    if let Some(price) = item.unit_price {
        problems.not_negative(&path.key("unit_price"), price, "unit price");
    }
    let discount_path = path.key("unit_discount");
    if let Some(discount) = item.unit_discount {
        problems.not_negative(&discount_path, discount, "unit discount");
        if let Some(price) = item.unit_price {
            unit_discount_within_price(problems, &discount_path, discount, price);
        }
    }
    let blank =
        |what: &str| format!("Enter the {what}, or leave the field out to keep it unchanged.");
    problems.not_blank_if_present(&path.key("sku"), item.sku.as_deref(), &blank("SKU"));
    problems.not_blank_if_present(
        &path.key("product_name"),
        item.product_name.as_deref(),
        &blank("product name"),
    );
    problems.not_blank_if_present(
        &path.key("category"),
        item.category.as_deref(),
        &blank("product category"),
    );
    if let Some(origin) = &item.origin_country_code {
        problems.country(&path.key("origin_country_code"), origin);
    }
    // No comparison with `quantity`: SPEC 2.17 does not say whether `quantity` is the line's
    // count before or after the refund, so either reading must pass.
    if let Some(refunded) = item.refunded_quantity {
        problems.whole_not_negative(
            &path.key("refunded_quantity"),
            refunded,
            "refunded quantity",
        );
    }
}
