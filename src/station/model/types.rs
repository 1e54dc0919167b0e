//! What the station database hands to the UI: one order in full ([`StationOrder`]) and the
//! inputs of the recording calls.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::api::{
    Address, CartItem, FieldError, Fulfillment, LabelAddress, LabelRequest, LabelStatus,
    LandedCost, OrderCreateRequest, OrderUpdateRequest, ShipmentType, TaxCalculationRequest,
    TaxCalculationResponse,
};
use crate::domain::{LengthUnit, Weight};

pub use super::status::OrderStatus;

/// The order number: SPEC 2.16 `source_reference`, also the label's `orderNumber`.
pub type OrderNumber = u64;

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
        )]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

row_id!(
    /// A parcel packed at this station (unique in the station database).
    ParcelId
);
row_id!(
    /// One label answer (updated in place while it is pending).
    LabelId
);
row_id!(
    /// A fulfillment sent for one parcel.
    FulfillmentId
);
row_id!(
    /// A cached label document (PDF or ZPL bytes).
    DocumentId
);

/// How the order reached the station.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderOrigin {
    /// Submitted from this station's quote panel (`POST /v1/orders` answered 204).
    Submitted,
    /// Read from an import file (see `assets/import/README.md`).
    Imported,
}

/// One order in full, as the shipment detail view shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StationOrder {
    pub source_reference: OrderNumber,
    pub origin: OrderOrigin,
    pub status: OrderStatus,
    /// `source_created_at` of the create body.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    /// When this station recorded the order.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub recorded_at: OffsetDateTime,
    /// The order create body as submitted or imported.
    pub create: OrderCreateRequest,
    /// The cart that was quoted.
    pub cart: TaxCalculationRequest,
    /// The quote; `None` for orders imported without one.
    pub quote: Option<TaxCalculationResponse>,
    /// In the cart's order.
    pub shipments: Vec<StationShipment>,
}

/// A shipment: its chosen rate, locked landed cost, items with what is left to pack, and what
/// was packed, labelled, fulfilled or canceled so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StationShipment {
    pub shipment_id: String,
    pub status: OrderStatus,
    pub ship_from: Address,
    pub rate: ChosenRate,
    /// `None` when the order was imported without its quote.
    pub shipment_type: Option<ShipmentType>,
    /// The duties and taxes locked at order time; `None` when imported without a quote.
    pub landed_cost: Option<LandedCost>,
    /// In the cart's order.
    pub items: Vec<ItemProgress>,
    /// Oldest first, voided ones included.
    pub parcels: Vec<Parcel>,
    pub cancellation: Option<Cancellation>,
}

/// The rate chosen for a shipment: sent again with every fulfillment and cancellation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ChosenRate {
    pub shipping_rate_id: String,
    #[schema(value_type = String)]
    pub shipping_rate: Decimal,
    pub tax_transaction_id: String,
}

/// An item line with its progress. `left = ordered - in_parcels` for lines that require
/// shipping; lines that do not (digital goods) are never packed and have nothing left.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ItemProgress {
    pub item: CartItem,
    pub ordered: u32,
    /// Units in parcels packed so far (voided parcels do not count).
    pub in_parcels: u32,
    /// Units in fulfillments sent so far.
    pub fulfilled: u32,
    pub left: u32,
}

/// Parcel dimensions with their unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Dimensions {
    #[schema(value_type = String)]
    pub length: Decimal,
    #[schema(value_type = String)]
    pub width: Decimal,
    #[schema(value_type = String)]
    pub height: Decimal,
    pub unit: LengthUnit,
}

/// What a packer put in a parcel, for `StationDb::start_parcel`.
#[derive(Debug, Clone, PartialEq)]
pub struct NewParcel {
    pub lines: Vec<NewParcelLine>,
    pub weight: Weight,
    pub dimensions: Option<Dimensions>,
    /// Printed on the label (SPEC 2.18 `trackReference`).
    pub track_reference: String,
    pub from: LabelAddress,
    pub to: LabelAddress,
}

/// One line of a new parcel: which item line, how many units, and its ASN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewParcelLine {
    pub source_line_id: String,
    pub quantity: u32,
    /// Advanced Shipment Notice reference (SPEC 2.18 `asn`).
    pub asn: String,
}

/// A parcel as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Parcel {
    pub id: ParcelId,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    pub lines: Vec<ParcelLine>,
    pub weight: Weight,
    pub dimensions: Option<Dimensions>,
    pub track_reference: String,
    pub from: LabelAddress,
    pub to: LabelAddress,
    /// Set when the parcel was discarded before fulfillment; its units count as left again.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub voided_at: Option<OffsetDateTime>,
    /// Oldest first.
    pub labels: Vec<LabelRecord>,
    pub fulfillment: Option<FulfillmentRecord>,
}

/// A parcel line as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ParcelLine {
    pub source_line_id: String,
    pub sku: String,
    pub quantity: u32,
    pub asn: String,
}

