-- Staff mark a contact-form lead handled once someone has answered it, and may reopen it:
-- handled_at says when (NULL while open), handled_by who.
ALTER TABLE leads ADD COLUMN handled_at TIMESTAMP NULL;
ALTER TABLE leads ADD COLUMN handled_by TEXT NULL REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX leads_handled_at ON leads (handled_at);
