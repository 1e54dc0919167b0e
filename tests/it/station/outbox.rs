//! The outbox as the station records it: written with the change it sends, once per
//! idempotency key, delivered in order, refusals kept for a person.

use std::time::Duration;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::macros::datetime;

use packdesk::api::{FieldError, LabelAddress, LabelResponse, LabelResult, LabelStatus};
use packdesk::domain::{Weight, WeightUnit};
use packdesk::station::db::*;

use super::engines::Engine;
use crate::synthetic;

fn address() -> LabelAddress {
    super::address("Zoë")
}

/// A station with one synthetic order and the parcel holding its first line's units.
pub(super) fn station(engine: &Engine) -> (StationDb, StationOrder, NewParcel) {
    let mut db = engine.open();
    let number = synthetic::seed(&mut db, 1);
    let order = db.order(number).unwrap().unwrap();
    let shipment = &order.shipments[0];
    let item = &shipment.items[0];
    let parcel = NewParcel {
        lines: vec![NewParcelLine {
            source_line_id: item.item.source_line_id.clone(),
            quantity: item.ordered,
            asn: "ASN-1".into(),
        }],
        weight: Weight::new(Decimal::new(12, 1), WeightUnit::Pound),
        dimensions: None,
        track_reference: "TR-1".into(),
        from: address(),
        to: address(),
    };
    (db, order, parcel)
}

pub(super) fn options() -> LabelOptions {
    LabelOptions {
        brand_code: "ACME".into(),
        ..LabelOptions::default()
    }
}

pub(super) fn fulfill(db: &mut StationDb, order: &StationOrder, parcel: ParcelId) -> OutboxId {
    let order = db.order(order.source_reference).unwrap().unwrap();
    let input = FulfillmentInput {
        tracking_number: "PD123".into(),
        carrier: "DHL".into(),
        location: "BER-1".into(),
        shipped_at: datetime!(2025-06-02 10:00 UTC),
    };
    let body = order
        .fulfillment_update(parcel, &input, OffsetDateTime::now_utc())
        .unwrap();
    db.fulfill_via_outbox(parcel, &body, None).unwrap().answer
}

pub(super) const DESK_1: &str = "Desk 1";
const LEASE: Duration = Duration::from_secs(60);

/// The next entry `desk` may send, leased to it for a minute.
fn claim(db: &mut StationDb, desk: &str) -> Option<OutboxEntry> {
    db.outbox_claim_next(desk, LEASE).unwrap()
}

fn answer(order: &StationOrder, status: LabelStatus) -> Answer {
    Answer::Label {
        response: Box::new(LabelResponse {
            is_error: false,
            result: LabelResult {
                order_number: order.source_reference.to_string(),
                label_urls: vec![],
                status,
                tracking_code: "PD777".into(),
                tracking_url: String::new(),
                base64: None,
                zpl: None,
                shipping_service: None,
            },
            error: None,
        }),
        poll_at: OffsetDateTime::now_utc(),
    }
}

fn the_same_call_written_twice_is_one_entry(engine: &Engine) {
    let (mut db, order, _) = station(engine);
    let entry = NewOutboxEntry {
        action: OutboxAction::Cancel,
        order: order.source_reference,
        shipment_id: Some("S1".into()),
        parcel: None,
        body: serde_json::json!({"first": true}),
    };
    let first = db.enqueue(&entry).unwrap();
    let again = db
        .enqueue(&NewOutboxEntry {
            body: serde_json::json!({"second": true}),
            ..entry.clone()
        })
        .unwrap();
    assert_eq!(first, again);
    let open = db.outbox_open().unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].body, serde_json::json!({"first": true}));
    assert_eq!(open[0].key, format!("cancel:{}:S1", order.source_reference));
}

