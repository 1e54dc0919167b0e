//! Saving a label to a file (the platform's save dialog) and printing it through the station's
//! print queue (`station::print`: raw ZPL to a thermal printer, or the PDF through the spooler).

use std::path::PathBuf;

use crate::station::db::DocumentId;
use crate::station::print::{self, PrintTarget, ZplTimeouts};
use crate::ui::failure::Failure;
use crate::ui::jobs::{SharedDb, with_db};
use crate::ui::packing::command::Done;

async fn document(db: &SharedDb, document: DocumentId) -> Result<Vec<u8>, Failure> {
    match with_db(db, move |db| db.label_document(document)).await {
        Ok(Some((_, bytes))) => Ok(bytes),
        Ok(None) => Err(Failure::Other(
            "The label document is not in the station; get the label again.".into(),
        )),
        Err(failure) => Err(failure),
    }
}

/// Asks where to save, then writes the document there.
pub async fn save(
    db: SharedDb,
    doc: DocumentId,
    file_name: String,
    extension: &'static str,
) -> Done {
    Done::Saved(save_inner(&db, doc, file_name, extension).await)
}

async fn save_inner(
    db: &SharedDb,
    doc: DocumentId,
    file_name: String,
    extension: &'static str,
) -> Result<Option<PathBuf>, Failure> {
    let bytes = document(db, doc).await?;
    let picked = rfd::AsyncFileDialog::new()
        .set_title("Save label")
        .set_file_name(&file_name)
        .add_filter(extension.to_uppercase(), &[extension])
        .save_file()
        .await;
    let Some(handle) = picked else {
        return Ok(None);
    };
    let path = handle.path().to_path_buf();
    tokio::fs::write(&path, bytes)
        .await
        .map_err(|e| Failure::File(format!("Could not write {}: {e}.", path.display())))?;
    Ok(Some(path))
}

/// Queues `doc` for `target` and sends it (see `station::print`), blocking: what the printer
/// said, or why not. `waiting` tells the packer how a job left in the queue gets sent.
pub(crate) fn queue_and_send(
    db: &SharedDb,
    doc: DocumentId,
    target: &PrintTarget,
    waiting: &str,
) -> Result<String, Failure> {
    let job = {
        let mut guard = db.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        guard
            .queue_print(doc, target)
            .map_err(|e| Failure::from_station(&e))?
    };
    print::print_queued(db, job, ZplTimeouts::default()).map_err(|e| {
        Failure::Printer(if e.nothing_sent() {
            format!("{e} {waiting}")
        } else {
            e.to_string()
        })
    })
}

/// Queues the document for the printer from Settings and sends it (see `station::print`).
pub async fn print(db: SharedDb, doc: DocumentId, target: PrintTarget) -> Done {
    let sent = tokio::task::spawn_blocking(move || {
        queue_and_send(
            &db,
            doc,
            &target,
            "The label waits in the print queue; Print sends it once.",
        )
    })
    .await;
    Done::Printed(sent.unwrap_or_else(|e| Err(Failure::Printer(format!("Printing stopped: {e}.")))))
}
