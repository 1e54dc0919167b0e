-- SKUs are matched in any case with lower() on both engines (SQLite's NOCASE collation has no
-- PostgreSQL twin), so the index is on lower(sku).
DROP INDEX items_sku;
CREATE INDEX items_sku_lower ON items (lower(sku));
