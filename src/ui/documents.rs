//! A document the warehouse server made (a label, customs paperwork), as the desk's jobs use
//! it: downloaded, printed through this desk's print queue, or drawn as a preview. Below the
//! features: packing prints and previews labels with it, customs its paperwork.

use crate::station::db::DocumentId;
use crate::station::print::{self, PrintTarget, SharedPrints, ZplTimeouts};
use crate::ui::failure::Failure;
use crate::ui::record::Record;

/// The document's bytes, from the warehouse server.
pub async fn download(record: &Record, document: DocumentId) -> Result<Vec<u8>, Failure> {
    record
        .call(|c, s| async move { c.document(&s, document.0).await })
        .await
}

/// Downloads `doc`, queues it for `target` and sends it (see `station::print`): what the
/// printer said, or why not. `waiting` tells the packer how a job left in the queue gets sent.
pub async fn print_document(
    record: &Record,
    prints: &SharedPrints,
    doc: DocumentId,
    target: PrintTarget,
    waiting: &'static str,
) -> Result<String, Failure> {
    let bytes = download(record, doc).await?;
    let prints = prints.clone();
    let sent = tokio::task::spawn_blocking(move || {
        print::queue_and_print(&prints, doc.0, &bytes, &target, ZplTimeouts::default()).map_err(
            |e| {
                Failure::Printer(if e.nothing_sent() {
                    format!("{e} {waiting}")
                } else {
                    e.to_string()
                })
            },
        )
    })
    .await;
    sent.unwrap_or_else(|e| Err(Failure::Printer(format!("Printing stopped: {e}."))))
}

/// The ZPL document `document`, downloaded and drawn as a preview.
pub async fn preview_of(
    record: &Record,
    document: DocumentId,
) -> Result<egui::ColorImage, Failure> {
    preview(download(record, document).await?).await
}

/// Renders ZPL into an image the UI turns into a texture.
pub async fn preview(zpl: Vec<u8>) -> Result<egui::ColorImage, Failure> {
    tokio::task::spawn_blocking(move || render_now(&zpl))
        .await
        .map_err(|e| Failure::Other(format!("The preview could not be rendered: {e}.")))
        .and_then(|rendered| rendered)
}

fn render_now(zpl: &[u8]) -> Result<egui::ColorImage, Failure> {
    let options = labelize::RenderOptions {
        language: Some(labelize::Language::Zpl),
        dpmm: 8,
        ..labelize::RenderOptions::default()
    };
    let rendered = labelize::render_png(zpl, options)
        .map_err(|e| Failure::Other(format!("The ZPL label could not be rendered: {e}")))?;
    let image = image::load_from_memory_with_format(&rendered.bytes, image::ImageFormat::Png)
        .map_err(|e| Failure::Other(format!("The rendered label could not be read: {e}")))?
        .to_rgba8();
    let size = [image.width() as usize, image.height() as usize];
    Ok(egui::ColorImage::from_rgba_unmultiplied(
        size,
        image.as_raw(),
    ))
}
