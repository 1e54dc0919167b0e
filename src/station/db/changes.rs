//! What changed since a desk last looked: every state-changing transaction writes events (order
//! recorded, parcel packed, label, fulfillment, cancellation, claim, delivery), so the events
//! after a cursor name the orders to show again. Ids come from a sequence and transactions
//! commit in any order, so a reader keeps a window of recent ids it has seen ([`ChangeCursor`])
//! rather than trusting "greater than the last" alone.

use std::collections::BTreeSet;

use super::engine::{ChangeListener, params};
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::OrderNumber;

/// How far back a reader looks again for events that committed after later ones.
pub const LATE_WINDOW: i64 = 256;

/// Where a desk is in the record's events.
#[derive(Debug, Clone, Default)]
pub struct ChangeCursor {
    /// Events at or below this were all handled.
    floor: i64,
    /// Events above `floor` already handled.
    seen: BTreeSet<i64>,
}

impl ChangeCursor {
    /// A cursor that has handled every event up to `event` (a desk resuming where it was).
    pub fn after(event: i64) -> Self {
        Self {
            floor: event,
            seen: BTreeSet::new(),
        }
    }

    /// A desk resuming after `event`: it reads the last [`LATE_WINDOW`] events again, since one
    /// below `event` may have committed after the desk last looked. The orders they name are
    /// said again, which costs a desk a reload, never a change.
    pub fn resuming_after(event: i64) -> Self {
        Self::after((event - LATE_WINDOW).max(0))
    }

    /// The newest event this cursor has handled (what a desk resumes from).
    pub fn newest(&self) -> i64 {
        self.seen
            .last()
            .copied()
            .unwrap_or(self.floor)
            .max(self.floor)
    }
}

impl StationDb {
    /// The id of the record's newest event (0 when there is none).
    pub fn newest_event(&mut self) -> Result<i64, StationError> {
        Ok(self
            .conn
            .read()?
            .query_value("SELECT COALESCE(MAX(id), 0) FROM events", params![])?)
    }

    /// A cursor at the record's newest event: what happens from now on.
    pub fn change_cursor(&mut self) -> Result<ChangeCursor, StationError> {
        let newest: i64 = self
            .conn
            .read()?
            .query_value("SELECT COALESCE(MAX(id), 0) FROM events", params![])?;
        Ok(ChangeCursor {
            floor: newest,
            seen: BTreeSet::new(),
        })
    }

    /// The orders changed since `cursor` (each once, in the order they changed), moving it on.
    pub fn changes_since(
        &mut self,
        cursor: &mut ChangeCursor,
    ) -> Result<Vec<OrderNumber>, StationError> {
        let rows = self.conn.read()?.query(
            "SELECT e.id, o.source_reference FROM events e JOIN orders o ON o.id = e.order_id
             WHERE e.id > ?1 ORDER BY e.id",
            params![cursor.floor],
        )?;
        let mut changed = Vec::new();
        let mut newest = cursor.floor;
        for row in rows {
            let id: i64 = row.get("id")?;
            newest = newest.max(id);
            if !cursor.seen.insert(id) {
                continue;
            }
            let number: i64 = row.get("source_reference")?;
            let number = OrderNumber::try_from(number)
                .map_err(|_| StationError::Corrupt(format!("order number {number}")))?;
            if !changed.contains(&number) {
                changed.push(number);
            }
        }
        let floor = (newest - LATE_WINDOW).max(cursor.floor);
        cursor.seen = cursor.seen.split_off(&(floor + 1));
        cursor.floor = floor;
        Ok(changed)
    }

    /// A listener for other desks' changes (PostgreSQL); `None` where the record is this
    /// desk's own file.
    pub fn change_listener(&self) -> Option<Result<ChangeListener, StationError>> {
        self.conn.listener()
    }
}
