-- One outbox for the whole warehouse: a desk leases an entry while it sends it, so no other
-- desk sends it too. `lease_until` (unix ms) is NULL when the entry is free; a lease left by a
-- desk that died simply runs out. `tried_by`/`tried_at` name the desk that last tried it
-- (the Outbox tab shows them).
ALTER TABLE outbox ADD COLUMN lease_until INTEGER;
ALTER TABLE outbox ADD COLUMN leased_by TEXT;
ALTER TABLE outbox ADD COLUMN tried_by TEXT;
ALTER TABLE outbox ADD COLUMN tried_at INTEGER;
-- What a claim walks: due entries oldest first (it stops at the first it may take), and each
-- one's earlier open entries of its order. Partial, so delivered history costs nothing; without
-- them PostgreSQL sorted every due entry and checked each one's order on every claim.
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE state IN ('queued', 'retrying');
CREATE INDEX outbox_open_order ON outbox (order_ref, id)
    WHERE state IN ('queued', 'retrying', 'needs_attention');
