//! One result row of either engine, read by column name or position.

use std::sync::Arc;

use super::error::SqlError;
use super::value::{FromValue, Value};

/// One result row: its values, and the column names it shares with every row of its query.
#[derive(Debug)]
pub struct Row {
    names: Arc<[String]>,
    values: Vec<Value>,
}

/// A column by name as the SELECT list names it (`"shipment_id"`, an `AS` alias), or by
/// position. Names are what queries use: a changed SELECT list then fails loudly, never
/// silently reads the neighbouring column.
pub trait ColumnIndex {
    /// The column's position among `names`.
    fn position(self, names: &[String]) -> Result<usize, SqlError>;
}

impl ColumnIndex for usize {
    fn position(self, names: &[String]) -> Result<usize, SqlError> {
        if self < names.len() {
            Ok(self)
        } else {
            Err(SqlError::Corrupt(format!("no column {self}")))
        }
    }
}

impl ColumnIndex for &str {
    /// Exact first, then ignoring ASCII case (as SQL treats unquoted names; PostgreSQL answers
    /// them lower-cased).
    fn position(self, names: &[String]) -> Result<usize, SqlError> {
        names
            .iter()
            .position(|n| n == self)
            .or_else(|| names.iter().position(|n| n.eq_ignore_ascii_case(self)))
            .ok_or_else(|| {
                SqlError::Corrupt(format!(
                    "no column named {self} (the query answers {})",
                    names.join(", ")
                ))
            })
    }
}

impl Row {
    pub(super) fn new(names: Arc<[String]>, values: Vec<Value>) -> Self {
        Self { names, values }
    }

    /// Column `index` (a name, or a position) as `T`; a value that does not fit is stored data
    /// gone wrong.
    pub fn get<I: ColumnIndex, T: FromValue>(&self, index: I) -> Result<T, SqlError> {
        let index = index.position(&self.names)?;
        let name = self.names.get(index).map_or("?", String::as_str);
        let value = self
            .values
            .get(index)
            .cloned()
            .ok_or_else(|| SqlError::Corrupt(format!("no value for column {name}")))?;
        T::from_value(value).map_err(|e| SqlError::Corrupt(format!("column {name}: {e}")))
    }
}
