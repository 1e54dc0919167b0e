-- A rate option's landed cost is read from its calculation's stored response: a second copy
-- per rate doubled what every quote writes, and quotes are most of what the service writes.
ALTER TABLE calculation_rates DROP COLUMN landed_cost_json;
