//! The label preview: the ZPL document rendered by `labelize` at the printer's 203 dpi.

use crate::station::db::{DocumentId, LabelId};
use crate::ui::failure::Failure;
use crate::ui::packing::command::Done;
use crate::ui::record::Record;

/// Renders ZPL into an image the UI turns into a texture.
pub async fn render(zpl: Vec<u8>) -> Result<egui::ColorImage, Failure> {
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

/// The preview of a label from its cached ZPL document.
pub async fn from_document(record: Record, label: LabelId, document: DocumentId) -> Done {
    let bytes = record
        .call(|c, s| async move { c.document(&s, document.0).await })
        .await;
    let result = match bytes {
        Ok(bytes) => render(bytes).await,
        Err(failure) => Err(failure),
    };
    Done::Preview { label, result }
}
