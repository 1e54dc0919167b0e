//! Packing through the server: a parcel recorded with its label request queued, a label asked
//! again, a parcel fulfilled. Each needs the packing role and this desk's live claim on the
//! shipment (409 naming who holds it otherwise).

use std::str::FromStr as _;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::api::warehouse::{
    DimensionsRequest, FulfillRequest, LabelOptionsRequest, PackRequest, ParcelQueued,
};
use crate::api::{ErrorBody, FieldError};
use crate::domain::{LengthUnit, Weight, WeightUnit};
use crate::station::db::{OutboxId, StationDb, StationError, Written};
use crate::station::model::{
    Action, Dimensions, FulfillmentInput, LabelOptions, NewParcel, NewParcelLine, OrderNumber,
    ParcelId, StationOrder,
};
use crate::warehouse::http::auth::{Body, Caller};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::once::{KEY_PARAMETER, Key, answer, earlier};
use crate::warehouse::http::state::Shared;

use super::orders::order_number;

/// What stops this desk from packing the shipment: no claim, or another desk's. Checked in
/// the request that then writes (a take-over between the two is the supervisor's to make).
fn ensure_claim(
    db: &mut StationDb,
    order: OrderNumber,
    shipment_id: &str,
    desk_id: &str,
) -> Result<Result<(), String>, StationError> {
    let claims = db.claims(order)?;
    let held = claims.iter().find(|c| c.shipment_id == shipment_id);
    Ok(match held {
        Some(claim) if claim.is_held_by(desk_id) => Ok(()),
        Some(claim) => Err(claim.describe(None)),
        None => Err(format!(
            "Open shipment {shipment_id} of order {order} at this desk first: packing needs \
             this desk's claim on it."
        )),
    })
}

fn decimal(field: &str, text: &str, problems: &mut Vec<FieldError>) -> Decimal {
    match Decimal::from_str(text.trim()) {
        Ok(value) if value > Decimal::ZERO => value,
        _ => {
            problems.push(FieldError::new(
                field,
                "Give a number above zero, e.g. 1.25.",
            ));
            Decimal::ZERO
        }
    }
}

fn dimensions(d: &DimensionsRequest, problems: &mut Vec<FieldError>) -> Dimensions {
    let unit = LengthUnit::parse(&d.unit).unwrap_or_else(|| {
        problems.push(FieldError::new("dimensions.unit", "The unit is cm or in."));
        LengthUnit::Centimetre
    });
    Dimensions {
        length: decimal("dimensions.length", &d.length, problems),
        width: decimal("dimensions.width", &d.width, problems),
        height: decimal("dimensions.height", &d.height, problems),
        unit,
    }
}

fn label_options(label: LabelOptionsRequest) -> LabelOptions {
    LabelOptions {
        brand_code: label.brand_code,
        location_code: label.location_code,
        base64: label.base64,
        zpl: label.zpl,
        full_order: label.full_order,
    }
}

/// The parcel the request describes, or every problem with its field.
fn new_parcel(request: PackRequest) -> Result<(NewParcel, LabelOptions), WarehouseError> {
    let mut problems = Vec::new();
    if request.lines.is_empty() {
        problems.push(FieldError::new(
            "lines",
            "A parcel holds at least one item line.",
        ));
    }
    let unit = WeightUnit::parse_label(&request.weight.unit).unwrap_or_else(|| {
        problems.push(FieldError::new(
            "weight.unit",
            "The unit is grams or pounds.",
        ));
        WeightUnit::Gram
    });
    let weight = Weight::new(
        decimal("weight.value", &request.weight.value, &mut problems),
        unit,
    );
    let dims = request
        .dimensions
        .as_ref()
        .map(|d| dimensions(d, &mut problems));
    if !problems.is_empty() {
        return Err(WarehouseError::Validation(problems));
    }
    let parcel = NewParcel {
        lines: request
            .lines
            .into_iter()
            .map(|l| NewParcelLine {
                source_line_id: l.line,
                quantity: l.quantity,
                asn: l.asn,
            })
            .collect(),
        weight,
        dimensions: dims,
        track_reference: request.track_reference,
        from: request.from,
        to: request.to,
    };
    Ok((parcel, label_options(request.label)))
}

