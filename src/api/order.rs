//! Orders: SPEC 2.16 (`POST /v1/orders`) and 2.17 (`PUT /v1/orders`), snake_case on the wire.
//!
//! SPEC.md does not name the billing and destination address objects nor list their fields; they
//! are `billing_address` and `destination_address` here, with the `Address` (ShipToAddress) shape.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::landed_cost::{Address, CustomProperties};
use super::num;

/// SPEC 2.16 order create request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct OrderCreateRequest {
    pub source: String,
    /// The merchant's order number; 0 is refused.
    #[schema(minimum = 1)]
    pub source_reference: u64,
    pub landedcost_request_id: String,
    pub source_created_at: String,
    pub source_updated_at: String,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub total: Decimal,
    pub shipments: Vec<OrderShipmentRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub custom_properties: Option<CustomProperties>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billing_address: Option<Address>,
}

/// A shipment of an order create: which calculated rate was chosen for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OrderShipmentRef {
    pub tax_transaction_id: String,
    pub shipment_id: String,
}

/// SPEC 2.17 order update request. Only `source_reference` and `source_updated_at` are required;
/// everything else is a change to apply, and an absent field changes nothing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
pub struct OrderUpdateRequest {
    /// The merchant's order number; 0 is refused.
    #[schema(minimum = 1)]
    pub source_reference: u64,
    pub source_updated_at: String,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub order_discount: Option<Decimal>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shipments: Vec<ShipmentUpdate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub custom_properties: Option<CustomProperties>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_address: Option<Address>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billing_address: Option<Address>,
}

/// SPEC 2.17 shipment update object. `status` is text on the wire (`fulfilled` | `canceled`) so
/// a wrong value gets a 422 naming the field; `domain::ShipmentStatus` is the checked form.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[schema(
    description = "SPEC 2.17 shipment update object: a shipment to change (or add), with \
    only the fields to change."
)]
pub struct ShipmentUpdate {
    pub shipment_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `fulfilled` | `canceled`.
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_rate_id: Option<String>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub shipping_rate: Option<Decimal>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fulfillments: Vec<Fulfillment>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub refunded_amount: Option<Decimal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec<UpdateItem>>,
}

/// SPEC 2.17 fulfillment object: one batch of a shipment sent with its own tracking number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Fulfillment {
    pub tracking_number: String,
    pub location: String,
    pub carrier: String,
    pub shipped_at: String,
    /// `in_transit`.
    pub status: String,
    pub items: Vec<FulfillmentItem>,
}

/// An item line of a fulfillment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FulfillmentItem {
    pub source_line_id: String,
    pub source_product_id: i64,
    pub source_variant_id: i64,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub quantity: Decimal,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hs_code: Option<String>,
}

/// SPEC 2.17 update item object. `source_line_id` names the line; the other fields are the
/// values to change (a line that is new to the shipment must carry all of the cart item fields).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
pub struct UpdateItem {
    pub source_line_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hs_code: Option<String>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub quantity: Option<Decimal>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub unit_price: Option<Decimal>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub unit_discount: Option<Decimal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sku: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin_country_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires_shipping: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_product_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_variant_id: Option<i64>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub refunded_quantity: Option<Decimal>,
}
