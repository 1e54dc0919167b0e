-- Retention, as on SQLite: a calculation no order uses is deleted once older than the retention
-- period. Whether an order uses one is asked of every old calculation, hence the index; the ids
-- of deleted calculations are kept so that an order naming one is told its quote expired rather
-- than that it never existed. (PostgreSQL's autovacuum reuses the space deleted rows leave.)
CREATE INDEX orders_by_calculation ON orders(landedcost_request_id);
CREATE TABLE expired_calculations (
    landedcost_request_id TEXT PRIMARY KEY,
    expired_at TEXT NOT NULL
);
