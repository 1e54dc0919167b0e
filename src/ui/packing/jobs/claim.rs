//! Claims through the station's record: claim or renew the shown shipment, give it up, a
//! supervisor's take-over; and the open order loaded again after a change elsewhere.

use crate::station::db::{CLAIM_LEASE, Claimant, OrderNumber};
use crate::ui::jobs::{SharedDb, with_db};
use crate::ui::packing::command::Done;

pub async fn claim(db: SharedDb, order: OrderNumber, shipment_id: String, by: Claimant) -> Done {
    let id = shipment_id.clone();
    let result = with_db(&db, move |db| db.claim(order, &id, &by, CLAIM_LEASE)).await;
    Done::Claimed {
        order,
        shipment_id,
        result,
    }
}

pub async fn release(
    db: SharedDb,
    order: OrderNumber,
    shipment_id: String,
    desk_id: String,
) -> Done {
    let result = with_db(&db, move |db| {
        db.release_claim(order, &shipment_id, &desk_id).map(|_| ())
    })
    .await;
    Done::Released(result)
}

pub async fn take_over(
    db: SharedDb,
    order: OrderNumber,
    shipment_id: String,
    by: Claimant,
    authorized_by: String,
) -> Done {
    let id = shipment_id.clone();
    let result = with_db(&db, move |db| {
        db.take_over_claim(order, &id, &by, &authorized_by, CLAIM_LEASE)
    })
    .await;
    Done::TakenOver {
        order,
        shipment_id,
        result,
    }
}

pub async fn refresh(db: SharedDb, number: OrderNumber) -> Done {
    Done::Refreshed(with_db(&db, move |db| super::read_order(db, number)).await)
}
