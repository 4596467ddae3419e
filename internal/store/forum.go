package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// ForumStore keeps the community forum's topics and posts. The forum is shared by every
// approved account, so its queries take no Scope: nothing in these tables belongs to an
// organization, and the author columns read only a person's id (for the edit policy and the
// audit log; ForumAuthor never encodes it), name and role.
type ForumStore struct{ db *DB }

// NewForumStore returns a ForumStore on db.
func NewForumStore(db *DB) *ForumStore { return &ForumStore{db: db} }

var _ growthdesk.ForumStore = (*ForumStore)(nil)

var (
	errNoTopic = growthdesk.Errorf(growthdesk.ENotFound, "There is no such topic.")
	errNoPost  = growthdesk.Errorf(growthdesk.ENotFound, "There is no such post.")
)

const topicColumns = `t.id, t.category, t.title, COALESCE(t.author_id, ''), COALESCE(ap.full_name, ''), COALESCE(ap.role, ''),
	t.pinned, t.locked, (SELECT COUNT(*) FROM forum_posts c WHERE c.topic_id = t.id) - 1, t.created_at, t.last_activity_at`

const topicFrom = ` FROM forum_topics t LEFT JOIN profiles ap ON ap.id = t.author_id`

func scanTopic(row rowScanner) (*growthdesk.ForumTopic, error) {
	var (
		t    growthdesk.ForumTopic
		role string
	)
	if err := row.Scan(&t.ID, &t.Category, &t.Title, &t.Author.ID, &t.Author.FullName, &role,
		&t.Pinned, &t.Locked, &t.ReplyCount, &t.CreatedAt, &t.LastActivityAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNoTopic
		}
		return nil, err
	}
	t.Author.Staff = role == growthdesk.RoleAdmin || role == growthdesk.RoleEmployee
	if t.ReplyCount < 0 {
		t.ReplyCount = 0
	}
	t.CreatedAt, t.LastActivityAt = t.CreatedAt.UTC(), t.LastActivityAt.UTC()
	return &t, nil
}

const postColumns = `p.id, p.topic_id, COALESCE(p.author_id, ''), COALESCE(ap.full_name, ''), COALESCE(ap.role, ''), p.body, p.created_at, p.edited_at`

const postFrom = ` FROM forum_posts p LEFT JOIN profiles ap ON ap.id = p.author_id`

func scanPost(row rowScanner) (*growthdesk.ForumPost, error) {
	var (
		p      growthdesk.ForumPost
		role   string
		edited sql.NullTime
	)
	if err := row.Scan(&p.ID, &p.TopicID, &p.Author.ID, &p.Author.FullName, &role, &p.Body, &p.CreatedAt, &edited); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNoPost
		}
		return nil, err
	}
	p.Author.Staff = role == growthdesk.RoleAdmin || role == growthdesk.RoleEmployee
	p.CreatedAt = p.CreatedAt.UTC()
	p.EditedAt = nullTime(edited)
	p.EditableUntil = p.CreatedAt.Add(growthdesk.ForumEditWindow)
	return &p, nil
}

// ListTopics returns topics, pinned first, then by newest activity, filtered by category
// and a search over titles and post text.
func (s *ForumStore) ListTopics(ctx context.Context, f growthdesk.ForumTopicFilter) ([]*growthdesk.ForumTopic, error) {
	q := "SELECT " + topicColumns + topicFrom + " WHERE 1 = 1"
	var args []any
	if f.Category != "" {
		q += " AND t.category = ?"
		args = append(args, f.Category)
	}
	if f.Search != "" {
		like := likePattern(f.Search)
		q += ` AND (LOWER(t.title) LIKE ? ESCAPE '\' OR EXISTS (SELECT 1 FROM forum_posts sp
			WHERE sp.topic_id = t.id AND LOWER(sp.body) LIKE ? ESCAPE '\'))`
		args = append(args, like, like)
	}
	q += " ORDER BY t.pinned DESC, t.last_activity_at DESC, t.id DESC LIMIT 200"
	rows, err := s.db.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, scanTopic)
}

// GetThread returns a topic with its posts, oldest first.
func (s *ForumStore) GetThread(ctx context.Context, topicID string) (*growthdesk.ForumThread, error) {
	t, err := scanTopic(s.db.queryRow(ctx, "SELECT "+topicColumns+topicFrom+" WHERE t.id = ?", topicID))
	if err != nil {
		return nil, err
	}
	posts, err := s.posts(ctx, s.db.reader, topicID)
	if err != nil {
		return nil, err
	}
	return &growthdesk.ForumThread{ForumTopic: *t, Posts: posts}, nil
}

func (s *ForumStore) posts(ctx context.Context, q querier, topicID string) ([]*growthdesk.ForumPost, error) {
	rows, err := q.QueryContext(ctx, s.db.rebind("SELECT "+postColumns+postFrom+" WHERE p.topic_id = ? ORDER BY p.created_at, p.id"), topicID)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, scanPost))
}

// GetPost returns a post and its topic.
func (s *ForumStore) GetPost(ctx context.Context, postID string) (*growthdesk.ForumPost, *growthdesk.ForumTopic, error) {
	p, err := scanPost(s.db.queryRow(ctx, "SELECT "+postColumns+postFrom+" WHERE p.id = ?", postID))
	if err != nil {
		return nil, nil, err
	}
	t, err := scanTopic(s.db.queryRow(ctx, "SELECT "+topicColumns+topicFrom+" WHERE t.id = ?", p.TopicID))
	if err != nil {
		return nil, nil, err
	}
	return p, t, nil
}

