//! `POST /api/post/fc/labels` (SPEC 4.4) and the documents its answers link to.
//!
//! Every answer, errors included, has the SPEC 2.19 shape. A label is rendered inside the store's
//! transaction that records it, so a parcel's quantities and its tracking serial are taken once.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use time::OffsetDateTime;

use super::blocking;
use super::orders::with_field;
use crate::api::{
    ErrorBody, FieldError, LabelAddress, LabelRequest, LabelResponse, LabelResult, LabelStatus,
};
use crate::domain::{CountryCode, Length, LengthUnit, Weight, WeightUnit, validate};
use crate::service::http::error::ApiError;
use crate::service::http::extract;
use crate::service::http::openapi::{self, *};
use crate::service::http::state::SharedState;
use crate::service::labels::{
    Dimensions, LabelDocument, LabelParty, TrackingCode, render_pdf, render_zpl,
};
use crate::service::store::{DocFormat, LabelContext, LabelDocs, LabelRecord, ParcelRequest};

/// UPU S10 service indicator of the parcels this service issues ("CP": parcel post).
const SERVICE_INDICATOR: &str = "CP";

/// Creates a shipping label.
///
/// The label of a whole order, or of a split parcel of it (with `skus`). Asking again returns
/// the same label. Every answer, errors included, has the label answer's shape.
#[utoipa::path(
    post,
    path = "/api/post/fc/labels",
    operation_id = "createLabel",
    tag = "labels",
    request_body(
        content = LabelRequest,
        examples(
            ("full order" = (
                summary = "The label of the whole example order",
                value = json!(openapi::full_order_label_request())
            )),
            ("split parcel" = (
                summary = "A parcel of part of the example order, with its ZPL",
                value = json!(openapi::parcel_label_request())
            )),
        )
    ),
    responses(
        (status = 200, description = "The label: `result.status` is `success` with its \
            documents, or `pending` (ask again later).", body = LabelResponse,
            example = json!(openapi::label_answer())),
        (status = 400, description = BAD_REQUEST, body = LabelResponse),
        (status = 401, description = UNAUTHORIZED_BEARER, body = LabelResponse),
        (status = 404, description = "No order has this `orderNumber`.", body = LabelResponse,
            example = json!(openapi::label_error_answer())),
        (status = 409, description = "The order (or every shipment holding a SKU) is canceled, \
            no units of a SKU are left for a parcel, or the `trackReference` already has a \
            label with other SKUs.", body = LabelResponse),
        (status = 413, description = PAYLOAD_TOO_LARGE, body = LabelResponse),
        (status = 422, description = INVALID, body = LabelResponse),
        (status = 500, description = INTERNAL, body = LabelResponse),
    )
)]
pub async fn label(
    State(state): State<SharedState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let bytes = match body {
        Ok(bytes) => bytes,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return ApiError::PayloadTooLarge.into_label_response("");
        }
        Err(_) => {
            return ApiError::BadRequest(vec![FieldError::new(
                "",
                "The request body could not be read.",
            )])
            .into_label_response("");
        }
    };
    // The token was checked before the body was read (`require_bearer`).
    let order_hint = order_number_hint(&bytes);
    match handle(&state, &bytes).await {
        Ok(answer) => Json(answer).into_response(),
        Err(err) => err.into_label_response(&order_hint),
    }
}

/// The `orderNumber` of a body that may not parse, so even an error answer names the order.
fn order_number_hint(bytes: &[u8]) -> String {
    serde_json::from_slice::<serde_json::Value>(bytes)
        .ok()
        .and_then(|v| {
            v.get("orderNumber")
                .and_then(|n| n.as_str())
                .map(str::to_string)
        })
        .unwrap_or_default()
}

async fn handle(state: &SharedState, bytes: &[u8]) -> Result<LabelResponse, ApiError> {
    let req: LabelRequest = extract::parse(bytes)?;
    let problems = validate::label_request(&req);
    if !problems.is_empty() {
        return Err(ApiError::Validation(problems));
    }
    let now = OffsetDateTime::now_utc();
    let ready_at = now + state.label_delay;
    let parcel = parcel_request(&req)?;
    let store = state.store.clone();
    let order_number = req.order_number.clone();
    let record = blocking(move || {
        let render = |ctx: &LabelContext| render(ctx, now);
        let result = match &parcel {
            Some(parcel) => store.parcel_label(&order_number, parcel, now, ready_at, render),
            None => store.full_order_label(&order_number, now, ready_at, render),
        };
        result.map_err(|e| with_field(e.into(), "orderNumber"))
    })
    .await?;
    // Ready or not is judged now, when answering: a label that another request (or another
    // instance) made while this one waited for the store may be ready although this request
    // began before the label existed.
    Ok(answer(state, &req, &record, OffsetDateTime::now_utc()))
}

