//! A split-parcel label through the outbox: the parcel is recorded and its label request
//! queued in one transaction, the worker is woken, and the UI follows the entry from the
//! worker's reports (`packing::follow`). These jobs are the ends of that path: queueing,
//! showing a label the worker delivered, and giving a refused parcel's units back.

use super::label::{LabelPlan, ParcelSource, documents};
use super::preview;
use crate::api::{Client, LabelStatus};
use crate::station::db::{DocumentKind, OrderNumber, ParcelId, StationError};
use crate::station::outbox::Outbox;
use crate::ui::failure::Failure;
use crate::ui::jobs::{Reporter, SharedDb, with_db};
use crate::ui::packing::command::{Done, LabelDone, LabelFailed, Progress};

/// Records the parcel (or takes the one recorded earlier) and queues its label request; the
/// worker sends it. Ends with the entry as queued.
pub async fn queue(db: SharedDb, outbox: Outbox, plan: LabelPlan, reporter: Reporter) -> Done {
    let number = plan.order;
    let sent_lines = plan.sent_lines.clone();
    let (shipment_id, options) = (plan.shipment_id.clone(), plan.options.clone());
    let kept = match &plan.parcel {
        ParcelSource::Existing(id) => Some(*id),
        ParcelSource::New(_) => None,
    };
    let queued = with_db(&db, move |db| {
        let (parcel, entry) = match plan.parcel {
            ParcelSource::New(new) => {
                db.pack_and_request_label(number, &shipment_id, &new, &options)?
            }
            ParcelSource::Existing(parcel) => (parcel, db.request_parcel_label(parcel, &options)?),
        };
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        let entry = db
            .outbox_entry(entry)?
            .ok_or_else(|| StationError::Corrupt(format!("outbox entry {entry} vanished")))?;
        Ok((order, parcel, entry))
    })
    .await;
    match queued {
        Ok((order, parcel, entry)) => {
            // Before the wake: the UI knows the parcel before any report about its entry.
            reporter.progress(Progress::ParcelRecorded {
                order: Box::new(order),
                parcel,
            });
            outbox.wake();
            Done::LabelQueued(Box::new(entry))
        }
        Err(failure) => Done::Label(Err(Box::new(LabelFailed {
            failure,
            order: None,
            parcel_kept: kept,
            sent_lines,
        }))),
    }
}

/// The worker delivered the parcel's label (and cached its documents): shows it, fetching a
/// document the worker could not, and renders the preview from the cached ZPL.
pub async fn ready(db: SharedDb, client: Client, number: OrderNumber, parcel: ParcelId) -> Done {
    let failed = |failure: Failure| {
        Done::Label(Err(Box::new(LabelFailed {
            failure,
            order: None,
            parcel_kept: Some(parcel),
            sent_lines: Vec::new(),
        })))
    };
    let read = with_db(&db, move |db| {
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        let label = order
            .parcel(parcel)
            .and_then(|(_, p)| p.latest_label().cloned())
            .filter(|l| l.status == LabelStatus::Success);
        let zpl = match label
            .as_ref()
            .and_then(|l| l.label_document(DocumentKind::Zpl))
        {
            Some(doc) => db.label_document(doc.id)?.map(|(_, bytes)| bytes),
            None => None,
        };
        Ok((label, zpl))
    })
    .await;
    let (label, zpl) = match read {
        Ok((Some(label), zpl)) => (label, zpl),
        Ok((None, _)) => {
            return failed(Failure::Other(
                "The outbox delivered the label request but no label is recorded; Retry asks again."
                    .into(),
            ));
        }
        Err(failure) => return failed(failure),
    };
    let preview = match zpl {
        Some(bytes) => preview::render(bytes).await,
        None => {
            documents(
                &client,
                &db,
                label.id,
                &label.label_urls,
                label.zpl_url.as_deref(),
            )
            .await
        }
    };
    let order = with_db(&db, move |db| {
        db.order(number)?.ok_or(StationError::UnknownOrder(number))
    })
    .await;
    match order {
        Ok(order) => Done::Label(Ok(Box::new(LabelDone {
            order,
            parcel,
            label: label.id,
            tracking_code: label.tracking_code,
            preview,
        }))),
        Err(failure) => failed(failure),
    }
}

/// The service refused the parcel as packed (field errors): the parcel is voided, which also
/// closes its outbox entry, so its units are free again and the packer fixes the form.
pub async fn refused(
    db: SharedDb,
    number: OrderNumber,
    parcel: ParcelId,
    failure: Failure,
    sent_lines: Vec<usize>,
) -> Done {
    let order = with_db(&db, move |db| {
        db.void_parcel(parcel)?;
        db.order(number)
    })
    .await
    .ok()
    .flatten();
    Done::Label(Err(Box::new(LabelFailed {
        failure,
        order,
        parcel_kept: None,
        sent_lines,
    })))
}
