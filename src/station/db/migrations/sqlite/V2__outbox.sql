-- The durable outbox: every call that changes something at the service, with its idempotency
-- key, state, attempts and the service's refusal. Times in unix milliseconds (label polls are
-- sub-second).
CREATE TABLE outbox (
    id                INTEGER PRIMARY KEY,
    idempotency_key   TEXT    NOT NULL UNIQUE,
    action            TEXT    NOT NULL CHECK (action IN ('create', 'fulfil', 'cancel', 'label')),
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
CREATE INDEX outbox_state ON outbox (state, next_attempt_at);
CREATE INDEX outbox_order ON outbox (order_ref, id);
CREATE INDEX outbox_parcel ON outbox (parcel_id);