fn a_fulfillment_is_recorded_and_queued_together_and_only_once(engine: &Engine) {
    let (mut db, order, parcel) = station(engine);
    let (parcel, label) = db
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    let id = fulfill(&mut db, &order, parcel);
    let entry = db.outbox_entry(id).unwrap().unwrap();
    assert_eq!(entry.state, OutboxState::Queued);
    assert_eq!(entry.action, OutboxAction::Fulfill);
    let shown = db.order(order.source_reference).unwrap().unwrap();
    assert!(shown.parcel(parcel).unwrap().1.fulfillment.is_some());
    // A second fulfillment of the parcel is refused and adds no entry.
    let body = shown.shipments[0].parcels[0].fulfillment.clone();
    assert!(body.is_some());
    let err = db
        .record_fulfillment(parcel, &body.unwrap().sent)
        .unwrap_err();
    assert!(matches!(err, StationError::ParcelFulfilled(_)));
    let open: Vec<_> = db.outbox_open().unwrap().iter().map(|e| e.id).collect();
    assert_eq!(open, vec![label, id]);
}

fn retries_wait_their_time_and_updates_wait_for_the_create(engine: &Engine) {
    let (mut db, order, parcel) = station(engine);
    let (parcel, label) = db
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    db.outbox_record_answer(label, &answer(&order, LabelStatus::Success))
        .unwrap();
    let create = db
        .enqueue(&NewOutboxEntry {
            action: OutboxAction::CreateOrder,
            order: order.source_reference,
            shipment_id: None,
            parcel: None,
            body: serde_json::to_value(&order.create).unwrap(),
        })
        .unwrap();
    let fulfillment = fulfill(&mut db, &order, parcel);
    assert_eq!(claim(&mut db, DESK_1).unwrap().id, create);

    let tried = db.outbox_begin_attempt(create).unwrap();
    assert_eq!(tried.attempts, 1);
    let later = OffsetDateTime::now_utc() + time::Duration::minutes(5);
    let retrying = db
        .outbox_retry_at(create, "server error 503", later)
        .unwrap();
    assert_eq!(retrying.state, OutboxState::Retrying);
    assert_eq!(retrying.last_error.as_deref(), Some("server error 503"));
    // The create is not due, and the fulfillment waits behind it.
    assert_eq!(claim(&mut db, DESK_1), None);
    let summary = db.outbox_summary().unwrap();
    assert_eq!((summary.queued, summary.retrying), (1, 1));
    assert!(summary.next_retry_at.unwrap() > OffsetDateTime::now_utc());

    let delivered = db.outbox_resend(create, None).unwrap();
    assert_eq!(delivered.state, OutboxState::Queued);
    db.outbox_record_answer(create, &Answer::AlreadyCreated)
        .unwrap();
    assert_eq!(claim(&mut db, DESK_1).unwrap().id, fulfillment);
}

fn a_refusal_waits_for_a_correction_that_reaches_the_station_record(engine: &Engine) {
    let (mut db, order, parcel) = station(engine);
    let (parcel, _) = db
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    let id = fulfill(&mut db, &order, parcel);
    let errors = vec![FieldError::new(
        "shipments[0].fulfillments[0].carrier",
        "unknown carrier",
    )];
    let refused = db
        .outbox_needs_attention(id, "validation failed", &errors)
        .unwrap();
    assert_eq!(refused.state, OutboxState::NeedsAttention);
    assert_eq!(refused.field_errors, errors);
    assert_eq!(db.outbox_summary().unwrap().needs_attention, 1);
    assert_ne!(claim(&mut db, DESK_1).map(|e| e.id), Some(id));

    let mut body = refused.body.clone();
    body["shipments"][0]["fulfillments"][0]["carrier"] = "Deutsche Post".into();
    // A body for another order is not a correction.
    let mut other = body.clone();
    other["source_reference"] = 1.into();
    assert!(matches!(
        db.outbox_resend(id, Some(other)),
        Err(StationError::Invalid(_))
    ));
    // Nor is a fulfillment edited into a cancellation: a correction never changes the action.
    let mut canceling = body.clone();
    canceling["shipments"][0]["status"] = "canceled".into();
    canceling["shipments"][0]["fulfillments"] = serde_json::json!([]);
    assert!(matches!(
        db.outbox_resend(id, Some(canceling)),
        Err(StationError::Invalid(_))
    ));
    let resent = db.outbox_resend(id, Some(body)).unwrap();
    assert_eq!(resent.state, OutboxState::Queued);
    assert!(resent.field_errors.is_empty());
    let done = db.outbox_record_answer(id, &Answer::Accepted).unwrap();
    assert_eq!(done.state, OutboxState::Delivered);
    assert!(done.delivered_at.is_some());
    let shown = db.order(order.source_reference).unwrap().unwrap();
    let fulfillment = shown.parcel(parcel).unwrap().1.fulfillment.clone().unwrap();
    assert_eq!(fulfillment.sent.carrier, "Deutsche Post");
    // Delivered stays delivered.
    let again = db.outbox_needs_attention(id, "late", &[]).unwrap();
    assert_eq!(again.state, OutboxState::Delivered);
    assert!(db.outbox_discard(id, "no").unwrap().state == OutboxState::Delivered);
}

