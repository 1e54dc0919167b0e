-- One outbox for the whole warehouse: a desk leases an entry while it sends it, so no other
-- desk sends it too. `lease_until` (unix ms) is NULL when the entry is free; a lease left by a
-- desk that died simply runs out. `tried_by`/`tried_at` name the desk that last tried it
-- (the Outbox tab shows them).
ALTER TABLE outbox ADD COLUMN lease_until INTEGER;
ALTER TABLE outbox ADD COLUMN leased_by TEXT;
ALTER TABLE outbox ADD COLUMN tried_by TEXT;
ALTER TABLE outbox ADD COLUMN tried_at INTEGER;
