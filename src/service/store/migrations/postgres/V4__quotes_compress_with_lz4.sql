-- How a quote's JSON is kept (about 2.5 KB of request and 8.7 KB of answer for a typical cart).
-- Both were over the TOAST threshold, so on every insert PostgreSQL compressed them with pglz,
-- then moved the answer out of the row into the TOAST table: a second heap row and index entry
-- per quote. LZ4 compresses several times faster to a similar size, and with a row target of
-- half a page the compressed quote (about 3 KB) stays in its row, two to a page. Together they
-- took the service from 12 700 to 18 000 quotes a second on this engine (BENCHMARKS.md,
-- "PostgreSQL: quotes compressed with LZ4, in their row"). Only rows written from now on change.
-- A server built without LZ4 keeps pglz rather than refusing to start.
ALTER TABLE calculations SET (toast_tuple_target = 4080);
DO $$
BEGIN
    ALTER TABLE calculations ALTER COLUMN request_json SET COMPRESSION lz4;
    ALTER TABLE calculations ALTER COLUMN response_json SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this PostgreSQL has no LZ4: quotes stay compressed with pglz';
END
$$;
