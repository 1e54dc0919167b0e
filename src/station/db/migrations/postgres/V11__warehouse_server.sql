-- The warehouse server (`packdesk warehouse serve`) between the desks and this record.
-- Desks enrolled with it: a one-time enrollment code (its SHA-256, until used) exchanged once
-- for the desk's token (its SHA-256); a revoked desk's token and sessions stop at once.
CREATE TABLE desks (
    id                    BIGSERIAL PRIMARY KEY,
    name                  TEXT   NOT NULL UNIQUE,
    enrollment_hash       TEXT   UNIQUE,
    enrollment_expires_at BIGINT,
    token_hash            TEXT   UNIQUE,
    created_at            BIGINT NOT NULL,
    enrolled_at           BIGINT,
    revoked_at            BIGINT
);

-- A person signed in at a desk: the session token's SHA-256, bound to both; idle sessions end.
-- Times in Unix milliseconds.
CREATE TABLE sessions (
    id          BIGSERIAL PRIMARY KEY,
    token_hash  TEXT   NOT NULL UNIQUE,
    desk_id     BIGINT NOT NULL REFERENCES desks (id),
    person_id   BIGINT NOT NULL REFERENCES people (id),
    started_at  BIGINT NOT NULL,
    seen_at     BIGINT NOT NULL,
    ended_at    BIGINT
);
CREATE INDEX sessions_desk ON sessions (desk_id) WHERE ended_at IS NULL;

-- Wrong PINs per person, kept in the record so a restart (or another instance) gives no fresh
-- tries; each lockout is longer than the last. Times in Unix milliseconds.
CREATE TABLE sign_in_locks (
    person_id    BIGINT PRIMARY KEY REFERENCES people (id),
    wrong_tries  BIGINT NOT NULL DEFAULT 0,
    lockouts     BIGINT NOT NULL DEFAULT 0,
    locked_until BIGINT
);

-- Whether a person's PIN hash was made with the server's pepper (hashes made at a desk before
-- the server took the record over were not; they are made again at the next sign-in).
ALTER TABLE people ADD COLUMN pin_peppered BIGINT NOT NULL DEFAULT 0 CHECK (pin_peppered IN (0, 1));

-- The server's own settings that every instance must agree on (the pepper's check value).
CREATE TABLE server_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
