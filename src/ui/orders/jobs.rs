//! Reading the table's rows from the station's record.

use super::command::Done;
use crate::station::db::OrderNumber;
use crate::ui::jobs::{SharedDb, with_db};

pub async fn load_rows(db: SharedDb) -> Done {
    Done::Loaded(with_db(&db, |db| db.list_orders()).await)
}

pub async fn load_changed_rows(db: SharedDb, numbers: Vec<OrderNumber>) -> Done {
    Done::RowsChanged(with_db(&db, move |db| db.order_rows(&numbers)).await)
}
