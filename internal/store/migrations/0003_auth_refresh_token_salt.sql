-- A refresh token is derived from its parent and a per-token random salt (HMAC), so that when
-- a client presents the parent of the session's current token again (it lost the previous
-- answer) the server can hand the same current token back while storing only hashes of
-- tokens. See internal/auth/tokens.go.
ALTER TABLE refresh_tokens ADD COLUMN salt TEXT NOT NULL DEFAULT '';
