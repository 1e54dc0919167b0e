//! Stored calculations: what `POST /v1/landed-cost` answered, so orders can be checked against it.
//!
//! A quote is one row: its request as it crossed the wire and its answer's values in the
//! compact form (`compact`), which gives back the JSON that was sent. SQLite keeps the answer
//! packed (`packed`) in `response_json`; PostgreSQL, which compresses it itself, in
//! `response_compact` (a column of its own since schema step 6: `response_json` is typed text
//! there). What earlier versions stored still reads on both. The table is itself the quotes'
//! history (rows are only ever added, each with its time, until retention deletes an unordered
//! one), so a quote writes no event; earlier versions wrote a `calculation_saved` event
//! repeating the row's id, which retention deletes with the quote.

use std::borrow::Cow;
use std::collections::HashSet;

use rust_decimal::Decimal;

use super::codec::from_json;
use super::compact;
use super::error::StoreError;
use super::handle::{Durability, Store};
use super::packed;
use crate::api::{FieldError, LandedCost, TaxCalculationRequest, TaxCalculationResponse};
use crate::service::ids;
use crate::sql::{Dialect, SqlError, ToValue, Tx, Value, params};

/// A rate option of a stored calculation, as its response quoted it.
#[derive(Clone)]
pub(super) struct QuotedRate {
    pub shipment_id: String,
    pub shipping_rate_id: String,
    pub shipping_rate: Decimal,
    pub tax_transaction_id: String,
    pub landed_cost: LandedCost,
}

/// What a stored calculation quoted, read from its response: the one copy of it.
pub(super) struct Quoted {
    /// The shipments that have at least one rate option, in the response's order.
    pub rated_shipments: Vec<String>,
    pub rates: Vec<QuotedRate>,
}

impl Quoted {
    pub fn rate(&self, tax_transaction_id: &str) -> Option<&QuotedRate> {
        self.rates
            .iter()
            .find(|rate| rate.tax_transaction_id == tax_transaction_id)
    }
}

/// A calculation to store: the request as the merchant sent it (its body, so it is not
/// serialized again) and the service's answer.
pub struct NewCalculation<'a> {
    pub request: &'a TaxCalculationRequest,
    pub response: &'a TaxCalculationResponse,
    pub request_json: &'a [u8],
}

/// A calculation's row, its own rules checked ([`NewCalculation::prepared`]); whether its id is
/// taken is for the transaction that writes it.
pub(super) struct CalculationRow<'a> {
    pub id: &'a str,
    pub currency_code: &'a str,
    pub created_at: &'a str,
    pub request_json: &'a str,
    /// The answer in the compact form.
    pub response: &'a [u8],
}

/// What a calculation's row holds besides its request and response: the request's body as
/// text and the answer's compact form.
struct Prepared<'a> {
    request_json: Cow<'a, str>,
    response: Vec<u8>,
}

impl<'a> NewCalculation<'a> {
    /// Its row's bodies, once its own rules hold.
    fn prepared(&self) -> Result<Prepared<'a>, StoreError> {
        check_rules(self.request, self.response)?;
        Ok(Prepared {
            request_json: text(self.request_json),
            response: compact::encode(self.response),
        })
    }

    fn row<'r>(&'r self, prepared: &'r Prepared<'r>) -> CalculationRow<'r> {
        CalculationRow {
            id: &self.response.landedcost_request_id,
            currency_code: &self.response.currency_code,
            created_at: &self.response.created_at,
            request_json: &prepared.request_json,
            response: &prepared.response,
        }
    }
}

/// The JSON as text. Always valid UTF-8 but for a value the parser skipped without reading (an
/// unknown field of the request), which is stored with the bad bytes replaced. `from_utf8`
/// first: it checks valid text faster than the lossy scan does.
fn text(json: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(json) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(json),
    }
}

