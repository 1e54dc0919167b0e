//! Step 6 renames what steps 1 and 2 spelt "fulfil" (tables, a column, indexes, the outbox's
//! action and the event kind): a record written before it, with a fulfilled parcel whose update
//! is still queued, reads the same after it and its queued entry is still a fulfillment.

use packdesk::station::db::*;

use super::engines::Engine;
use super::outbox::{fulfill, options, station};

/// Undoes steps 13 to 10 on SQLite (foreign keys off, as a plain connection has them), leaving the
/// record as a Packdesk at step 9 wrote it: customs documents and their print jobs go, the
/// label's documents are rebuilt without `paper` (ids kept; `print_jobs` names the table, so
/// it points at the rebuilt one).
pub(super) const SQLITE_UNDO_10: &str = "
    PRAGMA foreign_keys = OFF;
    DROP TABLE idempotency_keys;
    DELETE FROM refinery_schema_history WHERE version = 13;
    DELETE FROM refinery_schema_history WHERE version = 12;
    DROP TABLE server_settings;
    DROP TABLE sign_in_locks;
    DROP TABLE sessions;
    DROP TABLE desks;
    ALTER TABLE people DROP COLUMN pin_peppered;
    DELETE FROM refinery_schema_history WHERE version = 11;
    DROP TABLE warehouse_settings;
    DELETE FROM print_jobs WHERE document_id IN
        (SELECT id FROM label_documents WHERE paper <> 'label');
    CREATE TABLE label_documents_v9 (
        id         INTEGER PRIMARY KEY,
        label_id   INTEGER NOT NULL REFERENCES labels (id),
        kind       TEXT    NOT NULL CHECK (kind IN ('pdf', 'zpl')),
        url        TEXT    NOT NULL,
        bytes      BLOB    NOT NULL,
        fetched_at INTEGER NOT NULL,
        UNIQUE (label_id, kind, url)
    ) STRICT;
    INSERT INTO label_documents_v9
    SELECT id, label_id, kind, url, bytes, fetched_at FROM label_documents WHERE paper = 'label';
    DROP TABLE label_documents;
    ALTER TABLE label_documents_v9 RENAME TO label_documents;
    DELETE FROM refinery_schema_history WHERE version = 10;
";

pub(super) const POSTGRES_UNDO_10: &str = "
    DROP TABLE idempotency_keys;
    DELETE FROM refinery_schema_history WHERE version = 13;
    DELETE FROM refinery_schema_history WHERE version = 12;
    DROP TABLE server_settings;
    DROP TABLE sign_in_locks;
    DROP TABLE sessions;
    DROP TABLE desks;
    ALTER TABLE people DROP COLUMN pin_peppered;
    DELETE FROM refinery_schema_history WHERE version = 11;
    DROP TABLE warehouse_settings;
    DELETE FROM print_jobs WHERE document_id IN
        (SELECT id FROM label_documents WHERE paper <> 'label');
    DELETE FROM label_documents WHERE paper <> 'label';
    ALTER TABLE label_documents DROP CONSTRAINT label_documents_label_id_paper_kind_url_key;
    ALTER TABLE label_documents DROP COLUMN paper;
    ALTER TABLE label_documents ADD CONSTRAINT label_documents_label_id_kind_url_key
        UNIQUE (label_id, kind, url);
    DELETE FROM refinery_schema_history WHERE version = 10;
";

/// Takes the record back to step 9, as a Packdesk from before customs documents left it.
pub(super) fn back_to_step_9(engine: &Engine) {
    match engine {
        Engine::Sqlite { path, .. } => {
            let conn = rusqlite::Connection::open(path).unwrap();
            conn.execute_batch(SQLITE_UNDO_10).unwrap();
        }
        Engine::Postgres { url } => {
            let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).unwrap();
            client.batch_execute(POSTGRES_UNDO_10).unwrap();
        }
    }
}

/// Undoes steps 9, 8 and 7, newest first, after [`back_to_step_9`]: each step added after 9
/// adds its undo there (refinery applies only steps above the highest one recorded).
const SQLITE_UNDO_AFTER_6: &str = "
    DROP TABLE warehouse_events;
    ALTER TABLE events DROP COLUMN person;
    ALTER TABLE events DROP COLUMN desk;
    DROP TABLE people;
    DROP INDEX outbox_open_order;
    DROP INDEX outbox_due;
    ALTER TABLE outbox DROP COLUMN tried_at;
    ALTER TABLE outbox DROP COLUMN tried_by;
    ALTER TABLE outbox DROP COLUMN leased_by;
    ALTER TABLE outbox DROP COLUMN lease_until;
    DROP TABLE claims;
    DELETE FROM refinery_schema_history WHERE version > 6;
";

const POSTGRES_UNDO_AFTER_6: &str = "
    DROP TABLE warehouse_events;
    ALTER TABLE events DROP COLUMN person, DROP COLUMN desk;
    DROP TABLE people;
    DROP INDEX outbox_open_order;
    DROP INDEX outbox_due;
    ALTER TABLE outbox DROP COLUMN tried_at, DROP COLUMN tried_by, DROP COLUMN leased_by,
        DROP COLUMN lease_until;
    DROP TABLE claims;
    DROP TRIGGER events_notify ON events;
    DROP FUNCTION packdesk_notify_change();
    DELETE FROM refinery_schema_history WHERE version > 6;
