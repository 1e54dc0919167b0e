//! The warehouse API's wire types (`packdesk warehouse serve`, served under `/v1/warehouse`),
//! shared by the server and the desks' client. Errors have the service's shape (`ErrorBody`).
//! Times are RFC 3339; money is decimal text.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /v1/warehouse/desks`: a desk exchanges its one-time code for its token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct EnrollRequest {
    /// The code `packdesk warehouse add-desk` printed (dashes, spaces and case do not matter).
    pub enrollment_code: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct EnrollResponse {
    /// The desk's token, shown this once: the desk keeps it in the OS credential store.
    pub desk_token: String,
    pub desk: String,
}

/// `POST /v1/warehouse/sessions`: a person signs in at an enrolled desk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SignInRequest {
    /// The person's name (any case) or badge code.
    pub person: String,
    pub pin: String,
}

/// Who is signed in where, and the session's token (only in the answer that opens it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SessionResponse {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_token: Option<String>,
    pub desk: String,
    /// The id this desk's claims carry (`ClaimView`s and orders' claims name it), so a desk
    /// knows its own.
    pub desk_id: String,
    /// Left out for the desk's own session (the app's one-desk server, nobody set up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<PersonView>,
    /// The session ends after this long without a request.
    pub idle_timeout_seconds: u64,
    /// A desk's own session does supervisor work until then (RFC 3339), once unlocked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supervisor_until: Option<String>,
}

/// `POST /v1/warehouse/sessions/current/unlock`: the one-desk supervisor PIN.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct UnlockRequest {
    pub pin: String,
}

/// `PUT /v1/warehouse/supervisor-pin`: the one-desk supervisor PIN set or changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SupervisorPinRequest {
    /// The PIN in force; needed once one is set.
    #[serde(default)]
    pub current: Option<String>,
    /// The new PIN, 4 to 8 digits.
    pub pin: String,
}

/// A person as the warehouse API shows them: never their PIN or its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PersonView {
    pub id: i64,
    pub name: String,
    /// `packer`, `supervisor` or `customer_service`.
    pub role: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub badge: Option<String>,
    pub active: bool,
}

/// `POST /v1/warehouse/people`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct NewPersonRequest {
    pub name: String,
    /// `packer`, `supervisor` or `customer_service`.
    pub role: String,
    #[serde(default)]
    pub badge: Option<String>,
    /// 4 to 8 digits.
    pub pin: String,
}

/// `POST /v1/warehouse/desks/enrollments`: a supervisor adds a desk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct NewDeskRequest {
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct EnrollmentCodeResponse {
    pub desk: String,
    /// Typed once at the desk (Settings → Warehouse); it works once.
    pub enrollment_code: String,
    pub expires_at: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DeskView {
    pub name: String,
    /// `pending` (a code was issued, not used yet), `enrolled` or `revoked`.
    pub state: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enrolled_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_at: Option<String>,
}

/// One row of the orders table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OrderSummary {
    pub order: String,
    pub recipient: String,
    /// `DE`, or `US-NY` with a province.
    pub destination: String,
    pub status: String,
    pub shipments: u32,
    /// Decimal text in `currency`.
    pub total: String,
    pub currency: String,
    pub created_at: String,
    pub skus: Vec<String>,
    /// ISO 3166-1 alpha-2 of the destination.
    pub country_code: String,
    /// Its state or province code, when the cart had one.
    #[serde(default)]
    pub province: Option<String>,
    /// What the desks' table search matches: number, recipient, SKUs and product names, in
    /// lower case.
    pub search_text: String,
}

/// `GET /v1/warehouse/orders?numbers=…`: only these orders' rows (what changed).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::IntoParams)]
pub struct OrdersQuery {
    /// Order numbers separated by commas; every order when left out.
    #[serde(default)]
    pub numbers: Option<String>,
}

/// `POST /v1/warehouse/orders`: a quoted cart submitted as an order (customer service).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SubmitOrderRequest {
    pub cart: crate::api::TaxCalculationRequest,
    pub quote: crate::api::TaxCalculationResponse,
    /// The create body the provider gets (`POST /v1/orders`).
    pub order: crate::api::OrderCreateRequest,
}

/// An order recorded, and the outbox entry that creates it at the provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OrderQueued {
    pub order: String,
    pub outbox_entry: i64,
}

/// `GET /v1/warehouse/scan?code=…`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::IntoParams)]
pub struct ScanQuery {
    /// What the scanner typed (an order number, `#` and scanner terminators allowed, or a SKU).
    pub code: String,
}

/// `POST …/claim`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClaimRequest {
    /// Take the shipment over from whoever holds it (a supervisor's right).
    #[serde(default)]
    pub take_over: bool,
}

/// A shipment's claim: who packs it, since when, until when unless renewed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClaimView {
    pub order: String,
    pub shipment_id: String,
    pub desk: String,
    /// The holding desk's claim id (`SessionResponse.desk_id` at that desk).
    #[serde(default)]
    pub desk_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<String>,
    pub since: String,
    pub until: String,
    /// "Being packed at Station 3 by Ana since 10:42 UTC."
    pub description: String,
}

