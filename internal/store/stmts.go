package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// stmtCache keeps the prepared statements of one SQLite pool, by query text. The SQLite
// driver parses every statement it is handed afresh, and on the refresh grant parsing cost
// about a fifth of the CPU; a statement prepared once is kept on each connection that ran
// it (database/sql does that for a *sql.Stmt) and only bound and stepped afterwards.
// PostgreSQL needs none: its driver keeps a statement cache per connection already.
type stmtCache struct {
	pool *sql.DB
	// background prepares new statements in a goroutine of their own (the writer's cache):
	// preparing needs a connection of the pool, and the caller may hold the writer's only
	// connection in a transaction.
	background bool
	mu         sync.RWMutex
	m          map[string]*sql.Stmt
	pending    map[string]bool
	closed     bool
}

// Queries longer than maxCachedQuery (multi-row inserts of a bulk load) and any beyond the
// first maxCachedStmts distinct texts run unprepared, so that the cache stays small.
const (
	maxCachedQuery = 4096
	maxCachedStmts = 1024
)

func newStmtCache(pool *sql.DB, background bool) *stmtCache {
	return &stmtCache{pool: pool, background: background, m: map[string]*sql.Stmt{}, pending: map[string]bool{}}
}

// get returns the prepared statement of q, or nil: without a cache (PostgreSQL), for a
// query not worth keeping, when preparing fails (running q unprepared then reports the
// error where it belongs), and in a background cache until the statement is ready.
func (c *stmtCache) get(ctx context.Context, q string) *sql.Stmt {
	if c == nil || len(q) > maxCachedQuery {
		return nil
	}
	c.mu.RLock()
	st, ok := c.m[q]
	full := len(c.m)+len(c.pending) >= maxCachedStmts || c.pending[q] || c.closed
	c.mu.RUnlock()
	if ok || full {
		return st
	}
	if c.background {
		c.mu.Lock()
		if _, ok := c.m[q]; !ok && !c.pending[q] && !c.closed {
			c.pending[q] = true
			go c.prepare(context.WithoutCancel(ctx), q)
		}
		c.mu.Unlock()
		return nil
	}
	return c.prepare(ctx, q)
}

func (c *stmtCache) prepare(ctx context.Context, q string) *sql.Stmt {
	st, err := c.pool.PrepareContext(ctx, q)
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pending, q)
	if err != nil {
		return nil
	}
	if old, ok := c.m[q]; ok || c.closed {
		_ = st.Close()
		return old
	}
	c.m[q] = st
	return st
}

func (c *stmtCache) close() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	var errs []error
	for q, st := range c.m {
		errs = append(errs, st.Close())
		delete(c.m, q)
	}
	return errors.Join(errs...)
}