/// A calculation's own rules, which need no database: its shipments are the request's, each
/// line once, and its tax transaction ids name it.
fn check_rules(
    request: &TaxCalculationRequest,
    response: &TaxCalculationResponse,
) -> Result<(), StoreError> {
    let mut errors = shipments_match(request, response);
    errors.extend(rates_named_by(response));
    if errors.is_empty() {
        Ok(())
    } else {
        Err(StoreError::Invalid(errors))
    }
}

impl Store {
    /// Stores several calculations in one transaction (group commit: one write of the log for
    /// all of them). Each succeeds or fails on its own; the outer error is for a transaction
    /// that could not be committed at all, when none was stored.
    pub fn save_calculations(
        &self,
        batch: &[NewCalculation<'_>],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let prepared: Vec<_> = batch.iter().map(NewCalculation::prepared).collect();
        let rows: Vec<_> = batch
            .iter()
            .zip(&prepared)
            .filter_map(|(calc, prepared)| Some(calc.row(prepared.as_ref().ok()?)))
            .collect();
        let mut saved = self
            .save_rows(&rows.iter().collect::<Vec<_>>())?
            .into_iter();
        Ok(prepared
            .into_iter()
            .map(|prepared| {
                prepared.and_then(|_| {
                    saved.next().unwrap_or_else(|| {
                        Err(StoreError::Unavailable(
                            "a quote of the batch got no answer".into(),
                        ))
                    })
                })
            })
            .collect())
    }

    /// Stores checked calculations in one transaction, as [`Self::save_calculations`]: the
    /// answer of each, refused only if its id is taken.
    fn save_rows(
        &self,
        batch: &[&CalculationRow<'_>],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        // Ids are the engine's own (time and 74 random bits), so one already stored is all but
        // impossible: the batch is written as it is and the unique key checks it (on PostgreSQL
        // in one statement: each is a round trip to the server). Only when the key refuses one
        // does the batch go the careful way below, which tells each quote its own answer.
        let (results, accepted) = judge(batch, &Claimed::default());
        // On PostgreSQL the batch is one statement committed by itself: a quote checks nothing
        // but its unique id, so it needs neither the writers' lock nor a transaction around it,
        // and takes one round trip where BEGIN, the lock, the insert and COMMIT took four.
        // Two instances' batches may then commit out of their rowid order; retention's walk by
        // rowid stops at the first quote younger than the retention period, so it never passes
        // one not yet committed.
        let written = match self.on_postgres(|conn| {
            insert_as_arrays(&accepted, |sql, params| conn.execute_alone(sql, params))
        }) {
            Ok(Some(())) => Ok(()),
            Ok(None) => self.write_with(Durability::ProcessCrash, |tx| insert(tx, &accepted)),
            Err(err) => Err(err),
        };
        match written {
            Ok(()) => return Ok(results),
            Err(err) if is_duplicate(&err) => {}
            Err(err) => return Err(err),
        }
        self.write_with(Durability::ProcessCrash, |tx| {
            // Every id is checked before anything is written, against the database and the
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
    batch: &[&'b CalculationRow<'a>],
    stored: &Claimed<'_>,
) -> (Vec<Result<(), StoreError>>, Vec<&'b CalculationRow<'a>>) {
    let mut claimed = Claimed::default();
    let results: Vec<_> = batch
        .iter()
        .map(|row| {
            if claimed.contains(row.id) || stored.contains(row.id) {
                return Err(StoreError::Conflict(format!(
                    "the calculation {} is already stored",
                    row.id
                )));
            }
            claimed.insert(row.id);
            Ok(())
        })
        .collect();
    let accepted = batch
        .iter()
        .zip(&results)
        .filter(|(_, result)| result.is_ok())
        .map(|(row, _)| *row)
        .collect();
    (results, accepted)
}

/// A unique key refused a row; the transaction wrote nothing.
fn is_duplicate(err: &StoreError) -> bool {
    match err {
        StoreError::Database(SqlError::Duplicate(_)) => true,
        StoreError::Database(SqlError::Sqlite(rusqlite::Error::SqliteFailure(failure, _))) => {
            matches!(
                failure.extended_code,
                rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
                    | rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            )
        }
        _ => false,
    }
}

/// Calculation ids taken: by the quotes of a batch checked so far, or stored before.
type Claimed<'a> = HashSet<&'a str>;

/// A tax transaction id must name its calculation (`service::ids`), once: that is what makes it
/// unique without a row of its own.
fn rates_named_by(resp: &TaxCalculationResponse) -> Vec<FieldError> {
    let id = resp.landedcost_request_id.as_str();
    let mut seen = HashSet::new();
    let mut errors = Vec::new();
    for (i, shipment) in resp.shipments.iter().enumerate() {
        for (k, rate) in shipment.shipping_rate_taxes.iter().enumerate() {
            let ttx = rate.tax_transaction_id.as_str();
            let problem = if !ids::names_calculation(ttx, id) {
                format!("the tax transaction {ttx} does not name calculation {id}")
            } else if !seen.insert(ttx) {
                format!("the tax transaction {ttx} appears twice in calculation {id}")
            } else {
                continue;
            };
            errors.push(FieldError::new(
                format!("shipments[{i}].shipping_rate_taxes[{k}].tax_transaction_id"),
                problem,
            ));
        }
    }
    errors
}

/// Which of the batch's calculation ids are stored already, one index look-up each.
fn stored_ids<'a>(
    tx: &mut Tx<'_>,
    batch: &[&CalculationRow<'a>],
) -> Result<Claimed<'a>, StoreError> {
    let mut stored = Claimed::default();
    for row in batch {
        if calculation_exists(tx, row.id)? {
            stored.insert(row.id);
        }
    }
    Ok(stored)
}

/// Writes the calculations [`judge`] accepted.
fn insert(tx: &mut Tx<'_>, accepted: &[&CalculationRow<'_>]) -> Result<(), StoreError> {
    match tx.dialect() {
        Dialect::Postgres => insert_as_arrays(accepted, |sql, params| tx.execute(sql, params)),
        Dialect::Sqlite => {
            for row in accepted {
                insert_one(tx, row)?;
            }
            Ok(())
        }
    }
}

/// One row on SQLite, both bodies packed here (SQLite does not compress; PostgreSQL does, so
/// [`insert_as_arrays`] sends them as they are).
fn insert_one(tx: &mut Tx<'_>, row: &CalculationRow<'_>) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO calculations
            (landedcost_request_id, currency_code, created_at, request_json, response_json)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            row.id,
            row.currency_code,
            row.created_at,
            packed::pack(row.request_json.as_bytes()),
            packed::pack(row.response),
        ],
    )?;
    Ok(())
}

