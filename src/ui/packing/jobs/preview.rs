//! The label preview: the ZPL document rendered by `labelize` at the printer's 203 dpi.

use crate::station::db::{DocumentId, LabelId};
use crate::ui::documents;
use crate::ui::packing::command::Done;
use crate::ui::record::Record;

/// The preview of a label from its cached ZPL document.
pub async fn from_document(record: Record, label: LabelId, document: DocumentId) -> Done {
    let result = documents::preview_of(&record, document).await;
    Done::Preview { label, result }
}
