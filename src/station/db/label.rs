//! Label answers and their documents, cached so a reprint never asks the service again.

use base64::Engine as _;

use crate::api::{FieldError, LabelRequest, LabelResponse, LabelStatus};

use super::encoding::{from_unix, now_unix, to_json};
use super::engine::{Tx, params};
use super::event_log::{NewEvent, insert_event};
use super::parcel::{ParcelCtx, parcel_ctx};
use super::record::refresh_status;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::{
    Direction, DocumentId, DocumentInfo, DocumentKind, LabelDocument, LabelId, Paper, ParcelId,
};

pub(super) fn label_status_code(status: LabelStatus) -> &'static str {
    match status {
        LabelStatus::Success => "success",
        LabelStatus::Pending => "pending",
        LabelStatus::Error => "error",
    }
}

pub(super) fn parse_label_status(code: &str) -> Option<LabelStatus> {
    match code {
        "success" => Some(LabelStatus::Success),
        "pending" => Some(LabelStatus::Pending),
        "error" => Some(LabelStatus::Error),
        _ => None,
    }
}

impl StationDb {
    /// Records the first answer to a label request for a parcel (any status: a pending one is
    /// then updated by [`StationDb::update_label`] as polls come back). A full-order label
    /// (only `orderNumber`) is recorded against a parcel holding everything left to pack. An inline `base64`
    /// label is decoded and cached as the PDF document. Both bodies must be for the parcel's
    /// order; the parcel must not be voided and its shipment not canceled.
    pub fn record_label(
        &mut self,
        parcel: ParcelId,
        request: &LabelRequest,
        response: &LabelResponse,
    ) -> Result<LabelId, StationError> {
        let mut tx = self.conn.write()?;
        let label = insert_label(&mut tx, parcel, request, response)?;
        tx.commit()?;
        Ok(label)
    }

    /// Records a later answer for a label (a poll of a pending one): status, tracking and URLs
    /// are replaced by the new answer.
    pub fn update_label(
        &mut self,
        label: LabelId,
        response: &LabelResponse,
    ) -> Result<(), StationError> {
        let mut tx = self.conn.write()?;
        update_label_in(&mut tx, label, response)?;
        tx.commit()?;
        Ok(())
    }

    /// Caches label documents fetched from the label URLs (PDF, ZPL). Fetching the same URL
    /// and kind again replaces the bytes (the id stays). Each is stored as the paper it says
    /// (`Paper::Label` for what the service sent); generated customs paperwork goes through
    /// [`StationDb::record_customs_documents`].
    pub fn record_label_documents(
        &mut self,
        label: LabelId,
        documents: &[LabelDocument],
    ) -> Result<Vec<DocumentId>, StationError> {
        let mut tx = self.conn.write()?;
        let parcel = label_parcel(&mut tx, label)?;
        let ctx = parcel_ctx(&mut tx, parcel)?;
        let mut ids = Vec::new();
        for document in documents {
            ids.push(store_document(&mut tx, &ctx, label, document)?);
        }
        tx.commit()?;
        Ok(ids)
    }

    /// A cached document with its bytes, for reprinting offline.
    pub fn label_document(
        &mut self,
        document: DocumentId,
    ) -> Result<Option<(DocumentInfo, Vec<u8>)>, StationError> {
        let row = self.conn.read()?.query_row_opt(
            "SELECT paper, kind, url, bytes, fetched_at FROM label_documents WHERE id = ?1",
            params![document.0],
            |row| {
                Ok((
                    (
                        row.get::<_, String>("paper")?,
                        row.get::<_, String>("kind")?,
                    ),
                    row.get::<_, String>("url")?,
                    row.get::<_, Vec<u8>>("bytes")?,
                    row.get::<_, i64>("fetched_at")?,
                ))
            },
        )?;
        let Some(((paper, kind), url, bytes, fetched_at)) = row else {
            return Ok(None);
        };
        let info = document_info(
            document.0,
            &paper,
            &kind,
            url,
            bytes.len() as u64,
            fetched_at,
        )?;
        Ok(Some((info, bytes)))
    }
}

/// [`StationDb::record_label`] inside the caller's transaction.
pub(super) fn insert_label(
    tx: &mut Tx<'_>,
    parcel: ParcelId,
    request: &LabelRequest,
    response: &LabelResponse,
) -> Result<LabelId, StationError> {
    let ctx = parcel_ctx(tx, parcel)?;
    ctx.ensure_live("labelled")?;
    check_order_number(&ctx, &request.order_number, "orderNumber")?;
    check_order_number(&ctx, &response.result.order_number, "result.orderNumber")?;
    let now = now_unix();
    let label = LabelId(tx.query_value(
        "INSERT INTO labels (parcel_id, requested_at, updated_at, request_json, status,
            tracking_code, tracking_url, label_urls_json, zpl_url, shipping_service,
            errors_json, response_json)
         VALUES (?1, ?2, ?2, ?3, 'pending', '', '', '[]', NULL, NULL, '[]', '{}')
         RETURNING id",
        params![parcel.0, now, to_json(request)?],
    )?);
    event(tx, &ctx, Direction::Sent, "label_request", request)?;
    apply_answer(tx, &ctx, label, response)?;
    Ok(label)
}

