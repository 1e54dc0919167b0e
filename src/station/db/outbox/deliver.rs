//! An entry's moves, each one transaction: an attempt begins; the answer is applied to the
//! station's record together with the entry's new state; a retry is scheduled; a refusal waits
//! for a person, who resends (corrected) or discards. Each move ends the desk's lease (`lease`).

use time::OffsetDateTime;

use super::super::encoding::to_json;
use super::super::encoding::{now_ms, to_ms};
use super::super::engine::{Tx, params};
use super::super::event_log::{NewEvent, insert_event};
use super::super::label::{insert_label, update_label_in};
use super::super::station_db::{StationDb, order_row_id};
use super::read::entry_in;
use super::types::{OutboxAction, OutboxEntry, OutboxId, OutboxState};
use crate::api::{
    FieldError, LabelRequest, LabelResponse, LabelStatus, OrderCreateRequest, OrderUpdateRequest,
};
use crate::station::error::StationError;
use crate::station::model::{Direction, LabelId};

/// What the service answered to a delivery that went through.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// 2xx to a create or an update.
    Accepted,
    /// A create answered 409 "already exists" after an earlier attempt: that attempt created it.
    AlreadyCreated,
    /// A label answer; a `pending` one is asked for again at `poll_at`.
    Label {
        response: Box<LabelResponse>,
        poll_at: OffsetDateTime,
    },
}

fn set_state(
    tx: &mut Tx<'_>,
    id: OutboxId,
    state: OutboxState,
    next_attempt_at: Option<i64>,
    error: Option<&str>,
    field_errors: &[FieldError],
) -> Result<(), StationError> {
    let now = now_ms();
    // Every move ends the lease: the desk that held it is done with the entry.
    tx.execute(
        "UPDATE outbox SET state = ?1, updated_at = ?2, next_attempt_at = COALESCE(?3,
            next_attempt_at), last_error = ?4, field_errors_json = ?5,
            delivered_at = CASE WHEN ?1 = 'delivered' THEN ?2 ELSE delivered_at END,
            lease_until = NULL, leased_by = NULL
         WHERE id = ?6",
        params![
            state.as_str(),
            now,
            next_attempt_at,
            error,
            to_json(field_errors)?,
            id.0
        ],
    )?;
    Ok(())
}

fn log(
    tx: &mut Tx<'_>,
    entry: &OutboxEntry,
    direction: Direction,
    kind: &'static str,
    detail: serde_json::Value,
) -> Result<(), StationError> {
    let body = serde_json::json!({
        "outbox": entry.id.0, "key": entry.key, "attempt": entry.attempts, "detail": detail,
    });
    let order_id = order_row_id(tx, entry.order)?;
    insert_event(
        tx,
        NewEvent {
            order_id,
            shipment_id: entry.shipment_id.as_deref(),
            parcel_id: entry.parcel,
            direction,
            kind,
            body: &body,
        },
    )
}