fn a_pending_label_is_asked_again_then_delivered_on_the_same_label(engine: &Engine) {
    let (mut db, order, parcel) = station(engine);
    let (parcel, id) = db
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    let pending = db
        .outbox_record_answer(id, &answer(&order, LabelStatus::Pending))
        .unwrap();
    assert_eq!(pending.state, OutboxState::Retrying);
    let done = db
        .outbox_record_answer(id, &answer(&order, LabelStatus::Success))
        .unwrap();
    assert_eq!(done.state, OutboxState::Delivered);
    let shown = db.order(order.source_reference).unwrap().unwrap();
    let labels = &shown.parcel(parcel).unwrap().1.labels;
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0].status, LabelStatus::Success);
    // Asking for the label of the parcel again adds nothing.
    assert_eq!(
        db.request_parcel_label(parcel, &options(), None)
            .unwrap()
            .answer,
        id
    );
}

fn voiding_a_parcel_discards_its_label_request_and_discard_closes_an_entry(engine: &Engine) {
    let (mut db, order, parcel) = station(engine);
    let (parcel, id) = db
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    db.void_parcel(parcel).unwrap();
    let entry = db.outbox_entry(id).unwrap().unwrap();
    assert_eq!(entry.state, OutboxState::Discarded);
    assert!(db.outbox_open().unwrap().is_empty());
    // A late answer for it records nothing.
    db.outbox_record_answer(id, &answer(&order, LabelStatus::Success))
        .unwrap();
    let shown = db.order(order.source_reference).unwrap().unwrap();
    assert!(shown.parcel(parcel).unwrap().1.labels.is_empty());
    assert!(db.outbox_resend(id, None).is_err());
}

fn asking_again_for_a_refused_label_queues_it_again_now(engine: &Engine) {
    let (mut db, order, parcel) = station(engine);
    let (parcel, id) = db
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    db.outbox_begin_attempt(id).unwrap();
    let refused = db
        .outbox_needs_attention(id, "the credentials were rejected", &[])
        .unwrap();
    assert_eq!(refused.state, OutboxState::NeedsAttention);
    assert_eq!(
        db.request_parcel_label(parcel, &options(), None)
            .unwrap()
            .answer,
        id
    );
    let again = db.outbox_entry(id).unwrap().unwrap();
    assert_eq!(again.state, OutboxState::Queued);
    assert_eq!(claim(&mut db, DESK_1).map(|e| e.id), Some(id));
    // Discarded by a supervisor while the parcel stays packed: the packer's Retry asks anew.
    db.outbox_discard(id, "test").unwrap();
    db.request_parcel_label(parcel, &options(), None).unwrap();
    assert_eq!(
        db.outbox_entry(id).unwrap().unwrap().state,
        OutboxState::Queued
    );
}

// One outbox for the warehouse: each desk's worker claims entries with a lease.

const DESK_2: &str = "Desk 2";

/// `n` synthetic orders, each with its create queued (never sent: the bodies are placeholders).
fn queued_creates(db: &mut StationDb, n: usize) -> Vec<OutboxId> {
    let first = synthetic::seed(db, n);
    (first..first + n as u64)
        .map(|order| {
            db.enqueue(&NewOutboxEntry {
                action: OutboxAction::CreateOrder,
                order,
                shipment_id: None,
                parcel: None,
                body: serde_json::json!({ "source_reference": order }),
            })
            .unwrap()
        })
        .collect()
}

