//! Stored calculations: what `POST /v1/landed-cost` answered, so orders can be checked against it.

use std::collections::{HashMap, HashSet};

use serde_json::json;
use time::OffsetDateTime;

use super::codec::{append_event, from_json, to_json, ts};
use super::error::StoreError;
use super::handle::{Durability, Store};
use super::packed;
use crate::api::{FieldError, LandedCost, TaxCalculationRequest, TaxCalculationResponse};
use crate::sql::{Dialect, SqlError, Tx, Value, params};

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
        // On PostgreSQL every statement is a round trip to the server. Ids are the engine's own
        // (time and 74 random bits), so one already stored is all but impossible: the batch goes
        // in one statement and the unique keys check it. Only when they refuse one does the
        // batch go the careful way below, which tells each quote its own answer.
        if self.dialect() == Dialect::Postgres {
            let (results, accepted) = judge(batch, &Claimed::default());
            match self.write_with(Durability::ProcessCrash, |tx| insert(tx, &accepted)) {
                Ok(()) => return Ok(results),
                Err(StoreError::Database(SqlError::Duplicate(_))) => {}
                Err(err) => return Err(err),
            }
        }
        self.write_with(Durability::ProcessCrash, |tx| {
            // Every rule is checked before anything is written, against the database and the
            // quotes before it in the batch, so a quote that fails leaves nothing to undo. (A
            // savepoint per quote did the same at a seventh of the writer's time: it journals
            // every page a quote touches first.)
            let stored = stored_ids(tx, batch)?;
            let (results, accepted) = judge(batch, &stored);
            insert(tx, &accepted)?;
            Ok(results)
        })
    }
}

/// Each quote's answer, given the ids `stored` before, and the quotes to insert.
fn judge<'b, 'a>(
    batch: &'b [NewCalculation<'a>],
    stored: &Claimed<'_>,
) -> (Vec<Result<(), StoreError>>, Vec<&'b NewCalculation<'a>>) {
    let mut claimed = Claimed::default();
    let results: Vec<_> = batch
        .iter()
        .map(|calc| check(calc, stored, &mut claimed))
        .collect();
    let accepted = batch
        .iter()
        .zip(&results)
        .filter(|(_, result)| result.is_ok())
        .map(|(calc, _)| calc)
        .collect();
    (results, accepted)
}

/// Calculation and tax transaction ids taken: by the quotes of a batch checked so far, or
/// stored before.
#[derive(Default)]
struct Claimed<'a> {
    calculations: HashSet<&'a str>,
    rates: HashSet<&'a str>,
}

fn check<'a>(
    calc: &NewCalculation<'a>,
    stored: &Claimed<'_>,
    claimed: &mut Claimed<'a>,
) -> Result<(), StoreError> {
    let resp: &'a TaxCalculationResponse = calc.response;
    let errors = shipments_match(calc.request, resp);
    if !errors.is_empty() {
        return Err(StoreError::Invalid(errors));
    }
    let id = resp.landedcost_request_id.as_str();
    if claimed.calculations.contains(id) || stored.calculations.contains(id) {
        return Err(StoreError::Conflict(format!(
            "the calculation {id} is already stored"
        )));
    }
    let mut rates = HashSet::new();
    for rate in resp.shipments.iter().flat_map(|s| &s.shipping_rate_taxes) {
        let ttx = rate.tax_transaction_id.as_str();
        if !rates.insert(ttx) || claimed.rates.contains(ttx) || stored.rates.contains(ttx) {
            return Err(StoreError::Conflict(format!(
                "the tax transaction {ttx} is already stored"
            )));
        }
    }
    claimed.calculations.insert(id);
    claimed.rates.extend(rates);
    Ok(())
}

/// Which of the batch's calculation and tax transaction ids are stored already, one index
/// look-up each.
fn stored_ids<'a>(
    tx: &mut Tx<'_>,
    batch: &[NewCalculation<'a>],
) -> Result<Claimed<'a>, StoreError> {
    let mut stored = Claimed::default();
    for calc in batch {
        let resp: &'a TaxCalculationResponse = calc.response;
        if calculation_exists(tx, &resp.landedcost_request_id)? {
            stored.calculations.insert(&resp.landedcost_request_id);
        }
        for rate in resp.shipments.iter().flat_map(|s| &s.shipping_rate_taxes) {
            if load_rate(tx, &rate.tax_transaction_id)?.is_some() {
                stored.rates.insert(&rate.tax_transaction_id);
            }
        }
    }
    Ok(stored)
}