/// A label answer as last received (a pending label is updated in place by later polls).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LabelRecord {
    pub id: LabelId,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub requested_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: OffsetDateTime,
    pub request: LabelRequest,
    pub status: LabelStatus,
    /// Empty until available.
    pub tracking_code: String,
    pub tracking_url: String,
    pub label_urls: Vec<String>,
    pub zpl_url: Option<String>,
    pub shipping_service: Option<String>,
    /// The service's field errors when `status` is `error`.
    pub errors: Vec<FieldError>,
    /// Documents cached so far (their bytes via `StationDb::label_document`): the label's own
    /// and any customs paperwork generated for it (see [`DocumentInfo::paper`]).
    pub documents: Vec<DocumentInfo>,
}

impl LabelRecord {
    /// The shipping label's own document of `kind`, never customs paperwork cached with it.
    pub fn label_document(&self, kind: DocumentKind) -> Option<&DocumentInfo> {
        self.documents
            .iter()
            .find(|d| d.paper == Paper::Label && d.kind == kind)
    }

    /// Whether any of the shipping label's own documents is cached.
    pub fn has_label_documents(&self) -> bool {
        self.documents.iter().any(|d| d.paper == Paper::Label)
    }
}

/// Which paper a cached document is: the shipping label, or customs paperwork the station
/// generated for the label's parcel.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Paper {
    Label,
    Invoice,
    Cn22,
    Cn23,
    PackingSlip,
}

impl Paper {
    pub const ALL: [Self; 5] = [
        Self::Label,
        Self::Invoice,
        Self::Cn22,
        Self::Cn23,
        Self::PackingSlip,
    ];

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Label => "label",
            Self::Invoice => "invoice",
            Self::Cn22 => "cn22",
            Self::Cn23 => "cn23",
            Self::PackingSlip => "packing_slip",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == text)
    }

    /// What a person calls it.
    pub fn title(&self) -> &'static str {
        match self {
            Self::Label => "Label",
            Self::Invoice => "Commercial invoice",
            Self::Cn22 => "CN22",
            Self::Cn23 => "CN23",
            Self::PackingSlip => "Packing slip",
        }
    }
}

/// A label document kept for reprinting offline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentKind {
    Pdf,
    Zpl,
}

impl DocumentKind {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Zpl => "zpl",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "pdf" => Some(Self::Pdf),
            "zpl" => Some(Self::Zpl),
            _ => None,
        }
    }
}

/// A label document fetched by the job runner, for `StationDb::record_label_documents`, or
/// customs paperwork generated for the label, for `StationDb::record_customs_documents`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelDocument {
    pub paper: Paper,
    pub kind: DocumentKind,
    /// The URL it was fetched from; `None` when it came inline in the answer (base64).
    pub url: Option<String>,
    pub bytes: Vec<u8>,
}

/// A cached document without its bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DocumentInfo {
    pub id: DocumentId,
    pub paper: Paper,
    pub kind: DocumentKind,
    pub url: Option<String>,
    pub size: u64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub fetched_at: OffsetDateTime,
}

/// A fulfillment as sent (`PUT /v1/orders` answered 204).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FulfillmentRecord {
    pub id: FulfillmentId,
    pub parcel_id: ParcelId,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub recorded_at: OffsetDateTime,
    pub sent: Fulfillment,
}

/// A cancellation as sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Cancellation {
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub recorded_at: OffsetDateTime,
    pub sent: OrderUpdateRequest,
}

/// What a packer enters to mark a parcel fulfilled; see `StationOrder::fulfillment_update`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FulfillmentInput {
    pub tracking_number: String,
    pub carrier: String,
    /// The station's location code (Settings).
    pub location: String,
    pub shipped_at: OffsetDateTime,
}

/// Which way an event went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// A body the station sent to the service.
    Sent,
    /// A body the service answered.
    Received,
    /// Something the station did on its own (import, parcel packed or voided, document cached).
    Local,
}

impl Direction {
    pub(crate) fn as_str(&self) -> &'static str {
        match self {
            Self::Sent => "sent",
            Self::Received => "received",
            Self::Local => "local",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "sent" => Some(Self::Sent),
            "received" => Some(Self::Received),
            "local" => Some(Self::Local),
            _ => None,
        }
    }
}

/// One entry of an order's event log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Event {
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub at: OffsetDateTime,
    pub shipment_id: Option<String>,
    pub parcel_id: Option<ParcelId>,
    pub direction: Direction,
    /// `order_create`, `quote`, `import`, `parcel_packed`, `parcel_voided`, `label_request`,
    /// `label_response`, `label_document`, `fulfillment`, `cancellation`.
    pub kind: String,
    #[schema(value_type = Object)]
    pub body: serde_json::Value,
    /// The desk and the person who wrote it (events before schema step 9 have neither).
    pub desk: Option<String>,
    pub person: Option<String>,
}
