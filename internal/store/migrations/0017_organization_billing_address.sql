-- The postal address an organization's invoices are billed to, one line per line of text;
-- its customers set it on the billing page.
ALTER TABLE organizations ADD COLUMN billing_address TEXT NOT NULL DEFAULT '';
