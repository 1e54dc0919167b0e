-- Orders with their JSON bodies and table summary columns, shipments with the chosen
-- rate and its locked landed cost, item lines, parcels, labels and their cached documents,
-- fulfilments, and the event log.
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
