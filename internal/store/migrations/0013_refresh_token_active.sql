-- Every refresh looks up the session's current token: the newest one not revoked. A session
-- keeps all its revoked tokens (reuse detection needs them), so indexing by session alone
-- made that lookup read every token the session ever had. This partial index holds only the
-- unrevoked ones, one or two per session, in the order the lookup wants.
CREATE INDEX refresh_tokens_active ON refresh_tokens (session_id, created_at, id) WHERE revoked = FALSE;