/// [`StationDb::update_label`] inside the caller's transaction.
pub(super) fn update_label_in(
    tx: &mut Tx<'_>,
    label: LabelId,
    response: &LabelResponse,
) -> Result<(), StationError> {
    let parcel = label_parcel(tx, label)?;
    let ctx = parcel_ctx(tx, parcel)?;
    check_order_number(&ctx, &response.result.order_number, "result.orderNumber")?;
    apply_answer(tx, &ctx, label, response)
}

pub(super) fn label_parcel(conn: &mut Tx<'_>, label: LabelId) -> Result<ParcelId, StationError> {
    conn.query_row_opt(
        "SELECT parcel_id FROM labels WHERE id = ?1",
        params![label.0],
        |row| Ok(row.get("parcel_id")?),
    )?
    .map(ParcelId)
    .ok_or(StationError::UnknownLabel(label))
}

fn check_order_number(ctx: &ParcelCtx, text: &str, field: &str) -> Result<(), StationError> {
    if text.trim() == ctx.shipment.order.to_string() {
        return Ok(());
    }
    Err(StationError::Invalid(vec![FieldError::new(
        field,
        format!(
            "is for order {text}, but parcel {} belongs to order {}",
            ctx.id, ctx.shipment.order
        ),
    )]))
}

/// Stores an answer on the label row, caches an inline PDF, logs it, refreshes the status.
fn apply_answer(
    conn: &mut Tx<'_>,
    ctx: &ParcelCtx,
    label: LabelId,
    response: &LabelResponse,
) -> Result<(), StationError> {
    let result = &response.result;
    let mut logged = response.clone();
    // The inline document goes to label_documents once, not into every JSON copy.
    if let Some(bytes) = result.base64.as_deref().and_then(|text| {
        base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .ok()
    }) {
        logged.result.base64 = None;
        let document = LabelDocument {
            paper: Paper::Label,
            kind: DocumentKind::Pdf,
            url: None,
            bytes,
        };
        store_document(conn, ctx, label, &document)?;
    }
    conn.execute(
        "UPDATE labels SET updated_at = ?1, status = ?2, tracking_code = ?3, tracking_url = ?4,
            label_urls_json = ?5, zpl_url = ?6, shipping_service = ?7, errors_json = ?8,
            response_json = ?9
         WHERE id = ?10",
        params![
            now_unix(),
            label_status_code(result.status),
            result.tracking_code,
            result.tracking_url,
            to_json(&result.label_urls)?,
            result.zpl,
            result.shipping_service,
            to_json(response.error.as_deref().unwrap_or_default())?,
            to_json(&logged)?,
            label.0,
        ],
    )?;
    event(conn, ctx, Direction::Received, "label_response", &logged)?;
    refresh_status(conn, ctx.shipment.order_id)?;
    Ok(())
}

fn store_document(
    conn: &mut Tx<'_>,
    ctx: &ParcelCtx,
    label: LabelId,
    document: &LabelDocument,
) -> Result<DocumentId, StationError> {
    let id = upsert_document(conn, label, document)?;
    let body = serde_json::json!({
        "label": label.0, "paper": document.paper.as_str(), "kind": document.kind.as_str(),
        "url": document.url, "bytes": document.bytes.len(),
    });
    event(conn, ctx, Direction::Local, "label_document", &body)?;
    Ok(id)
}

/// Stores a document, or replaces the bytes of the one with the same paper, kind and URL in
/// place: its id stays, so print jobs keep pointing at it.
pub(super) fn upsert_document(
    conn: &mut Tx<'_>,
    label: LabelId,
    document: &LabelDocument,
) -> Result<DocumentId, StationError> {
    let url = document.url.as_deref().unwrap_or("");
    let id = conn.query_row(
        "INSERT INTO label_documents (label_id, paper, kind, url, bytes, fetched_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (label_id, paper, kind, url)
         DO UPDATE SET bytes = excluded.bytes, fetched_at = excluded.fetched_at
         RETURNING id",
        params![
            label.0,
            document.paper.as_str(),
            document.kind.as_str(),
            url,
            document.bytes,
            now_unix()
        ],
        |row| Ok(row.get("id")?),
    )?;
    Ok(DocumentId(id))
}

/// A `label_documents` row as read (`url` is `''` for inline or generated documents).
pub(super) fn document_info(
    id: i64,
    paper: &str,
    kind: &str,
    url: String,
    size: u64,
    fetched_at: i64,
) -> Result<DocumentInfo, StationError> {
    Ok(DocumentInfo {
        id: DocumentId(id),
        paper: Paper::parse(paper)
            .ok_or_else(|| StationError::Corrupt(format!("document paper {paper}")))?,
        kind: DocumentKind::parse(kind)
            .ok_or_else(|| StationError::Corrupt(format!("document kind {kind}")))?,
        url: Some(url).filter(|u| !u.is_empty()),
        size,
        fetched_at: from_unix(fetched_at)?,
    })
}

pub(super) fn event<T: serde::Serialize + ?Sized>(
    conn: &mut Tx<'_>,
    ctx: &ParcelCtx,
    direction: Direction,
    kind: &'static str,
    body: &T,
) -> Result<(), StationError> {
    insert_event(
        conn,
        NewEvent {
            order_id: ctx.shipment.order_id,
            shipment_id: Some(&ctx.shipment.shipment_id),
            parcel_id: Some(ctx.id),
            direction,
            kind,
            body,
        },
    )
}
