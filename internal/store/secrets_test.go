package store_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func mustSecret(t *testing.T, db *store.DB) []byte {
	t.Helper()
	s, err := db.Secret(context.Background(), "newsletter_links")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSecret_IsGeneratedOnceAndKept(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		a, b := mustSecret(t, db), mustSecret(t, db)
		if len(a) != 32 || !bytes.Equal(a, b) {
			t.Fatalf("secrets %x and %x, want the same 32 bytes", a, b)
		}
		other, err := db.Secret(context.Background(), "another")
		if err != nil || bytes.Equal(other, a) {
			t.Fatalf("another secret = %x, %v; want a different one", other, err)
		}
	})
}
