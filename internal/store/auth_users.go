package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

const authUserColumns = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
	reauthentication_sent_at, last_sign_in_at, user_metadata, app_metadata, banned_until, created_at, updated_at`

type authScanner interface{ Scan(dest ...any) error }

func authScanUser(row authScanner) (*identity.User, error) {
	var (
		u                                                    identity.User
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

// CreateUser inserts the user, its profile, mail and whatever else p asks for in one
// transaction.
func (s *AuthStore) CreateUser(ctx context.Context, p identity.NewUser, mail *growthdesk.Email) (*identity.User, error) {
	u := p.User
	if u.ID == "" {
		u.ID = growthdesk.NewID()
	}
	if err := s.db.inTx(ctx, func(tx *Tx) error {
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
			return err
		}
		appMeta, err := authJSON(u.AppMetadata)
		if err != nil {
			return err
		}
		res, err := tx.exec(ctx, `INSERT INTO users (id, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
		recovery_sent_at, last_sign_in_at, user_metadata, app_metadata, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
			u.ID, u.Email, u.PasswordHash, authTimeArg(u.EmailConfirmedAt), authTimeArg(u.ConfirmationSentAt),
			authTimeArg(u.RecoverySentAt), authTimeArg(u.LastSignInAt), userMeta, appMeta, tx.now, tx.now)
		if err != nil {
			return fmt.Errorf("insert user: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return growthdesk.Errorf(growthdesk.EConflict, "A user with this email address already exists.")
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
			return fmt.Errorf("insert profile: %w", err)
		}
		if p.Flow != nil {
			f := *p.Flow
			f.UserID = u.ID
			if err := tx.insertFlowState(ctx, f); err != nil {
				return err
			}
		}
		if p.Token != nil {
			t := *p.Token
			t.UserID = u.ID
			if err := tx.insertOneTimeToken(ctx, t); err != nil {
				return err
			}
		}
		if err := tx.enqueueMail(ctx, mail); err != nil {
			return err
		}
		if p.Session != nil {
			ns := *p.Session
			ns.Session.UserID = u.ID
			if err := tx.insertSession(ctx, ns); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return &u, nil
}

// UserByID returns the user with its factors.
func (s *AuthStore) UserByID(ctx context.Context, id string) (*identity.User, error) {
	u, err := authScanUser(s.db.queryRow(ctx, "SELECT "+authUserColumns+" FROM users WHERE id = ?", id))
	if err != nil {
		return nil, err
	}
	return u, s.loadFactors(ctx, u)
}

// UserByEmail returns the user with its factors.
func (s *AuthStore) UserByEmail(ctx context.Context, email string) (*identity.User, error) {
	u, err := authScanUser(s.db.queryRow(ctx, "SELECT "+authUserColumns+" FROM users WHERE email = ?", email))
	if err != nil {
		return nil, err
	}
	return u, s.loadFactors(ctx, u)
}

func (s *AuthStore) loadFactors(ctx context.Context, u *identity.User) error {
	rows, err := s.db.query(ctx, "SELECT "+authFactorColumns+" FROM mfa_factors WHERE user_id = ? ORDER BY created_at, id", u.ID)
	if err != nil {
		return err
	}
	factors, err := scanRows(rows, func(row rowScanner) (*identity.Factor, error) { return authScanFactor(row) })
	if err != nil {
		return err
	}
	u.Factors = nil
	for _, f := range factors {
		u.Factors = append(u.Factors, *f)
	}
	return nil
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
func (s *AuthStore) UpdateUser(ctx context.Context, upd identity.UserUpdate) (*identity.User, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "UPDATE users SET updated_at = ? WHERE id = ?", tx.now, upd.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return authNotFound("user")
		}
		if len(upd.MetadataPatch) > 0 {
			if err := tx.patchMetadata(ctx, upd.ID, upd.MetadataPatch); err != nil {
				return err
			}
		}
		if upd.ConsumeTokenID != "" {
			res, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE id = ? AND user_id = ? AND expires_at > ?", upd.ConsumeTokenID, upd.ID, tx.now)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return growthdesk.Errorf(growthdesk.EConflict, "The reauthentication code was already used.")
			}
		}
		if upd.PasswordHash != nil {
			if _, err := tx.exec(ctx, "UPDATE users SET encrypted_password = ? WHERE id = ?", *upd.PasswordHash, upd.ID); err != nil {
				return err
			}
			if err := tx.deleteSessions(ctx, growthdesk.ImpersonationSessionEnded, "user_id = ? AND id <> ?", upd.ID, upd.KeepSessionID); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `DELETE FROM one_time_tokens WHERE user_id = ? AND token_type IN (?, ?, ?)`,
				upd.ID, identity.TokenRecovery, identity.TokenMagicLink, identity.TokenReauthentication); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, upd.ID)
}
