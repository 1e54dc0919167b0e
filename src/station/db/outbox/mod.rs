//! The durable outbox: every call that changes something at the service (order create, order
//! update, split-parcel label request) is written here with an idempotency key in the same
//! transaction as the station's own record of the change, and delivered later by the worker
//! (`station::outbox`). So the station shows "fulfilled" at once, and a crash, an outage or a
//! restart can delay a call but never lose it; the key keeps a second write of the same call
//! from making a second entry.
//!
//! Entries of one order go out in the order they were written where it matters: a create
//! before anything else of its order, and updates one after the other (see
//! [`OutboxAction::is_update`]). Labels wait only for the create.
//!
//! On a PostgreSQL record the outbox is the whole warehouse's: every desk queues into it and
//! every desk's worker sends from it. A worker takes an entry with
//! [`StationDb::outbox_claim_next`], which leases it to the desk (`lease_until`, `leased_by`,
//! schema step 8) in one transaction under row locks (`lease`), so each entry is sent by one
//! desk at a time; the order above holds across desks (an entry waits for an earlier open one
//! of its order, whichever desk holds that). Recording the answer, a retry or a refusal ends the
//! lease (`deliver`); a desk that died leaves its lease to run out, and another desk then takes
//! the entry over. `tried_by`/`tried_at` keep the desk that last took an entry, for the Outbox
//! tab, which lists every open entry of the record (`outbox_open`), not just this desk's.

mod deliver;
mod lease;
mod read;
mod types;
// Visible to `db::parcel`, which discards a voided parcel's label request.
pub(super) mod write;

use crate::api::{
    FieldError, LabelRequest, OrderCreateRequest, OrderUpdateRequest, TaxCalculationRequest,
    TaxCalculationResponse,
};

pub use deliver::Answer;
pub use types::*;
pub use write::idempotency_key;

use super::encoding::now_ms;
use super::engine::{Tx, params};
use super::fulfill::{insert_cancellation, insert_fulfillment};
use super::once::{Once, Written};
use super::parcel::{insert_parcel, parcel_ctx};
use super::read::read_order;
use super::record::insert_submitted;
use super::station_db::StationDb;
use crate::station::error::StationError;
use crate::station::model::LabelOptions;
use crate::station::model::check;
use crate::station::model::{NewParcel, OrderNumber, ParcelId, StationOrder};
use write::enqueue_in;

fn json_of<T: serde::Serialize>(value: &T) -> Result<serde_json::Value, StationError> {
    serde_json::to_value(value).map_err(|e| StationError::Corrupt(format!("JSON encoding: {e}")))
}

impl StationDb {
    /// Writes a call into the outbox; writing the same call (same key) again returns the entry
    /// already there and adds nothing.
    pub fn enqueue(&mut self, entry: &NewOutboxEntry) -> Result<OutboxId, StationError> {
        let mut tx = self.conn.write()?;
        let id = enqueue_in(&mut tx, entry)?;
        tx.commit()?;
        Ok(id)
    }

