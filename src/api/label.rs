//! Labels: SPEC 2.18 and 2.19 (`POST {labels_url}`), camelCase on the wire.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::FieldError;
use super::num;

/// SPEC 2.18 label request. Only `orderNumber` is always required: with nothing else it asks for
/// the full order's label; with `skus` it asks for a split-parcel label, and then `fromAddress`,
/// `toAddress`, `trackReference`, `parcelWeight` and `brandCode` are required too.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelRequest {
    pub order_number: String,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub weight: Option<Decimal>,
    /// `grams` | `pounds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight_unit: Option<String>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub length: Option<Decimal>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub width: Option<Decimal>,
    #[serde(default, with = "num::opt", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, format = "decimal")]
    pub height: Option<Decimal>,
    /// `cm` | `in`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dimensions_unit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skus: Option<Vec<LabelSku>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_address: Option<LabelAddress>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_address: Option<LabelAddress>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track_reference: Option<String>,
    /// Parcel weight in grams, as text (SPEC 2.18).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parcel_weight: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brand_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zpl: Option<bool>,
}

/// SPEC 2.18 SKU object: one line of a split parcel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelSku {
    pub sku_name: String,
    pub asn: String,
    #[serde(with = "num")]
    #[schema(value_type = f64, format = "decimal")]
    pub quantity: Decimal,
}

/// SPEC 2.18 label address object.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelAddress {
    pub first_name: String,
    pub last_name: String,
    /// With its country code, e.g. `+49 30 1234567`.
    pub phone_number: String,
    pub line1: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line2: Option<String>,
    pub city: String,
    /// State or province code.
    pub province: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub zipcode: String,
}

/// SPEC 2.19 label response. On an error answer `result.status` is `error` and `error` lists
/// every problem (the SPEC 2.15 entries); on success `error` is absent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelResponse {
    pub is_error: bool,
    pub result: LabelResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<Vec<FieldError>>,
}

/// SPEC 2.19 `result`. `base64`, `zpl` and `shippingService` are omitted when absent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelResult {
    pub order_number: String,
    #[serde(default)]
    #[schema(required = true)]
    pub label_urls: Vec<String>,
    pub status: LabelStatus,
    /// Empty until available.
    #[serde(default)]
    #[schema(required = true)]
    pub tracking_code: String,
    /// Empty until available.
    #[serde(default)]
    #[schema(required = true)]
    pub tracking_url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<String>,
    /// URL of the ZPL document.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zpl: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_service: Option<String>,
}

/// SPEC 3: label `result.status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LabelStatus {
    Success,
    Pending,
    Error,
}
