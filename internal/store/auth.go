package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// AuthStore keeps the auth service's users, sessions, refresh tokens, one-time tokens, MFA
// factors, PKCE flow states and signing keys. Each method that writes is one transaction.
type AuthStore struct{ db *DB }

// NewAuthStore returns an AuthStore on db.
func NewAuthStore(db *DB) *AuthStore { return &AuthStore{db: db} }

var _ auth.Store = (*AuthStore)(nil)

// authSentColumn is the users column that records when a message of a token type was last
// sent; it drives the per-user resend window. Magic links share recovery_sent_at, as in
// GoTrue.
var authSentColumn = map[string]string{
	auth.TokenConfirmation:     "confirmation_sent_at",
	auth.TokenRecovery:         "recovery_sent_at",
	auth.TokenMagicLink:        "recovery_sent_at",
	auth.TokenReauthentication: "reauthentication_sent_at",
}

func authNotFound(what string) error {
	return growthdesk.Errorf(growthdesk.ENotFound, "There is no such %s.", what)
}

func authNullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// authTimeArg turns an optional time into a query argument in UTC.
func authTimeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func authNullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// forUpdate locks the selected rows on PostgreSQL. SQLite needs nothing: its write
// transactions are exclusive from the start (_txlock=immediate).
func (tx *Tx) forUpdate() string {
	if tx.db.dialect == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

func authJSON(v any) (string, error) {
	if v == nil {
		return "{}", nil
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// ---- users ----

const authUserColumns = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
	reauthentication_sent_at, last_sign_in_at, user_metadata, app_metadata, banned_until, created_at, updated_at`

type authScanner interface{ Scan(dest ...any) error }

func authScanUser(row authScanner) (*auth.User, error) {
	var (
		u                                                    auth.User
		confirmed, confSent, recSent, reauthSent, lastSignIn sql.NullTime
		banned                                               sql.NullTime
		userMeta, appMeta                                    string
	)
	if err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &confirmed, &confSent, &recSent, &reauthSent, &lastSignIn,
		&userMeta, &appMeta, &banned, &u.CreatedAt, &u.UpdatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("user")
		}
		return nil, err
	}
	u.EmailConfirmedAt, u.ConfirmationSentAt, u.RecoverySentAt = authNullTime(confirmed), authNullTime(confSent), authNullTime(recSent)
	u.ReauthenticationSentAt, u.LastSignInAt, u.BannedUntil = authNullTime(reauthSent), authNullTime(lastSignIn), authNullTime(banned)
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	u.UserMetadata, u.AppMetadata = map[string]any{}, map[string]any{}
	if err := json.Unmarshal([]byte(userMeta), &u.UserMetadata); err != nil || u.UserMetadata == nil {
		u.UserMetadata = map[string]any{}
	}
	if err := json.Unmarshal([]byte(appMeta), &u.AppMetadata); err != nil || u.AppMetadata == nil {
		u.AppMetadata = map[string]any{}
	}
	return &u, nil
}

// CreateUser inserts the user, its profile and whatever else p asks for in one transaction.
func (s *AuthStore) CreateUser(ctx context.Context, p auth.NewUser) (*auth.User, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	u := p.User
	if u.ID == "" {
		u.ID = newID()
	}
	u.CreatedAt, u.UpdatedAt = tx.now, tx.now
	now := tx.now
	if p.Confirmed {
		u.EmailConfirmedAt = &now
	}
	if p.Token != nil {
		switch authSentColumn[p.Token.Type] {
		case "confirmation_sent_at":
			u.ConfirmationSentAt = &now
		case "recovery_sent_at":
			u.RecoverySentAt = &now
		}
	}
	if p.Session != nil {
		u.LastSignInAt = &now
	}
	if u.UserMetadata == nil {
		u.UserMetadata = map[string]any{}
	}
	if u.AppMetadata == nil {
		u.AppMetadata = map[string]any{}
	}
	userMeta, err := authJSON(u.UserMetadata)
	if err != nil {
		return nil, err
	}
	appMeta, err := authJSON(u.AppMetadata)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, `INSERT INTO users (id, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
		recovery_sent_at, last_sign_in_at, user_metadata, app_metadata, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
		u.ID, u.Email, u.PasswordHash, authTimeArg(u.EmailConfirmedAt), authTimeArg(u.ConfirmationSentAt),
		authTimeArg(u.RecoverySentAt), authTimeArg(u.LastSignInAt), userMeta, appMeta, tx.now, tx.now)
	if err != nil {
		return nil, fmt.Errorf("insert user: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n == 0 {
		return nil, growthdesk.Errorf(growthdesk.EConflict, "A user with this email address already exists.")
	}
	role := p.Profile.Role
	if role == "" {
		role = growthdesk.RoleCustomer
	}
	approval, approvedAt := growthdesk.ApprovalPending, any(nil)
	if p.Profile.Approved {
		approval, approvedAt = growthdesk.ApprovalApproved, tx.now
	}
	if _, err := tx.exec(ctx, `INSERT INTO profiles (id, email, full_name, role, approval_status, approved_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, u.Email, p.Profile.FullName, role, approval, approvedAt, tx.now, tx.now); err != nil {
		return nil, fmt.Errorf("insert profile: %w", err)
	}
	if p.Flow != nil {
		f := *p.Flow
		f.UserID = u.ID
		if err := tx.insertFlowState(ctx, f); err != nil {
			return nil, err
		}
	}
	if p.Token != nil {
		t := *p.Token
		t.UserID = u.ID
		if err := tx.insertOneTimeToken(ctx, t); err != nil {
			return nil, err
		}
	}
	if err := tx.enqueueMail(ctx, p.Mail); err != nil {
		return nil, err
	}
	if p.Session != nil {
		ns := *p.Session
		ns.Session.UserID = u.ID
		if err := tx.insertSession(ctx, ns); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return &u, nil
}

// UserByID returns the user with its factors.
func (s *AuthStore) UserByID(ctx context.Context, id string) (*auth.User, error) {
	u, err := authScanUser(s.db.queryRow(ctx, "SELECT "+authUserColumns+" FROM users WHERE id = ?", id))
	if err != nil {
		return nil, err
	}
	return u, s.loadFactors(ctx, u)
}

// UserByEmail returns the user with its factors.
func (s *AuthStore) UserByEmail(ctx context.Context, email string) (*auth.User, error) {
	u, err := authScanUser(s.db.queryRow(ctx, "SELECT "+authUserColumns+" FROM users WHERE email = ?", email))
	if err != nil {
		return nil, err
	}
	return u, s.loadFactors(ctx, u)
}

func (s *AuthStore) loadFactors(ctx context.Context, u *auth.User) error {
	rows, err := s.db.sql.QueryContext(ctx, s.db.rebind("SELECT "+authFactorColumns+" FROM mfa_factors WHERE user_id = ? ORDER BY created_at, id"), u.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	u.Factors = nil
	for rows.Next() {
		f, err := authScanFactor(rows)
		if err != nil {
			return err
		}
		u.Factors = append(u.Factors, *f)
	}
	return rows.Err()
}

// patchMetadata merges patch into the user's user_metadata inside tx, so that two
// concurrent updates of different keys both survive.
func (tx *Tx) patchMetadata(ctx context.Context, userID string, patch map[string]any) error {
	var raw string
	if err := tx.queryRow(ctx, "SELECT user_metadata FROM users WHERE id = ?"+tx.forUpdate(), userID).Scan(&raw); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return authNotFound("user")
		}
		return err
	}
	meta := map[string]any{}
	if err := json.Unmarshal([]byte(raw), &meta); err != nil || meta == nil {
		meta = map[string]any{}
	}
	for k, v := range patch {
		if v == nil {
			delete(meta, k)
		} else {
			meta[k] = v
		}
	}
	encoded, err := authJSON(meta)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "UPDATE users SET user_metadata = ?, updated_at = ? WHERE id = ?", encoded, tx.now, userID)
	return err
}

// UpdateUser applies the user's own change.
func (s *AuthStore) UpdateUser(ctx context.Context, upd auth.UserUpdate) (*auth.User, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.exec(ctx, "UPDATE users SET updated_at = ? WHERE id = ?", tx.now, upd.ID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, authNotFound("user")
	}
	if len(upd.MetadataPatch) > 0 {
		if err := tx.patchMetadata(ctx, upd.ID, upd.MetadataPatch); err != nil {
			return nil, err
		}
	}
	if upd.ConsumeTokenID != "" {
		res, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE id = ? AND user_id = ? AND expires_at > ?", upd.ConsumeTokenID, upd.ID, tx.now)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, growthdesk.Errorf(growthdesk.EConflict, "The reauthentication code was already used.")
		}
	}
	if upd.PasswordHash != nil {
		if _, err := tx.exec(ctx, "UPDATE users SET encrypted_password = ? WHERE id = ?", *upd.PasswordHash, upd.ID); err != nil {
			return nil, err
		}
		if _, err := tx.exec(ctx, "DELETE FROM sessions WHERE user_id = ? AND id <> ?", upd.ID, upd.KeepSessionID); err != nil {
			return nil, err
		}
		if _, err := tx.exec(ctx, `DELETE FROM one_time_tokens WHERE user_id = ? AND token_type IN (?, ?, ?)`,
			upd.ID, auth.TokenRecovery, auth.TokenMagicLink, auth.TokenReauthentication); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, upd.ID)
}

// ---- one-time tokens and flow states ----

const authTokenColumns = "id, user_id, token_type, token_hash, otp_hash, relates_to, created_at, expires_at"

func authScanToken(row authScanner) (*auth.OneTimeToken, error) {
	var t auth.OneTimeToken
	if err := row.Scan(&t.ID, &t.UserID, &t.Type, &t.TokenHash, &t.OTPHash, &t.RelatesTo, &t.CreatedAt, &t.ExpiresAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("token")
		}
		return nil, err
	}
	t.CreatedAt, t.ExpiresAt = t.CreatedAt.UTC(), t.ExpiresAt.UTC()
	return &t, nil
}

func (tx *Tx) insertOneTimeToken(ctx context.Context, t auth.OneTimeToken) error {
	if t.ID == "" {
		t.ID = newID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO one_time_tokens (id, user_id, token_type, token_hash, otp_hash, relates_to, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.ID, t.UserID, t.Type, t.TokenHash, t.OTPHash, t.RelatesTo, tx.now, t.ExpiresAt.UTC()); err != nil {
		return fmt.Errorf("insert %s token: %w", t.Type, err)
	}
	return nil
}

func (tx *Tx) insertFlowState(ctx context.Context, f auth.FlowState) error {
	if f.ID == "" {
		f.ID = newID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO flow_states (id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, f.ID, f.UserID, f.AuthCode, f.CodeChallenge, f.CodeChallengeMethod, f.AuthenticationMethod, tx.now); err != nil {
		return fmt.Errorf("insert flow state: %w", err)
	}
	return nil
}

// IssueOneTimeToken replaces the user's token of t's type, within the resend window.
func (s *AuthStore) IssueOneTimeToken(ctx context.Context, t auth.OneTimeToken, flow *auth.FlowState, mail *growthdesk.Email, minInterval time.Duration) error {
	column, ok := authSentColumn[t.Type]
	if !ok {
		return fmt.Errorf("unknown one-time token type %q", t.Type)
	}
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var sent sql.NullTime
	if err := tx.queryRow(ctx, "SELECT "+column+" FROM users WHERE id = ?"+tx.forUpdate(), t.UserID).Scan(&sent); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return authNotFound("user")
		}
		return err
	}
	if sent.Valid {
		if elapsed := tx.now.Sub(sent.Time); elapsed >= 0 && elapsed < minInterval {
			return &auth.RetryAfterError{After: minInterval - elapsed}
		}
	}
	// The previous link of this type stops working, and with it its PKCE flow; flow states
	// whose link is long gone are swept at the same time.
	if _, err := tx.exec(ctx, `DELETE FROM flow_states WHERE user_id = ? AND id IN
		(SELECT relates_to FROM one_time_tokens WHERE user_id = ? AND token_type = ?)`, t.UserID, t.UserID, t.Type); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE user_id = ? AND (token_type = ? OR expires_at <= ?)", t.UserID, t.Type, tx.now); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `DELETE FROM flow_states WHERE user_id = ? AND created_at < ? AND id NOT IN
		(SELECT relates_to FROM one_time_tokens WHERE user_id = ?)`, t.UserID, tx.now.Add(-24*time.Hour), t.UserID); err != nil {
		return err
	}
	if flow != nil {
		f := *flow
		f.UserID = t.UserID
		if err := tx.insertFlowState(ctx, f); err != nil {
			return err
		}
	}
	if err := tx.insertOneTimeToken(ctx, t); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE users SET "+column+" = ? WHERE id = ?", tx.now, t.UserID); err != nil {
		return err
	}
	if err := tx.enqueueMail(ctx, mail); err != nil {
		return err
	}
	return tx.Commit()
}

// OneTimeTokenByHash returns the token of a link.
func (s *AuthStore) OneTimeTokenByHash(ctx context.Context, hash string) (*auth.OneTimeToken, error) {
	return authScanToken(s.db.queryRow(ctx, "SELECT "+authTokenColumns+" FROM one_time_tokens WHERE token_hash = ?", hash))
}

// OneTimeTokenByOTP returns the user's newest token of one of types with the code hash.
func (s *AuthStore) OneTimeTokenByOTP(ctx context.Context, userID string, types []string, otpHash string) (*auth.OneTimeToken, error) {
	if len(types) == 0 || otpHash == "" {
		return nil, authNotFound("token")
	}
	args := []any{userID, otpHash}
	for _, t := range types {
		args = append(args, t)
	}
	q := "SELECT " + authTokenColumns + " FROM one_time_tokens WHERE user_id = ? AND otp_hash = ? AND token_type IN (?" +
		strings.Repeat(", ?", len(types)-1) + ") ORDER BY created_at DESC, id DESC LIMIT 1"
	return authScanToken(s.db.queryRow(ctx, q, args...))
}

// RedeemOneTimeToken uses up a token and does what it stands for.
func (s *AuthStore) RedeemOneTimeToken(ctx context.Context, r auth.Redemption) (*auth.User, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE id = ? AND user_id = ? AND expires_at > ?", r.TokenID, r.UserID, tx.now)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, authNotFound("token")
	}
	if r.ConfirmEmail {
		res, err := tx.exec(ctx, "UPDATE users SET email_confirmed_at = ?, updated_at = ? WHERE id = ? AND email_confirmed_at IS NULL", tx.now, tx.now, r.UserID)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			if err := tx.patchMetadata(ctx, r.UserID, map[string]any{"email_verified": true}); err != nil {
				return nil, err
			}
			if _, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?", r.UserID, auth.TokenConfirmation); err != nil {
				return nil, err
			}
		}
	}
	switch {
	case r.Session != nil:
		ns := *r.Session
		ns.Session.UserID = r.UserID
		if err := tx.signIn(ctx, ns); err != nil {
			return nil, err
		}
	case r.FlowID != "":
		res, err := tx.exec(ctx, "UPDATE flow_states SET auth_code = ?, created_at = ? WHERE id = ? AND user_id = ?", r.AuthCode, tx.now, r.FlowID, r.UserID)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, authNotFound("flow state")
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, r.UserID)
}

// FlowStateByAuthCode returns the flow state of an auth code.
func (s *AuthStore) FlowStateByAuthCode(ctx context.Context, code string) (*auth.FlowState, error) {
	var f auth.FlowState
	err := s.db.queryRow(ctx, `SELECT id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method, created_at
		FROM flow_states WHERE auth_code = ?`, code).Scan(&f.ID, &f.UserID, &f.AuthCode, &f.CodeChallenge, &f.CodeChallengeMethod, &f.AuthenticationMethod, &f.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, authNotFound("flow state")
	} else if err != nil {
		return nil, err
	}
	f.CreatedAt = f.CreatedAt.UTC()
	return &f, nil
}

// RedeemFlowState uses up a flow state and signs its user in.
func (s *AuthStore) RedeemFlowState(ctx context.Context, flowID string, ns auth.NewSession) (*auth.User, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	var userID string
	if err := tx.queryRow(ctx, "SELECT user_id FROM flow_states WHERE id = ?", flowID).Scan(&userID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("flow state")
		}
		return nil, err
	}
	res, err := tx.exec(ctx, "DELETE FROM flow_states WHERE id = ?", flowID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, authNotFound("flow state")
	}
	ns.Session.UserID = userID
	if err := tx.signIn(ctx, ns); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, userID)
}

// ---- sessions and refresh tokens ----

const authSessionColumns = "id, user_id, aal, factor_id, amr, user_agent, ip, created_at, updated_at, refreshed_at, not_after"

func authScanSession(row authScanner) (*auth.Session, error) {
	var (
		s                   auth.Session
		factor              sql.NullString
		amr                 string
		refreshed, notAfter sql.NullTime
	)
	if err := row.Scan(&s.ID, &s.UserID, &s.AAL, &factor, &amr, &s.UserAgent, &s.IP, &s.CreatedAt, &s.UpdatedAt, &refreshed, &notAfter); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("session")
		}
		return nil, err
	}
	s.FactorID = factor.String
	_ = json.Unmarshal([]byte(amr), &s.AMR)
	s.CreatedAt, s.UpdatedAt = s.CreatedAt.UTC(), s.UpdatedAt.UTC()
	s.RefreshedAt, s.NotAfter = authNullTime(refreshed), authNullTime(notAfter)
	return &s, nil
}

const authRefreshColumns = "id, token_hash, salt, session_id, parent_hash, revoked, revoked_at, created_at"

func authScanRefresh(row authScanner) (*auth.RefreshToken, error) {
	var (
		t       auth.RefreshToken
		parent  sql.NullString
		revoked sql.NullTime
	)
	if err := row.Scan(&t.ID, &t.Hash, &t.Salt, &t.SessionID, &parent, &t.Revoked, &revoked, &t.CreatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("refresh token")
		}
		return nil, err
	}
	t.ParentHash = parent.String
	t.RevokedAt = authNullTime(revoked)
	t.CreatedAt = t.CreatedAt.UTC()
	return &t, nil
}

func (tx *Tx) insertRefreshToken(ctx context.Context, t auth.RefreshToken) (auth.RefreshToken, error) {
	if t.ID == "" {
		t.ID = newID() // time-ordered, so the newest token of a session sorts last
	}
	t.CreatedAt = tx.now
	if _, err := tx.exec(ctx, `INSERT INTO refresh_tokens (id, token_hash, salt, session_id, parent_hash, revoked, created_at)
		VALUES (?, ?, ?, ?, ?, FALSE, ?)`, t.ID, t.Hash, t.Salt, t.SessionID, authNullString(t.ParentHash), tx.now); err != nil {
		return t, fmt.Errorf("insert refresh token: %w", err)
	}
	return t, nil
}

func (tx *Tx) insertSession(ctx context.Context, ns auth.NewSession) error {
	s := ns.Session
	amr, err := json.Marshal(s.AMR)
	if err != nil {
		return err
	}
	if s.AMR == nil {
		amr = []byte("[]")
	}
	if s.AAL == "" {
		s.AAL = "aal1"
	}
	if _, err := tx.exec(ctx, `INSERT INTO sessions (id, user_id, aal, factor_id, amr, user_agent, ip, created_at, updated_at, refreshed_at, not_after)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`, s.ID, s.UserID, s.AAL, authNullString(s.FactorID), string(amr),
		s.UserAgent, s.IP, tx.now, tx.now, authTimeArg(s.NotAfter)); err != nil {
		return fmt.Errorf("insert session: %w", err)
	}
	rt := ns.Refresh
	rt.SessionID = s.ID
	_, err = tx.insertRefreshToken(ctx, rt)
	return err
}

// signIn creates a session and records the sign-in on the user.
func (tx *Tx) signIn(ctx context.Context, ns auth.NewSession) error {
	res, err := tx.exec(ctx, "UPDATE users SET last_sign_in_at = ? WHERE id = ?", tx.now, ns.Session.UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return authNotFound("user")
	}
	return tx.insertSession(ctx, ns)
}

// CreateSession signs a user in.
func (s *AuthStore) CreateSession(ctx context.Context, ns auth.NewSession) (*auth.User, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	if err := tx.signIn(ctx, ns); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, ns.Session.UserID)
}

// SessionByID returns a session.
func (s *AuthStore) SessionByID(ctx context.Context, id string) (*auth.Session, error) {
	return authScanSession(s.db.queryRow(ctx, "SELECT "+authSessionColumns+" FROM sessions WHERE id = ?", id))
}

// ListSessions returns the user's sessions, newest first.
func (s *AuthStore) ListSessions(ctx context.Context, userID string) ([]auth.Session, error) {
	rows, err := s.db.sql.QueryContext(ctx, s.db.rebind("SELECT "+authSessionColumns+" FROM sessions WHERE user_id = ? ORDER BY created_at DESC, id DESC"), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []auth.Session
	for rows.Next() {
		sess, err := authScanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *sess)
	}
	return out, rows.Err()
}

// DeleteSession deletes one session; its refresh tokens go with it (ON DELETE CASCADE).
func (s *AuthStore) DeleteSession(ctx context.Context, id string) error {
	_, err := s.db.exec(ctx, "DELETE FROM sessions WHERE id = ?", id)
	return err
}

// DeleteUserSessions deletes every session of the user except exceptID.
func (s *AuthStore) DeleteUserSessions(ctx context.Context, userID, exceptID string) error {
	_, err := s.db.exec(ctx, "DELETE FROM sessions WHERE user_id = ? AND id <> ?", userID, exceptID)
	return err
}

// RotateRefreshToken runs one refresh step under a lock on the session, so that two
// concurrent refreshes of one session are serialized and see each other's writes.
func (s *AuthStore) RotateRefreshToken(ctx context.Context, tokenHash string, plan func(auth.RefreshState) (auth.RefreshPlan, error)) (*auth.RefreshResult, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	var sessionID string
	if err := tx.queryRow(ctx, "SELECT session_id FROM refresh_tokens WHERE token_hash = ?", tokenHash).Scan(&sessionID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("refresh token")
		}
		return nil, err
	}
	// Lock the session first, then read the tokens: a concurrent refresh that won the lock
	// has committed by the time these reads run.
	sess, err := authScanSession(tx.queryRow(ctx, "SELECT "+authSessionColumns+" FROM sessions WHERE id = ?"+tx.forUpdate(), sessionID))
	if err != nil {
		return nil, err
	}
	presented, err := authScanRefresh(tx.queryRow(ctx, "SELECT "+authRefreshColumns+" FROM refresh_tokens WHERE token_hash = ?", tokenHash))
	if err != nil {
		return nil, err
	}
	state := auth.RefreshState{Presented: *presented, Session: *sess, Now: tx.now}
	active, err := authScanRefresh(tx.queryRow(ctx, "SELECT "+authRefreshColumns+
		" FROM refresh_tokens WHERE session_id = ? AND revoked = FALSE ORDER BY created_at DESC, id DESC LIMIT 1", sess.ID))
	switch {
	case err == nil:
		state.Active = active
	case growthdesk.ErrorCode(err) != growthdesk.ENotFound:
		return nil, err
	}
	p, err := plan(state)
	if err != nil {
		return nil, err
	}
	result := &auth.RefreshResult{Session: *sess}
	switch {
	case p.RevokeSession:
		if _, err := tx.exec(ctx, "DELETE FROM sessions WHERE id = ?", sess.ID); err != nil {
			return nil, err
		}
		result.Revoked = true
		return result, tx.Commit()
	case p.Reissue:
		if state.Active == nil {
			return nil, errors.New("refresh plan reissues a token the session does not have")
		}
		result.Token = state.Active
	case p.Issue != nil:
		if _, err := tx.exec(ctx, "UPDATE refresh_tokens SET revoked = TRUE, revoked_at = ? WHERE id = ? AND revoked = FALSE", tx.now, presented.ID); err != nil {
			return nil, err
		}
		child := *p.Issue
		child.SessionID, child.ParentHash = sess.ID, presented.Hash
		child, err = tx.insertRefreshToken(ctx, child)
		if err != nil {
			return nil, err
		}
		result.Token = &child
	default:
		return nil, errors.New("empty refresh plan")
	}
	now := tx.now
	if _, err := tx.exec(ctx, "UPDATE sessions SET refreshed_at = ?, updated_at = ? WHERE id = ?", now, now, sess.ID); err != nil {
		return nil, err
	}
	result.Session.RefreshedAt, result.Session.UpdatedAt = &now, now
	return result, tx.Commit()
}

// ---- MFA ----

const authFactorColumns = "id, user_id, friendly_name, factor_type, status, secret, last_challenged_at, created_at, updated_at"

func authScanFactor(row authScanner) (*auth.Factor, error) {
	var (
		f          auth.Factor
		challenged sql.NullTime
	)
	if err := row.Scan(&f.ID, &f.UserID, &f.FriendlyName, &f.Type, &f.Status, &f.Secret, &challenged, &f.CreatedAt, &f.UpdatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("factor")
		}
		return nil, err
	}
	f.LastChallengedAt = authNullTime(challenged)
	f.CreatedAt, f.UpdatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC()
	return &f, nil
}

// CreateFactor enrolls a factor; the user row is locked so that two enrollments at once
// cannot both pass the name and count checks.
func (s *AuthStore) CreateFactor(ctx context.Context, f auth.Factor, max int, staleBefore time.Time) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var id string
	if err := tx.queryRow(ctx, "SELECT id FROM users WHERE id = ?"+tx.forUpdate(), f.UserID).Scan(&id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return authNotFound("user")
		}
		return err
	}
	if _, err := tx.exec(ctx, "DELETE FROM mfa_factors WHERE user_id = ? AND status = 'unverified' AND created_at < ?", f.UserID, staleBefore.UTC()); err != nil {
		return err
	}
	if f.FriendlyName != "" {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM mfa_factors WHERE user_id = ? AND friendly_name = ?", f.UserID, f.FriendlyName).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return growthdesk.Errorf(growthdesk.EConflict, "A factor with this name exists already.")
		}
	}
	var count int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM mfa_factors WHERE user_id = ?", f.UserID).Scan(&count); err != nil {
		return err
	}
	if count >= max {
		return &auth.TooManyFactorsError{Max: max}
	}
	if f.ID == "" {
		f.ID = newID()
	}
	if f.Status == "" {
		f.Status = "unverified"
	}
	if _, err := tx.exec(ctx, `INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, f.UserID, f.FriendlyName, f.Type, f.Status, f.Secret, tx.now, tx.now); err != nil {
		return fmt.Errorf("insert factor: %w", err)
	}
	return tx.Commit()
}

// FactorByID returns a factor.
func (s *AuthStore) FactorByID(ctx context.Context, id string) (*auth.Factor, error) {
	return authScanFactor(s.db.queryRow(ctx, "SELECT "+authFactorColumns+" FROM mfa_factors WHERE id = ?", id))
}

// CreateChallenge opens a challenge on a factor.
func (s *AuthStore) CreateChallenge(ctx context.Context, c auth.Challenge) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.exec(ctx, "UPDATE mfa_factors SET last_challenged_at = ? WHERE id = ?", tx.now, c.FactorID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return authNotFound("factor")
	}
	if c.ID == "" {
		c.ID = newID()
	}
	if _, err := tx.exec(ctx, "INSERT INTO mfa_challenges (id, factor_id, ip, created_at) VALUES (?, ?, ?, ?)", c.ID, c.FactorID, c.IP, tx.now); err != nil {
		return fmt.Errorf("insert challenge: %w", err)
	}
	// Challenges older than a day are of no use to anyone.
	if _, err := tx.exec(ctx, "DELETE FROM mfa_challenges WHERE factor_id = ? AND created_at < ?", c.FactorID, tx.now.Add(-24*time.Hour)); err != nil {
		return err
	}
	return tx.Commit()
}

// ChallengeByID returns a challenge.
func (s *AuthStore) ChallengeByID(ctx context.Context, id string) (*auth.Challenge, error) {
	var (
		c        auth.Challenge
		verified sql.NullTime
	)
	err := s.db.queryRow(ctx, "SELECT id, factor_id, ip, created_at, verified_at FROM mfa_challenges WHERE id = ?", id).
		Scan(&c.ID, &c.FactorID, &c.IP, &c.CreatedAt, &verified)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, authNotFound("challenge")
	} else if err != nil {
		return nil, err
	}
	c.CreatedAt = c.CreatedAt.UTC()
	c.VerifiedAt = authNullTime(verified)
	return &c, nil
}

// VerifyFactor records a passed challenge and raises the session to aal2.
func (s *AuthStore) VerifyFactor(ctx context.Context, v auth.FactorVerification) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.exec(ctx, "UPDATE mfa_challenges SET verified_at = ? WHERE id = ? AND factor_id = ? AND verified_at IS NULL", tx.now, v.ChallengeID, v.FactorID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return growthdesk.Errorf(growthdesk.EConflict, "The challenge was already used.")
	}
	var factorType string
	if err := tx.queryRow(ctx, "SELECT factor_type FROM mfa_factors WHERE id = ? AND user_id = ?", v.FactorID, v.UserID).Scan(&factorType); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return authNotFound("factor")
		}
		return err
	}
	res, err = tx.exec(ctx, "UPDATE mfa_factors SET status = 'verified', last_used_step = ?, updated_at = ? WHERE id = ? AND last_used_step < ?",
		v.Step, tx.now, v.FactorID, v.Step)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return auth.ErrTOTPReused
	}
	if _, err := tx.exec(ctx, "DELETE FROM mfa_factors WHERE user_id = ? AND id <> ? AND status = 'unverified' AND factor_type = ?", v.UserID, v.FactorID, factorType); err != nil {
		return err
	}
	amr, err := json.Marshal(v.AMR)
	if err != nil {
		return err
	}
	res, err = tx.exec(ctx, "UPDATE sessions SET aal = 'aal2', factor_id = ?, amr = ?, updated_at = ?, refreshed_at = ? WHERE id = ? AND user_id = ?",
		v.FactorID, string(amr), tx.now, tx.now, v.SessionID, v.UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return authNotFound("session")
	}
	// The aal1 refresh tokens of the session must not mint aal2 access tokens.
	if _, err := tx.exec(ctx, "DELETE FROM refresh_tokens WHERE session_id = ?", v.SessionID); err != nil {
		return err
	}
	rt := v.Refresh
	rt.SessionID, rt.ParentHash = v.SessionID, ""
	if _, err := tx.insertRefreshToken(ctx, rt); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "DELETE FROM sessions WHERE user_id = ? AND id <> ? AND aal = 'aal1'", v.UserID, v.SessionID); err != nil {
		return err
	}
	return tx.Commit()
}

