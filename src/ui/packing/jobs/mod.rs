//! Packing's jobs: loading the order to open, fulfilling, canceling and discarding through the
//! station's record (and its outbox); labels, their documents, printing and the preview.

pub mod claim;
pub mod label;
pub mod output;
pub mod parcel_label;
pub mod preview;

use time::OffsetDateTime;

use crate::station::db::{
    Event, FulfillmentInput, OrderNumber, ParcelId, StationDb, StationError, StationOrder,
};
use crate::station::outbox::Outbox;
use crate::ui::jobs::{SharedDb, with_db};
use crate::ui::packing::command::Done;

/// The order as the packing view shows it: the order and its history (events).
pub(super) fn read_order(
    db: &mut StationDb,
    number: OrderNumber,
) -> Result<(StationOrder, Vec<Event>), StationError> {
    let order = db
        .order(number)?
        .ok_or(StationError::UnknownOrder(number))?;
    Ok((order, db.events(number)?))
}

pub async fn load_order(db: SharedDb, number: OrderNumber) -> Done {
    Done::OrderLoaded {
        number,
        result: with_db(&db, move |db| read_order(db, number)).await,
    }
}

/// Marks a parcel fulfilled: the update body from the station's record, recorded and queued
/// in the outbox in one transaction; the worker sends it. The order comes back refreshed.
pub async fn fulfill(
    db: SharedDb,
    outbox: Outbox,
    number: OrderNumber,
    parcel: ParcelId,
    input: FulfillmentInput,
) -> Done {
    let result = with_db(&db, move |db| {
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        let body = order.fulfillment_update(parcel, &input, OffsetDateTime::now_utc())?;
        db.fulfill_via_outbox(parcel, &body)?;
        db.order(number)?.ok_or(StationError::UnknownOrder(number))
    })
    .await;
    outbox.wake();
    Done::Fulfilled(result)
}

/// Cancels a shipment (`status: canceled` with its rate fields): recorded and queued in the
/// outbox in one transaction.
pub async fn cancel(
    db: SharedDb,
    outbox: Outbox,
    number: OrderNumber,
    shipment_id: String,
) -> Done {
    let result = with_db(&db, move |db| {
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        let body = order.cancellation_update(&shipment_id, OffsetDateTime::now_utc())?;
        db.cancel_via_outbox(number, &shipment_id, &body)?;
        db.order(number)?.ok_or(StationError::UnknownOrder(number))
    })
    .await;
    outbox.wake();
    Done::Canceled(result)
}

/// Gives a recorded parcel's units back.
pub async fn discard_parcel(db: SharedDb, number: OrderNumber, parcel: ParcelId) -> Done {
    Done::ParcelDiscarded(
        with_db(&db, move |db| {
            db.void_parcel(parcel)?;
            db.order(number)?.ok_or(StationError::UnknownOrder(number))
        })
        .await,
    )
}
