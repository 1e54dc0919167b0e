-- Claims: the desk (and person) packing a shipment now, on a lease it renews while the shipment
-- stays open. One row per shipment at most; a claim whose lease ran out is free to take (a
-- crashed desk's claim expires by itself). Times in unix milliseconds.
CREATE TABLE claims (
    shipment_row INTEGER NOT NULL PRIMARY KEY REFERENCES shipments (id),
    desk_id      TEXT    NOT NULL,
    desk_name    TEXT    NOT NULL,
    person       TEXT,
    claimed_at   INTEGER NOT NULL,
    lease_until  INTEGER NOT NULL
) STRICT;
CREATE INDEX claims_desk ON claims (desk_id);