// DeleteFactor removes a factor and lowers the sessions it raised.
func (s *AuthStore) DeleteFactor(ctx context.Context, userID, factorID string) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.exec(ctx, "DELETE FROM mfa_factors WHERE id = ? AND user_id = ?", factorID, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return authNotFound("factor")
	}
	rows, err := tx.tx.QueryContext(ctx, tx.db.rebind("SELECT id, amr FROM sessions WHERE factor_id = ?"), factorID)
	if err != nil {
		return err
	}
	type lowered struct{ id, amr string }
	var todo []lowered
	for rows.Next() {
		var l lowered
		if err := rows.Scan(&l.id, &l.amr); err != nil {
			rows.Close()
			return err
		}
		todo = append(todo, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, l := range todo {
		var entries, kept []auth.AMREntry
		_ = json.Unmarshal([]byte(l.amr), &entries)
		for _, e := range entries {
			if e.Method != "totp" {
				kept = append(kept, e)
			}
		}
		if kept == nil {
			kept = []auth.AMREntry{}
		}
		amr, err := json.Marshal(kept)
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE sessions SET aal = 'aal1', factor_id = NULL, amr = ?, updated_at = ? WHERE id = ?", string(amr), tx.now, l.id); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ---- per-account failures ----

func authFailureAction(kind string) string { return "auth." + kind + "_failed" }

// RecordAuthFailure writes a failed sign-in or MFA attempt to the audit log.
func (s *AuthStore) RecordAuthFailure(ctx context.Context, userID, kind, ip string) error {
	_, err := s.db.exec(ctx, `INSERT INTO audit_log (id, actor_id, action, target_type, target_id, details, ip, created_at)
		VALUES (?, NULL, ?, 'user', ?, '{}', ?, ?)`, newID(), authFailureAction(kind), userID, ip, s.db.now())
	return err
}

// CountAuthFailures counts the user's failures of a kind since a time.
func (s *AuthStore) CountAuthFailures(ctx context.Context, userID, kind string, since time.Time) (int, error) {
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM audit_log WHERE target_type = 'user' AND target_id = ? AND action = ? AND created_at > ?",
		userID, authFailureAction(kind), since.UTC()).Scan(&n)
	return n, err
}

// ---- signing keys ----

// SigningKeys returns every stored key, newest first.
func (s *AuthStore) SigningKeys(ctx context.Context) ([]auth.SigningKey, error) {
	rows, err := s.db.sql.QueryContext(ctx, "SELECT kid, algorithm, private_key, status, created_at FROM signing_keys ORDER BY created_at DESC, kid DESC")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []auth.SigningKey
	for rows.Next() {
		var k auth.SigningKey
		if err := rows.Scan(&k.KID, &k.Algorithm, &k.PrivateKey, &k.Status, &k.CreatedAt); err != nil {
			return nil, err
		}
		k.CreatedAt = k.CreatedAt.UTC()
		out = append(out, k)
	}
	return out, rows.Err()
}

// lockSigningKeys serializes key changes between instances on PostgreSQL; on SQLite the
// write transaction is exclusive already.
func (tx *Tx) lockSigningKeys(ctx context.Context) error {
	if tx.db.dialect != Postgres {
		return nil
	}
	_, err := tx.exec(ctx, "SELECT pg_advisory_xact_lock(7261002)")
	return err
}

func (tx *Tx) insertSigningKey(ctx context.Context, k auth.SigningKey) error {
	_, err := tx.exec(ctx, "INSERT INTO signing_keys (kid, algorithm, private_key, status, created_at) VALUES (?, ?, ?, ?, ?)",
		k.KID, k.Algorithm, k.PrivateKey, auth.KeyActive, tx.now)
	if err != nil {
		return fmt.Errorf("insert signing key: %w", err)
	}
	return nil
}

// EnsureSigningKey stores k as the active key unless there is one.
func (s *AuthStore) EnsureSigningKey(ctx context.Context, k auth.SigningKey) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if err := tx.lockSigningKeys(ctx); err != nil {
		return err
	}
	var n int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM signing_keys WHERE status = ?", auth.KeyActive).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if err := tx.insertSigningKey(ctx, k); err != nil {
		return err
	}
	return tx.Commit()
}

// RotateSigningKey retires the active keys and makes k the active one.
func (s *AuthStore) RotateSigningKey(ctx context.Context, k auth.SigningKey) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if err := tx.lockSigningKeys(ctx); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE signing_keys SET status = ? WHERE status = ?", auth.KeyRetired, auth.KeyActive); err != nil {
		return err
	}
	if err := tx.insertSigningKey(ctx, k); err != nil {
		return err
	}
	return tx.Commit()
}