// TopicSubscriber returns the topic's author and whether they want reply e-mail; nil when
// the author's account is gone or no longer approved (a rejected account gets no forum mail).
func (s *ForumStore) TopicSubscriber(ctx context.Context, topicID string) (*growthdesk.ForumSubscriber, error) {
	var sub growthdesk.ForumSubscriber
	var email, replies bool
	err := s.db.queryRow(ctx, `SELECT p.id, p.email, p.full_name, p.notify_email, p.notify_forum_replies
		FROM forum_topics t JOIN profiles p ON p.id = t.author_id WHERE t.id = ? AND p.approval_status = 'approved'`, topicID).
		Scan(&sub.ID, &sub.Email, &sub.FullName, &email, &replies)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sub.WantsReplies = email && replies
	return &sub, nil
}

// CreateTopic creates a topic and its opening post, with the audit entry.
func (s *ForumStore) CreateTopic(ctx context.Context, authorID string, in growthdesk.ForumTopicInput, audit growthdesk.AuditEntry) (*growthdesk.ForumThread, error) {
	topicID := growthdesk.NewID()
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `INSERT INTO forum_topics (id, category, title, author_id, pinned, locked, created_at, last_activity_at)
		VALUES (?, ?, ?, ?, FALSE, FALSE, ?, ?)`, topicID, in.Category, in.Title, authorID, tx.now, tx.now); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO forum_posts (id, topic_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)`,
			growthdesk.NewID(), topicID, authorID, in.Body, tx.now); err != nil {
			return err
		}
		audit.TargetID = topicID
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return s.GetThread(ctx, topicID)
}

// lockedTopic reads a topic's locked flag inside tx, locking the row on PostgreSQL;
// ENotFound when it is gone.
func (tx *Tx) lockedTopic(ctx context.Context, topicID string) (bool, error) {
	var locked bool
	err := tx.queryRow(ctx, "SELECT locked FROM forum_topics WHERE id = ?"+tx.forUpdate(), topicID).Scan(&locked)
	if errors.Is(err, sql.ErrNoRows) {
		return false, errNoTopic
	}
	return locked, err
}

// AddReply adds a reply, moves the topic's activity time, enqueues mail and audits, in one
// transaction; EConflict when the topic was locked meanwhile.
func (s *ForumStore) AddReply(ctx context.Context, topicID, authorID, body string, mail *growthdesk.Email, audit growthdesk.AuditEntry) (*growthdesk.ForumPost, error) {
	id := growthdesk.NewID()
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		locked, err := tx.lockedTopic(ctx, topicID)
		if err != nil {
			return err
		}
		if locked {
			return growthdesk.Errorf(growthdesk.EConflict, "This topic is locked: it takes no new replies.")
		}
		if _, err := tx.exec(ctx, `INSERT INTO forum_posts (id, topic_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)`,
			id, topicID, authorID, body, tx.now); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE forum_topics SET last_activity_at = ? WHERE id = ?", tx.now, topicID); err != nil {
			return err
		}
		if err := tx.enqueueMail(ctx, mail); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	p, _, err := s.GetPost(ctx, id)
	return p, err
}

// EditPost changes a post's text and marks it edited, with the audit entry.
func (s *ForumStore) EditPost(ctx context.Context, postID, body string, audit growthdesk.AuditEntry) (*growthdesk.ForumPost, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "UPDATE forum_posts SET body = ?, edited_at = ? WHERE id = ?", body, tx.now, postID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return errNoPost
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	p, _, err := s.GetPost(ctx, postID)
	return p, err
}

// ModerateTopic sets a topic's pinned and locked flags, with the audit entry.
func (s *ForumStore) ModerateTopic(ctx context.Context, topicID string, m growthdesk.ForumModeration, audit growthdesk.AuditEntry) (*growthdesk.ForumTopic, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.lockedTopic(ctx, topicID); err != nil {
			return err
		}
		if m.Pinned != nil {
			if _, err := tx.exec(ctx, "UPDATE forum_topics SET pinned = ? WHERE id = ?", *m.Pinned, topicID); err != nil {
				return err
			}
		}
		if m.Locked != nil {
			if _, err := tx.exec(ctx, "UPDATE forum_topics SET locked = ? WHERE id = ?", *m.Locked, topicID); err != nil {
				return err
			}
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return scanTopic(s.db.queryRow(ctx, "SELECT "+topicColumns+topicFrom+" WHERE t.id = ?", topicID))
}

// DeleteTopic deletes a topic and its posts, with the audit entry.
func (s *ForumStore) DeleteTopic(ctx context.Context, topicID string, audit growthdesk.AuditEntry) error {
	return s.delete(ctx, "DELETE FROM forum_topics WHERE id = ?", topicID, errNoTopic, audit)
}

// DeletePost deletes one post, with the audit entry.
func (s *ForumStore) DeletePost(ctx context.Context, postID string, audit growthdesk.AuditEntry) error {
	return s.delete(ctx, "DELETE FROM forum_posts WHERE id = ?", postID, errNoPost, audit)
}

func (s *ForumStore) delete(ctx context.Context, q, id string, notFound error, audit growthdesk.AuditEntry) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, q, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound
		}
		return tx.writeAudit(ctx, audit)
	})
}

// CountPosts counts the posts written by authorID.
func (s *ForumStore) CountPosts(ctx context.Context, authorID string) (int, error) {
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM forum_posts WHERE author_id = ?", authorID).Scan(&n)
	return n, err
}
