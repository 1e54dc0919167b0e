//! `POST /v1/landed-cost` (SPEC 4.1).

use axum::Json;
use axum::extract::State;

use crate::api::{TaxCalculationRequest, TaxCalculationResponse};
use crate::domain::validate;
use crate::service::http::extract::JsonBody;
use crate::service::http::{ApiError, SharedState, blocking};
use crate::service::landed_cost::CalcOptions;

pub async fn calculate(
    State(state): State<SharedState>,
    JsonBody(req): JsonBody<TaxCalculationRequest>,
) -> Result<Json<TaxCalculationResponse>, ApiError> {
    let problems = validate::landed_cost_request(&req);
    if !problems.is_empty() {
        return Err(ApiError::Validation(problems));
    }
    let options = CalcOptions {
        now: state.pricing_moment(),
        require_hs_codes: state.require_hs_codes,
    };
    let response = state
        .engine
        .calculate(&req, &options)
        .map_err(ApiError::Validation)?;
    // Stored so an order can later be checked against the calculation it names.
    let store = state.store.clone();
    let saved = response.clone();
    blocking(move || store.save_calculation(&req, &saved).map_err(ApiError::from)).await?;
    Ok(Json(response))
}