/// The same rows as [`insert_one`] for the whole batch in one statement, each column one array
/// (a round trip per batch instead of one per quote), run by `execute`. The rows keep the
/// batch's order, which is the order `rowid` gives them. The statement sets its own transaction's
/// `synchronous_commit = off`, so it may be a transaction of its own (quotes are
/// [`Durability::ProcessCrash`]).
fn insert_as_arrays(
    accepted: &[&CalculationRow<'_>],
    execute: impl FnOnce(&str, &[&dyn ToValue]) -> Result<u64, SqlError>,
) -> Result<(), StoreError> {
    if accepted.is_empty() {
        return Ok(());
    }
    let answers: Vec<&[u8]> = accepted.iter().map(|row| row.response).collect();
    execute(
        "WITH relaxed AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
         INSERT INTO calculations
            (landedcost_request_id, currency_code, created_at, request_json, response_compact)
         SELECT q.* FROM relaxed,
            unnest(?1::TEXT[], ?2::TEXT[], ?3::TEXT[], ?4::TEXT[], ?5::BYTEA[]) AS q",
        params![
            column(accepted, |r| r.id),
            column(accepted, |r| r.currency_code),
            column(accepted, |r| r.created_at),
            column(accepted, |r| r.request_json),
            answers,
        ],
    )?;
    Ok(())
}

/// One text column of a batch, borrowed from its rows.
fn column<'r>(
    rows: &[&'r CalculationRow<'r>],
    value: impl Fn(&'r CalculationRow<'r>) -> &'r str,
) -> Vec<&'r str> {
    rows.iter().map(|row| value(row)).collect()
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

