//! Orders: reading the station database, fulfilling and cancelling through `PUT /v1/orders`,
//! and the supervisor unlock (argon2 takes a moment, so it runs here too).

use std::time::Instant;

use time::OffsetDateTime;

use super::{JobResult, SharedDb, with_db};
use crate::api::Client;
use crate::station::db::{FulfilmentInput, OrderNumber, ParcelId, StationError};
use crate::station::pin::SupervisorLock;
use crate::ui::failure::{Credential, Failure};

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

/// Marks a parcel fulfilled: the update body from the station's record, `PUT /v1/orders`, and
/// after the 204 the fulfilment recorded; the order comes back refreshed.
pub async fn fulfil(
    client: Client,
    db: SharedDb,
    order: OrderNumber,
    parcel: ParcelId,
    input: FulfilmentInput,
) -> JobResult {
    JobResult::Fulfilled(fulfil_inner(&client, &db, order, parcel, input).await)
}

async fn fulfil_inner(
    client: &Client,
    db: &SharedDb,
    number: OrderNumber,
    parcel: ParcelId,
    input: FulfilmentInput,
) -> Result<crate::station::db::StationOrder, Failure> {
    let body = with_db(db, move |db| {
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        order.fulfilment_update(parcel, &input, OffsetDateTime::now_utc())
    })
    .await?;
    client
        .update_order(&body)
        .await
        .map_err(|e| Failure::from_client(&e, Credential::ApiKey))?;
    let sent = body
        .shipments
        .first()
        .and_then(|s| s.fulfillments.first())
        .cloned()
        .ok_or_else(|| {
            Failure::Other("The fulfilment body was empty; please report this.".into())
        })?;
    with_db(db, move |db| {
        db.record_fulfilment(parcel, &sent)?;
        db.order(number)?.ok_or(StationError::UnknownOrder(number))
    })
    .await
}

/// Cancels a shipment with `status: canceled` and its rate fields, then records it.
pub async fn cancel(
    client: Client,
    db: SharedDb,
    number: OrderNumber,
    shipment_id: String,
) -> JobResult {
    JobResult::Canceled(cancel_inner(&client, &db, number, shipment_id).await)
}

async fn cancel_inner(
    client: &Client,
    db: &SharedDb,
    number: OrderNumber,
    shipment_id: String,
) -> Result<crate::station::db::StationOrder, Failure> {
    let id = shipment_id.clone();
    let body = with_db(db, move |db| {
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        order.cancellation_update(&id, OffsetDateTime::now_utc())
    })
    .await?;
    client
        .update_order(&body)
        .await
        .map_err(|e| Failure::from_client(&e, Credential::ApiKey))?;
    with_db(db, move |db| {
        db.record_cancellation(number, &shipment_id, &body)?;
        db.order(number)?.ok_or(StationError::UnknownOrder(number))
    })
    .await
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
