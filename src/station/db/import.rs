//! Recording imported orders: each checked order is stored unless the station has it already
//! (`station::import` parses the file, checks the entries and writes the report).

use crate::station::model::check::PreparedOrder;

use super::encoding::{now_unix, to_json};
use super::engine::params;
use super::event_log::{NewEvent, insert_event};
use super::record::insert_order;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::{Direction, OrderOrigin};

/// What became of one imported order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    Imported,
    /// The station has it with the same create body: left as it was.
    AlreadyPresent,
    /// The station has an order with this number and another create body: left as it was.
    Different,
}

impl StationDb {
    /// Records checked orders in one transaction, each with an `import` event naming its entry
    /// index; answers for each in order.
    pub(crate) fn record_imported(
        &mut self,
        orders: &[(usize, &PreparedOrder<'_>)],
    ) -> Result<Vec<Recorded>, StationError> {
        let mut tx = self.conn.write()?;
        let recorded_at = now_unix();
        let mut outcomes = Vec::with_capacity(orders.len());
        for (index, prepared) in orders {
            let stored: Option<String> = tx.query_row_opt(
                "SELECT create_json FROM orders WHERE source_reference = ?1",
                params![prepared.reference],
                |row| Ok(row.get("create_json")?),
            )?;
            if let Some(stored) = stored {
                outcomes.push(if stored == to_json(prepared.create)? {
                    Recorded::AlreadyPresent
                } else {
                    Recorded::Different
                });
                continue;
            }
            let order_id = insert_order(&mut tx, prepared, OrderOrigin::Imported, recorded_at)?;
            insert_event(
                &mut tx,
                NewEvent {
                    order_id,
                    shipment_id: None,
                    parcel_id: None,
                    direction: Direction::Local,
                    kind: "import",
                    body: &serde_json::json!({ "entry": index }),
                },
            )?;
            outcomes.push(Recorded::Imported);
        }
        tx.commit()?;
        Ok(outcomes)
    }
}
