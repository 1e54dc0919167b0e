//! Stored calculations: what `POST /v1/landed-cost` answered, so orders can be checked against it.

use std::collections::{HashMap, HashSet};

use serde_json::json;
use time::OffsetDateTime;

use super::codec::{append_event, from_json};
use super::error::StoreError;
use super::handle::{Durability, Store};
use crate::api::{FieldError, LandedCost, TaxCalculationRequest, TaxCalculationResponse};
use crate::sql::{Tx, params};

/// One rate option of a calculated shipment, as the order create looks it up.
pub(super) struct RateRow {
    pub landedcost_request_id: String,
    pub shipment_id: String,
    pub shipping_rate_id: String,
    pub shipping_rate: String,
}

/// A calculation to store, with the JSON of both sides as they crossed the wire: the request as
/// the merchant sent it and the response as the service answered (so nothing is serialized twice).
pub struct NewCalculation<'a> {
    pub request: &'a TaxCalculationRequest,
    pub response: &'a TaxCalculationResponse,
    pub request_json: &'a str,
    pub response_json: &'a str,
}

impl Store {
    /// Stores several calculations in one transaction (group commit: one write of the log for
    /// all of them). Each succeeds or fails on its own; the outer error is for a transaction
    /// that could not be committed at all, when none was stored.
    pub fn save_calculations<'a>(
        &self,
        batch: &[NewCalculation<'a>],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        self.write_with(Durability::ProcessCrash, |tx| {
            // Every rule is checked before anything is written, against the database and the
            // quotes before it in the batch, so a quote that fails leaves nothing to undo. (A
            // savepoint per quote did the same at a seventh of the writer's time: it journals
            // every page a quote touches first.)
            let mut claimed = Claimed::default();
            let results: Vec<_> = batch
                .iter()
                .map(|calc| check(&mut *tx, calc, &mut claimed))
                .collect();
            for (calc, result) in batch.iter().zip(&results) {
                if result.is_ok() {
                    insert(tx, calc)?;
                }
            }
            Ok(results)
        })
    }
}

/// Ids taken by the quotes of a batch checked so far.
#[derive(Default)]
struct Claimed<'a> {
    calculations: HashSet<&'a str>,
    rates: HashSet<&'a str>,
}

fn check<'a>(
    tx: &mut Tx<'_>,
    calc: &NewCalculation<'a>,
    claimed: &mut Claimed<'a>,
) -> Result<(), StoreError> {
    let resp: &'a TaxCalculationResponse = calc.response;
    let errors = shipments_match(calc.request, resp);
    if !errors.is_empty() {
        return Err(StoreError::Invalid(errors));
    }
    let id = resp.landedcost_request_id.as_str();
    if claimed.calculations.contains(id) || calculation_exists(tx, id)? {
        return Err(StoreError::Conflict(format!(
            "the calculation {id} is already stored"
        )));
    }
    let mut rates = HashSet::new();
    for rate in resp.shipments.iter().flat_map(|s| &s.shipping_rate_taxes) {
        let ttx = rate.tax_transaction_id.as_str();
        if !rates.insert(ttx) || claimed.rates.contains(ttx) || load_rate(tx, ttx)?.is_some() {
            return Err(StoreError::Conflict(format!(
                "the tax transaction {ttx} is already stored"
            )));
        }
    }
    claimed.calculations.insert(id);
    claimed.rates.extend(rates);
    Ok(())
}

/// Writes a calculation [`check`] accepted.
fn insert(tx: &mut Tx<'_>, calc: &NewCalculation<'_>) -> Result<(), StoreError> {
    let resp = calc.response;
    let id = &resp.landedcost_request_id;
    tx.execute(
        "INSERT INTO calculations
            (landedcost_request_id, currency_code, created_at, request_json, response_json)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            id,
            resp.currency_code,
            resp.created_at,
            calc.request_json,
            calc.response_json,
        ],
    )?;
    let mut rates = 0_u64;
    for shipment in &resp.shipments {
        for rate in &shipment.shipping_rate_taxes {
            tx.execute(
                "INSERT INTO calculation_rates (tax_transaction_id, landedcost_request_id,
                    shipment_id, shipping_rate_id, shipping_rate)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    rate.tax_transaction_id,
                    id,
                    shipment.shipment_id,
                    rate.shipping_rate_id,
                    rate.shipping_rate.to_string(),
                ],
            )?;
            rates += 1;
        }
    }
    append_event(
        tx,
        None,
        OffsetDateTime::now_utc(),
        "calculation_saved",
        json!({
            "landedcost_request_id": id,
            "shipments": resp.shipments.len(),
            "rates": rates,
        }),
    )
}

