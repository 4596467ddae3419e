-- Newsletter double opt-in. An address is pending until its owner follows the confirmation
-- e-mail's link, confirmed afterwards, and unsubscribed once they leave (the row stays, so a
-- later sign-up is a re-subscription and the history is kept). Addresses stored before this
-- migration never confirmed that they belong to whoever typed them: they stay pending until
-- their owner subscribes again and confirms.
ALTER TABLE newsletter_subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'confirmed', 'unsubscribed'));
ALTER TABLE newsletter_subscribers ADD COLUMN confirmation_sent_at TIMESTAMP;
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at TIMESTAMP;
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribed_at TIMESTAMP;

-- The List-Unsubscribe header of a message (RFC 2369), empty for messages without one.
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe TEXT NOT NULL DEFAULT '';

-- Server secrets generated on first use and shared by every instance, such as the key that
-- signs the newsletter's confirm and unsubscribe links. value is hex.
CREATE TABLE app_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
