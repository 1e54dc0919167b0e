//! What every new label is given: an id, the next tracking serial, and its items from the
//! order's lines.

use rust_decimal::Decimal;

use super::super::codec::weight;
use super::super::error::StoreError;
use super::super::rows::LineRow;
use super::super::types::LabelItem;
use crate::sql::{Tx, params};

pub(super) fn label_item(line: &LineRow, quantity: Decimal) -> LabelItem {
    LabelItem {
        sku: line.sku.clone(),
        product_name: line.product_name.clone(),
        variant_name: line.variant_name.clone(),
        quantity,
        unit_weight: weight(line.weight_per_unit, line.weight_unit.as_deref()),
        origin_country_code: line.origin_country_code.clone(),
        hs_code: line.hs_code.clone(),
    }
}

pub(super) fn new_label_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// The next tracking serial (1, 2, ...), taken inside the label's transaction.
pub(super) fn next_serial(tx: &mut Tx<'_>) -> Result<u32, StoreError> {
    let value: i64 = tx.query_value(
        "UPDATE sequences SET value = value + 1 WHERE name = 'tracking_serial' RETURNING value",
        params![],
    )?;
    u32::try_from(value)
        .map_err(|_| StoreError::Corrupt(format!("tracking serial {value} out of range")))
}
