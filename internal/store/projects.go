package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// ProjectStore keeps the organizations' projects and their progress updates.
type ProjectStore struct{ db *DB }

// NewProjectStore returns a ProjectStore on db.
func NewProjectStore(db *DB) *ProjectStore { return &ProjectStore{db: db} }

var _ growthdesk.ProjectStore = (*ProjectStore)(nil)

var errNoProject = growthdesk.Errorf(growthdesk.ENotFound, "There is no such project.")

const projectSelect = `SELECT p.id, p.organization_id, o.name, p.name, p.description, p.status, p.priority,
	p.progress, p.start_date, p.end_date, p.created_by, COALESCE(cp.full_name, ''), p.assigned_to, p.created_at, p.updated_at
	FROM projects p JOIN organizations o ON o.id = p.organization_id
	LEFT JOIN profiles cp ON cp.id = p.created_by`

func scanProject(row rowScanner) (*growthdesk.Project, error) {
	var p growthdesk.Project
	var end, createdBy sql.NullString
	var creator, assigned string
	if err := row.Scan(&p.ID, &p.OrganizationID, &p.OrganizationName, &p.Name, &p.Description, &p.Status, &p.Priority,
		&p.Progress, &p.StartDate, &end, &createdBy, &creator, &assigned, &p.CreatedAt, &p.UpdatedAt); err != nil {
		return nil, err
	}
	if end.Valid {
		p.EndDate = &end.String
	}
	if createdBy.Valid {
		p.CreatedBy = &createdBy.String
		p.Creator = &growthdesk.PersonRef{ID: createdBy.String, FullName: creator}
	}
	p.AssignedTo = []string{}
	_ = json.Unmarshal([]byte(assigned), &p.AssignedTo)
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return &p, nil
}

// ListProjects returns the projects scope reaches, newest first.
func (s *ProjectStore) ListProjects(ctx context.Context, scope growthdesk.Scope, f growthdesk.ProjectFilter) ([]*growthdesk.Project, error) {
	where, args := scopeWhere(scope, "p.organization_id")
	if f.Search != "" {
		where += ` AND (LOWER(p.name) LIKE ? ESCAPE '\' OR LOWER(p.description) LIKE ? ESCAPE '\')`
		args = append(args, likePattern(f.Search), likePattern(f.Search))
	}
	if f.Status != "" {
		where += " AND p.status = ?"
		args = append(args, f.Status)
	}
	if f.Priority != "" {
		where += " AND p.priority = ?"
		args = append(args, f.Priority)
	}
	rows, err := s.db.query(ctx, projectSelect+" WHERE "+where+" ORDER BY p.created_at DESC, p.id", args...)
	if err != nil {
		return nil, err
	}
	out, err := scanRows(rows, scanProject)
	if err != nil {
		return nil, err
	}
	return out, s.nameAssignees(ctx, out)
}

