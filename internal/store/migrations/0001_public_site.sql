-- Leads from the contact page's discovery-call form.
CREATE TABLE leads (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    email           TEXT NOT NULL,
    company         TEXT NOT NULL,
    phone           TEXT NOT NULL DEFAULT '',
    automation_goal TEXT NOT NULL,
    preferred_time  TEXT NOT NULL CHECK (preferred_time IN ('morning', 'afternoon', 'evening', 'anytime')),
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX leads_created_at ON leads (created_at);

-- Newsletter subscribers: one row per (lower-cased) address.
CREATE TABLE newsletter_subscribers (
    id         TEXT PRIMARY KEY,
    email      TEXT NOT NULL UNIQUE,
    source     TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);

-- Fixed-window request counters, shared by every instance of the server.
CREATE TABLE rate_limits (
    bucket       TEXT PRIMARY KEY,
    window_start TIMESTAMP NOT NULL,
    hits         INTEGER NOT NULL
);
CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
