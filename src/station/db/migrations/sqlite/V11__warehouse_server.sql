-- The warehouse server (`packdesk warehouse serve`) between the desks and this record.
-- Desks enrolled with it: a one-time enrollment code (its SHA-256, until used) exchanged once
-- for the desk's token (its SHA-256); a revoked desk's token and sessions stop at once.
CREATE TABLE desks (
    id                    INTEGER PRIMARY KEY,
    name                  TEXT    NOT NULL UNIQUE,
    enrollment_hash       TEXT    UNIQUE,
    enrollment_expires_at INTEGER,
    token_hash            TEXT    UNIQUE,
    created_at            INTEGER NOT NULL,
    enrolled_at           INTEGER,
    revoked_at            INTEGER
) STRICT;

-- A person signed in at a desk: the session token's SHA-256, bound to both; idle sessions end.
-- Times in Unix milliseconds.
CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    token_hash  TEXT    NOT NULL UNIQUE,
    desk_id     INTEGER NOT NULL REFERENCES desks (id),
    person_id   INTEGER NOT NULL REFERENCES people (id),
    started_at  INTEGER NOT NULL,
    seen_at     INTEGER NOT NULL,
    ended_at    INTEGER
) STRICT;
CREATE INDEX sessions_desk ON sessions (desk_id) WHERE ended_at IS NULL;

-- Wrong PINs per person, kept in the record so a restart (or another instance) gives no fresh
-- tries; each lockout is longer than the last. Times in Unix milliseconds.
CREATE TABLE sign_in_locks (
    person_id    INTEGER PRIMARY KEY REFERENCES people (id),
    wrong_tries  INTEGER NOT NULL DEFAULT 0,
    lockouts     INTEGER NOT NULL DEFAULT 0,
    locked_until INTEGER
) STRICT;

-- Whether a person's PIN hash was made with the server's pepper (hashes made at a desk before
-- the server took the record over were not; they are made again at the next sign-in).
-- (No CHECK on SQLite: a column with one could not be dropped again by ALTER TABLE.)
ALTER TABLE people ADD COLUMN pin_peppered INTEGER NOT NULL DEFAULT 0;

-- The server's own settings that every instance must agree on (the pepper's check value).
CREATE TABLE server_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
