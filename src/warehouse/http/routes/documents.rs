//! What a desk prints, as the server made or fetched it: a parcel's newest label and its
//! documents, and each document's bytes. Reading is open to every signed-in role.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::api::ErrorBody;
use crate::api::warehouse::{DocumentView, ParcelLabelView};
use crate::station::db::{DocumentId, DocumentInfo, DocumentKind, ParcelId, StationError};
use crate::warehouse::http::auth::Caller;
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

use super::orders::order_number;

fn document_view(info: &DocumentInfo) -> DocumentView {
    DocumentView {
        id: info.id.0,
        paper: info.paper.as_str().to_owned(),
        kind: info.kind.as_str().to_owned(),
        size: info.size,
    }
}

/// The parcel's newest label and its documents.
#[utoipa::path(
    get,
    path = "/v1/warehouse/orders/{order}/parcels/{parcel}/label",
    operation_id = "getParcelLabel",
    tag = "warehouse",
    params(
        ("order" = String, Path, description = "The order's number."),
        ("parcel" = i64, Path, description = "The parcel's id."),
    ),
    responses(
        (status = 200, description = "The newest label (none yet while the outbox asks for \
            it) and its documents.", body = ParcelLabelView),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 404, description = "No such order or parcel.", body = ErrorBody),
    )
)]
pub async fn parcel_label(
    State(state): State<Shared>,
    caller: Caller,
    Path((order, parcel)): Path<(String, i64)>,
) -> Result<Json<ParcelLabelView>, WarehouseError> {
    let order = order_number(&order)?;
    let parcel = ParcelId(parcel);
    let label = state
        .pool
        .run(caller.actor(), move |db| {
            let found = db.order(order)?.ok_or(StationError::UnknownOrder(order))?;
            let (_, recorded) = found
                .parcel(parcel)
                .ok_or(StationError::UnknownParcel(parcel))?;
            Ok(recorded.latest_label().cloned())
        })
        .await?;
    Ok(Json(match label {
        None => ParcelLabelView {
            parcel: parcel.0,
            label: None,
            status: None,
            tracking_code: String::new(),
            tracking_url: String::new(),
            errors: Vec::new(),
            documents: Vec::new(),
        },
        Some(label) => ParcelLabelView {
            parcel: parcel.0,
            label: Some(label.id.0),
            status: Some(label.status),
            tracking_code: label.tracking_code,
            tracking_url: label.tracking_url,
            errors: label.errors,
            documents: label.documents.iter().map(document_view).collect(),
        },
    }))
}

/// A document's bytes: a PDF, or ZPL for a thermal printer.
#[utoipa::path(
    get,
    path = "/v1/warehouse/documents/{document}",
    operation_id = "getDocument",
    tag = "warehouse",
    params(("document" = i64, Path, description = "The document's id.")),
    responses(
        (status = 200, description = "The document as the server keeps it.", content(
            ("application/pdf"),
            ("text/plain; charset=utf-8"),
        )),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 404, description = "No such document.", body = ErrorBody),
    )
)]
pub async fn document(
    State(state): State<Shared>,
    caller: Caller,
    Path(document): Path<i64>,
) -> Result<Response, WarehouseError> {
    let found = state
        .pool
        .run(caller.actor(), move |db| {
            db.label_document(DocumentId(document))
        })
        .await?;
    let Some((info, bytes)) = found else {
        return Err(WarehouseError::NotFound(format!(
            "No document {document}: ask for the parcel's label to see its documents."
        )));
    };
    let content_type = match info.kind {
        DocumentKind::Pdf => "application/pdf",
        DocumentKind::Zpl => "text/plain; charset=utf-8",
    };
    Ok(([(header::CONTENT_TYPE, content_type)], bytes).into_response())
}
