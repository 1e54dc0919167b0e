//! The customs feature's work off the UI thread: the warehouse's settings in the record,
//! working out, drawing and recording the documents, and printing them through the queue.

use std::time::Duration;

use super::command::Done;
use crate::customs::build::Outcome;
use crate::customs::documents::{self, DocumentsError, Made, Summary};
use crate::customs::settings::{CustomsSettings, SETTINGS_KEY};
use crate::station::db::{DocumentId, LabelId, OrderNumber, Paper, ParcelId, StationOrder};
use crate::station::print::PrintTarget;
use crate::station::print::SharedPrints;
use crate::ui::documents::{preview_of, print_document};
use crate::ui::failure::Failure;
use crate::ui::record::Record;
use crate::warehouse::client::WarehouseClientError;

fn failure(error: DocumentsError) -> Failure {
    Failure::Other(format!("The customs documents could not be made: {error}."))
}

/// The warehouse's customs settings (`None`: none saved yet).
async fn settings(record: &Record) -> Result<Option<CustomsSettings>, Failure> {
    let read = record
        .call(|c, s| async move {
            match c.setting(&s, SETTINGS_KEY).await {
                Ok(value) => Ok(Some(value)),
                Err(WarehouseClientError::NotFound(_)) => Ok(None),
                Err(e) => Err(e),
            }
        })
        .await?;
    Ok(read.and_then(|value| {
        serde_json::from_value(value)
            .map_err(|e| tracing::warn!("the customs settings in the record do not read: {e}"))
            .ok()
    }))
}

pub async fn load(record: Record) -> Done {
    Done::Loaded(settings(&record).await)
}

pub async fn save(record: Record, settings: CustomsSettings) -> Done {
    let value = match serde_json::to_value(&settings) {
        Ok(value) => value,
        Err(e) => return Done::Saved(Err(Failure::Other(e.to_string()))),
    };
    let saved = record
        .call(|c, s| {
            let value = value.clone();
            async move { c.set_setting(&s, SETTINGS_KEY, &value).await }
        })
        .await;
    Done::Saved(saved.map(|()| settings))
}

pub async fn check(record: Record, order: Box<StationOrder>, shipment_id: String) -> Done {
    let (number, id) = (order.source_reference, shipment_id.clone());
    let settings = match settings(&record).await {
        Ok(settings) => settings.unwrap_or_default(),
        Err(failure) => {
            return Done::Checked {
                order: number,
                shipment_id: id,
                result: Err(failure),
            };
        }
    };
    let result = tokio::task::spawn_blocking(move || {
        let tables = documents::tables().map_err(failure)?;
        crate::customs::build::paperwork(
            tables,
            crate::customs::build::Request {
                order: &order,
                shipment_id: &shipment_id,
                parcel: None,
                settings: &settings,
                date: time::OffsetDateTime::now_utc().date(),
            },
        )
        .map_err(|e| failure(e.into()))
    })
    .await
    .unwrap_or_else(|e| Err(Failure::Other(format!("A background task failed: {e}."))));
    Done::Checked {
        order: number,
        shipment_id: id,
        result,
    }
}

/// How long the desk waits for the server to make a label's paperwork (it does so right after
/// the label arrives).
const PAPERWORK_WAIT: Duration = Duration::from_secs(10);

/// The documents of `parcel`'s label `label`: what it needs is worked out here from the order
/// as the server holds it; the documents themselves are the server's, made when the label
/// arrived, and read from the order.
pub async fn for_label(
    record: Record,
    order: OrderNumber,
    parcel: ParcelId,
    label: LabelId,
    fresh: bool,
) -> Done {
    let made = made_for_label(&record, order, parcel, label).await;
    // `fresh`: the label just came, so its documents are new and print by themselves.
    Done::Made {
        label,
        fresh,
        result: made,
    }
}

async fn made_for_label(
    record: &Record,
    order: OrderNumber,
    parcel: ParcelId,
    label: LabelId,
) -> Result<Made, Failure> {
    let settings = settings(record).await?.unwrap_or_default();
    let deadline = tokio::time::Instant::now() + PAPERWORK_WAIT;
    loop {
        let read = record
            .call(|c, s| async move { c.order(&s, order).await })
            .await?;
        let assessed = {
            let (read, settings) = (read.clone(), settings.clone());
            tokio::task::spawn_blocking(move || {
                documents::outcome_for_label(&read, parcel, label, &settings)
            })
            .await
            .map_err(|e| Failure::Other(format!("A background task failed: {e}.")))?
            .map_err(failure)?
        };
        let paperwork = match assessed {
            Outcome::NotNeeded(why) => return Ok(Made::NotNeeded(why)),
            Outcome::Missing(missing) => return Ok(Made::Missing(missing)),
            Outcome::Ready(paperwork) => paperwork,
        };
        let made: Vec<_> = read
            .parcel(parcel)
            .and_then(|(_, p)| p.labels.iter().find(|l| l.id == label))
            .map(|l| {
                l.documents
                    .iter()
                    .filter(|d| d.paper != Paper::Label)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        if !made.is_empty() {
            return Ok(Made::Made {
                summary: Summary::of(&paperwork),
                documents: made,
            });
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(Failure::Other(
                "The warehouse server has not made this label's customs documents yet; open \
                 the parcel again in a moment."
                    .into(),
            ));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

pub async fn preview(record: Record, document: DocumentId) -> Done {
    let result = preview_of(&record, document).await;
    Done::Preview { document, result }
}

pub async fn print(
    record: Record,
    prints: SharedPrints,
    plan: Vec<(DocumentId, PrintTarget, u8)>,
    note: Option<String>,
) -> Done {
    let mut copies = 0;
    for (document, target, count) in plan {
        for _ in 0..count {
            if let Err(failure) = print_document(
                &record,
                &prints,
                document,
                target.clone(),
                "The documents wait in the print queue; Reprint documents sends them.",
            )
            .await
            {
                return Done::Printed(Err(failure));
            }
            copies += 1;
        }
    }
    Done::Printed(Ok(format!(
        "{copies} customs document(s) sent to the printers.{}",
        note.unwrap_or_default()
    )))
}
