//! A parcel's label, through the warehouse server: the parcel is recorded and its label asked
//! for (`pack`, or `request_label` for a parcel recorded earlier), the server's outbox asks the
//! provider and keeps the label and its documents, and this job waits for it, then renders the
//! preview from the ZPL document. A full-order label is the same request with `full_order`.
//!
//! A definite refusal (the provider's field errors) voids the parcel so its units are free
//! again and the packer fixes the form; anything else keeps it, so Retry asks again with the
//! same `trackReference` and the provider answers with the label it may already have made.

use std::time::Duration;

use crate::api::warehouse::ParcelLabelView;
use crate::api::{IdempotencyKey, LabelStatus};
use crate::station::db::{
    DocumentId, LabelId, OrderNumber, OutboxAction, OutboxState, ParcelId, StationOrder,
};
use crate::ui::failure::Failure;
use crate::ui::jobs::Reporter;
use crate::ui::packing::command::{
    Done, LabelDone, LabelFailed, LabelPlan, ParcelSource, Progress,
};
use crate::ui::packing::parcel_form::LabelMode;
use crate::ui::record::Record;
use crate::warehouse::client::rows::{label_options, outbox_entry, pack_request};

/// How long the job waits for a label before it gives up (Retry waits again).
const WAIT_LIMIT: Duration = Duration::from_secs(120);
const LOOK_EVERY: Duration = Duration::from_millis(150);
/// The outbox is asked about the parcel's entry every this many looks.
const OUTBOX_EVERY: u32 = 7;

/// Records the parcel (or asks again for a recorded one's label) and waits for the label.
/// `key` is the write's (`packing::unanswered`): the same when the packer repeats it.
pub async fn request(
    record: Record,
    plan: LabelPlan,
    key: IdempotencyKey,
    reporter: Reporter,
) -> Done {
    let number = plan.order;
    let mut options = plan.options.clone();
    options.full_order = plan.mode == LabelMode::FullOrder;
    let kept = match &plan.parcel {
        ParcelSource::Existing(id) => Some(*id),
        ParcelSource::New(_) => None,
    };
    let queued = match &plan.parcel {
        ParcelSource::New(new) => {
            let request = pack_request(new, &options);
            let shipment = plan.shipment_id.clone();
            record
                .call(|c, s| {
                    let (request, shipment) = (request.clone(), shipment.clone());
                    let key = key.clone();
                    async move { c.pack(&s, number, &shipment, &request, &key).await }
                })
                .await
        }
        ParcelSource::Existing(parcel) => {
            let (parcel, request) = (parcel.0, label_options(&options));
            record
                .call(|c, s| {
                    let (request, key) = (request.clone(), key.clone());
                    async move { c.request_label(&s, number, parcel, &request, &key).await }
                })
                .await
        }
    };
    let parcel = match queued {
        Ok(queued) => ParcelId(queued.parcel),
        Err(failure) => {
            return Done::Label(Err(Box::new(LabelFailed {
                failure,
                order: None,
                parcel_kept: kept,
                sent_lines: plan.sent_lines,
            })));
        }
    };
    let order = read_order(&record, number).await.ok().map(Box::new);
    reporter.progress(Progress::ParcelRecorded {
        number,
        parcel,
        order,
    });
    wait_for(record, number, parcel, plan.sent_lines, reporter).await
}

async fn read_order(record: &Record, number: OrderNumber) -> Result<StationOrder, Failure> {
    record
        .call(|c, s| async move { c.order(&s, number).await })
        .await
}

