//! Retention: a calculation that no order uses is deleted once it is older than the retention
//! period (`packdesk serve --quote-retention-days`), a few hundred at a time, each batch its own
//! short transaction so requests wait for at most one; the pages it freed go back to the file
//! system (`auto_vacuum = INCREMENTAL`). Its id is kept in `expired_calculations` for a while,
//! so an order naming it is told the quote expired. An order's calculation is never deleted:
//! the check and the delete are one transaction, and order creation is another on the same
//! connection.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::error::StoreError;
use super::handle::{Durability, Store};
use crate::sql::{Dialect, Tx, params};

/// What one batch did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PurgeStep {
    pub deleted: usize,
    /// Where the next batch starts (calculations are visited in the order they were stored,
    /// and the ones an order keeps are passed over for good).
    pub next: i64,
    /// No calculation after `next` is old enough yet.
    pub done: bool,
}

impl Store {
    /// Deletes, of the next `batch` calculations stored after `after`, those created before
    /// `cutoff` that no order uses; stops at the first one that is not old enough.
    pub fn purge_quotes(
        &self,
        cutoff: OffsetDateTime,
        after: i64,
        batch: usize,
    ) -> Result<PurgeStep, StoreError> {
        let cutoff = rfc3339(cutoff)?;
        let now = rfc3339(OffsetDateTime::now_utc())?;
        self.write_with(Durability::ProcessCrash, |tx| {
            let select = "SELECT c.rowid, c.landedcost_request_id, c.created_at,
                    NOT EXISTS (SELECT 1 FROM orders o
                                WHERE o.landedcost_request_id = c.landedcost_request_id)
                 FROM calculations c WHERE c.rowid > ?1 ORDER BY c.rowid LIMIT ?2";
            walk(tx, select, after, batch, &cutoff, |tx, rowid, id| {
                tx.execute(
                    "DELETE FROM calculation_rates WHERE landedcost_request_id = ?1",
                    params![id],
                )?;
                tx.execute("DELETE FROM calculations WHERE rowid = ?1", params![rowid])?;
                tx.execute(
                    "INSERT INTO expired_calculations (landedcost_request_id, expired_at)
                     VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                    params![id, now],
                )?;
                Ok(())
            })
        })
    }

