//! The fields an update changes on a stored row: only real changes are written, and each is
//! recorded with its value before and after.

use rust_decimal::Decimal;
use serde_json::{Map, Value, json};

use super::super::error::StoreError;
use crate::sql::{ToValue, Tx, Value as Sql};

#[derive(Default)]
pub(super) struct Changes {
    /// `(column, before, after)`; columns are constants of this module's callers, never input.
    fields: Vec<(&'static str, Sql, Sql)>,
}

impl Changes {
    pub fn dec(&mut self, column: &'static str, before: Decimal, after: Option<Decimal>) {
        if let Some(after) = after.filter(|a| *a != before) {
            self.fields.push((
                column,
                Sql::Text(before.to_string()),
                Sql::Text(after.to_string()),
            ));
        }
    }

    pub fn text(&mut self, column: &'static str, before: &str, after: Option<&str>) {
        if let Some(after) = after.filter(|a| *a != before) {
            self.fields.push((
                column,
                Sql::Text(before.to_owned()),
                Sql::Text(after.to_owned()),
            ));
        }
    }

    pub fn opt_text(&mut self, column: &'static str, before: Option<&str>, after: Option<&str>) {
        if let Some(after) = after.filter(|a| Some(*a) != before) {
            let before = before.map_or(Sql::Null, |b| Sql::Text(b.to_owned()));
            self.fields
                .push((column, before, Sql::Text(after.to_owned())));
        }
    }

    pub fn int(&mut self, column: &'static str, before: i64, after: Option<i64>) {
        if let Some(after) = after.filter(|a| *a != before) {
            self.fields
                .push((column, Sql::Int(before), Sql::Int(after)));
        }
    }

    pub fn flag(&mut self, column: &'static str, before: bool, after: Option<bool>) {
        if let Some(after) = after.filter(|a| *a != before) {
            self.fields.push((
                column,
                Sql::Int(i64::from(before)),
                Sql::Int(i64::from(after)),
            ));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// Whether anything but the listed columns changes.
    pub fn touches_other_than(&self, columns: &[&str]) -> bool {
        self.fields.iter().any(|(c, _, _)| !columns.contains(c))
    }

    /// Writes the new values to row `id` of `table` (a constant of the caller).
    pub fn write(&self, tx: &mut Tx<'_>, table: &str, id: i64) -> Result<(), StoreError> {
        if self.fields.is_empty() {
            return Ok(());
        }
        let sets: Vec<String> = self
            .fields
            .iter()
            .enumerate()
            .map(|(n, (column, _, _))| format!("{column} = ?{}", n + 2))
            .collect();
        let sql = format!("UPDATE {table} SET {} WHERE id = ?1", sets.join(", "));
        let mut values: Vec<Sql> = vec![Sql::Int(id)];
        values.extend(self.fields.iter().map(|(_, _, after)| after.clone()));
        let params: Vec<&dyn ToValue> = values.iter().map(|v| v as &dyn ToValue).collect();
        tx.execute(&sql, &params)?;
        Ok(())
    }

    /// `{"before": {...}, "after": {...}}` with the changed fields only.
    pub fn detail(&self) -> Value {
        let mut before = Map::new();
        let mut after = Map::new();
        for (column, b, a) in &self.fields {
            before.insert((*column).to_owned(), to_json(b));
            after.insert((*column).to_owned(), to_json(a));
        }
        json!({ "before": before, "after": after })
    }
}

fn to_json(value: &Sql) -> Value {
    match value {
        Sql::Null => Value::Null,
        Sql::Int(n) => json!(n),
        Sql::Text(t) => json!(t),
        Sql::Blob(b) => json!(format!("{} bytes", b.len())),
        Sql::Texts(texts) => json!(texts),
        Sql::Blobs(blobs) => json!(format!("{} values", blobs.len())),
    }
}
