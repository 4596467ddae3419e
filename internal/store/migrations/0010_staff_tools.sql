-- Staff tools: announcements shown to every portal user, who may dismiss them one by one, and
-- impersonation records.

CREATE TABLE global_announcements (
    id         TEXT PRIMARY KEY,
    title      TEXT NOT NULL,
    content    TEXT NOT NULL,
    type       TEXT NOT NULL DEFAULT 'info' CHECK (type IN ('info', 'success', 'warning', 'error')),
    show_until TIMESTAMP NULL,
    created_by TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    is_active  BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX global_announcements_created ON global_announcements (created_at);

-- Which user has dismissed which announcement's banner.
CREATE TABLE announcement_dismissals (
    announcement_id TEXT NOT NULL REFERENCES global_announcements (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    dismissed_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (announcement_id, user_id)
);
CREATE INDEX announcement_dismissals_user ON announcement_dismissals (user_id);

-- A staff member acting as another account. A record applies only to the staff session that
-- started it (session_id, cleared when the session ends) and only until expires_at; ended_at
-- says when it stopped, end_reason why (ended, replaced, signed_out, expired).
CREATE TABLE admin_impersonations (
    id             TEXT PRIMARY KEY,
    admin_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_id     TEXT NULL REFERENCES sessions (id) ON DELETE SET NULL,
    is_active      BOOLEAN NOT NULL DEFAULT TRUE,
    started_at     TIMESTAMP NOT NULL,
    expires_at     TIMESTAMP NOT NULL,
    ended_at       TIMESTAMP NULL,
    end_reason     TEXT NOT NULL DEFAULT ''
);
-- At most one active record per staff member, even when two starts race.
CREATE UNIQUE INDEX admin_impersonations_one_active ON admin_impersonations (admin_id) WHERE is_active = TRUE;
CREATE INDEX admin_impersonations_session ON admin_impersonations (session_id);
