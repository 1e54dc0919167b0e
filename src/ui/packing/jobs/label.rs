//! Getting a full-order label directly: record the parcel, ask the label endpoint, poll a
//! `pending` answer with backoff, fetch and cache the PDF and ZPL documents, and render the
//! preview. Split-parcel labels go through the outbox instead (`parcel_label`); a full-order
//! label only fetches the order's one label, which changes nothing at the service and is safe
//! to ask for again, so it needs no durable entry.
//!
//! A definite rejection (422, 401, ...) voids the parcel so its units are free again and the
//! packer can fix the form; a network failure keeps it, so "Retry" asks again with the same
//! `trackReference` and the service returns the label it may already have made.

use std::time::{Duration, Instant};

use super::preview;
use crate::api::LabelStatus;
use crate::api::{Client, LabelRequest};
use crate::station::db::{
    DocumentKind, LabelDocument, LabelId, LabelOptions, NewParcel, OrderNumber, Paper, ParcelId,
    StationError, StationOrder,
};
use crate::ui::failure::{Credential, Failure};
use crate::ui::jobs::{Reporter, SharedDb, with_db};
use crate::ui::packing::command::{Done, LabelDone, LabelFailed, Progress};
use crate::ui::packing::parcel_form::LabelMode;

/// How long a `pending` label is polled before the job gives up (Retry polls again).
const POLL_LIMIT: Duration = Duration::from_secs(120);
const FIRST_POLL: Duration = Duration::from_millis(250);
const LONGEST_POLL: Duration = Duration::from_secs(8);

/// The parcel a label is asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum ParcelSource {
    /// Record this parcel first.
    New(Box<NewParcel>),
    /// A parcel recorded earlier whose label is missing or pending.
    Existing(ParcelId),
}

/// Everything the label job needs.
#[derive(Debug, Clone)]
pub struct LabelPlan {
    pub order: OrderNumber,
    pub shipment_id: String,
    pub parcel: ParcelSource,
    pub mode: LabelMode,
    pub options: LabelOptions,
    /// Form indices of the parcel's lines in the order they are sent (to place `skus[i]`).
    pub sent_lines: Vec<usize>,
}

pub async fn get_label(client: Client, db: SharedDb, plan: LabelPlan, reporter: Reporter) -> Done {
    Done::Label(
        run(&client, &db, plan, &reporter)
            .await
            .map(Box::new)
            .map_err(Box::new),
    )
}

