//! Orders: reading the station database, fulfilling and cancelling through the outbox,
//! and the supervisor unlock (argon2 takes a moment, so it runs here too).

use std::time::Instant;

use time::OffsetDateTime;

use super::{JobResult, SharedDb, with_db};
use crate::station::db::{FulfilmentInput, OrderNumber, ParcelId, StationError};
use crate::station::outbox::Outbox;
use crate::station::pin::SupervisorLock;

pub async fn load_rows(db: SharedDb) -> JobResult {
    JobResult::OrdersLoaded(
        with_db(&db, |db| db.list_orders())
            .await
            .map_err(|e| e.message()),
    )
}

pub async fn load_order(db: SharedDb, number: OrderNumber) -> JobResult {
    JobResult::OrderLoaded {
        number,
        result: with_db(&db, move |db| {
            db.order(number)?.ok_or(StationError::UnknownOrder(number))
        })
        .await,
    }
}

pub async fn scan(db: SharedDb, code: String) -> JobResult {
    let lookup = code.clone();
    JobResult::Scanned {
        code,
        result: with_db(&db, move |db| db.find_by_scan(&lookup))
            .await
            .map_err(|e| e.message()),
    }
}

/// Marks a parcel fulfilled: the update body from the station's record, recorded and queued
/// in the outbox in one transaction; the worker sends it. The order comes back refreshed.
pub async fn fulfil(
    db: SharedDb,
    outbox: Outbox,
    number: OrderNumber,
    parcel: ParcelId,
    input: FulfilmentInput,
) -> JobResult {
    let result = with_db(&db, move |db| {
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        let body = order.fulfilment_update(parcel, &input, OffsetDateTime::now_utc())?;
        db.fulfil_via_outbox(parcel, &body)?;
        db.order(number)?.ok_or(StationError::UnknownOrder(number))
    })
    .await;
    outbox.wake();
    JobResult::Fulfilled(result)
}

/// Cancels a shipment (`status: canceled` with its rate fields): recorded and queued in the
/// outbox in one transaction.
pub async fn cancel(
    db: SharedDb,
    outbox: Outbox,
    number: OrderNumber,
    shipment_id: String,
) -> JobResult {
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
    JobResult::Canceled(result)
}

/// Gives a recorded parcel's units back.
pub async fn discard_parcel(db: SharedDb, number: OrderNumber, parcel: ParcelId) -> JobResult {
    JobResult::ParcelDiscarded(
        with_db(&db, move |db| {
            db.void_parcel(parcel)?;
            db.order(number)?.ok_or(StationError::UnknownOrder(number))
        })
        .await,
    )
}

/// Checks a supervisor PIN off the UI thread (argon2 is deliberately slow).
pub async fn unlock(lock: SupervisorLock, pin: String) -> JobResult {
    let before = lock.clone();
    let checked = tokio::task::spawn_blocking(move || {
        let mut lock = lock;
        let result = lock.try_unlock(&pin, Instant::now());
        (lock, result)
    })
    .await;
    match checked {
        Ok((lock, result)) => JobResult::Unlocked {
            lock,
            result: Ok(result),
        },
        Err(e) => JobResult::Unlocked {
            lock: before,
            result: Err(format!("The PIN could not be checked ({e}); try again.")),
        },
    }
}