/// Writes the calculations [`check`] accepted.
fn insert(tx: &mut Tx<'_>, accepted: &[&NewCalculation<'_>]) -> Result<(), StoreError> {
    if accepted.is_empty() {
        return Ok(());
    }
    let now = OffsetDateTime::now_utc();
    match tx.dialect() {
        Dialect::Postgres => insert_as_arrays(tx, accepted, now),
        Dialect::Sqlite => {
            for calc in accepted {
                insert_one(tx, calc, now)?;
            }
            Ok(())
        }
    }
}

fn insert_one(
    tx: &mut Tx<'_>,
    calc: &NewCalculation<'_>,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
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
            packed::pack(calc.request_json),
            packed::pack(calc.response_json),
        ],
    )?;
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
        }
    }
    append_event(tx, None, now, "calculation_saved", saved_event(resp))
}

/// The same rows as [`insert_one`] for the whole batch in one statement, each column one array
/// (a round trip per batch instead of one per row: a quote is five rows). The rows keep the
/// batch's order, which is the order `rowid` gives them.
fn insert_as_arrays(
    tx: &mut Tx<'_>,
    accepted: &[&NewCalculation<'_>],
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let column = |value: &dyn Fn(&NewCalculation<'_>) -> String| -> Vec<String> {
        accepted.iter().map(|calc| value(calc)).collect()
    };
    let mut rates: [Vec<String>; 5] = Default::default();
    for calc in accepted {
        let resp = calc.response;
        for shipment in &resp.shipments {
            for rate in &shipment.shipping_rate_taxes {
                let row = [
                    rate.tax_transaction_id.clone(),
                    resp.landedcost_request_id.clone(),
                    shipment.shipment_id.clone(),
                    rate.shipping_rate_id.clone(),
                    rate.shipping_rate.to_string(),
                ];
                for (column, value) in rates.iter_mut().zip(row) {
                    column.push(value);
                }
            }
        }
    }
    let events = accepted
        .iter()
        .map(|calc| to_json(&saved_event(calc.response)))
        .collect::<Result<Vec<_>, _>>()?;
    let [ttx, rate_calc, shipment, rate_id, rate_amount] = &rates;
    tx.execute(
        "WITH calculations_added AS (
            INSERT INTO calculations
                (landedcost_request_id, currency_code, created_at, request_json, response_json)
            SELECT * FROM unnest(?1::TEXT[], ?2::TEXT[], ?3::TEXT[], ?4::TEXT[], ?5::TEXT[])
         ), rates_added AS (
            INSERT INTO calculation_rates (tax_transaction_id, landedcost_request_id,
                shipment_id, shipping_rate_id, shipping_rate)
            SELECT * FROM unnest(?6::TEXT[], ?7::TEXT[], ?8::TEXT[], ?9::TEXT[], ?10::TEXT[])
         )
         INSERT INTO events (source_reference, at, kind, detail_json)
         SELECT NULL, ?11, 'calculation_saved', detail FROM unnest(?12::TEXT[]) AS detail",
        params![
            column(&|c| c.response.landedcost_request_id.clone()),
            column(&|c| c.response.currency_code.clone()),
            column(&|c| c.response.created_at.clone()),
            column(&|c| c.request_json.to_owned()),
            column(&|c| c.response_json.to_owned()),
            ttx,
            rate_calc,
            shipment,
            rate_id,
            rate_amount,
            ts(now)?,
            events,
        ],
    )?;
    Ok(())
}

/// The history entry of a stored calculation.
fn saved_event(resp: &TaxCalculationResponse) -> serde_json::Value {
    let rates: usize = resp
        .shipments
        .iter()
        .map(|s| s.shipping_rate_taxes.len())
        .sum();
    json!({
        "landedcost_request_id": resp.landedcost_request_id,
        "shipments": resp.shipments.len(),
        "rates": rates,
    })
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
    let what = "calculations.request_json";
    let request = packed::unpack(row.get("request_json")?, what)?;
    let currency: String = row.get("currency_code")?;
    Ok((from_json(&request, what)?, currency))
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
    let what = "calculations.response_json";
    let stored: Value = tx.query_value(
        "SELECT response_json FROM calculations WHERE landedcost_request_id = ?1",
        params![id],
    )?;
    let response: TaxCalculationResponse = from_json(&packed::unpack(stored, what)?, what)?;
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
