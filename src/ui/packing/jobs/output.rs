//! Saving a label to a file (the platform's save dialog) and printing it through this desk's
//! print queue (`station::print::DeskPrintQueue`: raw ZPL to a thermal printer, or the PDF
//! through the spooler). The document's bytes come from the warehouse server, which made or
//! fetched them; printers get only what the server gave.

use std::path::PathBuf;

use crate::station::db::DocumentId;
use crate::station::print::{PrintTarget, SharedPrints};
use crate::ui::documents::{download, print_document};
use crate::ui::failure::Failure;
use crate::ui::packing::command::Done;
use crate::ui::record::Record;

/// Asks where to save, then writes the document there.
pub async fn save(
    record: Record,
    doc: DocumentId,
    file_name: String,
    extension: &'static str,
) -> Done {
    Done::Saved(save_inner(&record, doc, file_name, extension).await)
}

async fn save_inner(
    record: &Record,
    doc: DocumentId,
    file_name: String,
    extension: &'static str,
) -> Result<Option<PathBuf>, Failure> {
    let bytes = download(record, doc).await?;
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

/// Queues the document for the printer from Settings and sends it.
pub async fn print(
    record: Record,
    prints: SharedPrints,
    doc: DocumentId,
    target: PrintTarget,
) -> Done {
    Done::Printed(
        print_document(
            &record,
            &prints,
            doc,
            target,
            "The label waits in the print queue; Print sends it once.",
        )
        .await,
    )
}
