//! Landed-cost calculation: SPEC 2.1 – 2.14 (`POST /v1/landed-cost`), snake_case on the wire.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::num;

/// Text an answer repeats on many lines (a tax's name, its jurisdiction, a line's SKU): one
/// copy shared by every line that shows it. A typical answer has some thirty breakdown lines of
/// four texts each, and an allocation, a copy and a free for each would be a measurable share
/// of the calculation. On the wire it is a plain string.
pub type SharedText = std::sync::Arc<str>;

/// Free metadata object (SPEC: at most 4 KB serialized).
pub type CustomProperties = serde_json::Map<String, serde_json::Value>;

/// SPEC 2.1 `TaxCalculationRequest`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TaxCalculationRequest {
    pub ship_to: Address,
    pub caller_app: String,
    #[serde(default)]
    pub external_reference_id: Option<String>,
    pub currency_code: String,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub order_discount: Decimal,
    pub shipments: Vec<CartShipmentRequest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub custom_properties: Option<CustomProperties>,
}

/// SPEC 2.2 `ShipToAddress` and 2.3 `ShipFromAddress` share one shape. The order endpoints'
/// billing and destination addresses, whose fields SPEC.md does not show, use it too.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
pub struct Address {
    pub country_code: String,
    #[serde(default)]
    pub province: Option<String>,
    #[serde(default)]
    pub postal_code: Option<String>,
    #[serde(default)]
    pub address1: Option<String>,
    #[serde(default)]
    pub address2: Option<String>,
    #[serde(default)]
    pub city: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
}

/// SPEC 2.4 `CartShipmentRequest`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CartShipmentRequest {
    pub ship_from: Address,
    pub shipment_id: String,
    pub shipping_rates: Vec<ShippingRate>,
    pub items: Vec<CartItem>,
}

/// SPEC 2.5 `ShippingRate`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ShippingRate {
    pub shipping_rate_id: String,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub shipping_rate: Decimal,
}

/// SPEC 2.6 `CartItem`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CartItem {
    pub source_line_id: String,
    pub source_product_id: i64,
    pub source_variant_id: i64,
    #[serde(default)]
    pub hs_code: Option<String>,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub quantity: Decimal,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub unit_price: Decimal,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub unit_discount: Decimal,
    pub sku: String,
    pub product_name: String,
    pub variant_name: String,
    pub description: String,
    pub origin_country_code: String,
    pub category: String,
    pub requires_shipping: bool,
    pub weight: WireWeight,
}

/// SPEC 2.7 `Weight`. `unit` stays text on the wire so a wrong value gets a 422 naming the field;
/// `domain::Weight` is the checked form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(description = "SPEC 2.7 `Weight`: the weight of one unit.")]
pub struct WireWeight {
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub per_unit: Decimal,
    /// `g` | `lb`.
    pub unit: String,
}

/// SPEC 2.8 `TaxCalculationResponse`. Every field is required; nullable ones serialize as `null`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TaxCalculationResponse {
    pub landedcost_request_id: String,
    pub currency_code: String,
    #[schema(required = true)]
    pub external_reference_id: Option<String>,
    pub created_at: String,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub usd_conversion_rate: Decimal,
    pub shipments: Vec<CartShipmentResponse>,
    #[schema(required = true)]
    pub hs_codes: Option<Vec<SkuHsCodeEntry>>,
}

/// SPEC 2.9 `CartShipmentResponse`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CartShipmentResponse {
    pub shipment_id: String,
    pub shipment_type: ShipmentType,
    pub shipping_rate_taxes: Vec<ShippingRateTaxes>,
}

/// SPEC 3: `cross_border` or `local`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShipmentType {
    CrossBorder,
    Local,
}

impl ShipmentType {
    /// The wire text, as serde writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ShipmentType::CrossBorder => "cross_border",
            ShipmentType::Local => "local",
        }
    }
}

/// SPEC 2.10 `ShippingRateTaxesResponse`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ShippingRateTaxes {
    pub shipping_rate_id: String,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub shipping_rate: Decimal,
    pub tax_transaction_id: String,
    pub landed_cost: LandedCost,
}

/// SPEC 2.11 `LandedCost`: `total_taxes == shipment_taxes + product_taxes`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LandedCost {
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub duties: Decimal,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub total_taxes: Decimal,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub shipment_taxes: Decimal,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub product_taxes: Decimal,
    pub breakdown: Vec<TaxBreakdown>,
}

/// SPEC 2.12 `TaxBreakdown`. `rate` is a percentage (19 for 19 %).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TaxBreakdown {
    #[serde(rename = "type")]
    pub kind: BreakdownType,
    #[schema(value_type = String)]
    pub tax_name: SharedText,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub rate: Decimal,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub amount: Decimal,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub taxable_amount: Decimal,
    pub jurisdiction: Jurisdiction,
    #[schema(required = true, value_type = Option<String>)]
    pub sku: Option<SharedText>,
}

/// SPEC 3: breakdown `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BreakdownType {
    ShipmentTax,
    ProductTax,
    Duty,
}

impl BreakdownType {
    /// The wire text, as serde writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            BreakdownType::ShipmentTax => "shipment_tax",
            BreakdownType::ProductTax => "product_tax",
            BreakdownType::Duty => "duty",
        }
    }
}

/// SPEC 2.13 `Jurisdiction`; `type` is free text in the spec (state, country, federal, ...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Jurisdiction {
    #[schema(value_type = String)]
    pub name: SharedText,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: SharedText,
}

/// SPEC 2.14 `SkuHsCodeEntry`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SkuHsCodeEntry {
    pub sku: String,
    pub hs_code: String,
}
