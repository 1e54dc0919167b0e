//! Request bodies built from what the station recorded, so the UI never assembles wire fields
//! by hand: the split-parcel label request, the fulfillment and the cancellation updates.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::api::{
    Address, FieldError, Fulfillment, FulfillmentItem, LabelAddress, LabelRequest, LabelSku,
    OrderUpdateRequest, ShipmentUpdate,
};

use crate::domain::{FulfillmentStatus, ShipmentStatus};

use super::types::{
    FulfillmentInput, FulfillmentRecord, ItemProgress, LabelRecord, OrderStatus, Parcel, ParcelId,
    StationOrder, StationShipment,
};
use crate::station::error::StationError;

/// Station settings that go into a label request.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LabelOptions {
    pub brand_code: String,
    pub location_code: Option<String>,
    /// Ask for the label inline as base64 too.
    pub base64: bool,
    /// Ask for a ZPL label URL too (thermal printers).
    pub zpl: bool,
    /// The order's one label (only `orderNumber` sent): for an order with one shipment whose
    /// one parcel holds everything left, as the provider labels a whole order.
    pub full_order: bool,
}

/// A label address prefilled from an order address: the name split at its last space, the
/// phone left empty (orders carry none) for the packer to fill in.
pub fn prefill_label_address(address: &Address) -> LabelAddress {
    let name = address.name.as_deref().unwrap_or("").trim();
    let (first, last) = name.rsplit_once(' ').unwrap_or((name, ""));
    let text = |value: &Option<String>| value.as_deref().unwrap_or("").trim().to_string();
    LabelAddress {
        first_name: first.trim().to_string(),
        last_name: last.trim().to_string(),
        phone_number: String::new(),
        line1: text(&address.address1),
        line2: address
            .address2
            .as_deref()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string),
        city: text(&address.city),
        province: text(&address.province),
        country: address.country_code.trim().to_ascii_uppercase(),
        zipcode: text(&address.postal_code),
    }
}

impl StationOrder {
    /// The label's `orderNumber`.
    pub fn order_number(&self) -> String {
        self.source_reference.to_string()
    }

    pub fn shipment(&self, shipment_id: &str) -> Option<&StationShipment> {
        self.shipments.iter().find(|s| s.shipment_id == shipment_id)
    }

    /// A parcel with its shipment.
    pub fn parcel(&self, parcel: ParcelId) -> Option<(&StationShipment, &Parcel)> {
        self.shipments
            .iter()
            .find_map(|s| s.parcels.iter().find(|p| p.id == parcel).map(|p| (s, p)))
    }

    /// The full-order label request: only `orderNumber` (SPEC 4.4 rule 1).
    pub fn full_order_label_request(&self, base64: bool, zpl: bool) -> LabelRequest {
        LabelRequest {
            order_number: self.order_number(),
            base64: base64.then_some(true),
            zpl: zpl.then_some(true),
            ..LabelRequest::default()
        }
    }

    /// The split-parcel label request for a recorded parcel (SPEC 4.4 rule 2): its SKUs with
    /// ASNs, addresses, track reference, weight (as entered, and in grams as `parcelWeight`),
    /// dimensions, and the brand and location codes.
    pub fn parcel_label_request(
        &self,
        parcel: ParcelId,
        options: &LabelOptions,
    ) -> Result<LabelRequest, StationError> {
        let (_, parcel) = self
            .parcel(parcel)
            .ok_or(StationError::UnknownParcel(parcel))?;
        let dims = parcel.dimensions.as_ref();
        Ok(LabelRequest {
            order_number: self.order_number(),
            weight: Some(parcel.weight.value),
            weight_unit: Some(parcel.weight.unit.label_code().to_string()),
            length: dims.map(|d| d.length),
            width: dims.map(|d| d.width),
            height: dims.map(|d| d.height),
            dimensions_unit: dims.map(|d| d.unit.code().to_string()),
            base64: options.base64.then_some(true),
            skus: Some(
                parcel
                    .lines
                    .iter()
                    .map(|l| LabelSku {
                        sku_name: l.sku.clone(),
                        asn: l.asn.clone(),
                        quantity: l.quantity.into(),
                    })
                    .collect(),
            ),
            from_address: Some(parcel.from.clone()),
            to_address: Some(parcel.to.clone()),
            track_reference: Some(parcel.track_reference.clone()),
            parcel_weight: Some(parcel.weight.grams().round_dp(2).normalize().to_string()),
            brand_code: Some(options.brand_code.clone()),
            location_code: options.location_code.clone().filter(|c| !c.is_empty()),
            zpl: options.zpl.then_some(true),
        })
    }

