-- Accounts: the auth service's users, sessions and factors; the portal's profiles and
-- organizations; the audit log; the e-mail outbox.

CREATE TABLE organizations (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX organizations_name ON organizations (LOWER(name));

-- The auth service's users (GoTrue's auth.users). email is stored lower-cased.
CREATE TABLE users (
    id                       TEXT PRIMARY KEY,
    email                    TEXT NOT NULL UNIQUE,
    encrypted_password       TEXT NOT NULL DEFAULT '',
    email_confirmed_at       TIMESTAMP NULL,
    confirmation_sent_at     TIMESTAMP NULL,
    recovery_sent_at         TIMESTAMP NULL,
    reauthentication_sent_at TIMESTAMP NULL,
    last_sign_in_at          TIMESTAMP NULL,
    user_metadata            TEXT NOT NULL DEFAULT '{}',
    app_metadata             TEXT NOT NULL DEFAULT '{}',
    banned_until             TIMESTAMP NULL,
    created_at               TIMESTAMP NOT NULL,
    updated_at               TIMESTAMP NOT NULL
);

-- One profile per user, created with it. Roles other than admin and employee are customers.
CREATE TABLE profiles (
    id                    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email                 TEXT NOT NULL,
    full_name             TEXT NOT NULL DEFAULT '',
    avatar_url            TEXT NOT NULL DEFAULT '',
    role                  TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('admin', 'employee', 'customer')),
    approval_status       TEXT NOT NULL DEFAULT 'pending' CHECK (approval_status IN ('pending', 'approved', 'rejected')),
    organization_id       TEXT NULL REFERENCES organizations (id) ON DELETE SET NULL,
    notify_email          BOOLEAN NOT NULL DEFAULT TRUE,
    notify_ticket_updates BOOLEAN NOT NULL DEFAULT TRUE,
    notify_forum_replies  BOOLEAN NOT NULL DEFAULT TRUE,
    approved_at           TIMESTAMP NULL,
    approved_by           TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL
);
CREATE INDEX profiles_organization ON profiles (organization_id);
CREATE INDEX profiles_approval ON profiles (approval_status);

-- Server-side sessions: an access token is honored only while its session row exists.
CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    aal          TEXT NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
    factor_id    TEXT NULL,
    amr          TEXT NOT NULL DEFAULT '[]',
    user_agent   TEXT NOT NULL DEFAULT '',
    ip           TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    refreshed_at TIMESTAMP NULL,
    not_after    TIMESTAMP NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Rotating refresh tokens; only a hash of each token is stored.
CREATE TABLE refresh_tokens (
    id          TEXT PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,
    session_id  TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    parent_hash TEXT NULL,
    revoked     BOOLEAN NOT NULL DEFAULT FALSE,
    revoked_at  TIMESTAMP NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);
CREATE INDEX refresh_tokens_parent ON refresh_tokens (parent_hash);

-- E-mailed links and codes (confirmation, recovery, magic link, reauthentication).
CREATE TABLE one_time_tokens (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_type TEXT NOT NULL CHECK (token_type IN ('confirmation', 'recovery', 'magiclink', 'reauthentication', 'email_change')),
    token_hash TEXT NOT NULL UNIQUE,
    otp_hash   TEXT NOT NULL DEFAULT '',
    relates_to TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id, token_type);

CREATE TABLE mfa_factors (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friendly_name      TEXT NOT NULL DEFAULT '',
    factor_type        TEXT NOT NULL CHECK (factor_type IN ('totp', 'phone', 'webauthn')),
    status             TEXT NOT NULL CHECK (status IN ('unverified', 'verified')),
    secret             TEXT NOT NULL DEFAULT '',
    last_challenged_at TIMESTAMP NULL,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE INDEX mfa_factors_user ON mfa_factors (user_id);

CREATE TABLE mfa_challenges (
    id          TEXT PRIMARY KEY,
    factor_id   TEXT NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
    ip          TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    verified_at TIMESTAMP NULL
);

-- PKCE flow state between an e-mailed link and the code exchange.
CREATE TABLE flow_states (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    auth_code             TEXT NOT NULL UNIQUE,
    code_challenge        TEXT NOT NULL,
    code_challenge_method TEXT NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
    authentication_method TEXT NOT NULL,
    created_at            TIMESTAMP NOT NULL
);

-- Token signing keys; retired keys keep verifying until their tokens have expired.
CREATE TABLE signing_keys (
    kid         TEXT PRIMARY KEY,
    algorithm   TEXT NOT NULL,
    private_key TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('active', 'retired')),
    created_at  TIMESTAMP NOT NULL
);

-- Who did what to whom, and when: approvals, role changes, organization changes, impersonation.
CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    actor_id    TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    action      TEXT NOT NULL,
    target_type TEXT NOT NULL DEFAULT '',
    target_id   TEXT NOT NULL DEFAULT '',
    details     TEXT NOT NULL DEFAULT '{}',
    ip          TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (created_at);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id);

-- Outgoing e-mail, written in the same transaction as what caused it and sent by a
-- background worker with retries.
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'kept')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until    TIMESTAMP NULL,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    sent_at         TIMESTAMP NULL
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