async fn run(
    client: &Client,
    db: &SharedDb,
    plan: LabelPlan,
    reporter: &Reporter,
) -> Result<LabelDone, LabelFailed> {
    let number = plan.order;
    let sent_lines = plan.sent_lines.clone();
    let failed =
        |failure: Failure, order: Option<StationOrder>, kept: Option<ParcelId>| LabelFailed {
            failure,
            order,
            parcel_kept: kept,
            sent_lines: sent_lines.clone(),
        };
    let parcel = match plan.parcel {
        ParcelSource::New(new) => {
            let shipment_id = plan.shipment_id.clone();
            with_db(db, move |db| db.start_parcel(number, &shipment_id, &new))
                .await
                .map_err(|f| failed(f, None, None))?
        }
        ParcelSource::Existing(id) => id,
    };
    let (mode, options) = (plan.mode, plan.options.clone());
    let (order, request, mut label) = with_db(db, move |db| {
        let order = db
            .order(number)?
            .ok_or(StationError::UnknownOrder(number))?;
        let request = match mode {
            LabelMode::FullOrder => order.full_order_label_request(options.base64, options.zpl),
            LabelMode::Parcel => order.parcel_label_request(parcel, &options)?,
        };
        // A parcel asked for again continues its pending label instead of adding one.
        let pending = order
            .parcel(parcel)
            .and_then(|(_, p)| p.latest_label())
            .filter(|l| l.status != LabelStatus::Error)
            .map(|l| l.id);
        Ok((order, request, pending))
    })
    .await
    .map_err(|f| failed(f, None, Some(parcel)))?;
    reporter.progress(Progress::ParcelRecorded {
        order: Box::new(order),
        parcel,
    });

    let started = Instant::now();
    let mut wait = FIRST_POLL;
    let mut attempt = 0;
    let response = loop {
        let response = match client.label(&request).await {
            Ok(response) => response,
            Err(e) => {
                let failure = Failure::from_client(&e, Credential::AccessToken);
                let keep = failure.is_offline();
                let order = settle(db, number, parcel, keep).await;
                return Err(failed(failure, order, keep.then_some(parcel)));
            }
        };
        let recorded = record(db, parcel, label, &request, &response).await;
        label = Some(recorded.map_err(|f| failed(f, None, Some(parcel)))?);
        if response.result.status != LabelStatus::Pending {
            break response;
        }
        attempt += 1;
        if started.elapsed() + wait > POLL_LIMIT {
            let order = settle(db, number, parcel, true).await;
            let failure = Failure::Offline(format!(
                "The label is still pending after {} s — Retry asks again.",
                POLL_LIMIT.as_secs()
            ));
            return Err(failed(failure, order, Some(parcel)));
        }
        reporter.progress(Progress::LabelPending {
            parcel,
            attempt,
            next_in_ms: wait.as_millis() as u64,
        });
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(LONGEST_POLL);
    };
    let Some(label) = label else {
        return Err(failed(
            Failure::Other("No label was recorded.".into()),
            None,
            Some(parcel),
        ));
    };
    let preview = documents(
        client,
        db,
        label,
        &response.result.label_urls,
        response.result.zpl.as_deref(),
    )
    .await;
    let order = with_db(db, move |db| {
        db.order(number)?.ok_or(StationError::UnknownOrder(number))
    })
    .await
    .map_err(|f| failed(f, None, Some(parcel)))?;
    Ok(LabelDone {
        order,
        parcel,
        label,
        tracking_code: response.result.tracking_code.clone(),
        preview,
    })
}

async fn record(
    db: &SharedDb,
    parcel: ParcelId,
    label: Option<LabelId>,
    request: &LabelRequest,
    response: &crate::api::LabelResponse,
) -> Result<LabelId, Failure> {
    let (request, response) = (request.clone(), response.clone());
    with_db(db, move |db| match label {
        Some(id) => db.update_label(id, &response).map(|()| id),
        None => db.record_label(parcel, &request, &response),
    })
    .await
}

/// After a failure: voids the parcel unless it is kept for a retry; the order as it is now.
async fn settle(
    db: &SharedDb,
    number: OrderNumber,
    parcel: ParcelId,
    keep: bool,
) -> Option<StationOrder> {
    with_db(db, move |db| {
        if !keep {
            db.void_parcel(parcel)?;
        }
        db.order(number)
    })
    .await
    .ok()
    .flatten()
}

/// Fetches and caches the PDF and ZPL documents; renders the ZPL for the preview.
pub(super) async fn documents(
    client: &Client,
    db: &SharedDb,
    label: LabelId,
    pdf_urls: &[String],
    zpl_url: Option<&str>,
) -> Result<egui::ColorImage, Failure> {
    let mut fetched = Vec::new();
    for url in pdf_urls.iter().take(1) {
        let bytes = client
            .fetch_document(url)
            .await
            .map_err(|e| Failure::from_client(&e, Credential::AccessToken))?;
        fetched.push(LabelDocument {
            paper: Paper::Label,
            kind: DocumentKind::Pdf,
            url: Some(url.clone()),
            bytes,
        });
    }
    let zpl = match zpl_url {
        Some(url) => {
            let bytes = client
                .fetch_document(url)
                .await
                .map_err(|e| Failure::from_client(&e, Credential::AccessToken))?;
            fetched.push(LabelDocument {
                paper: Paper::Label,
                kind: DocumentKind::Zpl,
                url: Some(url.to_string()),
                bytes: bytes.clone(),
            });
            Some(bytes)
        }
        None => None,
    };
    with_db(db, move |db| db.record_label_documents(label, &fetched)).await?;
    match zpl {
        Some(bytes) => preview::render(bytes).await,
        None => Err(Failure::Other(
            "The service sent no ZPL document to preview.".into(),
        )),
    }
}
