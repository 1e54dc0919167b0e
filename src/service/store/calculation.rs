//! Stored calculations: what `POST /v1/landed-cost` answered, so orders can be checked against it.

use std::collections::HashSet;

use rusqlite::{OptionalExtension, Transaction};
use serde_json::json;
use time::OffsetDateTime;

use super::codec::{append_event, from_json, to_json};
use super::{Durability, Store, StoreError};
use crate::api::{FieldError, LandedCost, TaxCalculationRequest, TaxCalculationResponse};

/// One rate option of a calculated shipment, as the order create looks it up.
pub(super) struct RateRow {
    pub landedcost_request_id: String,
    pub shipment_id: String,
    pub shipping_rate_id: String,
    pub shipping_rate: String,
    pub landed_cost_json: String,
}

impl Store {
    /// Stores a calculation so orders can be checked against it: request and response as JSON,
    /// plus one row per rate option (`tax_transaction_id` → request, shipment, rate and its
    /// `LandedCost`). An id seen before is a `Conflict`: ids are unique by contract.
    pub fn save_calculation(
        &self,
        req: &TaxCalculationRequest,
        resp: &TaxCalculationResponse,
    ) -> Result<(), StoreError> {
        let errors = shipments_match(req, resp);
        if !errors.is_empty() {
            return Err(StoreError::Invalid(errors));
        }
        self.write_with(Durability::ProcessCrash, |tx| {
            let id = &resp.landedcost_request_id;
            if calculation_exists(tx, id)? {
                return Err(StoreError::Conflict(format!(
                    "the calculation {id} is already stored"
                )));
            }
            tx.execute(
                "INSERT INTO calculations
                    (landedcost_request_id, currency_code, created_at, request_json, response_json)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                (
                    id,
                    &resp.currency_code,
                    &resp.created_at,
                    to_json(req)?,
                    to_json(resp)?,
                ),
            )?;
            let mut rates = 0_u64;
            for shipment in &resp.shipments {
                for rate in &shipment.shipping_rate_taxes {
                    if load_rate(tx, &rate.tax_transaction_id)?.is_some() {
                        return Err(StoreError::Conflict(format!(
                            "the tax transaction {} is already stored",
                            rate.tax_transaction_id
                        )));
                    }
                    tx.prepare_cached(
                        "INSERT INTO calculation_rates (tax_transaction_id, landedcost_request_id,
                            shipment_id, shipping_rate_id, shipping_rate, landed_cost_json)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    )?
                    .execute((
                        &rate.tax_transaction_id,
                        id,
                        &shipment.shipment_id,
                        &rate.shipping_rate_id,
                        rate.shipping_rate.to_string(),
                        to_json(&rate.landed_cost)?,
                    ))?;
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
        })
    }
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

pub(super) fn calculation_exists(tx: &Transaction<'_>, id: &str) -> Result<bool, StoreError> {
    Ok(tx
        .prepare_cached("SELECT 1 FROM calculations WHERE landedcost_request_id = ?1")?
        .query_row([id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// The request of a stored calculation (its cart: addresses and items).
pub(super) fn load_request(
    tx: &Transaction<'_>,
    id: &str,
) -> Result<(TaxCalculationRequest, String), StoreError> {
    let (request, currency): (String, String) = tx.query_row(
        "SELECT request_json, currency_code FROM calculations WHERE landedcost_request_id = ?1",
        [id],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    Ok((from_json(&request, "calculations.request_json")?, currency))
}

pub(super) fn load_rate(
    tx: &Transaction<'_>,
    tax_transaction_id: &str,
) -> Result<Option<RateRow>, StoreError> {
    Ok(tx
        .prepare_cached(
            "SELECT landedcost_request_id, shipment_id, shipping_rate_id, shipping_rate,
                    landed_cost_json
             FROM calculation_rates WHERE tax_transaction_id = ?1",
        )?
        .query_row([tax_transaction_id], |row| {
            Ok(RateRow {
                landedcost_request_id: row.get(0)?,
                shipment_id: row.get(1)?,
                shipping_rate_id: row.get(2)?,
                shipping_rate: row.get(3)?,
                landed_cost_json: row.get(4)?,
            })
        })
        .optional()?)
}

impl RateRow {
    pub fn landed_cost(&self) -> Result<LandedCost, StoreError> {
        from_json(&self.landed_cost_json, "calculation_rates.landed_cost_json")
    }
}

/// The calculation's shipments that have at least one rate option, in stored order.
pub(super) fn rated_shipments(tx: &Transaction<'_>, id: &str) -> Result<Vec<String>, StoreError> {
    let mut stmt = tx.prepare_cached(
        "SELECT shipment_id FROM calculation_rates WHERE landedcost_request_id = ?1
         GROUP BY shipment_id ORDER BY MIN(rowid)",
    )?;
    let ids = stmt
        .query_map([id], |row| row.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(ids)
}
