-- One spelling: the wire says "fulfill"/"fulfillment", and so does the record from here on
-- (steps 1 and 2 wrote "fulfil"). Renames keep every row; stored action and event names follow.
ALTER TABLE fulfilments RENAME TO fulfillments;
ALTER INDEX fulfilments_shipment RENAME TO fulfillments_shipment;
ALTER TABLE fulfilment_lines RENAME TO fulfillment_lines;
ALTER TABLE fulfillment_lines RENAME COLUMN fulfilment_id TO fulfillment_id;
ALTER INDEX fulfilment_lines_item RENAME TO fulfillment_lines_item;

ALTER TABLE outbox DROP CONSTRAINT outbox_action_check;
UPDATE outbox SET action = 'fulfill' WHERE action = 'fulfil';
ALTER TABLE outbox ADD CONSTRAINT outbox_action_check
    CHECK (action IN ('create', 'fulfill', 'cancel', 'label'));

UPDATE events SET kind = 'fulfillment' WHERE kind = 'fulfilment';
