-- Two-factor recovery codes: one set per user (set_id names it, as auth-js's "factor id"),
-- each code usable once. Only SHA-256 hashes are stored; the codes are shown once, when made.
CREATE TABLE mfa_recovery_codes (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    set_id     TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    used_at    TIMESTAMP NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX mfa_recovery_codes_user_hash ON mfa_recovery_codes (user_id, code_hash);