/// The calculation a tax transaction of an earlier schema belongs to: its rate row, written for
/// every rate option of a quote before tax transaction ids named their calculation, and now
/// only when an order takes the option.
pub(super) fn rate_row_owner(
    tx: &mut Tx<'_>,
    tax_transaction_id: &str,
) -> Result<Option<String>, StoreError> {
    tx.query_row_opt(
        "SELECT landedcost_request_id FROM calculation_rates WHERE tax_transaction_id = ?1",
        params![tax_transaction_id],
        |row| Ok(row.get(0)?),
    )
}

/// Every rate option of a stored calculation, from its stored response.
pub(super) fn quoted(tx: &mut Tx<'_>, id: &str) -> Result<Quoted, StoreError> {
    let (stored, what) = match tx.dialect() {
        Dialect::Sqlite => (
            tx.query_value(
                "SELECT response_json FROM calculations WHERE landedcost_request_id = ?1",
                params![id],
            )?,
            "calculations.response_json",
        ),
        // The compact answer, or for a quote stored before schema step 6 its JSON.
        Dialect::Postgres => {
            let row = tx.query_one(
                "SELECT response_compact, response_json FROM calculations
                 WHERE landedcost_request_id = ?1",
                params![id],
            )?;
            match row.get::<_, Value>("response_compact")? {
                Value::Null => (row.get("response_json")?, "calculations.response_json"),
                compact => (compact, "calculations.response_compact"),
            }
        }
    };
    // The compact form as it is (PostgreSQL, and SQLite before it was packed), or packed: the
    // compact form, or the JSON of an earlier version.
    let bytes = match stored {
        Value::Blob(bytes) if compact::is_compact(&bytes) => bytes,
        stored => packed::unpack_bytes(stored, what)?,
    };
    let response: TaxCalculationResponse = if compact::is_compact(&bytes) {
        compact::decode(&bytes, what)?
    } else {
        from_json(&packed::text(bytes, what)?, what)?
    };
    let mut quoted = Quoted {
        rated_shipments: Vec::new(),
        rates: Vec::new(),
    };
    for shipment in response.shipments {
        if !shipment.shipping_rate_taxes.is_empty() {
            quoted.rated_shipments.push(shipment.shipment_id.clone());
        }
        for rate in shipment.shipping_rate_taxes {
            quoted.rates.push(QuotedRate {
                shipment_id: shipment.shipment_id.clone(),
                shipping_rate_id: rate.shipping_rate_id,
                shipping_rate: rate.shipping_rate,
                tax_transaction_id: rate.tax_transaction_id,
                landed_cost: rate.landed_cost,
            });
        }
    }
    Ok(quoted)
}

/// Writes the rate row that an order's shipment locks (`order_shipments.tax_transaction_id`
/// refers to it); a quote from an earlier schema has it already.
pub(super) fn insert_rate_row(
    tx: &mut Tx<'_>,
    landedcost_request_id: &str,
    rate: &QuotedRate,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO calculation_rates (tax_transaction_id, landedcost_request_id, shipment_id,
            shipping_rate_id, shipping_rate)
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (tax_transaction_id) DO NOTHING",
        params![
            rate.tax_transaction_id,
            landedcost_request_id,
            rate.shipment_id,
            rate.shipping_rate_id,
            rate.shipping_rate.to_string(),
        ],
    )?;
    Ok(())
}