fn two_desks_never_claim_the_same_entry(engine: &Engine) {
    let mut db = engine.open();
    let mut queued = queued_creates(&mut db, 24);
    let start = std::sync::Barrier::new(2);
    let claimed: Vec<Vec<OutboxEntry>> = std::thread::scope(|scope| {
        let desks: Vec<_> = [DESK_1, DESK_2]
            .into_iter()
            .map(|desk| {
                let start = &start;
                scope.spawn(move || {
                    let mut db = engine.open();
                    start.wait();
                    std::iter::from_fn(|| claim(&mut db, desk)).collect::<Vec<_>>()
                })
            })
            .collect();
        desks.into_iter().map(|d| d.join().unwrap()).collect()
    });
    for (desk, entries) in [DESK_1, DESK_2].iter().zip(&claimed) {
        assert!(entries.iter().all(|e| e.leased_by.as_deref() == Some(*desk)
            && e.tried_by.as_deref() == Some(*desk)
            && e.sent_by_at(OffsetDateTime::now_utc()) == Some(*desk)));
    }
    let mut ids: Vec<OutboxId> = claimed.iter().flatten().map(|e| e.id).collect();
    ids.sort();
    queued.sort();
    assert_eq!(ids, queued, "every entry claimed once, by one desk");
}

fn a_leased_entry_is_taken_over_after_its_lease_runs_out(engine: &Engine) {
    let (mut desk_1, mut desk_2) = (engine.open(), engine.open());
    let id = queued_creates(&mut desk_1, 1)[0];
    let short = Duration::from_millis(300);
    let held = desk_1.outbox_claim_next(DESK_1, short).unwrap().unwrap();
    assert_eq!(held.id, id);
    desk_1.outbox_begin_attempt(id).unwrap();
    // Desk 1 dies here. Until its lease runs out nobody else takes the entry, and the other
    // desk knows when to look again.
    assert_eq!(claim(&mut desk_2, DESK_2), None);
    assert_eq!(desk_2.outbox_next_wake().unwrap(), held.lease_until);
    std::thread::sleep(short + Duration::from_millis(50));
    let taken = claim(&mut desk_2, DESK_2).unwrap();
    assert_eq!(taken.id, id);
    assert_eq!(taken.leased_by.as_deref(), Some(DESK_2));
    assert_eq!(taken.tried_by.as_deref(), Some(DESK_2));
    assert_eq!(taken.attempts, 1, "desk 1's attempt is counted");
    assert_eq!(claim(&mut desk_1, DESK_1), None, "desk 2 holds it now");
}

fn an_entry_waits_for_an_earlier_one_of_its_order_while_another_desk_holds_it(engine: &Engine) {
    let (mut desk_1, order, parcel) = station(engine);
    let mut desk_2 = engine.open();
    let create = desk_1
        .enqueue(&NewOutboxEntry {
            action: OutboxAction::CreateOrder,
            order: order.source_reference,
            shipment_id: None,
            parcel: None,
            body: serde_json::to_value(&order.create).unwrap(),
        })
        .unwrap();
    let (parcel, label) = desk_1
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    let fulfillment = fulfill(&mut desk_1, &order, parcel);
    let short = Duration::from_millis(300);
    let held = desk_1.outbox_claim_next(DESK_1, short).unwrap().unwrap();
    assert_eq!(held.id, create);
    // The label and the fulfillment wait for the create that desk 1 is sending: desk 2 has
    // nothing to send, and sleeps until desk 1's lease would run out.
    assert_eq!(claim(&mut desk_2, DESK_2), None);
    assert_eq!(desk_2.outbox_next_wake().unwrap(), held.lease_until);
    // Desk 1 died: desk 2 takes the create over, still before anything else of the order.
    std::thread::sleep(short + Duration::from_millis(50));
    assert_eq!(claim(&mut desk_2, DESK_2).unwrap().id, create);
    assert_eq!(claim(&mut desk_1, DESK_1), None);
    desk_2.outbox_begin_attempt(create).unwrap();
    desk_2
        .outbox_record_answer(create, &Answer::Accepted)
        .unwrap();
    // The create is delivered: the label and the fulfillment go, one to each desk.
    let mut next: Vec<OutboxId> = [
        claim(&mut desk_1, DESK_1).unwrap(),
        claim(&mut desk_2, DESK_2).unwrap(),
    ]
    .iter()
    .map(|e| e.id)
    .collect();
    next.sort();
    assert_eq!(next, vec![label, fulfillment]);
}