impl StationDb {
    fn in_tx<T>(
        &mut self,
        work: impl FnOnce(&mut Tx<'_>) -> Result<T, StationError>,
    ) -> Result<T, StationError> {
        let mut tx = self.conn.write()?;
        let value = work(&mut tx)?;
        tx.commit()?;
        Ok(value)
    }

    /// Counts an attempt before it is sent, so an entry left in flight by a crash is known to
    /// have been tried (a create's 409 then means "created by that attempt").
    pub fn outbox_begin_attempt(&mut self, id: OutboxId) -> Result<OutboxEntry, StationError> {
        self.in_tx(|tx| {
            tx.execute(
                "UPDATE outbox SET attempts = attempts + 1, updated_at = ?1 WHERE id = ?2",
                params![now_ms(), id.0],
            )?;
            entry_in(tx, id)
        })
    }

    /// Applies what the service answered to the station's record and moves the entry on, in
    /// one transaction: delivered (a fulfillment's row takes the fields that were delivered, a
    /// label is recorded), or still `retrying` while a label is pending.
    pub fn outbox_record_answer(
        &mut self,
        id: OutboxId,
        answer: &Answer,
    ) -> Result<OutboxEntry, StationError> {
        self.in_tx(|tx| {
            let entry = entry_in(tx, id)?;
            if entry.state == OutboxState::Delivered
                || (entry.state == OutboxState::Discarded
                    && entry.action == OutboxAction::ParcelLabel)
            {
                return Ok(entry);
            }
            match answer {
                Answer::Accepted | Answer::AlreadyCreated => {
                    if entry.action == OutboxAction::Fulfill {
                        apply_fulfillment(tx, &entry)?;
                    }
                    let note = (*answer == Answer::AlreadyCreated).then_some(
                        "the service already had this order (created by an earlier attempt)",
                    );
                    set_state(tx, id, OutboxState::Delivered, None, note, &[])?;
                    log(
                        tx,
                        &entry,
                        Direction::Received,
                        "outbox_delivered",
                        note.into(),
                    )?;
                }
                Answer::Label { response, poll_at } => {
                    apply_label(tx, &entry, response)?;
                    match response.result.status {
                        LabelStatus::Pending => set_state(
                            tx,
                            id,
                            OutboxState::Retrying,
                            Some(to_ms(*poll_at)),
                            Some("the label is pending at the service; asking again"),
                            &[],
                        )?,
                        LabelStatus::Success => {
                            set_state(tx, id, OutboxState::Delivered, None, None, &[])?
                        }
                        LabelStatus::Error => set_state(
                            tx,
                            id,
                            OutboxState::NeedsAttention,
                            None,
                            Some("the service could not make the label"),
                            response.error.as_deref().unwrap_or_default(),
                        )?,
                    }
                }
            }
            entry_in(tx, id)
        })
    }

    /// The service could not be reached, failed or was busy: try again at `at`.
    pub fn outbox_retry_at(
        &mut self,
        id: OutboxId,
        error: &str,
        at: OffsetDateTime,
    ) -> Result<OutboxEntry, StationError> {
        self.in_tx(|tx| {
            let entry = entry_in(tx, id)?;
            if matches!(entry.state, OutboxState::Queued | OutboxState::Retrying) {
                set_state(
                    tx,
                    id,
                    OutboxState::Retrying,
                    Some(to_ms(at)),
                    Some(error),
                    &[],
                )?;
            }
            entry_in(tx, id)
        })
    }

    /// The service refused the call in a way a retry cannot fix: it waits for a person.
    pub fn outbox_needs_attention(
        &mut self,
        id: OutboxId,
        error: &str,
        field_errors: &[FieldError],
    ) -> Result<OutboxEntry, StationError> {
        self.in_tx(|tx| {
            let entry = entry_in(tx, id)?;
            if matches!(entry.state, OutboxState::Queued | OutboxState::Retrying) {
                set_state(
                    tx,
                    id,
                    OutboxState::NeedsAttention,
                    None,
                    Some(error),
                    field_errors,
                )?;
                let detail = serde_json::json!({ "error": error, "fields": field_errors });
                log(tx, &entry, Direction::Received, "outbox_refused", detail)?;
            }
            entry_in(tx, id)
        })
    }

    /// Sends an entry again now, with a corrected body if given (same call, same order).
    pub fn outbox_resend(
        &mut self,
        id: OutboxId,
        corrected: Option<serde_json::Value>,
    ) -> Result<OutboxEntry, StationError> {
        self.in_tx(|tx| {
            let entry = entry_in(tx, id)?;
            if !matches!(
                entry.state,
                OutboxState::NeedsAttention | OutboxState::Retrying | OutboxState::Queued
            ) {
                return Err(StationError::Invalid(vec![FieldError::new(
                    "state",
                    format!(
                        "entry {id} is {}, so it cannot be resent",
                        entry.state.as_str()
                    ),
                )]));
            }
            if let Some(body) = corrected {
                let body = checked_body(&entry, body)?;
                tx.execute(
                    "UPDATE outbox SET body_json = ?1 WHERE id = ?2",
                    params![to_json(&body)?, id.0],
                )?;
                log(tx, &entry, Direction::Local, "outbox_corrected", body)?;
            }
            set_state(tx, id, OutboxState::Queued, Some(now_ms()), None, &[])?;
            entry_in(tx, id)
        })
    }

    /// Gives up on an entry that was not delivered (a supervisor's decision, taken in the UI).
    pub fn outbox_discard(
        &mut self,
        id: OutboxId,
        reason: &str,
    ) -> Result<OutboxEntry, StationError> {
        self.in_tx(|tx| {
            let entry = entry_in(tx, id)?;
            if entry.state.is_open() {
                set_state(tx, id, OutboxState::Discarded, None, Some(reason), &[])?;
                log(
                    tx,
                    &entry,
                    Direction::Local,
                    "outbox_discarded",
                    reason.into(),
                )?;
            }
            entry_in(tx, id)
        })
    }
}

/// A corrected body must be the same kind of call for the same order (and shipment).
fn checked_body(
    entry: &OutboxEntry,
    body: serde_json::Value,
) -> Result<serde_json::Value, StationError> {
    let wrong = |why: String| StationError::Invalid(vec![FieldError::new("body", why)]);
    let parse_err = |e: serde_json::Error| wrong(format!("is not a valid request: {e}"));
    let order = entry.order;
    let normalized = match entry.action {
        OutboxAction::CreateOrder => {
            let req: OrderCreateRequest = serde_json::from_value(body).map_err(parse_err)?;
            (req.source_reference == order).then(|| serde_json::to_value(&req))
        }
        OutboxAction::Fulfill | OutboxAction::Cancel => {
            let req: OrderUpdateRequest = serde_json::from_value(body).map_err(parse_err)?;
            let same_shipment = req.shipments.first().map(|s| &s.shipment_id)
                == entry.shipment_id.as_ref()
                && req.shipments.len() == 1;
            // A correction fixes what can be wrong (tracking, items, an address), never what
            // the update does: a fulfillment edited into `"status": "canceled"` would cancel.
            let same_action =
                match entry.action {
                    OutboxAction::Cancel => req.shipments.iter().all(|s| {
                        s.status.as_deref() == Some("canceled") && s.fulfillments.is_empty()
                    }),
                    _ => req.shipments.iter().all(|s| {
                        s.status.as_deref() != Some("canceled") && !s.fulfillments.is_empty()
                    }),
                };
            (req.source_reference == order && same_shipment && same_action)
                .then(|| serde_json::to_value(&req))
        }
        OutboxAction::ParcelLabel => {
            let req: LabelRequest = serde_json::from_value(body).map_err(parse_err)?;
            (req.order_number.trim() == order.to_string()).then(|| serde_json::to_value(&req))
        }
    };
    match normalized {
        Some(Ok(value)) => Ok(value),
        Some(Err(e)) => Err(wrong(format!("cannot be written: {e}"))),
        None => Err(wrong(format!(
            "must stay a {} of order {order}{}",
            entry.action.label().to_lowercase(),
            entry
                .shipment_id
                .as_deref()
                .map(|s| format!(", shipment {s}"))
                .unwrap_or_default()
        ))),
    }
}

/// The fulfillment row takes what was delivered (a person may have corrected it).
fn apply_fulfillment(tx: &mut Tx<'_>, entry: &OutboxEntry) -> Result<(), StationError> {
    let (Some(parcel), Ok(update)) = (
        entry.parcel,
        serde_json::from_value::<OrderUpdateRequest>(entry.body.clone()),
    ) else {
        return Ok(());
    };
    let Some(sent) = update
        .shipments
        .first()
        .and_then(|s| s.fulfillments.first())
    else {
        return Ok(());
    };
    tx.execute(
        "UPDATE fulfillments SET tracking_number = ?1, carrier = ?2, location = ?3,
            shipped_at = ?4, sent_json = ?5 WHERE parcel_id = ?6",
        params![
            sent.tracking_number,
            sent.carrier,
            sent.location,
            sent.shipped_at,
            to_json(sent)?,
            parcel.0
        ],
    )?;
    Ok(())
}

/// The first answer adds the parcel's label; later ones (polls) update it.
fn apply_label(
    tx: &mut Tx<'_>,
    entry: &OutboxEntry,
    response: &LabelResponse,
) -> Result<(), StationError> {
    let parcel = entry
        .parcel
        .ok_or_else(|| StationError::Corrupt(format!("label entry {} has no parcel", entry.id)))?;
    let label: Option<i64> = tx.query_row(
        "SELECT label_id FROM outbox WHERE id = ?1",
        params![entry.id.0],
        |row| Ok(row.get("label_id")?),
    )?;
    match label {
        Some(label) => update_label_in(tx, LabelId(label), response),
        None => {
            let request: LabelRequest = super::super::encoding::from_json(&to_json(&entry.body)?)?;
            let label = insert_label(tx, parcel, &request, response)?;
            tx.execute(
                "UPDATE outbox SET label_id = ?1 WHERE id = ?2",
                params![label.0, entry.id.0],
            )?;
            Ok(())
        }
    }
}
