-- One spelling: the wire says "fulfill"/"fulfillment", and so does the record from here on
-- (steps 1 and 2 wrote "fulfil"). Renames keep every row; stored action and event names follow.
-- SQLite renames the references in other tables with the table; it cannot rename an index or
-- change a CHECK, so those indexes are made again and the outbox is rebuilt (nothing references
-- it).
ALTER TABLE fulfilments RENAME TO fulfillments;
DROP INDEX fulfilments_shipment;
CREATE INDEX fulfillments_shipment ON fulfillments (shipment_id);
ALTER TABLE fulfilment_lines RENAME TO fulfillment_lines;
ALTER TABLE fulfillment_lines RENAME COLUMN fulfilment_id TO fulfillment_id;
DROP INDEX fulfilment_lines_item;
CREATE INDEX fulfillment_lines_item ON fulfillment_lines (item_id);

CREATE TABLE outbox_v6 (
    id                INTEGER PRIMARY KEY,
    idempotency_key   TEXT    NOT NULL UNIQUE,
    action            TEXT    NOT NULL CHECK (action IN ('create', 'fulfill', 'cancel', 'label')),
    order_ref         INTEGER NOT NULL,
    shipment_id       TEXT,
    parcel_id         INTEGER REFERENCES parcels (id),
    label_id          INTEGER REFERENCES labels (id),
    body_json         TEXT    NOT NULL,
    state             TEXT    NOT NULL CHECK (state IN ('queued', 'retrying', 'needs_attention',
                                                        'delivered', 'discarded')),
    attempts          INTEGER NOT NULL DEFAULT 0,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    next_attempt_at   INTEGER NOT NULL,
    last_error        TEXT,
    field_errors_json TEXT    NOT NULL DEFAULT '[]',
    delivered_at      INTEGER
) STRICT;
INSERT INTO outbox_v6
SELECT id, idempotency_key, CASE action WHEN 'fulfil' THEN 'fulfill' ELSE action END,
       order_ref, shipment_id, parcel_id, label_id, body_json, state, attempts, created_at,
       updated_at, next_attempt_at, last_error, field_errors_json, delivered_at
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v6 RENAME TO outbox;
CREATE INDEX outbox_state ON outbox (state, next_attempt_at);
CREATE INDEX outbox_order ON outbox (order_ref, id);
CREATE INDEX outbox_parcel ON outbox (parcel_id);

UPDATE events SET kind = 'fulfillment' WHERE kind = 'fulfilment';
