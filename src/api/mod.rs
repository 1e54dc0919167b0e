//! The wire contract of SPEC.md part 2, shared by the typed client and the reference service.

mod answer_json;
pub mod client;
pub mod error;
pub mod idempotency;
pub mod label;
pub mod landed_cost;
pub mod num;
pub mod order;
pub mod tls;
pub mod undecided;
pub mod warehouse;

pub use client::{Client, ClientConfig, ClientError, RetryPolicy, Secret};
pub use error::{ErrorBody, FieldError};
pub use idempotency::IdempotencyKey;
pub use label::{LabelAddress, LabelRequest, LabelResponse, LabelResult, LabelSku, LabelStatus};
pub use landed_cost::{
    Address, BreakdownType, CartItem, CartShipmentRequest, CartShipmentResponse, CustomProperties,
    Jurisdiction, LandedCost, SharedText, ShipmentType, ShippingRate, ShippingRateTaxes,
    SkuHsCodeEntry, TaxBreakdown, TaxCalculationRequest, TaxCalculationResponse, WireWeight,
};
pub use order::{
    Fulfillment, FulfillmentItem, OrderCreateRequest, OrderShipmentRef, OrderUpdateRequest,
    ShipmentUpdate, UpdateItem,
};
