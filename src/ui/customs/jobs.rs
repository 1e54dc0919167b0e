//! The customs feature's work off the UI thread: the warehouse's settings in the record,
//! working out, drawing and recording the documents, and printing them through the queue.

use super::command::Done;
use crate::customs::documents::{self, DocumentsError};
use crate::customs::settings::{CustomsSettings, SETTINGS_KEY};
use crate::station::db::{DocumentId, LabelId, OrderNumber, ParcelId, StationOrder};
use crate::station::print::PrintTarget;
use crate::ui::failure::Failure;
use crate::ui::jobs::{SharedDb, with_db};
use crate::ui::packing::jobs::output::queue_and_send;

fn failure(error: DocumentsError) -> Failure {
    match error {
        DocumentsError::Station(e) => Failure::from_station(&e),
        other => Failure::Other(format!("The customs documents could not be made: {other}.")),
    }
}

pub async fn load(db: SharedDb) -> Done {
    let read = with_db(&db, |db| db.warehouse_setting(SETTINGS_KEY)).await;
    Done::Loaded(read.map(|value| {
        value.and_then(|value| match serde_json::from_value(value) {
            Ok(settings) => Some(settings),
            Err(e) => {
                tracing::warn!("the customs settings in the record do not read: {e}");
                None
            }
        })
    }))
}

pub async fn save(db: SharedDb, settings: CustomsSettings) -> Done {
    let value = match serde_json::to_value(&settings) {
        Ok(value) => value,
        Err(e) => return Done::Saved(Err(Failure::Other(e.to_string()))),
    };
    let saved = with_db(&db, move |db| {
        db.set_warehouse_setting(SETTINGS_KEY, &value)
    })
    .await;
    Done::Saved(saved.map(|()| settings))
}

/// Works out the shipment's paperwork as one parcel, to say early what it misses (with the
/// settings the record holds now).
pub async fn check(db: SharedDb, order: Box<StationOrder>, shipment_id: String) -> Done {
    let (number, id) = (order.source_reference, shipment_id.clone());
    let settings = with_db(&db, |db| Ok(documents::settings_in(db)))
        .await
        .and_then(|read| read.map_err(failure));
    let settings = match settings {
        Ok(settings) => settings,
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

/// The label's documents: read back when `fresh` is false and some were made before, else made
/// (and recorded) now.
pub async fn for_label(
    db: SharedDb,
    order: OrderNumber,
    parcel: ParcelId,
    label: LabelId,
    fresh: bool,
) -> Done {
    if !fresh {
        match with_db(&db, move |db| db.customs_documents(label)).await {
            Ok(made) if !made.is_empty() => {
                return Done::Read {
                    label,
                    result: Ok(made),
                };
            }
            Ok(_) => {}
            Err(failure) => {
                return Done::Read {
                    label,
                    result: Err(failure),
                };
            }
        }
    }
    let result = with_db(&db, move |db| {
        Ok(documents::make_for_label(db, order, parcel, label))
    })
    .await
    .and_then(|made| made.map_err(failure));
    Done::Made {
        label,
        fresh,
        result,
    }
}

/// The CN22's ZPL as the thermal printer draws it (the label preview's renderer).
pub async fn preview(db: SharedDb, document: DocumentId) -> Done {
    let bytes = with_db(&db, move |db| db.label_document(document)).await;
    let result = match bytes {
        Ok(Some((_, bytes))) => crate::ui::packing::jobs::preview::render(bytes).await,
        Ok(None) => Err(Failure::Other("The CN22 is not in the station.".into())),
        Err(failure) => Err(failure),
    };
    Done::Preview { document, result }
}

/// Sends each document to its printer, as many times as planned, through the print queue.
pub async fn print(
    db: SharedDb,
    plan: Vec<(DocumentId, PrintTarget, u8)>,
    note: Option<String>,
) -> Done {
    let sent = tokio::task::spawn_blocking(move || {
        let mut copies = 0;
        for (document, target, count) in plan {
            for _ in 0..count {
                queue_and_send(
                    &db,
                    document,
                    &target,
                    "The documents wait in the print queue; Reprint documents sends them.",
                )?;
                copies += 1;
            }
        }
        Ok(format!(
            "{copies} customs document(s) sent to the printers.{}",
            note.unwrap_or_default()
        ))
    })
    .await;
    Done::Printed(sent.unwrap_or_else(|e| Err(Failure::Printer(format!("Printing stopped: {e}.")))))
}
