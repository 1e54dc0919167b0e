-- The first schema: calculations and their rate options, orders with their shipments, items
-- and fulfilments, labels, the tracking serial and the event log.

CREATE TABLE calculations (
    landedcost_request_id TEXT PRIMARY KEY,
    currency_code TEXT NOT NULL,
    created_at TEXT NOT NULL,
    request_json TEXT NOT NULL,
    response_json TEXT NOT NULL
);

-- One row per rate option of a calculated shipment.
CREATE TABLE calculation_rates (
    tax_transaction_id TEXT PRIMARY KEY,
    landedcost_request_id TEXT NOT NULL REFERENCES calculations(landedcost_request_id),
    shipment_id TEXT NOT NULL,
    shipping_rate_id TEXT NOT NULL,
    shipping_rate TEXT NOT NULL,
    landed_cost_json TEXT NOT NULL
);
CREATE INDEX calculation_rates_by_request ON calculation_rates(landedcost_request_id);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    source_reference TEXT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    landedcost_request_id TEXT NOT NULL REFERENCES calculations(landedcost_request_id),
    currency_code TEXT NOT NULL,
    source_created_at TEXT NOT NULL,
    source_updated_at TEXT NOT NULL,
    total TEXT NOT NULL,
    order_discount TEXT NOT NULL,
    custom_properties_json TEXT,
    billing_address_json TEXT,
    destination_address_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- The duties and taxes of the chosen rate are copied here (locked) when the order is created;
-- shipments added by an update have no calculation, so no tax transaction and no landed cost.
CREATE TABLE order_shipments (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    shipment_id TEXT NOT NULL,
    tax_transaction_id TEXT UNIQUE REFERENCES calculation_rates(tax_transaction_id),
    status TEXT NOT NULL CHECK (status IN ('open', 'fulfilled', 'canceled')),
    shipping_rate_id TEXT NOT NULL,
    shipping_rate TEXT NOT NULL,
    duties TEXT NOT NULL,
    total_taxes TEXT NOT NULL,
    landed_cost_json TEXT,
    ship_from_json TEXT,
    refunded_amount TEXT NOT NULL,
    UNIQUE (order_id, shipment_id)
);

CREATE TABLE order_items (
    id INTEGER PRIMARY KEY,
    shipment_row INTEGER NOT NULL REFERENCES order_shipments(id),
    source_line_id TEXT NOT NULL,
    source_product_id INTEGER NOT NULL,
    source_variant_id INTEGER NOT NULL,
    hs_code TEXT,
    quantity TEXT NOT NULL,
    unit_price TEXT NOT NULL,
    unit_discount TEXT NOT NULL,
    sku TEXT NOT NULL,
    product_name TEXT NOT NULL,
    variant_name TEXT NOT NULL,
    description TEXT NOT NULL,
    origin_country_code TEXT NOT NULL,
    category TEXT NOT NULL,
    requires_shipping INTEGER NOT NULL,
    weight_per_unit TEXT,
    weight_unit TEXT,
    refunded_quantity TEXT NOT NULL,
    UNIQUE (shipment_row, source_line_id)
);
CREATE INDEX order_items_by_sku ON order_items(sku);

CREATE TABLE fulfillments (
    id INTEGER PRIMARY KEY,
    shipment_row INTEGER NOT NULL REFERENCES order_shipments(id),
    tracking_number TEXT NOT NULL,
    location TEXT NOT NULL,
    carrier TEXT NOT NULL,
    shipped_at TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (shipment_row, tracking_number)
);

CREATE TABLE fulfillment_items (
    fulfillment_id INTEGER NOT NULL REFERENCES fulfillments(id),
    item_id INTEGER NOT NULL REFERENCES order_items(id),
    quantity TEXT NOT NULL,
    hs_code TEXT,
    PRIMARY KEY (fulfillment_id, item_id)
);
CREATE INDEX fulfillment_items_by_item ON fulfillment_items(item_id);

CREATE TABLE labels (
    id TEXT PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    kind TEXT NOT NULL CHECK (kind IN ('full', 'parcel')),
    track_reference TEXT,
    tracking_serial INTEGER NOT NULL,
    tracking_code TEXT NOT NULL UNIQUE,
    shipping_service TEXT NOT NULL,
    ready_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    parcel_json TEXT,
    pdf BLOB NOT NULL,
    zpl TEXT NOT NULL,
    CHECK ((kind = 'full') = (track_reference IS NULL))
);
CREATE UNIQUE INDEX labels_one_full_per_order ON labels(order_id) WHERE kind = 'full';
CREATE UNIQUE INDEX labels_one_parcel_per_reference ON labels(order_id, track_reference)
    WHERE kind = 'parcel';

-- Which order lines a parcel label took its SKUs from.
CREATE TABLE label_items (
    label_id TEXT NOT NULL REFERENCES labels(id),
    item_id INTEGER NOT NULL REFERENCES order_items(id),
    quantity TEXT NOT NULL,
    PRIMARY KEY (label_id, item_id)
);
CREATE INDEX label_items_by_item ON label_items(item_id);

CREATE TABLE sequences (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
INSERT INTO sequences (name, value) VALUES ('tracking_serial', 0);

-- The history of every change; `source_reference` is NULL for calculations.
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    source_reference TEXT,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    detail_json TEXT NOT NULL
);
CREATE INDEX events_by_order ON events(source_reference);
