//! Packing's jobs: loading the order to open, fulfilling, canceling and discarding through the
//! station's record (and its outbox); labels, their documents, printing and the preview.

pub mod claim;
pub mod label;
pub mod output;
pub mod preview;

use crate::api::IdempotencyKey;
use crate::api::warehouse::FulfillRequest;
use crate::station::db::{Event, FulfillmentInput, OrderNumber, ParcelId, StationOrder};
use crate::ui::failure::Failure;
use crate::ui::packing::command::Done;
use crate::ui::record::Record;
use crate::warehouse::clock::rfc3339;

/// The order as the packing view shows it: the order and its history (events).
pub(super) async fn read_order(
    record: &Record,
    number: OrderNumber,
) -> Result<(StationOrder, Vec<Event>), Failure> {
    record
        .call(|c, s| async move {
            let order = c.order(&s, number).await?;
            let events = c.events(&s, number).await?;
            Ok((order, events))
        })
        .await
}

/// The order as it is after `done` went through, or why `done` did not.
async fn order_after<T>(
    record: &Record,
    number: OrderNumber,
    done: Result<T, Failure>,
) -> Result<StationOrder, Failure> {
    done?;
    record
        .call(|c, s| async move { c.order(&s, number).await })
        .await
}

pub async fn load_order(record: Record, number: OrderNumber) -> Done {
    Done::OrderLoaded {
        number,
        result: read_order(&record, number).await,
    }
}

/// Marks a parcel fulfilled: the server records it and queues the update for the provider.
/// The order comes back refreshed. `key` is the write's (`unanswered`): the same on a repeat.
pub async fn fulfill(
    record: Record,
    number: OrderNumber,
    parcel: ParcelId,
    input: FulfillmentInput,
    key: IdempotencyKey,
) -> Done {
    let request = FulfillRequest {
        tracking_number: input.tracking_number,
        carrier: input.carrier,
        location: input.location,
        shipped_at: Some(rfc3339(input.shipped_at)),
    };
    let done = record
        .call(|c, s| {
            let (request, key) = (request.clone(), key.clone());
            async move { c.fulfill(&s, number, parcel.0, &request, &key).await }
        })
        .await;
    Done::Fulfilled(order_after(&record, number, done).await)
}

/// Cancels a shipment: the server records it and queues the cancellation for the provider.
pub async fn cancel(
    record: Record,
    number: OrderNumber,
    shipment_id: String,
    key: IdempotencyKey,
) -> Done {
    let done = record
        .call(|c, s| {
            let (shipment_id, key) = (shipment_id.clone(), key.clone());
            async move { c.cancel(&s, number, &shipment_id, &key).await }
        })
        .await;
    Done::Canceled(order_after(&record, number, done).await)
}

/// Gives a recorded parcel's units back.
pub async fn discard_parcel(record: Record, number: OrderNumber, parcel: ParcelId) -> Done {
    let done = record
        .call(|c, s| async move { c.void_parcel(&s, number, parcel.0).await })
        .await;
    Done::ParcelDiscarded(order_after(&record, number, done).await)
}
