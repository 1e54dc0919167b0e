//! Customs paperwork the station generates for a ready label (commercial invoice, CN22, CN23,
//! packing slip), cached with the label's own documents so any desk reprints it offline through
//! the same print queue; and the settings every desk of a warehouse shares (the exporter printed
//! on that paperwork, first).

use crate::api::{FieldError, LabelStatus};

use super::encoding::{from_json, now_ms, to_json};
use super::engine::params;
use super::label::{event, label_parcel, parse_label_status, upsert_document};
use super::parcel::parcel_ctx;
use super::people::log;
use super::read::load_documents;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::{Direction, DocumentId, DocumentInfo, LabelDocument, LabelId, Paper};

impl StationDb {
    /// Caches customs documents generated for `label` (which must be ready: status success, its
    /// parcel not voided nor its shipment canceled). Generating a (paper, kind) again replaces
    /// the bytes of the earlier one in place: its id stays, so print jobs queued or sent for it
    /// still point at it (and a reprint of it is counted as one). Only customs papers are taken
    /// here (never `Paper::Label`); their `url` is ignored (stored as `''`, generated). Returns
    /// the ids in the order given; the order's history gets one `customs_documents` event.
    pub fn record_customs_documents(
        &mut self,
        label: LabelId,
        documents: &[LabelDocument],
    ) -> Result<Vec<DocumentId>, StationError> {
        let refused: Vec<FieldError> = documents
            .iter()
            .enumerate()
            .filter(|(_, d)| d.paper == Paper::Label)
            .map(|(i, _)| {
                FieldError::new(
                    format!("documents[{i}].paper"),
                    "is the shipping label; customs documents are invoice, CN22, CN23 or packing slip",
                )
            })
            .collect();
        if !refused.is_empty() {
            return Err(StationError::Invalid(refused));
        }
        let mut tx = self.conn.write()?;
        let parcel = label_parcel(&mut tx, label)?;
        let ctx = parcel_ctx(&mut tx, parcel)?;
        ctx.ensure_live("given customs documents")?;
        let status: String =
            tx.query_value("SELECT status FROM labels WHERE id = ?1", params![label.0])?;
        if parse_label_status(&status) != Some(LabelStatus::Success) {
            return Err(StationError::Invalid(vec![FieldError::new(
                "label",
                format!("is {status}; customs documents are made for a ready label"),
            )]));
        }
        let mut ids = Vec::new();
        let mut logged = Vec::new();
        for document in documents {
            // Generated, never fetched: one row per (paper, kind), replaced in place.
            let generated = LabelDocument {
                url: None,
                ..document.clone()
            };
            let id = upsert_document(&mut tx, label, &generated)?;
            logged.push(serde_json::json!({
                "id": id.0, "paper": document.paper.as_str(), "kind": document.kind.as_str(),
                "bytes": document.bytes.len(),
            }));
            ids.push(id);
        }
        let body = serde_json::json!({"label": label.0, "documents": logged});
        event(&mut tx, &ctx, Direction::Local, "customs_documents", &body)?;
        tx.commit()?;
        Ok(ids)
    }

    /// The customs documents cached for `label` (without bytes; those via
    /// [`StationDb::label_document`]), oldest first. The label's own documents are not among
    /// them.
    pub fn customs_documents(&mut self, label: LabelId) -> Result<Vec<DocumentInfo>, StationError> {
        let mut tx = self.conn.read()?;
        label_parcel(&mut tx, label)?;
        let mut documents = load_documents(&mut tx, label.0)?;
        documents.retain(|d| d.paper != Paper::Label);
        Ok(documents)
    }

    /// A setting shared by every desk of the warehouse (on a desk's own file: by this desk),
    /// `None` when it was never set.
    pub fn warehouse_setting(
        &mut self,
        key: &str,
    ) -> Result<Option<serde_json::Value>, StationError> {
        let mut tx = self.conn.read()?;
        let value: Option<String> = tx.query_row_opt(
            "SELECT value_json FROM warehouse_settings WHERE key = ?1",
            params![key],
            |row| Ok(row.get("value_json")?),
        )?;
        value.as_deref().map(from_json).transpose()
    }

    /// Sets a shared setting, naming this connection's desk and person as who changed it last,
    /// and logs `settings_changed` (with the key) in the warehouse's history.
    pub fn set_warehouse_setting(
        &mut self,
        key: &str,
        value: &serde_json::Value,
    ) -> Result<(), StationError> {
        // The upsert locks the one row it writes: no need to queue behind other writers.
        let mut tx = self.conn.write_row_locked()?;
        let actor = tx.actor().clone();
        tx.execute(
            "INSERT INTO warehouse_settings (key, value_json, updated_at, updated_desk,
                 updated_person)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json,
                 updated_at = excluded.updated_at, updated_desk = excluded.updated_desk,
                 updated_person = excluded.updated_person",
            params![key, to_json(value)?, now_ms(), actor.desk, actor.person],
        )?;
        log(
            &mut tx,
            "settings_changed",
            &serde_json::json!({"key": key}),
        )?;
        tx.commit()
    }
}
