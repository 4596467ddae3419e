-- The community forum: topics in a few categories and their posts (the opening post and the
-- replies). Every approved account meets here whatever its organization, so these tables
-- carry no organization_id: the forum is not tenant data. Authors are shown by name only.

CREATE TABLE forum_topics (
    id               TEXT PRIMARY KEY,
    category         TEXT NOT NULL CHECK (category IN ('general', 'marketing', 'automation', 'analytics', 'feedback')),
    title            TEXT NOT NULL,
    author_id        TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    pinned           BOOLEAN NOT NULL DEFAULT FALSE,
    locked           BOOLEAN NOT NULL DEFAULT FALSE,
    created_at       TIMESTAMP NOT NULL,
    last_activity_at TIMESTAMP NOT NULL
);
CREATE INDEX forum_topics_activity ON forum_topics (pinned, last_activity_at);

-- The spec's forum_posts (author_id; the portal dashboard counts a person's posts).
CREATE TABLE forum_posts (
    id         TEXT PRIMARY KEY,
    topic_id   TEXT NOT NULL REFERENCES forum_topics (id) ON DELETE CASCADE,
    author_id  TEXT NULL REFERENCES users (id) ON DELETE SET NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    edited_at  TIMESTAMP NULL
);
CREATE INDEX forum_posts_topic ON forum_posts (topic_id, created_at);
CREATE INDEX forum_posts_author ON forum_posts (author_id);
