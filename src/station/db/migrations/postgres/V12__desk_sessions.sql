-- The app's own one-desk server, with nobody set up yet: the desk signs in as itself (a session
-- with no person), and the supervisor PIN unlocks it for supervisor work until
-- `supervisor_until` (Unix milliseconds).
ALTER TABLE sessions ALTER COLUMN person_id DROP NOT NULL;
ALTER TABLE sessions ADD COLUMN supervisor_until BIGINT;
