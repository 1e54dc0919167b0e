-- Claims: the desk (and person) packing a shipment now, on a lease it renews while the shipment
-- stays open. One row per shipment at most; a claim whose lease ran out is free to take (a
-- crashed desk's claim expires by itself). Times in unix milliseconds.
CREATE TABLE claims (
    shipment_row BIGINT NOT NULL PRIMARY KEY REFERENCES shipments (id),
    desk_id      TEXT    NOT NULL,
    desk_name    TEXT    NOT NULL,
    person       TEXT,
    claimed_at   BIGINT NOT NULL,
    lease_until  BIGINT NOT NULL
);
CREATE INDEX claims_desk ON claims (desk_id);

-- Every change a desk makes writes an event; each transaction that wrote any tells the other
-- desks listening on 'packdesk_changes' once it commits (an empty payload: PostgreSQL folds
-- identical notifications of one transaction into one, and the listener reads what changed).
CREATE FUNCTION packdesk_notify_change() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('packdesk_changes', '');
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER events_notify AFTER INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION packdesk_notify_change();
