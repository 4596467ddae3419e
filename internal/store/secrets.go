package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// Secret returns the server secret called name, generating 32 random bytes the first time
// it is asked for. The secret lives in the database, so every instance of the server signs
// with the same key and a restart does not invalidate links already mailed; it has no
// default that could be guessed.
func (db *DB) Secret(ctx context.Context, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	// Two instances starting at once both insert; the first wins and both read its value.
	if _, err := db.exec(ctx, `INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`, name, hex.EncodeToString(fresh), db.now()); err != nil {
		return nil, fmt.Errorf("store secret %s: %w", name, err)
	}
	var value string
	if err := db.queryRow(ctx, `SELECT value FROM app_secrets WHERE name = ?`, name).Scan(&value); err != nil {
		return nil, fmt.Errorf("read secret %s: %w", name, err)
	}
	secret, err := hex.DecodeString(value)
	if err != nil {
		return nil, fmt.Errorf("secret %s is not hex: %w", name, err)
	}
	return secret, nil
}