/// Records a packed parcel and queues its label request.
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders/{order}/shipments/{shipment}/parcels",
    operation_id = "packParcel",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("shipment" = String, Path, description = "The shipment's id."),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAMETER),
    ),
    request_body = PackRequest,
    responses(
        (status = 201, description = "Recorded; the label is asked for through the outbox.",
            body = ParcelQueued),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not pack.", body = ErrorBody),
        (status = 404, description = "No such order or shipment.", body = ErrorBody),
        (status = 409, description = "This desk does not hold the shipment's claim, or the \
            shipment is canceled.", body = ErrorBody),
        (status = 422, description = "A field breaks a rule (quantities beyond what is left, \
            a unit, a weight); each named.", body = ErrorBody),
    )
)]
pub async fn pack(
    State(state): State<Shared>,
    caller: Caller,
    key: Key,
    Path((order, shipment)): Path<(String, String)>,
    Body(request): Body<PackRequest>,
) -> Result<Response, WarehouseError> {
    caller.require(Action::Pack)?;
    let order = order_number(&order)?;
    let once = key.once(&caller, "pack", &(order, &shipment, &request))?;
    if let Some(recorded) = earlier(&state, &caller, &once).await? {
        return Ok(packed(Written::replayed(recorded)));
    }
    let (parcel, options) = new_parcel(request)?;
    let desk_id = caller.claimant().desk_id;
    let written = state
        .pool
        .run(caller.actor(), move |db| {
            if let Err(why) = ensure_claim(db, order, &shipment, &desk_id)? {
                return Ok(Err(why));
            }
            db.pack_and_request_label(order, &shipment, &parcel, &options, once.as_ref())
                .map(Ok)
        })
        .await?
        .map_err(WarehouseError::Conflict)?;
    state.wake_outbox();
    Ok(packed(written))
}

/// The answer to a new parcel: it and the outbox entry asking for its label.
fn packed(written: Written<(ParcelId, OutboxId)>) -> Response {
    let parcel = written.answer.0;
    queued(StatusCode::CREATED, parcel, written.map(|(_, entry)| entry))
}

/// The answer to a packing write: the parcel, and the outbox entry that carries it on.
fn queued(status: StatusCode, parcel: ParcelId, written: Written<OutboxId>) -> Response {
    answer(
        status,
        written.map(|entry| ParcelQueued {
            parcel: parcel.0,
            outbox_entry: entry.0,
        }),
    )
}

/// Runs `work` with `order` as the record holds it, once this desk's claim on the shipment of
/// `parcel` is checked in the same request: 404 when either is unknown, 409 naming who holds
/// the shipment when this desk does not.
async fn on_claimed_parcel<T: Send + 'static>(
    state: &Shared,
    caller: &Caller,
    order: OrderNumber,
    parcel: ParcelId,
    work: impl FnOnce(&mut StationDb, StationOrder) -> Result<T, StationError> + Send + 'static,
) -> Result<T, WarehouseError> {
    let desk_id = caller.claimant().desk_id;
    state
        .pool
        .run(caller.actor(), move |db| {
            let found = db.order(order)?.ok_or(StationError::UnknownOrder(order))?;
            let shipment = found
                .parcel(parcel)
                .map(|(s, _)| s.shipment_id.clone())
                .ok_or(StationError::UnknownParcel(parcel))?;
            if let Err(why) = ensure_claim(db, order, &shipment, &desk_id)? {
                return Ok(Err(why));
            }
            work(db, found).map(Ok)
        })
        .await?
        .map_err(WarehouseError::Conflict)
}

