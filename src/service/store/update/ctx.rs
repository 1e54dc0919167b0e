//! The state one update works on.

use serde_json::Value;
use time::OffsetDateTime;

use super::super::codec::append_event;
use super::super::error::StoreError;
use super::super::rows::OrderRow;
use crate::api::FieldError;
use crate::sql::Tx;

/// The state one update works on: the order, the clock, and the problems found so far. Business
/// rule failures are collected (all reported at once, then rolled back); a `Conflict` stops at
/// once.
pub(super) struct Ctx<'t, 'c> {
    pub tx: &'t mut Tx<'c>,
    pub order: OrderRow,
    pub now: OffsetDateTime,
    pub errors: Vec<FieldError>,
}

impl Ctx<'_, '_> {
    pub fn invalid(&mut self, field: impl Into<String>, error: impl Into<String>) {
        self.errors.push(FieldError::new(field, error));
    }

    pub fn event(&mut self, kind: &str, detail: Value) -> Result<(), StoreError> {
        append_event(
            self.tx,
            Some(&self.order.source_reference),
            self.now,
            kind,
            detail,
        )
    }
}
