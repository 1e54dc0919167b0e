//! The API's views read back into the desk's own types (the orders table's rows, people), so
//! the UI shows what the server sent the way it always showed the record.

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::error::WarehouseClientError;
use crate::api::warehouse::{OrderSummary, OutboxEntryView, PersonView};
use crate::station::db::{
    OrderRow, OrderStatus, OutboxAction, OutboxEntry, OutboxId, OutboxState, ParcelId, Person,
    PersonId, Role,
};

fn unreadable(what: &str, value: &str) -> WarehouseClientError {
    WarehouseClientError::Other {
        status: 200,
        message: format!("the server sent {what} \"{value}\", which this desk does not read"),
    }
}

/// A row of the orders table.
pub fn order_row(summary: OrderSummary) -> Result<OrderRow, WarehouseClientError> {
    Ok(OrderRow {
        source_reference: summary
            .order
            .parse()
            .map_err(|_| unreadable("an order number", &summary.order))?,
        status: OrderStatus::parse(&summary.status)
            .ok_or_else(|| unreadable("an order status", &summary.status))?,
        created_at: OffsetDateTime::parse(&summary.created_at, &Rfc3339)
            .map_err(|_| unreadable("a time", &summary.created_at))?,
        total: summary
            .total
            .parse::<Decimal>()
            .map_err(|_| unreadable("an amount", &summary.total))?,
        recipient: summary.recipient,
        country_code: summary.country_code,
        province: summary.province,
        shipment_count: summary.shipments,
        currency: summary.currency,
        skus: summary.skus,
        search_text: summary.search_text,
    })
}

/// A person of the People tab.
pub fn person(view: PersonView) -> Result<Person, WarehouseClientError> {
    Ok(Person {
        id: PersonId(view.id),
        role: Role::parse(&view.role).ok_or_else(|| unreadable("a role", &view.role))?,
        name: view.name,
        badge: view.badge,
        active: view.active,
    })
}

fn time(text: &str) -> Result<OffsetDateTime, WarehouseClientError> {
    OffsetDateTime::parse(text, &Rfc3339).map_err(|_| unreadable("a time", text))
}

fn maybe_time(text: Option<&String>) -> Result<Option<OffsetDateTime>, WarehouseClientError> {
    text.map(|t| time(t)).transpose()
}

/// An outbox entry of the Outbox tab (and the packing view's word on its parcel's entries).
pub fn outbox_entry(view: OutboxEntryView) -> Result<OutboxEntry, WarehouseClientError> {
    Ok(OutboxEntry {
        id: OutboxId(view.id),
        action: OutboxAction::parse(&view.action)
            .ok_or_else(|| unreadable("an outbox action", &view.action))?,
        order: view
            .order
            .parse()
            .map_err(|_| unreadable("an order number", &view.order))?,
        state: OutboxState::parse(&view.state)
            .ok_or_else(|| unreadable("an outbox state", &view.state))?,
        created_at: time(&view.created_at)?,
        next_attempt_at: time(&view.next_attempt_at)?,
        lease_until: maybe_time(view.lease_until.as_ref())?,
        tried_at: maybe_time(view.tried_at.as_ref())?,
        delivered_at: None,
        key: view.key,
        shipment_id: view.shipment_id,
        parcel: view.parcel.map(ParcelId),
        body: view.body,
        attempts: view.attempts,
        last_error: view.last_error,
        field_errors: view.field_errors,
        leased_by: view.leased_by,
        tried_by: view.tried_by,
    })
}

/// A packed parcel as the warehouse API takes it (units with their values, decimals as text).
pub fn pack_request(
    parcel: &crate::station::db::NewParcel,
    options: &crate::station::db::LabelOptions,
) -> crate::api::warehouse::PackRequest {
    use crate::api::warehouse::{
        DimensionsRequest, MeasureRequest, PackRequest, ParcelLineRequest,
    };
    PackRequest {
        lines: parcel
            .lines
            .iter()
            .map(|l| ParcelLineRequest {
                line: l.source_line_id.clone(),
                quantity: l.quantity,
                asn: l.asn.clone(),
            })
            .collect(),
        weight: MeasureRequest {
            value: parcel.weight.value.to_string(),
            unit: parcel.weight.unit.label_code().to_owned(),
        },
        dimensions: parcel.dimensions.as_ref().map(|d| DimensionsRequest {
            length: d.length.to_string(),
            width: d.width.to_string(),
            height: d.height.to_string(),
            unit: d.unit.code().to_owned(),
        }),
        track_reference: parcel.track_reference.clone(),
        from: parcel.from.clone(),
        to: parcel.to.clone(),
        label: label_options(options),
    }
}

pub fn label_options(
    options: &crate::station::db::LabelOptions,
) -> crate::api::warehouse::LabelOptionsRequest {
    crate::api::warehouse::LabelOptionsRequest {
        brand_code: options.brand_code.clone(),
        location_code: options.location_code.clone(),
        base64: options.base64,
        zpl: options.zpl,
        full_order: options.full_order,
    }
}

/// A claim as the desk shows it.
pub fn claim(
    view: crate::api::warehouse::ClaimView,
) -> Result<crate::station::db::Claim, WarehouseClientError> {
    Ok(crate::station::db::Claim {
        order: view
            .order
            .parse()
            .map_err(|_| unreadable("an order number", &view.order))?,
        since: time(&view.since)?,
        until: time(&view.until)?,
        shipment_id: view.shipment_id,
        by: crate::station::db::Claimant {
            desk_id: view.desk_id,
            desk_name: view.desk,
            person: view.person,
        },
    })
}
