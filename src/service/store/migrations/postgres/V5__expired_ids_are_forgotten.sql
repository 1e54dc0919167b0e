-- The ids of expired quotes are kept only for a while (`service::retention`), not forever: at a
-- million quotes a month they were tens of megabytes more every month. They are deleted oldest
-- first, found by when they expired.
CREATE INDEX expired_calculations_by_time ON expired_calculations(expired_at);