/// Every shipment of the response must be one of the request, and a shipment's lines must be
/// distinct, or an order could not copy its items from the calculation later.
fn shipments_match(req: &TaxCalculationRequest, resp: &TaxCalculationResponse) -> Vec<FieldError> {
    let mut errors: Vec<FieldError> = resp
        .shipments
        .iter()
        .enumerate()
        .filter(|(_, s)| !req.shipments.iter().any(|r| r.shipment_id == s.shipment_id))
        .map(|(i, s)| {
            FieldError::new(
                format!("shipments[{i}].shipment_id"),
                format!(
                    "the response's shipment {} is not a shipment of the request",
                    s.shipment_id
                ),
            )
        })
        .collect();
    for (i, shipment) in req.shipments.iter().enumerate() {
        let mut seen = HashSet::new();
        for (k, item) in shipment.items.iter().enumerate() {
            if !seen.insert(item.source_line_id.as_str()) {
                errors.push(FieldError::new(
                    format!("shipments[{i}].items[{k}].source_line_id"),
                    format!(
                        "the line {} appears twice in shipment {}; give each line its own id",
                        item.source_line_id, shipment.shipment_id
                    ),
                ));
            }
        }
    }
    errors
}

pub(super) fn calculation_exists(tx: &mut Tx<'_>, id: &str) -> Result<bool, StoreError> {
    Ok(tx
        .query_opt(
            "SELECT 1 FROM calculations WHERE landedcost_request_id = ?1",
            params![id],
        )?
        .is_some())
}

/// The request of a stored calculation (its cart: addresses and items).
pub(super) fn load_request(
    tx: &mut Tx<'_>,
    id: &str,
) -> Result<(TaxCalculationRequest, String), StoreError> {
    let row = tx.query_one(
        "SELECT request_json, currency_code FROM calculations WHERE landedcost_request_id = ?1",
        params![id],
    )?;
    let (request, currency): (String, String) =
        (row.get("request_json")?, row.get("currency_code")?);
    Ok((from_json(&request, "calculations.request_json")?, currency))
}

pub(super) fn load_rate(
    tx: &mut Tx<'_>,
    tax_transaction_id: &str,
) -> Result<Option<RateRow>, StoreError> {
    tx.query_row_opt(
        "SELECT landedcost_request_id, shipment_id, shipping_rate_id, shipping_rate
         FROM calculation_rates WHERE tax_transaction_id = ?1",
        params![tax_transaction_id],
        |row| -> Result<_, StoreError> {
            Ok(RateRow {
                landedcost_request_id: row.get("landedcost_request_id")?,
                shipment_id: row.get("shipment_id")?,
                shipping_rate_id: row.get("shipping_rate_id")?,
                shipping_rate: row.get("shipping_rate")?,
            })
        },
    )
}

/// The landed cost of every rate option of a stored calculation, by `tax_transaction_id`.
/// Read from the stored response, the one copy of what the merchant was quoted (a rate row
/// holding its own copy would double what every quote writes).
pub(super) fn landed_costs(
    tx: &mut Tx<'_>,
    id: &str,
) -> Result<HashMap<String, LandedCost>, StoreError> {
    let text: String = tx.query_value(
        "SELECT response_json FROM calculations WHERE landedcost_request_id = ?1",
        params![id],
    )?;
    let response: TaxCalculationResponse = from_json(&text, "calculations.response_json")?;
    Ok(response
        .shipments
        .into_iter()
        .flat_map(|shipment| shipment.shipping_rate_taxes)
        .map(|rate| (rate.tax_transaction_id, rate.landed_cost))
        .collect())
}

/// The calculation's shipments that have at least one rate option, in stored order.
pub(super) fn rated_shipments(tx: &mut Tx<'_>, id: &str) -> Result<Vec<String>, StoreError> {
    tx.query_map(
        "SELECT shipment_id FROM calculation_rates WHERE landedcost_request_id = ?1
         GROUP BY shipment_id ORDER BY MIN(rowid)",
        params![id],
        |row| Ok(row.get(0)?),
    )
}