/// The answer to a cancellation: recorded, and queued for the provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CancelResponse {
    pub order: String,
    pub shipment_id: String,
    pub outbox_entry: i64,
}

/// One line of a parcel: the order's item line, how many units, and its ASN.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ParcelLineRequest {
    pub line: String,
    pub quantity: u32,
    #[serde(default)]
    pub asn: String,
}

/// A measure with its unit: `{"value": "1.25", "unit": "pounds"}` (decimal text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct MeasureRequest {
    pub value: String,
    /// Weights: `grams` or `pounds`; lengths: `cm` or `in`.
    pub unit: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DimensionsRequest {
    pub length: String,
    pub width: String,
    pub height: String,
    /// `cm` or `in`.
    pub unit: String,
}

/// What the label is asked with (the merchant's brand and location codes).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LabelOptionsRequest {
    pub brand_code: String,
    #[serde(default)]
    pub location_code: Option<String>,
    #[serde(default)]
    pub base64: bool,
    #[serde(default)]
    pub zpl: bool,
    /// The order's one label (only `orderNumber` sent): an order with one shipment, packed
    /// whole into this parcel.
    #[serde(default)]
    pub full_order: bool,
}

/// `POST …/parcels`: a packed parcel, recorded with its label request queued.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PackRequest {
    pub lines: Vec<ParcelLineRequest>,
    pub weight: MeasureRequest,
    #[serde(default)]
    pub dimensions: Option<DimensionsRequest>,
    pub track_reference: String,
    pub from: crate::api::LabelAddress,
    pub to: crate::api::LabelAddress,
    pub label: LabelOptionsRequest,
}

/// A parcel recorded, or its label asked again, and the outbox entry that asks for the label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ParcelQueued {
    pub parcel: i64,
    pub outbox_entry: i64,
}

/// `POST …/parcels/{parcel}/fulfill`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FulfillRequest {
    pub tracking_number: String,
    pub carrier: String,
    /// The warehouse's location code.
    pub location: String,
    /// RFC 3339; now when left out.
    #[serde(default)]
    pub shipped_at: Option<String>,
}

/// `GET …/parcels/{parcel}/label`: the parcel's newest label as the server holds it, with the
/// documents a desk downloads to print (the label's own, and customs paperwork made for it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ParcelLabelView {
    pub parcel: i64,
    /// `None` until the provider answered the label request.
    #[serde(default)]
    pub label: Option<i64>,
    /// `None` until then too; `pending` while the provider makes it.
    #[serde(default)]
    pub status: Option<crate::api::LabelStatus>,
    /// Empty until available.
    #[serde(default)]
    pub tracking_code: String,
    #[serde(default)]
    pub tracking_url: String,
    /// The provider's field errors when `status` is `error`.
    #[serde(default)]
    pub errors: Vec<crate::api::FieldError>,
    #[serde(default)]
    pub documents: Vec<DocumentView>,
}

/// A document kept in the record; its bytes at `GET /v1/warehouse/documents/{id}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DocumentView {
    pub id: i64,
    /// `label`, `invoice`, `cn22`, `cn23` or `packing_slip`.
    pub paper: String,
    /// `pdf` or `zpl`.
    pub kind: String,
    pub size: u64,
}

/// An outbox entry as desks see it (`GET /v1/warehouse/outbox`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct OutboxEntryView {
    pub id: i64,
    /// `create`, `fulfill`, `cancel` or `label`.
    pub action: String,
    pub order: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipment_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parcel: Option<i64>,
    /// `queued`, `retrying`, `needs_attention`, …
    pub state: String,
    pub attempts: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
    pub field_errors: Vec<crate::api::FieldError>,
    /// The request it sends.
    #[schema(value_type = Object)]
    pub body: serde_json::Value,
    /// Its idempotency key (one entry per order create, parcel label, fulfillment, cancel).
    #[serde(default)]
    pub key: String,
    /// RFC 3339 times.
    #[serde(default)]
    pub created_at: String,
    #[serde(default)]
    pub next_attempt_at: String,
    /// Which server instance is sending it now, and until when.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leased_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_until: Option<String>,
    /// Which instance last tried it, and when.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tried_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tried_at: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct ResendRequest {
    /// The corrected request (a supervisor's); left out, the entry is sent as it is.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub body: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DiscardRequest {
    /// Why it is given up, for the history.
    pub reason: String,
}

/// The data of one `orders` event of `GET /v1/warehouse/changes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OrdersChanged {
    /// The orders that changed, by number.
    pub orders: Vec<String>,
}

/// `PATCH /v1/warehouse/people/{person}`: what changes; what is left out stays as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PersonUpdateRequest {
    #[serde(default)]
    pub name: Option<String>,
    /// `packer`, `supervisor` or `customer_service`.
    #[serde(default)]
    pub role: Option<String>,
    /// A new badge code; an empty one takes the badge away.
    #[serde(default)]
    pub badge: Option<String>,
    /// `false`: they can no longer sign in, and their sessions end at once.
    #[serde(default)]
    pub active: Option<bool>,
    /// A new PIN, 4 to 8 digits.
    #[serde(default)]
    pub pin: Option<String>,
}
