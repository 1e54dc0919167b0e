//! Order import files, sent by a desk (its Import button, dropped files, its inbox folder) and
//! recorded here: the same checks and per-entry report as `packdesk import` on the server's
//! machine. Importing records orders the provider already has and sends nothing, so every
//! signed-in role may, as at a desk before the server.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use futures_util::StreamExt as _;

use crate::api::{ErrorBody, FieldError};
use crate::station::db::StationError;
use crate::station::import::{ImportReport, read_json};
use crate::warehouse::http::auth::Caller;
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

/// The largest import file taken (10 000 orders are about 40 MB).
pub const MAX_IMPORT_BYTES: usize = 64 * 1024 * 1024;

/// How much of a file over the limit is read, and dropped, before the refusal: a server that
/// answers and closes while the desk still sends makes the desk's system reset the
/// connection, and the desk hears "broken pipe" instead of "split the file".
const DRAINED_BYTES: usize = MAX_IMPORT_BYTES;

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
    body: Body,
) -> Result<Json<ImportReport>, WarehouseError> {
    let body = read_limited(body).await?;
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

/// The file, when it is at most [`MAX_IMPORT_BYTES`]; a larger one is read on (up to
/// [`DRAINED_BYTES`] more, and dropped) so that the refusal reaches the desk.
async fn read_limited(body: Body) -> Result<Vec<u8>, WarehouseError> {
    let mut chunks = body.into_data_stream();
    let mut file = Vec::new();
    let mut seen = 0usize;
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|e| {
            WarehouseError::BadRequest(vec![FieldError::new(
                "",
                format!("The file did not arrive whole: {e}. Send it again."),
            )])
        })?;
        seen = seen.saturating_add(chunk.len());
        if seen <= MAX_IMPORT_BYTES {
            file.extend_from_slice(&chunk);
        } else {
            file = Vec::new();
            if seen > MAX_IMPORT_BYTES + DRAINED_BYTES {
                break;
            }
        }
    }
    if seen > MAX_IMPORT_BYTES {
        return Err(WarehouseError::PayloadTooLarge(
            "An import file is at most 64 MiB: split it into several files.".into(),
        ));
    }
    Ok(file)
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
