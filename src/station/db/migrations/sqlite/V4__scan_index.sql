-- The newest orders first, covering what a scan of a common SKU walks (scan.rs).
CREATE INDEX orders_newest ON orders (created_at DESC, source_reference DESC);