";

/// Undoes step 6 on SQLite, leaving the record as a Packdesk at step 5 wrote it.
const SQLITE_BACK_TO_STEP_5: &str = "
    ALTER TABLE fulfillments RENAME TO fulfilments;
    DROP INDEX fulfillments_shipment;
    CREATE INDEX fulfilments_shipment ON fulfilments (shipment_id);
    ALTER TABLE fulfillment_lines RENAME TO fulfilment_lines;
    ALTER TABLE fulfilment_lines RENAME COLUMN fulfillment_id TO fulfilment_id;
    DROP INDEX fulfillment_lines_item;
    CREATE INDEX fulfilment_lines_item ON fulfilment_lines (item_id);
    DROP INDEX outbox_state;
    DROP INDEX outbox_order;
    DROP INDEX outbox_parcel;
    ALTER TABLE outbox RENAME TO outbox_step_6;
";

const SQLITE_OUTBOX_FROM_STEP_6: &str = "
    INSERT INTO outbox
    SELECT id, idempotency_key, CASE action WHEN 'fulfill' THEN 'fulfil' ELSE action END,
           order_ref, shipment_id, parcel_id, label_id, body_json, state, attempts, created_at,
           updated_at, next_attempt_at, last_error, field_errors_json, delivered_at
    FROM outbox_step_6;
    DROP TABLE outbox_step_6;
    UPDATE events SET kind = 'fulfilment' WHERE kind = 'fulfillment';
    DELETE FROM refinery_schema_history WHERE version = 6;
";

const POSTGRES_BACK_TO_STEP_5: &str = "
    ALTER TABLE fulfillments RENAME TO fulfilments;
    ALTER INDEX fulfillments_shipment RENAME TO fulfilments_shipment;
    ALTER TABLE fulfillment_lines RENAME TO fulfilment_lines;
    ALTER TABLE fulfilment_lines RENAME COLUMN fulfillment_id TO fulfilment_id;
    ALTER INDEX fulfillment_lines_item RENAME TO fulfilment_lines_item;
    ALTER TABLE outbox DROP CONSTRAINT outbox_action_check;
    UPDATE outbox SET action = 'fulfil' WHERE action = 'fulfill';
    ALTER TABLE outbox ADD CONSTRAINT outbox_action_check
        CHECK (action IN ('create', 'fulfil', 'cancel', 'label'));
    UPDATE events SET kind = 'fulfilment' WHERE kind = 'fulfillment';
    DELETE FROM refinery_schema_history WHERE version = 6;
";

fn back_to_step_5(engine: &Engine) {
    back_to_step_9(engine);
    match engine {
        Engine::Sqlite { path, .. } => {
            let conn = rusqlite::Connection::open(path).unwrap();
            conn.execute_batch(SQLITE_UNDO_AFTER_6).unwrap();
            conn.execute_batch(SQLITE_BACK_TO_STEP_5).unwrap();
            // The outbox exactly as step 2 made it, CHECK with 'fulfil' included.
            conn.execute_batch(include_str!(
                "../../../src/station/db/migrations/sqlite/V2__outbox.sql"
            ))
            .unwrap();
            conn.execute_batch(SQLITE_OUTBOX_FROM_STEP_6).unwrap();
        }
        Engine::Postgres { url } => {
            let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).unwrap();
            client.batch_execute(POSTGRES_UNDO_AFTER_6).unwrap();
            client.batch_execute(POSTGRES_BACK_TO_STEP_5).unwrap();
        }
    }
}

fn a_record_from_step_5_reads_the_same_after_the_rename(engine: &Engine) {
    let (mut db, order, parcel) = station(engine);
    let (parcel, _label) = db
        .pack_and_request_label(order.source_reference, "S1", &parcel, &options(), None)
        .unwrap()
        .answer;
    let queued = fulfill(&mut db, &order, parcel);
    let before = db.order(order.source_reference).unwrap().unwrap();
    drop(db);
    back_to_step_5(engine);

    let mut db = engine.open();
    let after = db.order(order.source_reference).unwrap().unwrap();
    let fulfillment = |o: &StationOrder| o.parcel(parcel).unwrap().1.fulfillment.clone();
    assert!(fulfillment(&after).is_some());
    assert_eq!(fulfillment(&after), fulfillment(&before));
    assert_eq!(after.status, before.status);
    let entry = db.outbox_entry(queued).unwrap().unwrap();
    assert_eq!(entry.action, OutboxAction::Fulfill);
    assert_eq!(entry.state, OutboxState::Queued);
    let kinds: Vec<String> = db
        .events(order.source_reference)
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(kinds.iter().filter(|k| *k == "fulfillment").count(), 1);
    assert!(!kinds.iter().any(|k| k == "fulfilment"), "{kinds:?}");
    // A second fulfillment of the parcel is still refused (the unique parcel survived).
    let sent = fulfillment(&after).unwrap().sent;
    assert!(db.record_fulfillment(parcel, &sent).is_err());
}

crate::on_both_engines!(a_record_from_step_5_reads_the_same_after_the_rename);