/// Asks for a recorded parcel's label again (Retry).
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders/{order}/parcels/{parcel}/label",
    operation_id = "requestParcelLabel",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("parcel" = i64, Path, description = "The parcel's id."),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAMETER),
    ),
    request_body = LabelOptionsRequest,
    responses(
        (status = 202, description = "Queued.", body = ParcelQueued),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 422, description = "A label option is missing or wrong; each problem with \
            its field.", body = ErrorBody),
        (status = 403, description = "The caller's role may not pack.", body = ErrorBody),
        (status = 404, description = "No such order or parcel.", body = ErrorBody),
        (status = 409, description = "This desk does not hold the shipment's claim.",
            body = ErrorBody),
    )
)]
pub async fn label(
    State(state): State<Shared>,
    caller: Caller,
    key: Key,
    Path((order, parcel)): Path<(String, i64)>,
    Body(request): Body<LabelOptionsRequest>,
) -> Result<Response, WarehouseError> {
    caller.require(Action::Pack)?;
    let order = order_number(&order)?;
    let parcel = ParcelId(parcel);
    let once = key.once(&caller, "label", &(order, parcel, &request))?;
    if let Some(recorded) = earlier(&state, &caller, &once).await? {
        return Ok(queued(
            StatusCode::ACCEPTED,
            parcel,
            Written::replayed(recorded),
        ));
    }
    let options = label_options(request);
    let written = on_claimed_parcel(&state, &caller, order, parcel, move |db, _| {
        db.request_parcel_label(parcel, &options, once.as_ref())
    })
    .await?;
    state.wake_outbox();
    Ok(queued(StatusCode::ACCEPTED, parcel, written))
}

/// Marks a parcel fulfilled with its tracking number, queued for the provider.
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders/{order}/parcels/{parcel}/fulfill",
    operation_id = "fulfillParcel",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("parcel" = i64, Path, description = "The parcel's id."),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAMETER),
    ),
    request_body = FulfillRequest,
    responses(
        (status = 200, description = "Recorded; the provider is told through the outbox.",
            body = ParcelQueued),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not pack.", body = ErrorBody),
        (status = 404, description = "No such order or parcel.", body = ErrorBody),
        (status = 409, description = "This desk does not hold the shipment's claim, or the \
            parcel is fulfilled, voided or canceled.", body = ErrorBody),
        (status = 422, description = "A field breaks a rule; each named.", body = ErrorBody),
    )
)]
pub async fn fulfill(
    State(state): State<Shared>,
    caller: Caller,
    key: Key,
    Path((order, parcel)): Path<(String, i64)>,
    Body(request): Body<FulfillRequest>,
) -> Result<Response, WarehouseError> {
    caller.require(Action::Pack)?;
    let order = order_number(&order)?;
    let parcel = ParcelId(parcel);
    let once = key.once(&caller, "fulfill", &(order, parcel, &request))?;
    if let Some(recorded) = earlier(&state, &caller, &once).await? {
        return Ok(queued(StatusCode::OK, parcel, Written::replayed(recorded)));
    }
    let shipped_at = match &request.shipped_at {
        None => OffsetDateTime::now_utc(),
        Some(text) => OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
            .map_err(|_| {
            WarehouseError::Validation(vec![FieldError::new(
                "shipped_at",
                "Give the time as RFC 3339, e.g. 2026-11-28T14:05:00Z.",
            )])
        })?,
    };
    let input = FulfillmentInput {
        tracking_number: request.tracking_number,
        carrier: request.carrier,
        location: request.location,
        shipped_at,
    };
    let written = on_claimed_parcel(&state, &caller, order, parcel, move |db, found| {
        let body = found.fulfillment_update(parcel, &input, OffsetDateTime::now_utc())?;
        db.fulfill_via_outbox(parcel, &body, once.as_ref())
    })
    .await?;
    state.wake_outbox();
    Ok(queued(StatusCode::OK, parcel, written))
}

/// Discards a parcel not yet fulfilled (a wrong item, a damaged box): its units count as left
/// again and its label is no longer used.
#[utoipa::path(
    post,
    path = "/v1/warehouse/orders/{order}/parcels/{parcel}/void",
    operation_id = "voidParcel",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("parcel" = i64, Path, description = "The parcel's id."),
    ),
    responses(
        (status = 204, description = "Voided."),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not pack.", body = ErrorBody),
        (status = 404, description = "No such order or parcel.", body = ErrorBody),
        (status = 409, description = "This desk does not hold the shipment's claim, or the \
            parcel is fulfilled or voided already.", body = ErrorBody),
    )
)]
pub async fn void(
    State(state): State<Shared>,
    caller: Caller,
    Path((order, parcel)): Path<(String, i64)>,
) -> Result<StatusCode, WarehouseError> {
    caller.require(Action::Pack)?;
    let order = order_number(&order)?;
    let parcel = ParcelId(parcel);
    on_claimed_parcel(&state, &caller, order, parcel, move |db, _| {
        db.void_parcel(parcel)
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