/// The split-parcel fields, parsed; `None` for a full-order request (no `skus`).
fn parcel_request(req: &LabelRequest) -> Result<Option<ParcelRequest>, ApiError> {
    let Some(skus) = &req.skus else {
        return Ok(None);
    };
    let missing =
        |field: &str| ApiError::Validation(vec![FieldError::new(field, "This field is required.")]);
    let weight_unit = req.weight_unit.as_deref().and_then(WeightUnit::parse_label);
    let length_unit = req.dimensions_unit.as_deref().and_then(LengthUnit::parse);
    let dimensions = match (req.length, req.width, req.height, length_unit) {
        (Some(l), Some(w), Some(h), Some(unit)) => Some((
            Length::new(l, unit),
            Length::new(w, unit),
            Length::new(h, unit),
        )),
        _ => None,
    };
    let parcel_weight = req
        .parcel_weight
        .as_deref()
        .ok_or_else(|| missing("parcelWeight"))?;
    Ok(Some(ParcelRequest {
        skus: skus
            .iter()
            .map(|s| (s.sku_name.trim().to_string(), s.quantity))
            .collect(),
        track_reference: req
            .track_reference
            .clone()
            .ok_or_else(|| missing("trackReference"))?,
        parcel_weight_grams: crate::api::num::parse(parcel_weight.trim()).ok_or_else(|| {
            ApiError::Validation(vec![FieldError::new(
                "parcelWeight",
                "Enter the parcel weight in grams, e.g. \"1250\".",
            )])
        })?,
        brand_code: req.brand_code.clone().ok_or_else(|| missing("brandCode"))?,
        location_code: req.location_code.clone(),
        from: req
            .from_address
            .clone()
            .ok_or_else(|| missing("fromAddress"))?,
        to: req.to_address.clone().ok_or_else(|| missing("toAddress"))?,
        weight: req
            .weight
            .zip(weight_unit)
            .map(|(value, unit)| Weight::new(value, unit)),
        dimensions,
    }))
}

fn answer(
    state: &SharedState,
    req: &LabelRequest,
    record: &LabelRecord,
    now: OffsetDateTime,
) -> LabelResponse {
    let mut result = LabelResult {
        order_number: record.order_number.clone(),
        label_urls: Vec::new(),
        status: LabelStatus::Pending,
        tracking_code: String::new(),
        tracking_url: String::new(),
        base64: None,
        zpl: None,
        shipping_service: None,
    };
    if now >= record.ready_at {
        let base = &state.public_url;
        result.status = LabelStatus::Success;
        result.label_urls = vec![format!("{base}/labels/{}.pdf", record.id)];
        result.tracking_code = record.tracking_code.clone();
        result.tracking_url = format!("{base}/track/{}", record.tracking_code);
        result.shipping_service = Some(record.shipping_service.clone());
        if req.base64 == Some(true) {
            result.base64 = Some(base64::engine::general_purpose::STANDARD.encode(&record.pdf));
        }
        if req.zpl == Some(true) {
            result.zpl = Some(format!("{base}/labels/{}.zpl", record.id));
        }
    }
    LabelResponse {
        is_error: false,
        result,
        error: None,
    }
}

/// Renders both documents for the label the store is recording.
fn render(ctx: &LabelContext, now: OffsetDateTime) -> Result<LabelDocs, String> {
    let (from, to) = match &ctx.parcel {
        Some(parcel) => (
            party_from_label(&parcel.from)?,
            party_from_label(&parcel.to)?,
        ),
        None => (
            party_from_address(
                &ctx.ship_from,
                ctx.ship_from.name.clone().unwrap_or_default(),
            )?,
            party_from_address(&ctx.ship_to, ctx.recipient_name.clone())?,
        ),
    };
    let tracking_code = TrackingCode::s10(SERVICE_INDICATOR, ctx.tracking_serial, from.country)
        .map_err(|e| e.to_string())?;
    let service = service_name(&ctx.shipping_rate_id);
    let doc = LabelDocument {
        order_number: ctx.order_number.clone(),
        tracking_code: tracking_code.clone(),
        track_reference: ctx.parcel.as_ref().map_or_else(
            || format!("{}-FULL", ctx.order_number),
            |p| p.track_reference.clone(),
        ),
        service: service.clone(),
        from,
        to,
        weight: ctx.weight,
        dimensions: ctx.dimensions.map(|(length, width, height)| Dimensions {
            length,
            width,
            height,
        }),
        skus: ctx
            .parcel
            .as_ref()
            .map(|p| p.skus.clone())
            .unwrap_or_default(),
        brand_code: ctx.parcel.as_ref().map(|p| p.brand_code.clone()),
        created: now.date(),
    };
    let pdf = render_pdf(&doc).map_err(|e| e.to_string())?;
    Ok(LabelDocs {
        tracking_code: tracking_code.as_str().to_string(),
        pdf,
        zpl: render_zpl(&doc),
        shipping_service: service,
    })
}

