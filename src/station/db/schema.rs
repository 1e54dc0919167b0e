//! The station database's schema and its migrations, numbered by `PRAGMA user_version`.
//!
//! Each migration runs in its own transaction together with the `user_version` bump, so a crash
//! leaves the database at one version or the next, never between. Add a migration by appending
//! to [`MIGRATIONS`]; never edit one that has shipped. (The outbox of issue 5 is migration 2.)

use rusqlite::{Connection, TransactionBehavior};

use super::StationError;

/// Version 1: orders with their JSON bodies and table summary columns, shipments with the chosen
/// rate and its locked landed cost, item lines, parcels, labels and their cached documents,
/// fulfilments, and the event log.
const V1: &str = r#"
CREATE TABLE orders (
    id                    INTEGER PRIMARY KEY,
    source_reference      INTEGER NOT NULL UNIQUE,
    origin                TEXT    NOT NULL CHECK (origin IN ('submitted', 'imported')),
    -- Derived from the shipments (see status.rs), refreshed in every state-changing transaction.
    status                TEXT    NOT NULL,
    created_at            INTEGER NOT NULL, -- source_created_at, unix seconds
    recorded_at           INTEGER NOT NULL, -- when the station recorded it, unix seconds
    recipient             TEXT    NOT NULL,
    country_code          TEXT    NOT NULL,
    province              TEXT,
    shipment_count        INTEGER NOT NULL,
    total                 TEXT    NOT NULL, -- exact decimal text
    currency              TEXT    NOT NULL,
    skus                  TEXT    NOT NULL, -- distinct SKUs joined by '\n'
    search_text           TEXT    NOT NULL, -- lower-case haystack for the table's search box
    landedcost_request_id TEXT    NOT NULL,
    create_json           TEXT    NOT NULL,
    cart_json             TEXT    NOT NULL,
    quote_json            TEXT
) STRICT;
CREATE INDEX orders_created_at ON orders (created_at);

CREATE TABLE shipments (
    id                 INTEGER PRIMARY KEY,
    order_id           INTEGER NOT NULL REFERENCES orders (id),
    position           INTEGER NOT NULL,
    shipment_id        TEXT    NOT NULL,
    tax_transaction_id TEXT    NOT NULL,
    shipping_rate_id   TEXT    NOT NULL,
    shipping_rate      TEXT    NOT NULL,
    shipment_type      TEXT,
    landed_cost_json   TEXT,
    ship_from_json     TEXT    NOT NULL,
    canceled_at        INTEGER,
    cancel_json        TEXT,
    UNIQUE (order_id, shipment_id)
) STRICT;

CREATE TABLE items (
    id                INTEGER PRIMARY KEY,
    shipment_id       INTEGER NOT NULL REFERENCES shipments (id),
    position          INTEGER NOT NULL,
    source_line_id    TEXT    NOT NULL,
    sku               TEXT    NOT NULL,
    quantity          INTEGER NOT NULL CHECK (quantity > 0),
    requires_shipping INTEGER NOT NULL,
    UNIQUE (shipment_id, source_line_id)
) STRICT;
CREATE INDEX items_sku ON items (sku COLLATE NOCASE);

CREATE TABLE parcels (
    id              INTEGER PRIMARY KEY,
    shipment_id     INTEGER NOT NULL REFERENCES shipments (id),
    created_at      INTEGER NOT NULL,
    track_reference TEXT    NOT NULL,
    weight          TEXT    NOT NULL,
    weight_unit     TEXT    NOT NULL,
    length          TEXT,
    width           TEXT,
    height          TEXT,
    dimensions_unit TEXT,
    from_json       TEXT    NOT NULL,
    to_json         TEXT    NOT NULL,
    voided_at       INTEGER
) STRICT;
CREATE INDEX parcels_shipment ON parcels (shipment_id);

CREATE TABLE parcel_lines (
    parcel_id INTEGER NOT NULL REFERENCES parcels (id),
    item_id   INTEGER NOT NULL REFERENCES items (id),
    position  INTEGER NOT NULL,
    quantity  INTEGER NOT NULL CHECK (quantity > 0),
    asn       TEXT    NOT NULL,
    PRIMARY KEY (parcel_id, item_id)
) STRICT;
CREATE INDEX parcel_lines_item ON parcel_lines (item_id);

CREATE TABLE labels (
    id               INTEGER PRIMARY KEY,
    parcel_id        INTEGER NOT NULL REFERENCES parcels (id),
    requested_at     INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    request_json     TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('success', 'pending', 'error')),
    tracking_code    TEXT    NOT NULL,
    tracking_url     TEXT    NOT NULL,
    label_urls_json  TEXT    NOT NULL,
    zpl_url          TEXT,
    shipping_service TEXT,
    errors_json      TEXT    NOT NULL,
    response_json    TEXT    NOT NULL
) STRICT;
CREATE INDEX labels_parcel ON labels (parcel_id);