/// Waits for the label of a parcel whose request the server has (a restart, or the order
/// opened again while the server's outbox had it).
pub async fn wait_for(
    record: Record,
    number: OrderNumber,
    parcel: ParcelId,
    sent_lines: Vec<usize>,
    reporter: Reporter,
) -> Done {
    let failed = |failure: Failure, order: Option<StationOrder>, kept: bool| {
        Done::Label(Err(Box::new(LabelFailed {
            failure,
            order,
            parcel_kept: kept.then_some(parcel),
            sent_lines: sent_lines.clone(),
        })))
    };
    let deadline = tokio::time::Instant::now() + WAIT_LIMIT;
    let mut look = 0u32;
    loop {
        look += 1;
        let view = match record
            .call(|c, s| async move { c.parcel_label(&s, number, parcel.0).await })
            .await
        {
            Ok(view) => view,
            Err(failure) => return failed(failure, None, true),
        };
        // A label is ready once its documents are kept too (the server fetches them just
        // after the provider's answer); near the end of the wait, without them.
        let kept = view.documents.iter().any(|d| d.paper == "label");
        let late = tokio::time::Instant::now() + Duration::from_secs(10) >= deadline;
        match view.status {
            Some(LabelStatus::Success) if kept || late => {
                return ready(&record, number, parcel, view).await;
            }
            Some(LabelStatus::Success) => {}
            Some(LabelStatus::Error) => {
                let failure = if view.errors.is_empty() {
                    Failure::Other(
                        "The service refused this parcel's label; Retry asks again, or discard \
                         the parcel."
                            .into(),
                    )
                } else {
                    Failure::Fields(view.errors)
                };
                return refused(&record, number, parcel, failure, &sent_lines).await;
            }
            Some(LabelStatus::Pending) => reporter.progress(Progress::LabelPending {
                parcel,
                attempt: look,
                next_in_ms: u64::try_from(LOOK_EVERY.as_millis()).unwrap_or(0),
            }),
            None => {}
        }
        // A pending label is the provider working on it, not a failure to reach it.
        let pending = view.status == Some(LabelStatus::Pending);
        if look.is_multiple_of(OUTBOX_EVERY)
            && let Some(failure) = refused_entry(&record, parcel, pending).await
        {
            return match failure {
                fields @ Failure::Fields(_) => {
                    refused(&record, number, parcel, fields, &sent_lines).await
                }
                other => failed(other, None, true),
            };
        }
        if tokio::time::Instant::now() >= deadline {
            return failed(
                Failure::Offline(
                    "The label has not come from the service yet; Retry waits for it again.".into(),
                ),
                None,
                true,
            );
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

/// Why the parcel's label is not coming now: its request refused at the provider (its outbox
/// entry needs attention), or failing to reach it (retrying, with the reason).
async fn refused_entry(record: &Record, parcel: ParcelId, pending: bool) -> Option<Failure> {
    let open = record
        .call(|c, s| async move { c.outbox(&s).await })
        .await
        .ok()?;
    let entry = open
        .into_iter()
        .filter_map(|v| outbox_entry(v).ok())
        .find(|e| e.action == OutboxAction::ParcelLabel && e.parcel == Some(parcel))?;
    match entry.state {
        OutboxState::NeedsAttention if entry.field_errors.is_empty() => {
            Some(Failure::Other(format!(
                "The service refused this parcel's label: {} — Retry asks again, or discard the \
             parcel.",
                entry.last_error.as_deref().unwrap_or("no reason given")
            )))
        }
        OutboxState::NeedsAttention => Some(Failure::Fields(entry.field_errors)),
        OutboxState::Retrying if !pending => {
            let why = entry.last_error?;
            let left = (entry.next_attempt_at - time::OffsetDateTime::now_utc())
                .whole_seconds()
                .max(1);
            Some(Failure::Offline(format!(
                "{why} The label request is queued and sent again by itself in {left} s; Retry \
                 sends it now."
            )))
        }
        _ => None,
    }
}

/// The label came: its preview from the server's ZPL document, and the order as it is now.
async fn ready(
    record: &Record,
    number: OrderNumber,
    parcel: ParcelId,
    view: ParcelLabelView,
) -> Done {
    let zpl = view
        .documents
        .iter()
        .find(|d| d.paper == "label" && d.kind == "zpl")
        .map(|d| d.id);
    let preview = match zpl {
        Some(document) => crate::ui::documents::preview_of(record, DocumentId(document)).await,
        None => Err(Failure::Other(
            "The label came without a ZPL document, so there is no preview.".into(),
        )),
    };
    match (read_order(record, number).await, view.label) {
        (Ok(order), Some(label)) => Done::Label(Ok(Box::new(LabelDone {
            order,
            parcel,
            label: LabelId(label),
            tracking_code: view.tracking_code,
            preview,
        }))),
        (Err(failure), _) => Done::Label(Err(Box::new(LabelFailed {
            failure,
            order: None,
            parcel_kept: Some(parcel),
            sent_lines: Vec::new(),
        }))),
        (Ok(order), None) => Done::Label(Err(Box::new(LabelFailed {
            failure: Failure::Other("The server said the label came but named none.".into()),
            order: Some(order),
            parcel_kept: Some(parcel),
            sent_lines: Vec::new(),
        }))),
    }
}

/// The service refused the parcel as packed: the parcel is voided, so its units are free
/// again and the packer fixes the form.
async fn refused(
    record: &Record,
    number: OrderNumber,
    parcel: ParcelId,
    failure: Failure,
    sent_lines: &[usize],
) -> Done {
    let voided = record
        .call(|c, s| async move { c.void_parcel(&s, number, parcel.0).await })
        .await;
    let order = read_order(record, number).await.ok();
    Done::Label(Err(Box::new(LabelFailed {
        failure,
        order,
        parcel_kept: voided.is_err().then_some(parcel),
        sent_lines: sent_lines.to_vec(),
    })))
}
