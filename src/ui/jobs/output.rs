//! Saving a label to a file (the platform's save dialog) and printing it (raw ZPL to a thermal
//! printer on TCP, or the PDF through the system spooler `lp`).

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use tokio::io::AsyncWriteExt as _;

use super::{JobResult, SharedDb, with_db};
use crate::station::db::DocumentId;
use crate::station::settings::Printer;

const PRINTER_TIMEOUT: Duration = Duration::from_secs(5);

async fn document(db: &SharedDb, document: DocumentId) -> Result<Vec<u8>, String> {
    match with_db(db, move |db| db.label_document(document)).await {
        Ok(Some((_, bytes))) => Ok(bytes),
        Ok(None) => Err("The label document is not in the station; get the label again.".into()),
        Err(failure) => Err(failure.message()),
    }
}

/// Asks where to save, then writes the document there.
pub async fn save(
    db: SharedDb,
    doc: DocumentId,
    file_name: String,
    extension: &'static str,
) -> JobResult {
    JobResult::Saved(save_inner(&db, doc, file_name, extension).await)
}

async fn save_inner(
    db: &SharedDb,
    doc: DocumentId,
    file_name: String,
    extension: &'static str,
) -> Result<Option<PathBuf>, String> {
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
        .map_err(|e| format!("Could not write {}: {e}", path.display()))?;
    Ok(Some(path))
}

/// Sends the document to the printer from Settings.
pub async fn print(db: SharedDb, doc: DocumentId, printer: Printer) -> JobResult {
    JobResult::Printed(print_inner(&db, doc, printer).await)
}

async fn print_inner(db: &SharedDb, doc: DocumentId, printer: Printer) -> Result<String, String> {
    let bytes = document(db, doc).await?;
    match printer {
        Printer::None => {
            Err("No printer is set: choose one in Settings, or save the label.".into())
        }
        Printer::ZplTcp { host, port } => {
            let address = format!("{host}:{port}");
            let connect = tokio::net::TcpStream::connect(&address);
            let mut stream = tokio::time::timeout(PRINTER_TIMEOUT, connect)
                .await
                .map_err(|_| format!("The printer {address} did not answer — is it on?"))?
                .map_err(|e| format!("Cannot reach the printer {address}: {e} — is it on?"))?;
            stream
                .write_all(&bytes)
                .await
                .map_err(|e| format!("The printer {address} stopped taking the label: {e}"))?;
            stream
                .shutdown()
                .await
                .map_err(|e| format!("The printer {address} did not take the whole label: {e}"))?;
            Ok(format!("Label sent to the printer {address}."))
        }
        Printer::SystemPdf { queue } => {
            tokio::task::spawn_blocking(move || spool(&bytes, queue.as_deref()))
                .await
                .map_err(|e| format!("Printing failed: {e}"))?
        }
    }
}

/// Pipes the PDF into `lp` (CUPS), to `queue` or the default printer.
fn spool(pdf: &[u8], queue: Option<&str>) -> Result<String, String> {
    let mut command = std::process::Command::new("lp");
    if let Some(queue) = queue.filter(|q| !q.trim().is_empty()) {
        command.arg("-d").arg(queue.trim());
    }
    let mut child = command
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("Cannot run lp (is CUPS installed?): {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(pdf)
            .map_err(|e| format!("lp did not take the label: {e}"))?;
    }
    let output = child
        .wait_with_output()
        .map_err(|e| format!("lp failed: {e}"))?;
    if output.status.success() {
        let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
        Ok(if said.is_empty() {
            "Label sent to the printer.".into()
        } else {
            said
        })
    } else {
        Err(format!(
            "lp refused the label: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}
