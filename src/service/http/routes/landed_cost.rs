//! `POST /v1/landed-cost` (SPEC 4.1).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::api::{ErrorBody, TaxCalculationRequest, TaxCalculationResponse};
use crate::domain::validate;
use crate::service::http::error::ApiError;
use crate::service::http::extract::RawJson;
use crate::service::http::openapi::{self, *};
use crate::service::http::state::SharedState;
use crate::service::landed_cost::CalcOptions;
use crate::service::store::Quote;

/// A typical cart's answer is 3.5 times its size (2.5 KB → 8.7 KB, `demo::typical_cart`).
const ANSWER_BYTES_PER_REQUEST_BYTE: usize = 4;

/// Calculates the landed cost of a cart.
///
/// Duties and taxes for every shipping rate of every shipment. The calculation is stored: an
/// order is created with its `landedcost_request_id` and, for each shipment, the
/// `tax_transaction_id` of the chosen rate.
#[utoipa::path(
    post,
    path = "/v1/landed-cost",
    operation_id = "calculateLandedCost",
    tag = "landed cost",
    request_body(
        content = TaxCalculationRequest,
        examples(("cart" = (
            summary = "A cart of two lines from Berlin to Paris, two shipping rates",
            value = json!(openapi::landed_cost_request())
        )))
    ),
    responses(
        (status = 200, description = "The landed cost of every shipping rate of every shipment.",
            body = TaxCalculationResponse, example = json!(openapi::landed_cost_answer())),
        (status = 400, description = BAD_REQUEST, body = ErrorBody),
        (status = 401, description = UNAUTHORIZED_KEY, body = ErrorBody),
        (status = 413, description = PAYLOAD_TOO_LARGE, body = ErrorBody),
        (status = 422, description = INVALID, body = ErrorBody,
            example = json!(openapi::invalid_answer())),
        (status = 500, description = INTERNAL, body = ErrorBody),
    )
)]
pub async fn calculate(
    State(state): State<SharedState>,
    RawJson(request, request_json): RawJson<TaxCalculationRequest>,
) -> Result<Response, ApiError> {
    let problems = validate::landed_cost_request(&request);
    if !problems.is_empty() {
        return Err(ApiError::Validation(problems));
    }
    let options = CalcOptions {
        now: state.pricing_moment(),
        require_hs_codes: state.require_hs_codes,
        undecided: state.undecided,
    };
    let response = state
        .engine
        .calculate(&request, &options)
        .map_err(ApiError::Validation)?;
    // Sized for a typical answer, a few times its request, so it is not copied as it grows.
    let mut response_json = Vec::with_capacity(ANSWER_BYTES_PER_REQUEST_BYTE * request_json.len());
    // serde_json's bytes, written without its per-byte escape check (`api::answer_json`).
    response.write_json(&mut response_json);
    let response_json = Bytes::from(response_json);
    // Stored before it is answered, so an order can always be checked against the
    // calculation it names; what is stored (its values, `store::compact`) gives back the bytes
    // sent.
    state
        .calculations
        .save(Quote {
            request,
            response,
            request_json,
        })
        .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], response_json).into_response())
}
