-- The support desk: categories, tickets, their threads and their files. See
-- docs/adr/0014-support-desk.md.

CREATE TABLE support_categories (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    color      TEXT NOT NULL,
    is_active  BOOLEAN NOT NULL DEFAULT TRUE,
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX support_categories_name ON support_categories (LOWER(name));
INSERT INTO support_categories (id, name, color, is_active, sort_order, created_at, updated_at) VALUES
    ('0193a000-0000-7000-8000-000000000001', 'Technical Issue', '#dc2626', TRUE, 10, '2026-11-24 00:00:00', '2026-11-24 00:00:00'),
    ('0193a000-0000-7000-8000-000000000002', 'Billing', '#16a34a', TRUE, 20, '2026-11-24 00:00:00', '2026-11-24 00:00:00'),
    ('0193a000-0000-7000-8000-000000000003', 'Automation Request', '#7c3aed', TRUE, 30, '2026-11-24 00:00:00', '2026-11-24 00:00:00'),
    ('0193a000-0000-7000-8000-000000000004', 'Account', '#ea580c', TRUE, 40, '2026-11-24 00:00:00', '2026-11-24 00:00:00'),
    ('0193a000-0000-7000-8000-000000000005', 'General', '#2563eb', TRUE, 50, '2026-11-24 00:00:00', '2026-11-24 00:00:00');

-- Named counters handed out inside the writing transaction (UPDATE … RETURNING): the row
-- lock on PostgreSQL and the single writer of SQLite make each number unique across app
-- servers. 'ticket' numbers the tickets (shown as T-1001, T-1002, …).
CREATE TABLE support_counters (
    name  TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
INSERT INTO support_counters (name, value) VALUES ('ticket', 1000);

CREATE TABLE support_tickets (
    id                    TEXT PRIMARY KEY,
    number                INTEGER NOT NULL UNIQUE,
    title                 TEXT NOT NULL,
    description           TEXT NOT NULL,
    priority              TEXT NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
    status                TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
    category_id           TEXT NULL REFERENCES support_categories (id) ON DELETE SET NULL,
    customer_id           TEXT NULL REFERENCES profiles (id) ON DELETE SET NULL,
    organization_id       TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    assigned_to           TEXT NULL REFERENCES profiles (id) ON DELETE SET NULL,
    -- Kept by every write of a response, so the list needs no count per row.
    public_response_count INTEGER NOT NULL DEFAULT 0,
    response_count        INTEGER NOT NULL DEFAULT 0,
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL
);
-- The list is newest first and pages by (created_at, id); one index per filter it offers.
CREATE INDEX support_tickets_newest ON support_tickets (created_at, id);
CREATE INDEX support_tickets_org ON support_tickets (organization_id, created_at, id);
CREATE INDEX support_tickets_org_status ON support_tickets (organization_id, status, created_at, id);
CREATE INDEX support_tickets_status ON support_tickets (status, created_at, id);
CREATE INDEX support_tickets_assignee ON support_tickets (assigned_to, created_at, id);
CREATE INDEX support_tickets_category ON support_tickets (category_id, created_at, id);
CREATE INDEX support_tickets_customer ON support_tickets (customer_id);

-- Tickets per organization and status, kept in the same transaction as every ticket write,
-- so that the list's total and the staff's tiles never count the tickets table.
CREATE TABLE support_ticket_counts (
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    status          TEXT NOT NULL,
    n               INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (organization_id, status)
);

CREATE TABLE support_responses (
    id          TEXT PRIMARY KEY,
    ticket_id   TEXT NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    author_id   TEXT NULL REFERENCES profiles (id) ON DELETE SET NULL,
    content     TEXT NOT NULL,
    is_internal BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX support_responses_ticket ON support_responses (ticket_id, created_at);

-- Files of a ticket (response_id NULL) or of a response, kept in the database so that
-- backups and every app server see them. BYTEA is PostgreSQL's binary type; SQLite accepts
-- the name and stores the bytes as a BLOB (see the ADR).
CREATE TABLE support_attachments (
    id              TEXT PRIMARY KEY,
    ticket_id       TEXT NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    response_id     TEXT NULL REFERENCES support_responses (id) ON DELETE CASCADE,
    filename        TEXT NOT NULL,
    content_type    TEXT NOT NULL,
    size            INTEGER NOT NULL,
    content         BYTEA NOT NULL,
    uploaded_by     TEXT NULL REFERENCES profiles (id) ON DELETE SET NULL,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX support_attachments_ticket ON support_attachments (ticket_id, response_id);
