//! Reading the table's rows from the warehouse record.

use super::command::Done;
use crate::station::db::{OrderNumber, OrderRow};
use crate::ui::failure::Failure;
use crate::ui::record::Record;
use crate::warehouse::client::rows::order_row;

fn rows(summaries: Vec<crate::api::warehouse::OrderSummary>) -> Result<Vec<OrderRow>, Failure> {
    summaries
        .into_iter()
        .map(|s| order_row(s).map_err(Failure::from))
        .collect()
}

pub async fn load_rows(record: Record) -> Done {
    let read = record.call(|c, s| async move { c.orders(&s).await }).await;
    Done::Loaded(read.and_then(rows))
}

pub async fn load_changed_rows(record: Record, numbers: Vec<OrderNumber>) -> Done {
    let read = record
        .call(|c, s| {
            let numbers = numbers.clone();
            async move { c.order_rows(&s, &numbers).await }
        })
        .await;
    Done::RowsChanged(read.and_then(rows))
}
