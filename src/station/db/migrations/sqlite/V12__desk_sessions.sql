-- The app's own one-desk server, with nobody set up yet: the desk signs in as itself (a session
-- with no person), and the supervisor PIN unlocks it for supervisor work until
-- `supervisor_until` (Unix milliseconds). SQLite cannot drop a NOT NULL, so the table is made
-- again; nothing refers to it.
CREATE TABLE sessions_v12 (
    id               INTEGER PRIMARY KEY,
    token_hash       TEXT    NOT NULL UNIQUE,
    desk_id          INTEGER NOT NULL REFERENCES desks (id),
    person_id        INTEGER REFERENCES people (id),
    started_at       INTEGER NOT NULL,
    seen_at          INTEGER NOT NULL,
    ended_at         INTEGER,
    supervisor_until INTEGER
) STRICT;
INSERT INTO sessions_v12 (id, token_hash, desk_id, person_id, started_at, seen_at, ended_at)
    SELECT id, token_hash, desk_id, person_id, started_at, seen_at, ended_at FROM sessions;
DROP TABLE sessions;
ALTER TABLE sessions_v12 RENAME TO sessions;
CREATE INDEX sessions_desk ON sessions (desk_id) WHERE ended_at IS NULL;