    /// Forgets up to `batch` ids of expired quotes that expired before `cutoff`, oldest first;
    /// how many. An order naming one is then told no such quote exists, which also says to
    /// quote again. (`expired_at` is compared as text: a fraction of a second can sort an id
    /// expired in the cutoff's second on the wrong side of it.)
    pub fn forget_expired_ids(
        &self,
        cutoff: OffsetDateTime,
        batch: usize,
    ) -> Result<usize, StoreError> {
        let cutoff = rfc3339(cutoff)?;
        let limit = i64::try_from(batch).unwrap_or(i64::MAX);
        self.write_with(Durability::ProcessCrash, |tx| {
            let forgotten = tx.execute(
                "DELETE FROM expired_calculations WHERE landedcost_request_id IN (
                    SELECT landedcost_request_id FROM expired_calculations
                    WHERE expired_at < ?1 ORDER BY expired_at LIMIT ?2)",
                params![cutoff, limit],
            )?;
            Ok(usize::try_from(forgotten).unwrap_or(usize::MAX))
        })
    }

    /// Deletes, of the next `batch` events recorded after `after`, the `calculation_saved`
    /// entries (written per quote by earlier versions) of calculations that retention deleted (an ordered calculation's entry stays with
    /// its history); stops at the first event not older than `cutoff`. Like [`Self::purge_quotes`],
    /// it returns where the next batch starts.
    pub fn purge_quote_events(
        &self,
        cutoff: OffsetDateTime,
        after: i64,
        batch: usize,
    ) -> Result<PurgeStep, StoreError> {
        let cutoff = rfc3339(cutoff)?;
        self.write_with(Durability::ProcessCrash, |tx| {
            // The one query whose SQL differs: each engine reads a field of JSON text its way.
            let select = match tx.dialect() {
                Dialect::Sqlite => {
                    "SELECT e.id, '', e.at,
                        e.kind = 'calculation_saved' AND e.source_reference IS NULL
                        AND NOT EXISTS (SELECT 1 FROM calculations c WHERE c.landedcost_request_id
                                        = json_extract(e.detail_json, '$.landedcost_request_id'))
                     FROM events e WHERE e.id > ?1 ORDER BY e.id LIMIT ?2"
                }
                Dialect::Postgres => {
                    "SELECT e.id, '', e.at,
                        e.kind = 'calculation_saved' AND e.source_reference IS NULL
                        AND NOT EXISTS (SELECT 1 FROM calculations c WHERE c.landedcost_request_id
                                        = e.detail_json::jsonb ->> 'landedcost_request_id')
                     FROM events e WHERE e.id > ?1 ORDER BY e.id LIMIT ?2"
                }
            };
            walk(tx, select, after, batch, &cutoff, |tx, id, _| {
                tx.execute("DELETE FROM events WHERE id = ?1", params![id])?;
                Ok(())
            })
        })
    }

    /// Gives up to `pages` free pages back to the file system (SQLite; PostgreSQL's autovacuum
    /// makes the space of deleted rows reusable by itself).
    pub fn release_free_pages(&self, pages: u32) -> Result<(), StoreError> {
        self.on_sqlite(|conn| {
            // Each step of the statement frees one page: step it to the end.
            let mut vacuum = conn.prepare(&format!("PRAGMA incremental_vacuum({pages})"))?;
            let mut steps = vacuum.query([])?;
            while steps.next()?.is_some() {}
            Ok(())
        })?;
        Ok(())
    }

    /// The SQLite file's size in pages and how many of them are free; `None` on PostgreSQL.
    pub fn page_counts(&self) -> Result<Option<(i64, i64)>, StoreError> {
        self.on_sqlite(|conn| {
            let pages: i64 = conn.query_row("PRAGMA page_count", [], |r| r.get(0))?;
            let free: i64 = conn.query_row("PRAGMA freelist_count", [], |r| r.get(0))?;
            Ok((pages, free))
        })
    }
}

/// One batch of a retention walk: `select` gives, for the next `batch` rows after `after` in
/// storage order, (position, id, timestamp, whether it may go); `delete` removes one that may.
/// Stops at the first row not older than `cutoff`.
fn walk(
    tx: &mut Tx<'_>,
    select: &str,
    after: i64,
    batch: usize,
    cutoff: &str,
    mut delete: impl FnMut(&mut Tx<'_>, i64, &str) -> Result<(), StoreError>,
) -> Result<PurgeStep, StoreError> {
    let limit = i64::try_from(batch).unwrap_or(i64::MAX);
    let rows: Vec<(i64, String, String, bool)> = tx.query_map(
        select,
        params![after, limit],
        |r| -> Result<_, StoreError> { Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)) },
    )?;
    let mut step = PurgeStep {
        deleted: 0,
        next: after,
        done: rows.len() < batch,
    };
    for (position, id, stamp, may_go) in rows {
        if !older(&stamp, cutoff) {
            step.done = true;
            break;
        }
        step.next = position;
        if may_go {
            delete(&mut *tx, position, &id)?;
            step.deleted += 1;
        }
    }
    Ok(step)
}

/// Whether a calculation with this id was deleted by retention.
pub(super) fn expired(tx: &mut Tx<'_>, id: &str) -> Result<bool, StoreError> {
    Ok(tx
        .query_opt(
            "SELECT 1 FROM expired_calculations WHERE landedcost_request_id = ?1",
            params![id],
        )?
        .is_some())
}

fn rfc3339(at: OffsetDateTime) -> Result<String, StoreError> {
    at.format(&Rfc3339)
        .map_err(|e| StoreError::Unavailable(format!("cannot write a timestamp: {e}")))
}

/// `created_at` before `cutoff`, both RFC 3339 in UTC; compared as instants, since fractions of
/// a second make the texts differ in length.
fn older(created_at: &str, cutoff: &str) -> bool {
    match (
        OffsetDateTime::parse(created_at, &Rfc3339),
        OffsetDateTime::parse(cutoff, &Rfc3339),
    ) {
        (Ok(created), Ok(cutoff)) => created < cutoff,
        // A timestamp this store did not write: keep the calculation.
        _ => false,
    }
}
