//! Order import files, sent by a desk (its Import button, dropped files, its inbox folder) and
//! recorded here: the same checks and per-entry report as `packdesk import` on the server's
//! machine. Importing records orders the provider already has and sends nothing, so every
//! signed-in role may, as at a desk before the server.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;

use crate::api::{ErrorBody, FieldError};
use crate::station::db::StationError;
use crate::station::import::{ImportReport, read_json};
use crate::warehouse::http::auth::Caller;
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

/// The largest import file taken (10 000 orders are about 40 MB).
pub const MAX_IMPORT_BYTES: usize = 64 * 1024 * 1024;

/// Imports one file: an entry, or an array of entries (`assets/import/README.md`).
#[utoipa::path(
    post,
    path = "/v1/warehouse/imports",
    operation_id = "importOrders",
    tag = "warehouse",
    request_body(content = Object, content_type = "application/json",
        description = "An import file as `packdesk import` reads it: one entry \
            `{\"order\", \"cart\", \"quote\"}` or an array of them."),
    responses(
        (status = 200, description = "What was imported, already there, or refused (each \
            entry's problems with their paths).", body = ImportReport),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 413, description = "Larger than 64 MiB: split the file.", body = ErrorBody),
        (status = 422, description = "Not an import file at all (not JSON, or neither an \
            entry nor an array).", body = ErrorBody),
    )
)]
pub async fn import(
    State(state): State<Shared>,
    caller: Caller,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ImportReport>, WarehouseError> {
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            WarehouseError::PayloadTooLarge(
                "An import file is at most 64 MiB: split it into several files.".into(),
            )
        } else {
            WarehouseError::BadRequest(vec![FieldError::new("", rejection.body_text())])
        }
    })?;
    // Parsed before a connection is taken: a large file must not hold the record (on SQLite,
    // every desk's writes) while its JSON is read.
    let parsed = tokio::task::spawn_blocking(move || read_json(&body[..], u64::MAX))
        .await
        .map_err(|e| WarehouseError::Internal(format!("reading an import file: {e}")))?
        .map_err(not_an_import_file)?;
    let report = state
        .pool
        .run(caller.actor(), move |db| Ok(parsed.record(db)))
        .await?
        .map_err(not_an_import_file)?;
    tracing::info!(
        by = %caller.who(),
        imported = report.imported.len(),
        already = report.already_present.len(),
        rejected = report.rejected.len(),
        "import"
    );
    Ok(Json(report))
}

fn not_an_import_file(e: StationError) -> WarehouseError {
    match e {
        StationError::ImportFormat(why) => WarehouseError::Validation(vec![FieldError::new(
            "",
            format!("This is not an import file: {why}."),
        )]),
        other => other.into(),
    }
}
