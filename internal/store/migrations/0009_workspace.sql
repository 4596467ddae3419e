-- The client workspace: projects with their progress updates, automations with their runs,
-- and the generated reports. Every row belongs to an organization (organization_id) so that
-- every query goes through the caller's scope. Dates of a project are calendar days
-- (YYYY-MM-DD text); every other time is a UTC TIMESTAMP.
CREATE TABLE projects (
    id              TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL CHECK (status IN ('planning', 'in_progress', 'testing', 'completed', 'on_hold')),
    priority        TEXT NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
    progress        INTEGER NOT NULL CHECK (progress BETWEEN 0 AND 100),
    start_date      TEXT NOT NULL,
    end_date        TEXT NULL,
    created_by      TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    assigned_to     TEXT NOT NULL DEFAULT '[]',
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX projects_org ON projects (organization_id, created_at);

-- Progress updates staff post on a project; the organization's customers read them.
CREATE TABLE project_updates (
    id              TEXT PRIMARY KEY,
    project_id      TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    author_id       TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    content         TEXT NOT NULL,
    progress        INTEGER NULL CHECK (progress BETWEEN 0 AND 100),
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX project_updates_project ON project_updates (project_id, created_at);
CREATE INDEX project_updates_org ON project_updates (organization_id, created_at);

-- Automations. token_hash is the SHA-256 (hex) of the secret with which an automation engine
-- reports runs; the secret itself is shown once and never stored.
CREATE TABLE automations (
    id                    TEXT PRIMARY KEY,
    organization_id       TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name                  TEXT NOT NULL,
    description           TEXT NOT NULL DEFAULT '',
    type                  TEXT NOT NULL CHECK (type IN ('chatbot', 'workflow', 'email', 'data_processing', 'integration')),
    status                TEXT NOT NULL CHECK (status IN ('active', 'paused', 'error', 'draft')),
    next_run              TIMESTAMP NULL,
    minutes_saved_per_run INTEGER NOT NULL DEFAULT 0 CHECK (minutes_saved_per_run >= 0),
    hourly_cost_cents     BIGINT NOT NULL DEFAULT 0 CHECK (hourly_cost_cents >= 0),
    token_hash            TEXT NOT NULL,
    created_by            TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL
);
CREATE INDEX automations_org ON automations (organization_id, created_at);

-- One run of an automation, as its engine reported it.
CREATE TABLE automation_runs (
    id              TEXT PRIMARY KEY,
    automation_id   TEXT NOT NULL REFERENCES automations (id) ON DELETE CASCADE,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    started_at      TIMESTAMP NOT NULL,
    finished_at     TIMESTAMP NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
    items_processed INTEGER NOT NULL DEFAULT 0 CHECK (items_processed >= 0),
    message         TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX automation_runs_automation ON automation_runs (automation_id, started_at);
CREATE INDEX automation_runs_org ON automation_runs (organization_id, started_at);

-- The four reports of an organization (one row per type) and their latest files. A report
-- whose status is 'generating' is work for the report job; locked_until is the claim of the
-- instance producing it (see ClaimReport). Files are kept base64-encoded in text columns,
-- which both engines store alike.
CREATE TABLE reports (
    id               TEXT PRIMARY KEY,
    organization_id  TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    type             TEXT NOT NULL CHECK (type IN ('automation_performance', 'cost_savings', 'usage_metrics', 'roi_analysis')),
    frequency        TEXT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly', 'quarterly')),
    next_run_at      TIMESTAMP NULL,
    status           TEXT NULL CHECK (status IN ('generating', 'ready', 'error')),
    period           TEXT NOT NULL DEFAULT '30d',
    notify           BOOLEAN NOT NULL DEFAULT FALSE,
    requested_at     TIMESTAMP NULL,
    locked_until     TIMESTAMP NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_generated   TIMESTAMP NULL,
    last_error       TEXT NOT NULL DEFAULT '',
    pdf_base64       TEXT NOT NULL DEFAULT '',
    csv_base64       TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX reports_org_type ON reports (organization_id, type);
CREATE INDEX reports_work ON reports (status, locked_until);