    /// The `PUT /v1/orders` body that marks a parcel fulfilled (SPEC 4.3 rule 1): status
    /// `fulfilled`, the shipment's rate, and one fulfillment `in_transit` with the parcel's items.
    /// After a 204, record `shipments[0].fulfillments[0]` with `StationDb::record_fulfillment`.
    pub fn fulfillment_update(
        &self,
        parcel: ParcelId,
        input: &FulfillmentInput,
        source_updated_at: OffsetDateTime,
    ) -> Result<OrderUpdateRequest, StationError> {
        let (shipment, parcel) = self
            .parcel(parcel)
            .ok_or(StationError::UnknownParcel(parcel))?;
        if shipment.status == OrderStatus::Canceled {
            return Err(self.canceled(shipment, "fulfilled"));
        }
        if parcel.voided_at.is_some() {
            return Err(StationError::ParcelVoided(parcel.id));
        }
        if parcel.fulfillment.is_some() {
            return Err(StationError::ParcelFulfilled(parcel.id));
        }
        let mut items = Vec::new();
        for line in &parcel.lines {
            let progress = shipment
                .items
                .iter()
                .find(|i| i.item.source_line_id == line.source_line_id)
                .ok_or_else(|| StationError::Corrupt(format!("line {}", line.source_line_id)))?;
            items.push(FulfillmentItem {
                source_line_id: line.source_line_id.clone(),
                source_product_id: progress.item.source_product_id,
                source_variant_id: progress.item.source_variant_id,
                quantity: line.quantity.into(),
                hs_code: self.hs_code(progress),
            });
        }
        let fulfillment = Fulfillment {
            tracking_number: input.tracking_number.trim().to_string(),
            location: input.location.trim().to_string(),
            carrier: input.carrier.trim().to_string(),
            shipped_at: timestamp(input.shipped_at, "shipped_at")?,
            status: FulfillmentStatus::InTransit.as_str().into(),
            items,
        };
        self.update(
            source_updated_at,
            ShipmentUpdate {
                status: Some(ShipmentStatus::Fulfilled.as_str().into()),
                fulfillments: vec![fulfillment],
                ..self.rate_fields(shipment)
            },
        )
    }

    /// The `PUT /v1/orders` body that cancels a shipment (SPEC 4.3 rule 2).
    pub fn cancellation_update(
        &self,
        shipment_id: &str,
        source_updated_at: OffsetDateTime,
    ) -> Result<OrderUpdateRequest, StationError> {
        let shipment = self
            .shipment(shipment_id)
            .ok_or_else(|| StationError::UnknownShipment {
                order: self.source_reference,
                shipment_id: shipment_id.to_string(),
            })?;
        if let Some(reason) = shipment.why_cannot_cancel() {
            return Err(StationError::Invalid(vec![FieldError::new(
                "shipments",
                reason,
            )]));
        }
        self.update(
            source_updated_at,
            ShipmentUpdate {
                status: Some(ShipmentStatus::Canceled.as_str().into()),
                ..self.rate_fields(shipment)
            },
        )
    }

    fn rate_fields(&self, shipment: &StationShipment) -> ShipmentUpdate {
        ShipmentUpdate {
            shipment_id: shipment.shipment_id.clone(),
            shipping_rate_id: Some(shipment.rate.shipping_rate_id.clone()),
            shipping_rate: Some(shipment.rate.shipping_rate),
            ..ShipmentUpdate::default()
        }
    }

