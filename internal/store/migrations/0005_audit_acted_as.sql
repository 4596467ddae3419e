-- Who acted as whom: while a staff member impersonates someone, actor_id is the staff member
-- and acted_as_id the account acted as. request_id ties an entry to the request's log line.
ALTER TABLE audit_log ADD COLUMN acted_as_id TEXT NULL REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE audit_log ADD COLUMN request_id TEXT NOT NULL DEFAULT '';
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at);
