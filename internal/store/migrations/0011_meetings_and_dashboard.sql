-- Meetings of an organization with the consultancy's staff. attendees is a JSON array of
-- {"name", "email"} objects; sequence is the iCalendar SEQUENCE of the meeting's event,
-- raised with every change attendees are told about.
CREATE TABLE meetings (
    id              TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    title           TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    type            TEXT NOT NULL CHECK (type IN ('consultation', 'review', 'training', 'support', 'planning')),
    start_time      TIMESTAMP NOT NULL,
    end_time        TIMESTAMP NOT NULL,
    location        TEXT NOT NULL DEFAULT '',
    meeting_url     TEXT NOT NULL DEFAULT '',
    attendees       TEXT NOT NULL DEFAULT '[]',
    status          TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed', 'cancelled')),
    sequence        INTEGER NOT NULL DEFAULT 0,
    created_by      TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    CHECK (end_time > start_time)
);
CREATE INDEX meetings_organization_start ON meetings (organization_id, start_time);
CREATE INDEX meetings_updated ON meetings (updated_at);

-- Each user's private calendar feed: only a SHA-256 of the secret token in the URL is kept.
CREATE TABLE calendar_feeds (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

-- The sign-in before the latest one: the dashboard's Last Login.
ALTER TABLE users ADD COLUMN previous_sign_in_at TIMESTAMP NULL;

-- Files attached to an outbox message (a meeting's .ics): a JSON array of
-- {"filename", "content_type", "content" (base64)}.
ALTER TABLE mail_outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