// nameAssignees fills in the names of the projects' assignees, in one query for them all.
func (s *ProjectStore) nameAssignees(ctx context.Context, projects []*growthdesk.Project) error {
	var ids []any
	seen := map[string]bool{}
	for _, p := range projects {
		p.Assignees = []growthdesk.PersonRef{}
		for _, id := range p.AssignedTo {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	rows, err := s.db.query(ctx, "SELECT id, full_name FROM profiles WHERE id IN (?"+strings.Repeat(", ?", len(ids)-1)+")", ids...)
	if err != nil {
		return err
	}
	defer rows.Close()
	names := map[string]string{}
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		names[id] = name
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, p := range projects {
		for _, id := range p.AssignedTo {
			if name, ok := names[id]; ok {
				p.Assignees = append(p.Assignees, growthdesk.PersonRef{ID: id, FullName: name})
			}
		}
	}
	return nil
}

// GetProject returns a project within scope with its updates, newest first.
func (s *ProjectStore) GetProject(ctx context.Context, scope growthdesk.Scope, id string) (*growthdesk.Project, error) {
	where, args := scopeWhere(scope, "p.organization_id")
	p, err := scanProject(s.db.queryRow(ctx, projectSelect+" WHERE p.id = ? AND "+where, append([]any{id}, args...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoProject
	} else if err != nil {
		return nil, err
	}
	if err := s.nameAssignees(ctx, []*growthdesk.Project{p}); err != nil {
		return nil, err
	}
	rows, err := s.db.query(ctx, `SELECT u.id, u.project_id, u.content, u.progress, u.author_id, COALESCE(a.full_name, ''), u.created_at
		FROM project_updates u LEFT JOIN profiles a ON a.id = u.author_id
		WHERE u.project_id = ? ORDER BY u.created_at DESC, u.id`, p.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	p.Updates = []*growthdesk.ProjectUpdate{}
	for rows.Next() {
		var u growthdesk.ProjectUpdate
		var progress sql.NullInt64
		var author sql.NullString
		var name string
		if err := rows.Scan(&u.ID, &u.ProjectID, &u.Content, &progress, &author, &name, &u.CreatedAt); err != nil {
			return nil, err
		}
		if progress.Valid {
			v := int(progress.Int64)
			u.Progress = &v
		}
		if author.Valid {
			u.Author = &growthdesk.PersonRef{ID: author.String, FullName: name}
		}
		u.CreatedAt = u.CreatedAt.UTC()
		p.Updates = append(p.Updates, &u)
	}
	return p, rows.Err()
}

// checkAssignees refuses assignees who are not approved staff or approved members of orgID.
func (tx *Tx) checkAssignees(ctx context.Context, orgID string, ids []string) error {
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM profiles WHERE id = ? AND approval_status = 'approved'
			AND (role IN ('admin', 'employee') OR organization_id = ?)`, id, orgID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return growthdesk.Invalid(map[string]string{"assigned_to": "Assign staff or members of the project's organization only."})
		}
	}
	return nil
}

func (tx *Tx) organizationExists(ctx context.Context, orgID string) (bool, error) {
	var n int
	err := tx.queryRow(ctx, "SELECT COUNT(*) FROM organizations WHERE id = ?", orgID).Scan(&n)
	return n > 0, err
}

var errNoSuchOrganization = growthdesk.Invalid(map[string]string{"organization_id": "There is no such organization."})

func assignedJSON(ids []string) string {
	if ids == nil {
		ids = []string{}
	}
	b, _ := json.Marshal(ids)
	return string(b)
}

// CreateProject stores a project of an organization of scope with its audit entry; an
// organization outside scope is answered like an unknown one.
func (s *ProjectStore) CreateProject(ctx context.Context, scope growthdesk.Scope, p *growthdesk.Project, audit growthdesk.AuditEntry) (*growthdesk.Project, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		if ok, err := tx.organizationExists(ctx, p.OrganizationID); err != nil {
			return err
		} else if !ok || !scope.Allows(p.OrganizationID) {
			return errNoSuchOrganization
		}
		if err := tx.checkAssignees(ctx, p.OrganizationID, p.AssignedTo); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO projects (id, organization_id, name, description, status, priority, progress,
		start_date, end_date, created_by, assigned_to, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			p.ID, p.OrganizationID, p.Name, p.Description, p.Status, p.Priority, p.Progress, p.StartDate, p.EndDate,
			p.CreatedBy, assignedJSON(p.AssignedTo), tx.now, tx.now); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return s.GetProject(ctx, scope, p.ID)
}

// lockProject reads the organization of a project of scope inside tx, locking the row on
// PostgreSQL; errNoProject for another organization's project as for an unknown one.
func (tx *Tx) lockProject(ctx context.Context, scope growthdesk.Scope, id string) (orgID string, err error) {
	where, args := scopeWhere(scope, "organization_id")
	err = tx.queryRow(ctx, "SELECT organization_id FROM projects WHERE id = ? AND "+where+tx.forUpdate(), append([]any{id}, args...)...).Scan(&orgID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNoProject
	}
	return orgID, err
}

// UpdateProject replaces the editable fields of a project of scope.
func (s *ProjectStore) UpdateProject(ctx context.Context, scope growthdesk.Scope, id string, in growthdesk.ProjectInput, audit growthdesk.AuditEntry) (*growthdesk.Project, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		orgID, err := tx.lockProject(ctx, scope, id)
		if err != nil {
			return err
		}
		if err := tx.checkAssignees(ctx, orgID, in.AssignedTo); err != nil {
			return err
		}
		var end *string
		if in.EndDate != "" {
			end = &in.EndDate
		}
		if _, err := tx.exec(ctx, `UPDATE projects SET name = ?, description = ?, status = ?, priority = ?, progress = ?,
		start_date = ?, end_date = ?, assigned_to = ?, updated_at = ? WHERE id = ?`,
			in.Name, in.Description, in.Status, in.Priority, in.Progress, in.StartDate, end, assignedJSON(in.AssignedTo), tx.now, id); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return s.GetProject(ctx, scope, id)
}

// DeleteProject removes a project of scope and its updates.
func (s *ProjectStore) DeleteProject(ctx context.Context, scope growthdesk.Scope, id string, audit growthdesk.AuditEntry) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		var name string
		where, args := scopeWhere(scope, "organization_id")
		if err := tx.queryRow(ctx, "SELECT name FROM projects WHERE id = ? AND "+where, append([]any{id}, args...)...).Scan(&name); errors.Is(err, sql.ErrNoRows) {
			return errNoProject
		} else if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "DELETE FROM project_updates WHERE project_id = ?", id); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "DELETE FROM projects WHERE id = ?", id); err != nil {
			return err
		}
		audit.Details = map[string]any{"name": name}
		return tx.writeAudit(ctx, audit)
	})
}

// AddProjectUpdate stores a progress update of a project of scope and, when it carries one,
// the new progress.
func (s *ProjectStore) AddProjectUpdate(ctx context.Context, scope growthdesk.Scope, u *growthdesk.ProjectUpdate, authorID string, audit growthdesk.AuditEntry) (*growthdesk.ProjectUpdate, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		orgID, err := tx.lockProject(ctx, scope, u.ProjectID)
		if err != nil {
			return err
		}
		var author any
		if authorID != "" {
			author = authorID
		}
		if _, err := tx.exec(ctx, `INSERT INTO project_updates (id, project_id, organization_id, author_id, content, progress, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, u.ID, u.ProjectID, orgID, author, u.Content, u.Progress, tx.now); err != nil {
			return err
		}
		if u.Progress != nil {
			if _, err := tx.exec(ctx, "UPDATE projects SET progress = ?, updated_at = ? WHERE id = ?", *u.Progress, tx.now, u.ProjectID); err != nil {
				return err
			}
		} else if _, err := tx.exec(ctx, "UPDATE projects SET updated_at = ? WHERE id = ?", tx.now, u.ProjectID); err != nil {
			return err
		}
		u.CreatedAt = tx.now
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	if authorID != "" {
		var name string
		_ = s.db.queryRow(ctx, "SELECT full_name FROM profiles WHERE id = ?", authorID).Scan(&name)
		u.Author = &growthdesk.PersonRef{ID: authorID, FullName: name}
	}
	return u, nil
}

// RecentProjectUpdates returns the newest progress updates of scope as activity items.
func (s *ProjectStore) RecentProjectUpdates(ctx context.Context, scope growthdesk.Scope, limit int) ([]growthdesk.Activity, error) {
	if limit <= 0 || limit > 100 {
		limit = 10
	}
	where, args := scopeWhere(scope, "u.organization_id")
	rows, err := s.db.query(ctx, `SELECT p.name, u.content, u.created_at FROM project_updates u
		JOIN projects p ON p.id = u.project_id WHERE `+where+` ORDER BY u.created_at DESC, u.id`+limitClause(limit), args...)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, func(row rowScanner) (growthdesk.Activity, error) {
		it := growthdesk.Activity{Kind: "project", Link: "projects"}
		var name string
		if err := row.Scan(&name, &it.Detail, &it.At); err != nil {
			return growthdesk.Activity{}, err
		}
		it.Title = "Project update: " + name
		it.At = it.At.UTC()
		return it, nil
	}))
}
