//! The store's public values: what it returns about orders and what it exchanges with the
//! label renderer.

use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::api::{Address, CustomProperties, LabelAddress, LandedCost};
use crate::domain::{Length, Weight};

/// A shipment's state. `Open` until an update says `fulfilled` or `canceled`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShipmentState {
    Open,
    Fulfilled,
    Canceled,
}

impl ShipmentState {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Fulfilled => "fulfilled",
            Self::Canceled => "canceled",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "open" => Some(Self::Open),
            "fulfilled" => Some(Self::Fulfilled),
            "canceled" => Some(Self::Canceled),
            _ => None,
        }
    }
}

impl crate::sql::FromValue for ShipmentState {
    fn from_value(value: crate::sql::Value) -> Result<Self, String> {
        let text = String::from_value(value)?;
        Self::parse(&text).ok_or_else(|| format!("unknown shipment status {text:?}"))
    }
}

/// An order as stored, with everything derived from its history.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderView {
    pub source_reference: u64,
    pub source: String,
    pub landedcost_request_id: String,
    pub currency_code: String,
    pub source_created_at: String,
    pub source_updated_at: String,
    pub total: Decimal,
    pub order_discount: Decimal,
    pub custom_properties: Option<CustomProperties>,
    pub billing_address: Option<Address>,
    /// The calculation's `ship_to`, or the latest correction of it.
    pub destination_address: Address,
    pub shipments: Vec<ShipmentView>,
    pub labels: Vec<LabelSummary>,
    /// How many entries the order's event history holds.
    pub events: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShipmentView {
    pub shipment_id: String,
    /// `None` for a shipment added by an update (it has no calculation).
    pub tax_transaction_id: Option<String>,
    pub status: ShipmentState,
    pub shipping_rate_id: String,
    pub shipping_rate: Decimal,
    /// The chosen rate's duties and taxes, locked when the order was created.
    pub landed_cost: Option<LandedCost>,
    pub ship_from: Option<Address>,
    pub refunded_amount: Decimal,
    pub items: Vec<ItemView>,
    pub fulfillments: Vec<FulfillmentView>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ItemView {
    pub source_line_id: String,
    pub source_product_id: i64,
    pub source_variant_id: i64,
    pub sku: String,
    pub product_name: String,
    pub variant_name: String,
    pub description: String,
    pub hs_code: Option<String>,
    pub origin_country_code: String,
    pub category: String,
    pub requires_shipping: bool,
    pub quantity: Decimal,
    pub unit_price: Decimal,
    pub unit_discount: Decimal,
    /// `None` for lines added by an update (the update item has no weight).
    pub weight_per_unit: Option<Weight>,
    /// Units recorded in fulfillments.
    pub fulfilled: Decimal,
    /// Units on parcel labels.
    pub labelled: Decimal,
    /// `refunded_quantity` as last reported.
    pub refunded: Decimal,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FulfillmentView {
    pub tracking_number: String,
    pub carrier: String,
    pub location: String,
    pub shipped_at: String,
    pub status: String,
    /// `(source_line_id, quantity)`.
    pub items: Vec<(String, Decimal)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LabelKind {
    /// The label of the whole order (SPEC 4.4 rule 1).
    Full,
    /// The label of one parcel of a split shipment (SPEC 4.4 rule 2).
    Parcel,
}

impl LabelKind {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Parcel => "parcel",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct LabelSummary {
    pub id: String,
    pub kind: LabelKind,
    pub track_reference: Option<String>,
    pub tracking_code: String,
    pub ready_at: OffsetDateTime,
}

/// The split-parcel fields of a label request (SPEC 2.18), already parsed by the HTTP layer.
#[derive(Debug, Clone, PartialEq)]
pub struct ParcelRequest {
    /// `(skuName, quantity)`; the same SKU may appear more than once (two ASNs).
    pub skus: Vec<(String, Decimal)>,
    pub track_reference: String,
    pub parcel_weight_grams: Decimal,
    pub brand_code: String,
    pub location_code: Option<String>,
    pub from: LabelAddress,
    pub to: LabelAddress,
    pub weight: Option<Weight>,
    pub dimensions: Option<(Length, Length, Length)>,
}

/// One line printed on a label.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelItem {
    pub sku: String,
    pub product_name: String,
    pub variant_name: String,
    pub quantity: Decimal,
    pub unit_weight: Option<Weight>,
    pub origin_country_code: String,
    pub hs_code: Option<String>,
}

/// Everything a label renderer needs; built by the store inside the label's transaction.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelContext {
    pub label_id: String,
    pub kind: LabelKind,
    pub order_number: String,
    /// The next value of the store's sequence (1, 2, ...), unique per label: the serial of
    /// the S10 tracking code.
    pub tracking_serial: u32,
    pub currency_code: String,
    /// Where the parcel goes: the parcel's `toAddress`, or the order's destination.
    pub ship_to: Address,
    /// Where it comes from: the parcel's `fromAddress`, or the origin of the order's first
    /// shipment that is not canceled.
    pub ship_from: Address,
    pub recipient_name: String,
    /// The shipments the label's items come from.
    pub shipment_ids: Vec<String>,
    /// The chosen rate of the first of those shipments (the renderer names the service by it).
    pub shipping_rate_id: String,
    pub items: Vec<LabelItem>,
    /// The parcel's weight as given, else `parcelWeight` in grams, else (full order) the sum of
    /// the items' weights when every item has one.
    pub weight: Option<Weight>,
    pub dimensions: Option<(Length, Length, Length)>,
    /// The split-parcel request, for a parcel label.
    pub parcel: Option<ParcelRequest>,
}

/// What a renderer returns.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelDocs {
    pub tracking_code: String,
    pub pdf: Vec<u8>,
    pub zpl: String,
    pub shipping_service: String,
}

/// A stored label; the HTTP layer answers `pending` while `now < ready_at`.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelRecord {
    pub id: String,
    pub order_number: String,
    pub tracking_code: String,
    pub shipping_service: String,
    pub ready_at: OffsetDateTime,
    pub pdf: Vec<u8>,
    pub zpl: String,
}

/// The document formats a label is stored in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocFormat {
    Pdf,
    Zpl,
}
