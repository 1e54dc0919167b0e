-- A write a desk may repeat after a lost connection (a parcel packed, a label asked for, a
-- parcel fulfilled, a shipment canceled) carries a key the desk made before its first try. The
-- key is written in the transaction of the change, with the request it named and the answer
-- it got, so a repeat gets that answer again instead of making a second change. One desk's keys
-- are its own. Times in Unix milliseconds; keys older than a week are let go.
CREATE TABLE idempotency_keys (
    desk_id     TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    operation   TEXT    NOT NULL,
    request     TEXT    NOT NULL,
    answer_json TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (desk_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