/// The rate id as a service name: words capitalised, marked DDP once.
fn service_name(rate_id: &str) -> String {
    let words: Vec<String> = rate_id
        .split(['_', '-', ' '])
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("ddp"))
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
        })
        .collect();
    if words.is_empty() {
        "Parcel DDP".to_string()
    } else {
        format!("{} DDP", words.join(" "))
    }
}

fn party_from_label(addr: &LabelAddress) -> Result<LabelParty, String> {
    Ok(LabelParty {
        name: format!("{} {}", addr.first_name.trim(), addr.last_name.trim()),
        company: None,
        line1: addr.line1.clone(),
        line2: addr.line2.clone().filter(|l| !l.trim().is_empty()),
        city: addr.city.clone(),
        province: addr.province.clone(),
        zipcode: addr.zipcode.clone(),
        country: CountryCode::parse(&addr.country)
            .ok_or_else(|| format!("unknown country {:?}", addr.country))?,
        phone: Some(addr.phone_number.clone()),
    })
}

fn party_from_address(addr: &crate::api::Address, name: String) -> Result<LabelParty, String> {
    Ok(LabelParty {
        name,
        company: None,
        line1: addr.address1.clone().unwrap_or_default(),
        line2: addr.address2.clone().filter(|l| !l.trim().is_empty()),
        city: addr.city.clone().unwrap_or_default(),
        province: addr.province.clone().unwrap_or_default(),
        zipcode: addr.postal_code.clone().unwrap_or_default(),
        country: CountryCode::parse(&addr.country_code)
            .ok_or_else(|| format!("unknown country {:?}", addr.country_code))?,
        phone: None,
    })
}

/// `GET /labels/{id}.pdf` or `.zpl`: the id is unguessable, so the URL is the permission.
#[utoipa::path(
    get,
    path = "/labels/{file}",
    operation_id = "labelDocument",
    tag = "labels",
    summary = "A label document.",
    description = "A label document, as linked from a label answer (`labelUrls`, `zpl`). The \
        address itself is the permission to read it: no credentials are needed.",
    params(("file" = String, Path, description = "The label id with `.pdf` or `.zpl`.",
        example = "744496344d3542cc9bd9294a80a60d7b.pdf")),
    responses(
        (status = 200, description = "The label as a PDF, or as ZPL text.", content(
            ("application/pdf"),
            ("text/plain; charset=utf-8"),
        )),
        (status = 404, description = "No label document at this address.", body = ErrorBody),
        (status = 500, description = INTERNAL, body = ErrorBody),
    )
)]
pub async fn document(State(state): State<SharedState>, Path(file): Path<String>) -> Response {
    let Some((id, ext)) = file.rsplit_once('.') else {
        return not_found();
    };
    let (format, content_type) = match ext {
        "pdf" => (DocFormat::Pdf, "application/pdf"),
        "zpl" => (DocFormat::Zpl, "text/plain; charset=utf-8"),
        _ => return not_found(),
    };
    let store = state.store.clone();
    let id = id.to_string();
    match blocking(move || store.label_document(&id, format).map_err(ApiError::from)).await {
        Ok(Some(bytes)) => ([(header::CONTENT_TYPE, content_type)], bytes).into_response(),
        Ok(None) => not_found(),
        Err(err) => err.into_response(),
    }
}

fn not_found() -> Response {
    ApiError::not_found("", "No label document at this address.").into_response()
}

/// `GET /track/{code}`: the reference service has no carrier behind it, so it confirms the code.
#[utoipa::path(
    get,
    path = "/track/{code}",
    operation_id = "trackParcel",
    tag = "labels",
    summary = "The tracking page of a parcel.",
    description = "The tracking page a label answer links to (`trackingUrl`). The reference \
        service has no carrier behind it: it confirms a valid tracking code.",
    params(("code" = String, Path, description = "A UPU S10 tracking code.",
        example = "CP000000014DE")),
    responses(
        (status = 200, description = "What is known of the parcel.", body = String,
            content_type = "text/plain; charset=utf-8"),
        (status = 404, description = "That is not a valid tracking code.", body = ErrorBody),
    )
)]
pub async fn track(Path(code): Path<String>) -> Response {
    match TrackingCode::parse(&code) {
        Some(code) => (
            StatusCode::OK,
            format!("{}: shipment information received (Packdesk reference service: no carrier events).\n", code.as_str()),
        )
            .into_response(),
        None => ApiError::not_found("", "That is not a valid tracking code.").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::service_name;

    #[test]
    fn service_names_read_well() {
        assert_eq!(service_name("express"), "Express DDP");
        assert_eq!(service_name("std_ground-ddp"), "Std Ground DDP");
        assert_eq!(service_name(""), "Parcel DDP");
    }
}
