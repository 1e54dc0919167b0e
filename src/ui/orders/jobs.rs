//! Reading the table's rows from the station's record.

use super::command::Done;
use crate::ui::jobs::{SharedDb, with_db};

pub async fn load_rows(db: SharedDb) -> Done {
    Done::Loaded(with_db(&db, |db| db.list_orders()).await)
}
