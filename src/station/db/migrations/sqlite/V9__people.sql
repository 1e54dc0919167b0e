-- People of the warehouse: a name, a role, an optional badge code and their own PIN (an argon2id
-- PHC string). A person who leaves is made inactive, never deleted: the history names them.
CREATE TABLE people (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL UNIQUE,
    role       TEXT    NOT NULL CHECK (role IN ('packer', 'supervisor', 'customer_service')),
    badge      TEXT    UNIQUE,
    pin_hash   TEXT    NOT NULL,
    active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at INTEGER NOT NULL
) STRICT;

-- Who did it and at which desk, on every event from now on (older events have neither).
ALTER TABLE events ADD COLUMN desk TEXT;
ALTER TABLE events ADD COLUMN person TEXT;

-- What happened to the warehouse rather than to an order: settings changed, a person added.
CREATE TABLE warehouse_events (
    id        INTEGER PRIMARY KEY,
    at        INTEGER NOT NULL,
    desk      TEXT,
    person    TEXT,
    kind      TEXT    NOT NULL,
    body_json TEXT    NOT NULL
) STRICT;