fn an_answer_ends_the_lease_and_names_the_desk_that_tried(engine: &Engine) {
    let (mut desk_1, mut desk_2) = (engine.open(), engine.open());
    let ids = queued_creates(&mut desk_1, 4);
    let now = OffsetDateTime::now_utc;

    let held = claim(&mut desk_1, DESK_1).unwrap();
    assert_eq!(held.id, ids[0]);
    desk_1.outbox_begin_attempt(held.id).unwrap();
    let done = desk_1
        .outbox_record_answer(held.id, &Answer::Accepted)
        .unwrap();
    assert_eq!(done.state, OutboxState::Delivered);
    assert_eq!((done.lease_until, done.leased_by.as_deref()), (None, None));
    assert_eq!(done.tried_by.as_deref(), Some(DESK_1));
    let tried_at = done.tried_at.unwrap();
    assert!(tried_at <= now() && tried_at > now() - time::Duration::minutes(1));

    // A retry and a refusal end the lease too; the desk that tried stays named.
    let retried = claim(&mut desk_1, DESK_1).unwrap();
    let later = now() + time::Duration::minutes(5);
    let retried = desk_1.outbox_retry_at(retried.id, "503", later).unwrap();
    assert_eq!(
        (retried.lease_until, retried.tried_by.as_deref()),
        (None, Some(DESK_1))
    );
    let refused = claim(&mut desk_1, DESK_1).unwrap();
    let refused = desk_1
        .outbox_needs_attention(refused.id, "422", &[])
        .unwrap();
    assert_eq!(
        (refused.leased_by, refused.tried_by.as_deref()),
        (None, Some(DESK_1))
    );

    // A desk closing gives back what it was sending: another desk takes it at once.
    let given_back = claim(&mut desk_1, DESK_1).unwrap();
    assert_eq!(given_back.id, ids[3]);
    assert_eq!(claim(&mut desk_2, DESK_2), None);
    desk_1.outbox_release(&given_back).unwrap();
    let taken = claim(&mut desk_2, DESK_2).unwrap();
    assert_eq!(taken.id, ids[3]);
    // Giving back a lease that moved on to another desk leaves that desk's lease alone.
    desk_1.outbox_release(&given_back).unwrap();
    let still = desk_2.outbox_entry(taken.id).unwrap().unwrap();
    assert_eq!(still.leased_by.as_deref(), Some(DESK_2));
    // What the Outbox tab lists: every open entry, with the desk that last tried it.
    let open = desk_2.outbox_open().unwrap();
    let tried: Vec<(OutboxId, Option<&str>)> =
        open.iter().map(|e| (e.id, e.tried_by.as_deref())).collect();
    assert_eq!(
        tried,
        vec![
            (ids[1], Some(DESK_1)),
            (ids[2], Some(DESK_1)),
            (ids[3], Some(DESK_2))
        ]
    );
}

crate::on_both_engines!(
    the_same_call_written_twice_is_one_entry,
    a_fulfillment_is_recorded_and_queued_together_and_only_once,
    retries_wait_their_time_and_updates_wait_for_the_create,
    a_refusal_waits_for_a_correction_that_reaches_the_station_record,
    a_pending_label_is_asked_again_then_delivered_on_the_same_label,
    voiding_a_parcel_discards_its_label_request_and_discard_closes_an_entry,
    asking_again_for_a_refused_label_queues_it_again_now,
    two_desks_never_claim_the_same_entry,
    a_leased_entry_is_taken_over_after_its_lease_runs_out,
    an_entry_waits_for_an_earlier_one_of_its_order_while_another_desk_holds_it,
    an_answer_ends_the_lease_and_names_the_desk_that_tried,
);
