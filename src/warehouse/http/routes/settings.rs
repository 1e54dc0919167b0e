//! Settings every desk of the warehouse shares (the exporter on customs documents): read by
//! anyone signed in, changed by a role that may change settings, checked against their shape.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::api::{ErrorBody, FieldError};
use crate::customs::settings::{CustomsSettings, SETTINGS_KEY};
use crate::station::model::Action;
use crate::warehouse::http::auth::{Body, Caller};
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

/// Whether `key` is a shared setting a desk may read and write.
fn known(key: &str) -> Result<(), WarehouseError> {
    if key == SETTINGS_KEY {
        Ok(())
    } else {
        Err(WarehouseError::NotFound(format!(
            "There is no shared setting \"{key}\"; the one there is: {SETTINGS_KEY}."
        )))
    }
}

/// A value of the setting's shape (each setting checked by its type).
fn check(key: &str, value: &serde_json::Value) -> Result<(), WarehouseError> {
    known(key)?;
    serde_json::from_value::<CustomsSettings>(value.clone())
        .map(drop)
        .map_err(|e| WarehouseError::Validation(vec![FieldError::new("", e.to_string())]))
}

/// A shared setting (`null` when never set).
#[utoipa::path(
    get,
    path = "/v1/warehouse/settings/{key}",
    operation_id = "getSetting",
    tag = "warehouse",
    params(("key" = String, Path, description = "`customs_documents`.")),
    responses(
        (status = 200, description = "The setting's value.", body = Object),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 404, description = "No such setting.", body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<Shared>,
    caller: Caller,
    Path(key): Path<String>,
) -> Result<Json<serde_json::Value>, WarehouseError> {
    known(&key)?;
    let value = state
        .pool
        .run(caller.actor(), move |db| db.warehouse_setting(&key))
        .await?;
    Ok(Json(value.unwrap_or(serde_json::Value::Null)))
}

/// Changes a shared setting; the warehouse's history names who did it and where.
#[utoipa::path(
    put,
    path = "/v1/warehouse/settings/{key}",
    operation_id = "putSetting",
    tag = "warehouse",
    params(("key" = String, Path, description = "`customs_documents`.")),
    request_body = Object,
    responses(
        (status = 204, description = "Saved."),
        (status = 401, description = "No live session.", body = ErrorBody),
        (status = 403, description = "The caller's role may not change settings.",
            body = ErrorBody),
        (status = 404, description = "No such setting.", body = ErrorBody),
        (status = 422, description = "The value is not of the setting's shape.",
            body = ErrorBody),
    )
)]
pub async fn put(
    State(state): State<Shared>,
    caller: Caller,
    Path(key): Path<String>,
    Body(value): Body<serde_json::Value>,
) -> Result<StatusCode, WarehouseError> {
    caller.require(Action::ChangeSettings)?;
    check(&key, &value)?;
    state
        .pool
        .run(caller.actor(), move |db| {
            db.set_warehouse_setting(&key, &value)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
