//! Claims through the warehouse server: claim or renew the shown shipment, give it up, a
//! supervisor's take-over; and the open order loaded again after a change elsewhere.

use crate::station::db::{ClaimOutcome, OrderNumber};
use crate::ui::failure::Failure;
use crate::ui::packing::command::Done;
use crate::ui::record::Record;
use crate::warehouse::client::WarehouseClientError;
use crate::warehouse::client::rows;

pub async fn claim(record: Record, order: OrderNumber, shipment_id: String) -> Done {
    let id = shipment_id.clone();
    let result = record
        .call(|c, s| {
            let id = id.clone();
            async move {
                match c.claim(&s, order, &id).await {
                    Ok(view) => Ok(Ok(view)),
                    // Another desk holds it: whose, from the order's claims.
                    Err(WarehouseClientError::Conflict(said)) => {
                        let held = c.claims(&s, order).await?;
                        Ok(Err((said, held.into_iter().find(|v| v.shipment_id == id))))
                    }
                    Err(e) => Err(e),
                }
            }
        })
        .await;
    let result = result.and_then(|answer| match answer {
        Ok(view) => Ok(ClaimOutcome::Ours(rows::claim(view)?)),
        Err((_, Some(view))) => Ok(ClaimOutcome::Theirs(rows::claim(view)?)),
        // Released between the refusal and the look: claim again at the next renewal.
        Err((said, None)) => Err(Failure::Other(said)),
    });
    Done::Claimed {
        order,
        shipment_id,
        result,
    }
}

pub async fn release(record: Record, order: OrderNumber, shipment_id: String) -> Done {
    let result = record
        .call(|c, s| {
            let shipment_id = shipment_id.clone();
            async move { c.release(&s, order, &shipment_id).await }
        })
        .await;
    Done::Released(result)
}

pub async fn take_over(record: Record, order: OrderNumber, shipment_id: String) -> Done {
    let id = shipment_id.clone();
    let result = record
        .call(|c, s| {
            let id = id.clone();
            async move { c.take_over(&s, order, &id).await }
        })
        .await
        .and_then(|view| rows::claim(view).map_err(Failure::from));
    Done::TakenOver {
        order,
        shipment_id,
        result,
    }
}

pub async fn refresh(record: Record, number: OrderNumber) -> Done {
    Done::Refreshed(super::read_order(&record, number).await)
}
