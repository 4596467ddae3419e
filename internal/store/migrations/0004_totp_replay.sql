-- The last TOTP time step a factor accepted: RFC 6238 (section 5.2) forbids accepting the
-- same one-time password twice, so a code seen over someone's shoulder cannot be replayed.
ALTER TABLE mfa_factors ADD COLUMN last_used_step INTEGER NOT NULL DEFAULT 0;
