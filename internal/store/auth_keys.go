package store

import (
	"context"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/identity"
)

// SigningKeys returns every stored key, newest first.
func (s *AuthStore) SigningKeys(ctx context.Context) ([]identity.SigningKey, error) {
	rows, err := s.db.query(ctx, "SELECT kid, algorithm, private_key, status, created_at FROM signing_keys ORDER BY created_at DESC, kid DESC")
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (identity.SigningKey, error) {
		var k identity.SigningKey
		err := row.Scan(&k.KID, &k.Algorithm, &k.PrivateKey, &k.Status, &k.CreatedAt)
		k.CreatedAt = k.CreatedAt.UTC()
		return k, err
	})
}

func (tx *Tx) insertSigningKey(ctx context.Context, k identity.SigningKey) error {
	_, err := tx.exec(ctx, "INSERT INTO signing_keys (kid, algorithm, private_key, status, created_at) VALUES (?, ?, ?, ?, ?)",
		k.KID, k.Algorithm, k.PrivateKey, identity.KeyActive, tx.now)
	if err != nil {
		return fmt.Errorf("insert signing key: %w", err)
	}
	return nil
}

// EnsureSigningKey stores k as the active key unless there is one.
func (s *AuthStore) EnsureSigningKey(ctx context.Context, k identity.SigningKey) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		if err := tx.lockSigningKeys(ctx); err != nil {
			return err
		}
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM signing_keys WHERE status = ?", identity.KeyActive).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		return tx.insertSigningKey(ctx, k)
	})
}

// RotateSigningKey retires the active keys and makes k the active one.
func (s *AuthStore) RotateSigningKey(ctx context.Context, k identity.SigningKey) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		if err := tx.lockSigningKeys(ctx); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE signing_keys SET status = ? WHERE status = ?", identity.KeyRetired, identity.KeyActive); err != nil {
			return err
		}
		return tx.insertSigningKey(ctx, k)
	})
}
