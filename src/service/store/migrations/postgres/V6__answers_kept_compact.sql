-- A quote's answer is kept in its compact form (`compact.rs`), as on SQLite: 1.8 KB of bytes
-- for a typical answer instead of 8.7 KB of JSON, which the server checked as UTF-8 and
-- compressed with LZ4 on every insert (BENCHMARKS.md, "The answer kept compact on
-- PostgreSQL"). It gets a column of its own, since `response_json` is typed text; answers
-- stored before stay JSON there, and a row has exactly one of the two. The check is NOT VALID
-- so that adding it does not read every stored quote (those hold JSON and no compact answer,
-- which is one of the two). Instances of a version before this step cannot read the answers
-- stored after it: upgrade every instance together.
ALTER TABLE calculations ADD COLUMN response_compact BYTEA;
ALTER TABLE calculations ALTER COLUMN response_json DROP NOT NULL;
ALTER TABLE calculations ADD CONSTRAINT calculations_one_answer
    CHECK ((response_json IS NULL) <> (response_compact IS NULL)) NOT VALID;

-- Three quotes to a page instead of two. The compact answer compresses too (LZ4: 1.8 to
-- 1.1 KB), so a typical quote is 2.3 KB compressed, but PostgreSQL compresses a row's values
-- only until the row is under `toast_tuple_target` (4080 since step 4, reached by compressing
-- the request alone). A target of a third of a page has it compress both. Every column's
-- storage is MAIN: with EXTENDED, the default, a row over the target has its EXTENDED values
-- moved to the TOAST table (even the 36-byte id) before any MAIN value is compressed; a MAIN
-- value is moved there only when the row would not fit in a page.
ALTER TABLE calculations SET (toast_tuple_target = 2700);
ALTER TABLE calculations
    ALTER COLUMN landedcost_request_id SET STORAGE MAIN,
    ALTER COLUMN currency_code SET STORAGE MAIN,
    ALTER COLUMN created_at SET STORAGE MAIN,
    ALTER COLUMN request_json SET STORAGE MAIN,
    ALTER COLUMN response_json SET STORAGE MAIN,
    ALTER COLUMN response_compact SET STORAGE MAIN;
DO $$
BEGIN
    ALTER TABLE calculations ALTER COLUMN response_compact SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this PostgreSQL has no LZ4: answers are compressed with pglz';
END
$$;