CREATE TABLE label_documents (
    id         INTEGER PRIMARY KEY,
    label_id   INTEGER NOT NULL REFERENCES labels (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('pdf', 'zpl')),
    url        TEXT    NOT NULL, -- '' when the document came inline (base64)
    bytes      BLOB    NOT NULL,
    fetched_at INTEGER NOT NULL,
    UNIQUE (label_id, kind, url)
) STRICT;

CREATE TABLE fulfilments (
    id              INTEGER PRIMARY KEY,
    parcel_id       INTEGER NOT NULL UNIQUE REFERENCES parcels (id),
    shipment_id     INTEGER NOT NULL REFERENCES shipments (id),
    recorded_at     INTEGER NOT NULL,
    tracking_number TEXT    NOT NULL,
    carrier         TEXT    NOT NULL,
    location        TEXT    NOT NULL,
    shipped_at      TEXT    NOT NULL,
    sent_json       TEXT    NOT NULL
) STRICT;
CREATE INDEX fulfilments_shipment ON fulfilments (shipment_id);

CREATE TABLE fulfilment_lines (
    fulfilment_id INTEGER NOT NULL REFERENCES fulfilments (id),
    item_id       INTEGER NOT NULL REFERENCES items (id),
    quantity      INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (fulfilment_id, item_id)
) STRICT;
CREATE INDEX fulfilment_lines_item ON fulfilment_lines (item_id);

CREATE TABLE events (
    id          INTEGER PRIMARY KEY,
    at          INTEGER NOT NULL,
    order_id    INTEGER NOT NULL REFERENCES orders (id),
    shipment_id TEXT,
    parcel_id   INTEGER,
    direction   TEXT    NOT NULL CHECK (direction IN ('sent', 'received', 'local')),
    kind        TEXT    NOT NULL,
    body_json   TEXT    NOT NULL
) STRICT;
CREATE INDEX events_order ON events (order_id);
"#;

/// Version 2: the durable outbox (`outbox/mod.rs`): every call that changes something at the
/// service, with its idempotency key, state, attempts and the service's refusal. Times in unix
/// milliseconds (label polls are sub-second).
const V2_OUTBOX: &str = r#"
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
"#;

/// Printing: the print queue. One row per print asked for; at most one unsent job per document
/// (the partial unique index), so pressing Print again while the printer is off does not queue
/// a second copy. `sending` is set before the first byte leaves and becomes `sent` after the
/// last one; a `sending` found at start-up (a crash mid-send) becomes `uncertain`, never resent.
const V3_PRINTING: &str = r#"
CREATE TABLE print_jobs (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES label_documents (id),
    target_json TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'uncertain')),
    reprint     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL,
    last_error  TEXT
) STRICT;
CREATE UNIQUE INDEX print_jobs_one_open ON print_jobs (document_id)
    WHERE state IN ('queued', 'sending');
"#;

/// The newest orders first, covering what a scan of a common SKU walks (`scan.rs`).
const V4_SCAN_INDEXES: &str = r#"
CREATE INDEX orders_newest ON orders (created_at DESC, source_reference DESC);
"#;

/// Every migration in order; migration `i` brings the database to `user_version` `i + 1`.
const MIGRATIONS: &[&str] = &[V1, V2_OUTBOX, V3_PRINTING, V4_SCAN_INDEXES];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Sets the connection up (WAL, foreign keys, busy timeout) and applies pending migrations.
pub(super) fn prepare(conn: &mut Connection) -> Result<(), StationError> {
    // WAL lets the UI read while a job writes; FULL sync makes a committed fulfilment survive
    // a power cut, which matters more here than write speed.
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")?;
    migrate(conn)
}

fn migrate(conn: &mut Connection) -> Result<(), StationError> {
    loop {
        // Read the version inside an immediate transaction so two stations opening the same
        // file at once cannot both apply a migration.
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let found: i64 = tx.query_row("PRAGMA user_version", [], |row| row.get(0))?;
        if found > SCHEMA_VERSION {
            return Err(StationError::NewerSchema {
                found,
                known: SCHEMA_VERSION,
            });
        }
        let Some(sql) = usize::try_from(found).ok().and_then(|i| MIGRATIONS.get(i)) else {
            return Ok(());
        };
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", found + 1)?;
        tx.commit()?;
    }
}