    /// "Submit as order": records the order as submitted and queues its `POST /v1/orders`, in
    /// one transaction (checks as [`StationDb::record_submitted_order`]).
    pub fn submit_order(
        &mut self,
        cart: &TaxCalculationRequest,
        quote: &TaxCalculationResponse,
        body: &OrderCreateRequest,
    ) -> Result<OutboxId, StationError> {
        let prepared = check::prepare(body, cart, Some(quote)).map_err(StationError::Invalid)?;
        let mut tx = self.conn.write()?;
        insert_submitted(&mut tx, &prepared, quote, body)?;
        let id = enqueue_in(
            &mut tx,
            &NewOutboxEntry {
                action: OutboxAction::CreateOrder,
                order: body.source_reference,
                shipment_id: None,
                parcel: None,
                body: json_of(body)?,
            },
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// Marks a parcel fulfilled and queues the `PUT /v1/orders` that says so, in one
    /// transaction. `update` is [`super::StationOrder::fulfillment_update`]'s body for it.
    /// With `once`, a repeat of a recorded fulfillment gets its answer again (`db::once`).
    pub fn fulfill_via_outbox(
        &mut self,
        parcel: ParcelId,
        update: &OrderUpdateRequest,
        once: Option<&Once>,
    ) -> Result<Written<OutboxId>, StationError> {
        let shipment = update.shipments.first();
        let sent = shipment
            .and_then(|s| s.fulfillments.first())
            .ok_or_else(|| {
                StationError::Invalid(vec![FieldError::new(
                    "shipments[0].fulfillments",
                    "the update holds no fulfillment",
                )])
            })?;
        self.write_once(once, |tx| {
            let ctx = parcel_ctx(tx, parcel)?;
            if ctx.shipment.order != update.source_reference
                || shipment.map(|s| s.shipment_id.as_str())
                    != Some(ctx.shipment.shipment_id.as_str())
            {
                return Err(StationError::Invalid(vec![FieldError::new(
                    "shipments[0].shipment_id",
                    format!(
                        "parcel {parcel} belongs to shipment {} of order {}",
                        ctx.shipment.shipment_id, ctx.shipment.order
                    ),
                )]));
            }
            insert_fulfillment(tx, parcel, sent)?;
            enqueue_in(
                tx,
                &NewOutboxEntry {
                    action: OutboxAction::Fulfill,
                    order: ctx.shipment.order,
                    shipment_id: Some(ctx.shipment.shipment_id.clone()),
                    parcel: Some(parcel),
                    body: json_of(update)?,
                },
            )
        })
    }

    /// Cancels a shipment at the station and queues the `PUT /v1/orders` that says so, in one
    /// transaction (checks as [`StationDb::record_cancellation`]; `once` as for
    /// [`StationDb::fulfill_via_outbox`]).
    pub fn cancel_via_outbox(
        &mut self,
        order: OrderNumber,
        shipment_id: &str,
        update: &OrderUpdateRequest,
        once: Option<&Once>,
    ) -> Result<Written<OutboxId>, StationError> {
        self.write_once(once, |tx| {
            insert_cancellation(tx, order, shipment_id, update)?;
            enqueue_in(
                tx,
                &NewOutboxEntry {
                    action: OutboxAction::Cancel,
                    order,
                    shipment_id: Some(shipment_id.to_string()),
                    parcel: None,
                    body: json_of(update)?,
                },
            )
        })
    }

    /// Records a packed parcel and queues its split-parcel label request, in one transaction
    /// (checks as [`StationDb::start_parcel`]; `once` as for [`StationDb::fulfill_via_outbox`]:
    /// a repeat after a lost answer records no second parcel).
    pub fn pack_and_request_label(
        &mut self,
        order: OrderNumber,
        shipment_id: &str,
        parcel: &NewParcel,
        options: &LabelOptions,
        once: Option<&Once>,
    ) -> Result<Written<(ParcelId, OutboxId)>, StationError> {
        self.write_once(once, |tx| {
            let parcel = insert_parcel(tx, order, shipment_id, parcel)?;
            let id = queue_label(tx, parcel, options)?;
            Ok((parcel, id))
        })
    }

    /// Queues the label request of a parcel recorded earlier (Retry). An entry already there
    /// for the parcel is kept and tried now; one that was refused or discarded is queued again
    /// (the parcel is still packed and the packer asks for its label anew). `once` as for
    /// [`StationDb::fulfill_via_outbox`].
    pub fn request_parcel_label(
        &mut self,
        parcel: ParcelId,
        options: &LabelOptions,
        once: Option<&Once>,
    ) -> Result<Written<OutboxId>, StationError> {
        self.write_once(once, |tx| {
            let id = queue_label(tx, parcel, options)?;
            tx.execute(
                "UPDATE outbox SET next_attempt_at = CASE WHEN next_attempt_at < ?1 THEN next_attempt_at ELSE ?1 END,
                    updated_at = ?1,
                    state = CASE WHEN state IN ('needs_attention', 'discarded') THEN 'queued'
                        ELSE state END
                 WHERE id = ?2 AND state IN ('queued', 'retrying', 'needs_attention', 'discarded')",
                params![now_ms(), id.0],
            )?;
            Ok(id)
        })
    }
}

/// The order's one label, when the order allows it: one shipment, and `parcel` its only live
/// parcel, holding everything the shipment has to ship.
fn full_order_request(
    order: &StationOrder,
    parcel: ParcelId,
    options: &LabelOptions,
) -> Result<LabelRequest, StationError> {
    let whole = match order.shipments.as_slice() {
        [shipment] => {
            let live: Vec<_> = shipment
                .parcels
                .iter()
                .filter(|p| p.voided_at.is_none())
                .collect();
            live.len() == 1
                && live[0].id == parcel
                && shipment.items.iter().all(|item| item.left == 0)
        }
        _ => false,
    };
    if !whole {
        return Err(StationError::Invalid(vec![FieldError::new(
            "label.full_order",
            "A full-order label covers the whole order: only for an order with one shipment, \
             packed whole into this one parcel. Ask for a parcel label instead.",
        )]));
    }
    Ok(order.full_order_label_request(options.base64, options.zpl))
}

fn queue_label(
    tx: &mut Tx<'_>,
    parcel: ParcelId,
    options: &LabelOptions,
) -> Result<OutboxId, StationError> {
    let ctx = parcel_ctx(tx, parcel)?;
    ctx.ensure_live("labelled")?;
    let order = read_order(tx, ctx.shipment.order)?
        .ok_or(StationError::UnknownOrder(ctx.shipment.order))?;
    let request = if options.full_order {
        full_order_request(&order, parcel, options)?
    } else {
        order.parcel_label_request(parcel, options)?
    };
    enqueue_in(
        tx,
        &NewOutboxEntry {
            action: OutboxAction::ParcelLabel,
            order: ctx.shipment.order,
            shipment_id: Some(ctx.shipment.shipment_id.clone()),
            parcel: Some(parcel),
            body: json_of(&request)?,
        },
    )
}