    fn update(
        &self,
        source_updated_at: OffsetDateTime,
        shipment: ShipmentUpdate,
    ) -> Result<OrderUpdateRequest, StationError> {
        Ok(OrderUpdateRequest {
            source_reference: self.source_reference,
            source_updated_at: timestamp(source_updated_at, "source_updated_at")?,
            shipments: vec![shipment],
            ..OrderUpdateRequest::default()
        })
    }

    /// The item's own HS code, else the one the quote assigned to its SKU.
    fn hs_code(&self, item: &ItemProgress) -> Option<String> {
        item.item.hs_code.clone().or_else(|| {
            self.quote
                .as_ref()
                .and_then(|q| q.hs_codes.as_ref())
                .and_then(|codes| codes.iter().find(|c| c.sku == item.item.sku))
                .map(|c| c.hs_code.clone())
        })
    }

    fn canceled(&self, shipment: &StationShipment, action: &'static str) -> StationError {
        StationError::ShipmentCanceled {
            order: self.source_reference,
            shipment_id: shipment.shipment_id.clone(),
            action,
        }
    }
}

impl StationShipment {
    /// The item line for a scanned SKU (any case), preferring one with units left.
    pub fn item_by_sku(&self, sku: &str) -> Option<&ItemProgress> {
        let sku = sku.trim();
        let mut matching = self
            .items
            .iter()
            .filter(|i| i.item.sku.eq_ignore_ascii_case(sku));
        let first = matching.clone().next();
        matching.find(|i| i.left > 0).or(first)
    }

    /// Units still to pack, over all lines.
    pub fn units_left(&self) -> u32 {
        self.items.iter().map(|i| i.left).sum()
    }

    /// Fulfillments sent so far, oldest parcel first.
    pub fn fulfillments(&self) -> impl Iterator<Item = &FulfillmentRecord> {
        self.parcels.iter().filter_map(|p| p.fulfillment.as_ref())
    }

    /// Why a new parcel cannot be packed (for a disabled button), or `None` when it can.
    pub fn why_cannot_pack(&self) -> Option<String> {
        if self.status == OrderStatus::Canceled {
            Some(format!("Shipment {} is canceled.", self.shipment_id))
        } else if self.units_left() == 0 {
            Some(format!(
                "Everything in shipment {} is packed.",
                self.shipment_id
            ))
        } else {
            None
        }
    }

    /// Why the shipment cannot be canceled, or `None` when it can.
    pub fn why_cannot_cancel(&self) -> Option<String> {
        match self.status {
            OrderStatus::Canceled => Some(format!(
                "Shipment {} is already canceled.",
                self.shipment_id
            )),
            OrderStatus::Fulfilled => Some(format!(
                "Shipment {} is fulfilled; there is nothing to cancel.",
                self.shipment_id
            )),
            _ => None,
        }
    }
}

impl Parcel {
    /// The most recent label answer.
    pub fn latest_label(&self) -> Option<&LabelRecord> {
        self.labels.last()
    }

    /// Why this parcel cannot be marked fulfilled, or `None` when it can.
    pub fn why_cannot_fulfill(&self, shipment: &StationShipment) -> Option<String> {
        if shipment.status == OrderStatus::Canceled {
            Some(format!("Shipment {} is canceled.", shipment.shipment_id))
        } else if self.voided_at.is_some() {
            Some("This parcel was voided.".into())
        } else if self.fulfillment.is_some() {
            Some("This parcel is already fulfilled.".into())
        } else {
            None
        }
    }
}

fn timestamp(at: OffsetDateTime, field: &str) -> Result<String, StationError> {
    at.format(&Rfc3339).map_err(|e| {
        StationError::Invalid(vec![FieldError::new(
            field,
            format!("cannot be written: {e}"),
        )])
    })
}
