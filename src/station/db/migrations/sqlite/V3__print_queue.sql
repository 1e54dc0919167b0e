-- The print queue. One row per print asked for; at most one unsent job per document (the
-- partial unique index), so pressing Print again while the printer is off does not queue a
-- second copy. `sending` is set before the first byte leaves and becomes `sent` after the last
-- one; a `sending` found at start-up (a crash mid-send) becomes `uncertain`, never resent.
CREATE TABLE print_jobs (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES label_documents (id),
    target_json TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'uncertain')),
    reprint     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL,
    last_error  TEXT
) STRICT;
CREATE UNIQUE INDEX print_jobs_one_open ON print_jobs (document_id)
    WHERE state IN ('queued', 'sending');
